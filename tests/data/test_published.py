"""The published numbers the course quotes: each once, each with a source the references page names, and
consistent with each other where the works say they are."""

from __future__ import annotations

import ast
from decimal import Decimal
from pathlib import Path

from bleu_explain.data import examples, published
from bleu_explain.data.published import Published, PublishedClaim

ROOT = Path(__file__).resolve().parents[2]


def every_record() -> list[Published | PublishedClaim]:
    found: list[Published | PublishedClaim] = []
    for value in vars(published).values():
        if isinstance(value, (Published, PublishedClaim)):
            found.append(value)
        elif isinstance(value, dict):
            found.extend(v for v in value.values() if isinstance(v, (Published, PublishedClaim)))
    return found


def test_every_record_names_a_work_of_the_references_page_and_where_in_it():
    references = (ROOT / "docs" / "references.md").read_text(encoding="utf-8")
    records = every_record()
    assert len(records) > 100  # Post's Table 1 alone has 120 cells
    for record in records:
        assert record.work.citation in references, record.work
        assert record.where and record.source == f"{record.work.citation}, {record.where}"
        assert isinstance(record, PublishedClaim) or record.what


def test_papineni_tables_are_consistent_with_the_text():
    table_1 = published.values(published.PAPINENI_TABLE_1)
    assert list(table_1) == list(published.PAPINENI_SYSTEMS)
    assert list(table_1.values()) == sorted(table_1.values())  # worst to best, as the paper orders its systems
    # section 3's human translation against two references is Table 1's H2
    assert published.PAPINENI_FOUR_VS_TWO[2].value == table_1["H2"]
    assert published.PAPINENI_FOUR_VS_TWO[4].value > published.PAPINENI_FOUR_VS_TWO[2].value
    # every neighbour in Table 2 is significantly better, by the paper's 1.7
    significant = published.PAPINENI_T_SIGNIFICANT.value
    assert list(published.PAPINENI_TABLE_2_T) == list(zip(published.PAPINENI_SYSTEMS, published.PAPINENI_SYSTEMS[1:]))
    assert all(r.value > significant for r in published.PAPINENI_TABLE_2_T.values())
    assert published.PAPINENI_BLOCKS.value * published.PAPINENI_BLOCK_SIZE.value == 500


def test_post_table_1_has_every_cell():
    cells = published.POST_TABLE_1
    assert len(cells) == 2 * 5 * len(published.POST_ARCS)  # cased and uncased, four processings and the range
    assert cells["cased", "metric", "de-en"].value == 33.0
    assert "de-en" in cells["cased", "metric", "de-en"].what and cells["cased", "range", "de-en"].value == 1.8


def test_callison_burch_counts_are_factorials_and_powers():
    import math

    assert published.CALLISON_BURCH_EXAMPLE_ORDERINGS.value == math.factorial(8)
    assert published.CALLISON_BURCH_NIST_ORDERINGS.value == 10**73


def test_the_tutorial_scores_are_read_by_the_examples_not_copied():
    assert examples.NLTK_TUTORIAL_PRINTED_SCORES == published.values(published.NLTK_TUTORIAL_SCORES)
    assert examples.SHIP_REPEATED_IT in published.NLTK_TUTORIAL_SCORES


def test_no_published_number_is_typed_in_again_elsewhere():
    """No number literal in the package's code is a published value of three or more significant digits, except
    here: the course and the other floors read them from published. (Doctests and prose are text, not literals.)"""
    distinctive = {r.value for r in every_record() if isinstance(r, Published)
                   and len(Decimal(str(r.value)).normalize().as_tuple().digits) >= 3}
    assert {0.2571, 0.3468, 22.04, 25.25, 0.0527, 0.326, 40_320} <= distinctive
    here = ROOT / "bleu_explain" / "data" / "published.py"
    offenders = []
    for path in sorted((ROOT / "bleu_explain").rglob("*.py")):
        if path == here:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Constant) and type(node.value) in (int, float)
                    and node.value in distinctive):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert offenders == []
