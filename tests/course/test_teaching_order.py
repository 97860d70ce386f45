"""The course teaches each statistic before any notebook uses it, and keeps every notebook short.

A learner reads the notebooks in the registry's order (``NOTEBOOKS``), cell by cell. For each statistical idea
the course uses (an interval, the bootstrap, a p-value, "significant", a null hypothesis, the paired tests, the
t-test, Fisher's z, Williams' test, the exact binomial interval, power and its comparison at equal size, pairwise
accuracy soft and hard, Holm's correction, tie calibration) this module names the notebook and the heading under which
it is taught, and checks that no cell before that heading, in that notebook or an earlier one, uses it.

Two kinds of line are not a use: the title and learning-goals cell of the notebook that teaches it (it announces
what is coming), and a line that points the learner to the notebook that teaches it (a link to it, or "notebook
NN" with its number), such as the course map in 00.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from bleu_explain.course.exercise import NOTEBOOKS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_FOLDER = ROOT / "notebooks"
#: The longest a notebook of the course may be, in cells; the two halves of the agreement with people, shorter.
MAX_CELLS = 75
MAX_CELLS_AGREEMENT = 60


@dataclass(frozen=True)
class Idea:
    """A statistical idea, where the course teaches it, and how a cell shows that it uses it."""

    name: str
    notebook: str
    heading: str
    pattern: re.Pattern[str]


def words(expression: str) -> re.Pattern[str]:
    return re.compile(expression, re.IGNORECASE)


SIGNIFICANCE = "08_is_the_difference_real"
PAPER = "09_reproducing_the_paper"
SYSTEMS = "10_agreement_of_systems"
SEGMENTS = "11_agreement_of_segments"

IDEAS = (
    Idea(name="confidence interval", notebook=SIGNIFICANCE, heading="## 1. How sure is one score? The bootstrap",
         pattern=words(r"\bintervals?\b|bootstrap_ci|percentile_interval|\.lower\b(?!\()|\.upper\b(?!\()")),
    Idea(name="bootstrap", notebook=SIGNIFICANCE, heading="## 1. How sure is one score? The bootstrap",
         pattern=words(r"bootstrap")),
    Idea(name="p-value", notebook=SIGNIFICANCE, heading="## 2. Two systems: paired tests",
         pattern=words(r"\bp[- _]values?\b|\bp < 0\.\d|format_p\(")),
    Idea(name="statistically significant", notebook=SIGNIFICANCE, heading="## 2. Two systems: paired tests",
         pattern=words(r"\bsignifican(?:t|ce)\b(?! (?:digits|figures))|\.significant\(")),
    Idea(name="paired bootstrap and approximate randomization", notebook=SIGNIFICANCE,
         heading="## 2. Two systems: paired tests",
         pattern=words(r"paired[ _-]bootstrap|approximate[ _-]randomi[sz]ation|--paired-(?:bs|ar)")),
    Idea(name="exact binomial (Clopper-Pearson) interval", notebook=SIGNIFICANCE,
         heading="## 5. Measure the tests before trusting them",
         pattern=words(r"clopper|exact binomial|binomtest|proportion_ci")),
    Idea(name="power of a test", notebook=SIGNIFICANCE,
         heading='### What "not significant" can and cannot mean: power',
         pattern=words(r"power curve|\bpower\b of (?:a|the|each) test|plot_power|power_curve")),
    Idea(name="t-test", notebook=PAPER, heading="## 4. Table 2: is the difference real? The block t-test",
         pattern=words(r"\bt-tests?\b|t-statistic|block_t_test|Student's t|stats\.t\b|ttest")),
    Idea(name="Fisher's z", notebook=PAPER, heading="## 6. Figures 5 and 6: does BLEU agree with people?",
         pattern=words(r"fisher")),
    Idea(name="Williams' test", notebook=SYSTEMS, heading="### Does one metric agree better? A paired test",
         pattern=words(r"williams")),
    Idea(name="null hypothesis", notebook=SIGNIFICANCE, heading="## 2. Two systems: paired tests",
         pattern=words(r"null hypothes")),
    Idea(name="comparison at equal size", notebook=SIGNIFICANCE,
         heading='### What "not significant" can and cannot mean: power',
         pattern=words(r"equal size|size[- ]adjusted")),
    Idea(name="pairwise accuracy", notebook=SYSTEMS, heading="### A primer: the tools of this notebook",
         pattern=words(r"pairwise accuracy|accuracy_rows")),
    Idea(name="soft pairwise accuracy", notebook=SYSTEMS,
         heading="### Soft pairwise accuracy: how sure, not only which",
         pattern=words(r"soft pairwise|\bSPA\b|soft_pairwise_accuracy")),
    Idea(name="Holm's correction", notebook=SEGMENTS, heading="## 1. Which pairs can the people tell apart?",
         pattern=words(r"\bholm")),
    Idea(name="tie calibration", notebook=SEGMENTS, heading="### Ties: counted as ties",
         pattern=words(r"tie[- ]calibrat|acc\*_eq|tie_calibration")),
)


def cells(stem: str) -> list[str]:
    """A notebook's cells as text: prose without quoted titles, code without its import lines."""
    notebook = nbformat.read(NOTEBOOK_FOLDER / f"{stem}.ipynb", as_version=4)
    texts = []
    for cell in notebook.cells:
        lines = cell.source.splitlines()
        if cell.cell_type == "code":
            lines = [line for line in lines if not re.match(r"\s*(?:from \S+ )?import ", line)]
        else:  # a title in quotes cites a paper ("Statistical Significance Tests for ..."); it uses nothing
            lines = [re.sub(r'"[^"]*"', '""', line) for line in lines]
        texts.append("\n".join(lines))
    return texts


def heading_cell(idea: Idea) -> int:
    """The index of the cell that opens the heading under which ``idea`` is taught."""
    notebook = nbformat.read(NOTEBOOK_FOLDER / f"{idea.notebook}.ipynb", as_version=4)
    for index, text in enumerate(cell.source for cell in notebook.cells):
        if any(line.strip() == idea.heading for line in text.splitlines()):
            return index
    raise AssertionError(f"{idea.notebook} has no heading {idea.heading!r}, where {idea.name} is taught")


def points_to(line: str, stem: str) -> bool:
    """Whether a line sends the learner to the notebook ``stem`` (a link to it, or its number)."""
    return f"{stem}.ipynb" in line or re.search(rf"\bnotebooks? {stem[:2]}\b", line, re.IGNORECASE) is not None


def early_uses(idea: Idea) -> list[str]:
    """Every line, before the heading that teaches ``idea``, that uses it."""
    taught_at = (NOTEBOOKS.index(idea.notebook), heading_cell(idea))
    found = []
    for position, stem in enumerate(NOTEBOOKS[: taught_at[0] + 1]):
        for index, text in enumerate(cells(stem)):
            if (position, index) >= taught_at:
                break
            if stem == idea.notebook and index == 0:
                continue  # the title and the learning goals announce what the notebook teaches
            for line in text.splitlines():
                if idea.pattern.search(line) and not points_to(line, idea.notebook):
                    found.append(f"{stem}, cell {index}: {line.strip()[:120]}")
    return found


@pytest.mark.parametrize("idea", IDEAS, ids=lambda idea: idea.name)
def test_no_notebook_uses_an_idea_before_the_cell_that_teaches_it(idea):
    assert early_uses(idea) == [], f"{idea.name} is used before {idea.notebook} teaches it"


@pytest.mark.parametrize("idea", IDEAS, ids=lambda idea: idea.name)
def test_the_teaching_section_uses_what_it_teaches(idea):
    # Not a pattern that matches nothing: the section that teaches the idea names it.
    notebook = cells(idea.notebook)
    start = heading_cell(idea)
    following = [i for i, text in enumerate(notebook) if i > start and re.match(r"#{1,2} ", text)]
    section = notebook[start: following[0] if following else None]
    assert any(idea.pattern.search(text) for text in section), f"{idea.heading!r} never names {idea.name}"


def test_a_cell_that_uses_an_idea_too_early_is_found():
    # The check itself: a notebook before 08 that used a p-value would be reported.
    p_value = next(idea for idea in IDEAS if idea.name == "p-value")
    assert p_value.pattern.search("The paired bootstrap gives p = 0.03, so p < 0.05.")
    assert not points_to("paired tests (notebook 07)", p_value.notebook)
    assert points_to("the paired tests of notebook 08 are for that", p_value.notebook)
    assert points_to("[08 · Is the difference real?](08_is_the_difference_real.ipynb)", p_value.notebook)


@pytest.mark.parametrize("stem", NOTEBOOKS)
def test_every_notebook_is_short(stem):
    count = len(cells(stem))
    limit = MAX_CELLS_AGREEMENT if "agreement" in stem else MAX_CELLS
    assert count <= limit, f"{stem} has {count} cells; the course keeps each notebook to {limit}"


def test_the_notebooks_on_disk_are_the_registry():
    on_disk = sorted(path.stem for path in NOTEBOOK_FOLDER.glob("[0-9][0-9]_*.ipynb"))
    assert on_disk == sorted(NOTEBOOKS)
    assert [stem[:2] for stem in NOTEBOOKS] == [f"{n:02d}" for n in range(len(NOTEBOOKS))]


def course_texts() -> list[Path]:
    folders = [ROOT / "docs", ROOT / "notebooks" / "src"]
    return [ROOT / "README.md", *(path for folder in folders for path in sorted(folder.glob("*.[mp][dy]")))]


@pytest.mark.parametrize("path", course_texts(), ids=lambda path: path.name)
def test_a_link_to_a_notebook_shows_its_own_number(path):
    # "[10 · Is the difference real?](08_is_the_difference_real.ipynb)" is a number left from an older order.
    stale = [match.group(0) for match in re.finditer(r"\[(\d\d) · [^\]]*\]\((?:\.\./notebooks/)?(\d\d)_[^)]*\)",
                                                     path.read_text(encoding="utf-8"))
             if match.group(1) != match.group(2)]
    assert stale == []
