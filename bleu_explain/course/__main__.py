"""``python -m bleu_explain.course [DIR]``, kept as the older name of ``bleu-explain-course``."""
import sys

from ..coursefiles.installer import main

sys.exit(main())
