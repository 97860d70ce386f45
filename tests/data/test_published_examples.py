"""The worked examples' stated precisions and penalty: typed once, each with its source, and every one reproduced
by preset "paper" -- which needs the punctuation dropped as well as case folded, though the paper names only the
case folding (section 2.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import bleu_explain as bx
from bleu_explain.data import examples, published_examples
from bleu_explain.data.published_examples import STATED_PRECISIONS, stated_for

EXAMPLES = {
    "Example 1, candidate 1": (examples.EXAMPLE_1_CANDIDATE_1, examples.EXAMPLE_1_REFERENCES),
    "Example 1, candidate 2": (examples.EXAMPLE_1_CANDIDATE_2, examples.EXAMPLE_1_REFERENCES),
    "Example 2": (examples.EXAMPLE_2_CANDIDATE, examples.EXAMPLE_2_REFERENCES),
    "Example 3": (examples.EXAMPLE_3_CANDIDATE, examples.EXAMPLE_1_REFERENCES),
}


def test_every_record_names_an_example_the_course_has_and_where_it_stands():
    assert {s.example for s in STATED_PRECISIONS} == set(EXAMPLES)
    for s in STATED_PRECISIONS:
        assert s.source.startswith(s.work.citation) and s.where in s.source
        assert s.value == Fraction(s.text)
    assert [s.text for s in stated_for("Example 3")] == ["2/2", "1/1"]
    assert {s.work for s in STATED_PRECISIONS} == {published_examples.PAPINENI_2002,
                                                   published_examples.STEP_BY_STEP_TUTORIAL}


@pytest.mark.parametrize("record", STATED_PRECISIONS, ids=lambda s: f"{s.example} p{s.order} {s.text}")
def test_preset_paper_reproduces_every_stated_precision(record):
    candidate, references = EXAMPLES[record.example]
    r = bx.explain(candidate, list(references), preset="paper", max_order=2)
    top, total = (r.unclipped_matches if record.plain else r.matches)[record.order - 1], r.totals[record.order - 1]
    assert total > 0 and Fraction(top, total) == record.value


def test_case_folding_alone_gives_16_of_18_not_the_papers_17():
    """Words split at spaces keep reference 1's "commands." with its full stop: the candidate's "commands" misses."""
    candidate, references = EXAMPLES["Example 1, candidate 1"]
    literal = bx.explain(candidate, list(references), preset="paper", tokenize="none", max_order=2)
    assert literal.fraction(1) == "16/18" and "commands." in literal.reference_tokens[0]
    split = bx.explain(candidate, list(references), tokenize="13a", lowercase=True, max_order=2)
    assert split.fraction(1) == "18/19"  # the full stop as a token of its own matches too
    candidate, references = EXAMPLES["Example 2"]
    kept = bx.explain(candidate, list(references), preset="paper", tokenize="none", max_order=1)
    assert kept.fraction(1, plain=True) == "6/7"  # "the." is in no reference: the paper's 7/7 needs it dropped


def test_the_best_match_penalty_the_paper_wants():
    r = bx.explain(examples.BEST_MATCH_CANDIDATE, list(examples.BEST_MATCH_REFERENCES), preset="paper")
    assert (r.hyp_len, r.stats.ref_lens) == (12, (12, 15, 17))
    assert r.brevity_penalty == published_examples.PAPINENI_BEST_MATCH_BP.value
