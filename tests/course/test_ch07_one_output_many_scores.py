"""Notebook 07's exercises: the checkers against the engine's scores and signatures, and their hints."""

from __future__ import annotations

import bleu_explain as bx
from bleu_explain.course import ch07_one_output_many_scores as ch07
from bleu_explain.course.checker import check

STEM = "07_one_output_many_scores"


def test_the_two_reports_differ_in_references_and_case():
    corpus = bx.load_corpus()
    first = corpus.with_references([0]).explain("S2").signature
    second = corpus.with_references([0, 1]).explain("S2", lowercase=True).signature
    assert set(ch07._changed()) == {"nrefs", "case"} and first != second
    assert check(STEM, "changed_settings", ["nrefs", "case"]).correct
    assert check(STEM, "changed_settings", "case:lc, nrefs:2").correct  # field:value names the field
    assert check(STEM, "changed_settings", ["nrefs"]).message.startswith("Right so far, but 1 more field")
    assert check(STEM, "changed_settings", ["nrefs", "case", "tok"]).message.startswith("tok is the same")
    assert check(STEM, "changed_settings", ["colour"]).message.startswith("['colour'] is not a field")
    assert check(STEM, "changed_settings", 3).message.startswith("Name the fields")


def test_score_under_configuration_is_the_engines_and_each_slip_is_named():
    right = bx.explain_corpus(bx.load_corpus().system("S2"), [refs[:2] for refs in bx.load_corpus().references],
                              lowercase=True, tokenize="intl").score
    assert check(STEM, "score_under_configuration", round(right, 2)).correct
    assert check(STEM, "score_under_configuration", round(right / 100, 4)).message.startswith("That is the right score on")
    for refs, settings, message in ch07.SLIPS:
        slip = bx.load_corpus().with_references(list(refs)).explain("S2", **settings).score
        assert check(STEM, "score_under_configuration", round(slip, 2)).message == message
    assert check(STEM, "score_under_configuration", round(right, 1) + 0.3).message.startswith("Build the corpus and the settings")
    assert check(STEM, "score_under_configuration", "twelve").message.startswith("Give the score")
