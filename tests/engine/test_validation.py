"""Input checks: every malformed input gets a message that names the problem."""

from __future__ import annotations

import pytest

from bleu_explain.engine.errors import BleuInputError
from bleu_explain.engine.validation import check_corpus, check_sentence, check_system, from_streams


@pytest.mark.parametrize("candidate, references, message", [
    (b"bytes", ["a"], "decode it"),
    (["a", "b"], ["a"], "of tokens"),
    ("a", "a", "single string"),
    ("a", [], "at least one reference"),
    ("a", [None], r"references\[0\] must be a string"),
])
def test_check_sentence(candidate, references, message):
    with pytest.raises(BleuInputError, match=message):
        check_sentence(candidate, references)


def test_check_corpus_spots_stream_major_references_and_never_truncates():
    with pytest.raises(BleuInputError, match="stream-major"):
        check_corpus(["a", "b", "c"], [["r1", "r2", "r3"], ["s1", "s2", "s3"]])
    with pytest.raises(BleuInputError, match="never truncates"):
        check_corpus(["a", "b"], [["r"], ["s"], ["t"]])
    with pytest.raises(BleuInputError, match="system 'X'"):
        check_system("system 'X'", ["a"], [])


def test_from_streams_transposes_and_refuses_uneven_streams():
    assert from_streams([["a1", "b1"], ["a2", "b2"]]) == [["a1", "a2"], ["b1", "b2"]]
    with pytest.raises(BleuInputError, match="different lengths"):
        from_streams([["a"], ["b", "c"]])
