"""Every label that names a notebook names the notebook its link opens.

The course's documents (README, CONTRIBUTING, docs/, the notebooks' slide notes, the lecture's deck) and the
notebooks' own sources label links into the course in a few forms; each form is read here, and a label that
names another notebook than its target (``[13, section 2]`` opening notebook 14, say) fails, as does a section
number that is not the one the link opens. Each form is proved to be read by a planted wrong label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The files whose links are read: Markdown documents, and the notebooks' sources (their Markdown cells).
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "slides" / "notes.md",
             *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "lecture").glob("deck.*.md"))]
SOURCES = sorted((ROOT / "notebooks" / "src").glob("[0-9][0-9]_*.py"))

#: A link whose target is a notebook of the course (its page, its source, its handout or its slides).
LINK = re.compile(r"\[(?P<text>[^\]]{0,160})\]\((?P<target>[^)\s]*?(?P<nn>\d\d)_[a-z0-9_]+\.(?:ipynb|py|html)"
                  r"(?:#(?P<fragment>[^)\s]*))?)\)")
#: The forms a label takes, each with the notebook number it names (and the section, where it names one).
FORMS = {
    "NN · title": re.compile(r"^(?P<nn>\d\d) · "),
    "NN, section K": re.compile(r"^(?P<nn>\d\d), section (?P<section>\d+)$"),
    "NN": re.compile(r"^(?P<nn>\d\d)$"),
    "notebook NN": re.compile(r"^[Nn]otebook (?P<nn>\d\d)\b(?:, section (?P<section>\d+))?"),
}
#: A bold label just before a link, as a lecture plan writes it: "**02 · slides 3.1–3.6**: [02 · ...](...)".
BOLD = re.compile(r"\*\*(?P<nn>\d\d) · [^*]*\*\*:? (?=\[)")


@dataclass(frozen=True)
class Label:
    where: str
    form: str
    text: str
    names: str
    section: str | None
    target: str
    opens: str
    fragment: str

    @property
    def wrong(self) -> str | None:
        if self.names != self.opens:
            return f"{self.where}: [{self.text}] names notebook {self.names} but opens {self.target}"
        if self.section and not self.fragment.startswith(f"{self.section}."):
            return f"{self.where}: [{self.text}] names section {self.section} but opens #{self.fragment}"
        return None


def readable(path: Path) -> str:
    """The text, with a notebook source's comment marks taken off and lines joined (a label may wrap)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        text = "\n".join(re.sub(r"^# ?", "", line) for line in text.splitlines())
    return re.sub(r"[ \t]*\n[ \t]*", " ", text)


def labels(text: str, where: str) -> list[Label]:
    found = []
    for link in LINK.finditer(text):
        label_text = link["text"].strip()
        for form, pattern in FORMS.items():
            named = pattern.search(label_text)
            if named:
                found.append(Label(where, form, label_text, named["nn"], named.groupdict().get("section"),
                                   link["target"], link["nn"], link["fragment"] or ""))
                break
        bold = BOLD.search(text, max(0, link.start() - 120), link.start() + 1)
        if bold and bold.end() == link.start():
            found.append(Label(where, "**NN · ...**", bold.group(0).strip(), bold["nn"], None, link["target"],
                               link["nn"], link["fragment"] or ""))
    return found


def every_label() -> list[Label]:
    return [label for path in DOCUMENTS + SOURCES for label in labels(readable(path), path.relative_to(ROOT).as_posix())]


def test_the_documents_labels_name_the_notebooks_they_open():
    found = [label for label in every_label() if not label.where.startswith("notebooks/")]
    assert len(found) >= 100
    wrong = [label.wrong for label in found if label.wrong]
    assert not wrong, "\n".join(wrong)


def test_the_notebooks_labels_name_the_notebooks_they_open():
    wrong = [label.wrong for label in every_label() if label.where.startswith("notebooks/") and label.wrong]
    assert not wrong, "\n".join(wrong)


def test_every_form_in_use_is_read():
    """Each form the course uses is one this test reads (a new form must be added to FORMS)."""
    used = {label.form for label in every_label()}
    assert {"NN · title", "NN, section K", "NN"} <= used
    unread = []
    for path in DOCUMENTS + SOURCES:
        for link in LINK.finditer(readable(path)):
            text = link["text"].strip()
            if re.search(r"\b\d\d\b", text) and not any(p.search(text) for p in FORMS.values()):
                unread.append(f"{path.name}: [{text}]")
    assert not unread, unread


@pytest.mark.parametrize("planted, form", [
    ("[13, section 2](../notebooks/14_questions_people_ask.ipynb#2.-Why)", "NN, section K"),
    ("[14, section 3](../notebooks/14_questions_people_ask.ipynb#2.-Why)", "NN, section K"),
    ("[08 · Is the difference real?](../notebooks/09_reproducing_the_paper.ipynb)", "NN · title"),
    ("[13](../notebooks/14_questions_people_ask.ipynb#2.-Why)", "NN"),
    ("[notebook 10](../notebooks/11_agreement_of_segments.ipynb)", "notebook NN"),
    ("**02 · slides 3.1–3.6**: [03 · Combining orders](../notebooks/03_combining_orders.ipynb)", "**NN · ...**"),
    ("[06 · Why bad\n  candidates score high](notebooks/07_one_output_many_scores.ipynb)", "NN · title"),
])
def test_a_planted_wrong_label_of_each_form_is_caught(planted, form):
    found = labels(re.sub(r"[ \t]*\n[ \t]*", " ", f"Some text, then {planted}, and more."), "planted")
    assert [label.form for label in found if label.wrong] == [form]
