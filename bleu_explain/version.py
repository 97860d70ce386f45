"""The version of bleu-explain: written here once; the package, its signatures and its metadata read it."""

__version__ = "0.1.0"
