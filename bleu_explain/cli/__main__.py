"""``python -m bleu_explain.cli`` runs the command line (as ``python -m bleu_explain`` does)."""

import sys

from .command import main

sys.exit(main())
