"""Errors raised by bleu_explain.

Every problem with the input is reported as a :class:`BleuInputError` whose
message names the argument and the position that is wrong, so that a student
sees "references[2] is a string" rather than an IndexError deep inside.
"""

from __future__ import annotations


class BleuInputError(ValueError):
    """The input (texts, references or configuration) is not usable."""


class BleuComputationError(ValueError):
    """The chosen implementation itself cannot score this input.

    Example: NLTK's smoothing method 6 asserts that the trigram precision is
    non-zero; we raise this error (with that explanation) where NLTK would
    raise an AssertionError.
    """


class MissingDependencyError(BleuInputError):
    """A setting needs an optional package or a model file that is not there.

    The message names what is missing and the command that installs or fetches
    it (e.g. ``pip install 'bleu-explain[ja]'`` for the ``ja-mecab`` tokenizer).
    """


class OutsideToolError(BleuInputError):
    """The input has a shape the chosen tool does not define.

    Example: d2l's ``bleu(pred_seq, label_seq, k)`` scores one candidate string
    against one reference string; two references, or a corpus of several
    segments, have no d2l score. ``compare()`` reports such a preset in its
    ``error`` column instead of failing.
    """
