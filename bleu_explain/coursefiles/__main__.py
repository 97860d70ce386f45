"""``python -m bleu_explain.coursefiles [DIR]``: write the course into DIR (the ``bleu-explain-course`` command)."""

import sys

from .installer import main

sys.exit(main())
