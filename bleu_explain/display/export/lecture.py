"""The 90-minute lecture as one reveal.js deck: its words from ``lecture/deck.LANG.md``, its pictures drawn now.

``scripts/build_lecture.py`` (``make lecture``, ``make site``) is the command; this module is the logic. The
deck's source holds every word of one language (see the comment at its top): the slides in order, each with
its planned minutes, whether a shorter lecture skips it, the picture the package draws for it and the live
page's address of its demo. :func:`read_deck` reads it; :func:`build_lecture` fills in the numbers the
package computes (:func:`.lecture_pictures.deck_values`), draws the pictures in the projector style with the
deck's labels and font, and writes ``index.html`` beside ``pictures/``, with reveal.js (from the npm
registry: ``slides/package.json``) copied beside it, and ``lecture.pdf``, a page per slide, printed by
headless Chromium from ``print.html`` (the same slides as plain pages). A demo slide embeds the live page (``../live.html?...&projector=1``), which computes when
the slide is shown; the live page must be built beside the deck (``make lecture`` does it).

The English deck goes to ``site/lecture/``, another language to ``site/lecture/LANG/``.

>>> deck = parse_deck(EXAMPLE)
>>> [(s.id, s.minutes, s.optional, s.picture) for s in deck.slides]
[('one', 2, '', 'bp_curve'), ('two', 3, '60', '')]
>>> deck.slides[1].title, deck.slides[1].ask, deck.labels["bp_y"]
('A second message', 'Why?', 'brevity penalty')
>>> deck.minutes(), deck.minutes(60)
(5, 2)
"""

from __future__ import annotations

import html
import math
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Mapping, Optional, Sequence
from urllib.parse import parse_qsl

from ...engine.errors import BleuInputError

#: The lecture's lengths: 90 minutes gives every slide, 60 skips those marked 60, 45 also those marked 45.
LENGTHS = (90, 60, 45)
#: The deck's size: a 1280x720 projector shows it at 100 %.
WIDTH, HEIGHT = 1280, 720
#: The language whose deck goes to lecture/ itself (the others to lecture/LANG/).
DEFAULT_LANG = "en"
#: Where the reveal.js files go, in the lecture's folder (shared by every language).
REVEAL = "reveal"
#: reveal.js's files the deck loads (from its npm package).
REVEAL_FILES = ("dist/reveal.js", "dist/reveal.css", "dist/reset.css", "dist/theme/white.css", "plugin/notes/notes.js")
#: Picture ids are names of :data:`.lecture_pictures.PICTURES`; slide ids are words with hyphens.
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
#: A word on the screen (letters or digits, joined by a hyphen, an apostrophe or a point), and a Chinese character.
_WORD = r"\w+(?:[-'’.]\w+)*"
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

EXAMPLE = """lang: en
title: A test deck

[labels]
bp_y = brevity penalty

=== one
minutes: 2
optional:
picture: bp_curve
demo:

## A first message

Few words.

Caption: A caption.

Notes:
Say this.
Ask: What?

=== two
minutes: 3
optional: 60
picture:
demo: example=example-2

## A second message

Notes:
Say that.
Ask: Why?
"""


@dataclass(frozen=True)
class Slide:
    """One slide: its message (``title``), its words on the screen (``text``, Markdown; ``caption`` under its
    picture) and in the notes (``notes``, ``ask``), its planned minutes, the shortest lecture that gives it
    (``optional``: "60" when the 60- and 45-minute lectures skip it, "45" when only the 45-minute one does), the
    picture drawn for it and the live page's address of its demo (the query only)."""

    id: str
    minutes: int
    optional: str
    picture: str
    demo: str
    title: str
    text: str = ""
    caption: str = ""
    notes: str = ""
    ask: str = ""

    def given_in(self, length: int) -> bool:
        """Whether a lecture of ``length`` minutes gives this slide."""
        return not self.optional or length > int(self.optional)

    def screen_words(self) -> int:
        """The words on the screen: title, text and caption (the notes are not shown). A Chinese character counts
        as half a word: a Chinese word is one or two characters, most often two, and Chinese writes no spaces to
        count words by, so a Chinese slide keeps to the English deck's limit with half its characters."""
        shown = " ".join((self.title, self.text, self.caption))
        han = len(_HAN.findall(shown))
        return len(re.findall(_WORD, _HAN.sub(" ", shown))) + math.ceil(han / 2)


@dataclass(frozen=True)
class Deck:
    lang: str
    title: str
    labels: Mapping[str, str]
    slides: tuple[Slide, ...]
    font: str = ""
    head: Mapping[str, str] = field(default_factory=dict)

    def minutes(self, length: int = 90) -> int:
        """The planned minutes of the slides a lecture of ``length`` minutes gives."""
        return sum(s.minutes for s in self.slides if s.given_in(length))


# --------------------------------------------------------------------------- reading the source
def _blocks(text: str) -> list[str]:
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return re.split(r"^=== ", text, flags=re.M)


def _head(block: str) -> tuple[dict[str, str], dict[str, str]]:
    head, labels, in_labels = {}, {}, False
    for line in block.splitlines():
        if not line.strip():
            continue
        if line.strip() == "[labels]":
            in_labels = True
        elif in_labels:
            key, sep, value = line.partition(" = ")
            if not sep:
                raise BleuInputError(f"the deck's label line {line!r} is not 'key = text'")
            labels[key.strip()] = value.strip()
        else:
            key, sep, value = line.partition(":")
            if not sep:
                raise BleuInputError(f"the deck's head line {line!r} is not 'key: value'")
            head[key.strip()] = value.strip()
    return head, labels


def _slide(block: str) -> Slide:
    first, _, rest = block.partition("\n")
    sid = first.strip()
    if not _ID.fullmatch(sid):
        raise BleuInputError(f"slide id {sid!r}: use lower-case words joined by hyphens")
    fields, _, body = rest.partition("\n\n")
    values = dict(line.partition(":")[::2] for line in fields.splitlines())
    values = {k.strip(): v.strip() for k, v in values.items()}
    missing = {"minutes", "optional", "picture", "demo"} - set(values)
    if missing:
        raise BleuInputError(f"slide {sid!r} lacks {', '.join(sorted(missing))}")
    if values["optional"] not in ("", "60", "45"):
        raise BleuInputError(f"slide {sid!r}: optional is 60, 45 or empty, not {values['optional']!r}")
    title_match = re.search(r"^## (.+)$", body, flags=re.M)
    if not title_match:
        raise BleuInputError(f"slide {sid!r} has no '## ' title")
    body = body[title_match.end():]
    screen, _, notes = body.partition("\nNotes:\n")
    text, _, caption = screen.partition("\nCaption:")
    notes, _, ask = notes.partition("\nAsk:")
    try:
        minutes = int(values["minutes"])
    except ValueError:
        raise BleuInputError(f"slide {sid!r}: minutes must be a whole number") from None
    return Slide(id=sid, minutes=minutes, optional=values["optional"], picture=values["picture"],
                 demo=values["demo"], title=title_match.group(1).strip(), text=text.strip(),
                 caption=caption.strip(), notes=" ".join(notes.split()), ask=ask.strip())


def parse_deck(text: str) -> Deck:
    """The deck a source file holds (see the comment at the top of ``lecture/deck.en.md``)."""
    first, *slides = _blocks(text)
    head, labels = _head(first)
    parsed = tuple(_slide(block) for block in slides)
    ids = [s.id for s in parsed]
    if len(set(ids)) != len(ids):
        raise BleuInputError(f"slide ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    return Deck(lang=head.get("lang", ""), title=head.get("title", ""), labels=labels, slides=parsed,
                font=head.get("font", ""), head=head)


def read_deck(path: Path) -> Deck:
    return parse_deck(path.read_text(encoding="utf-8"))


def deck_path(folder: Path, lang: str = DEFAULT_LANG) -> Path:
    path = folder / f"deck.{lang}.md"
    if not path.is_file():
        known = sorted(p.name.split(".")[1] for p in folder.glob("deck.*.md"))
        raise FileNotFoundError(f"no deck for language {lang!r} in {folder.name}/ (decks: {', '.join(known)})")
    return path


class _Values(dict):
    def __missing__(self, key: str) -> str:
        raise BleuInputError(f"the deck names {{{key}}}, which the package does not compute "
                             "(bleu_explain.display.export.lecture_pictures.deck_values)")


def fill(deck: Deck, values: Mapping[str, str]) -> Deck:
    """The deck with every ``{name}`` of its words replaced by the computed value."""
    known = _Values(values)

    def filled(text: str) -> str:
        return text.format_map(known)

    slides = tuple(replace(s, title=filled(s.title), text=filled(s.text), caption=filled(s.caption),
                           notes=filled(s.notes), ask=filled(s.ask)) for s in deck.slides)
    return replace(deck, slides=slides)


# --------------------------------------------------------------------------- the live demos
def demo_query(demo: str) -> str:
    """The live page's query for a slide's ``demo`` (``example=NAME`` expanded into the example's texts)."""
    from ..html.live_state import LiveState
    from .lecture_pictures import demo_states

    pairs = parse_qsl(demo, keep_blank_values=True)
    example = dict(pairs).get("example")
    extra = [(k, v) for k, v in pairs if k != "example"]
    if example is None:
        return LiveState.from_params({k: [v for kk, v in pairs if kk == k] for k, _ in pairs}).to_query()
    states = demo_states()
    if example not in states:
        raise BleuInputError(f"demo example {example!r} is not one of {', '.join(states)}")
    state: LiveState = states[example]
    settings = {k: v for k, v in extra}
    if "compare" in settings:
        state = replace(state, compare=settings.pop("compare"))
    if settings:
        raise BleuInputError(f"demo settings {sorted(settings)} beside an example: give them in the example")
    return state.to_query()


def demo_src(query: str, depth: int, lang: str = DEFAULT_LANG) -> str:
    """The iframe's address of the live page, from a deck ``depth`` folders below the site's top (in the deck's
    language: ``lang=zh`` for a Chinese deck)."""
    return "../" * depth + "live.html?" + query + "&projector=1" + (f"&lang={lang}" if lang != DEFAULT_LANG else "")


# --------------------------------------------------------------------------- the page
CSS = """
.reveal { font-family: {font}"Source Sans Pro", Helvetica, Arial, sans-serif; color: #111; }
.reveal .slides { text-align: left; }
.reveal .slides section { padding: 0; height: 720px; }
.reveal .frame { display: flex; flex-direction: column; height: 720px; box-sizing: border-box;
  padding: 26px 48px 20px; gap: 10px; }
.reveal h1, .reveal h2 { font-family: inherit; color: #111; text-transform: none; letter-spacing: 0;
  text-shadow: none; margin: 0; }
.reveal h1 { font-size: 64px; line-height: 1.1; }
.reveal h2 { font-size: 36px; line-height: 1.15; font-weight: 700; }
.reveal .screen { font-size: 30px; line-height: 1.3; }
.reveal .screen p, .reveal .screen ul { margin: 0 0 6px; }
.reveal .screen li { font-size: 30px; }
.reveal .screen code { font-size: 26px; background: #f4f4f4; padding: 2px 6px; word-break: break-all; }
.reveal figure { flex: 1 1 0; min-height: 0; margin: 0; display: flex; flex-direction: column; align-items: center; }
.reveal figure img { flex: 1 1 0; min-height: 0; width: 100%; object-fit: contain; margin: 0; border: 0;
  box-shadow: none; background: none; }
.reveal figcaption { font-size: 24px; line-height: 1.25; color: #333; text-align: center; padding: 0 130px; }
.reveal .demo { flex: 1 1 0; min-height: 0; width: 100%; border: 2px solid #999; }
.reveal .demo-print { display: none; font-size: 26px; word-break: break-all; }
.reveal .title-slide .frame { justify-content: center; }
.reveal section.words .screen { flex: 1 1 auto; display: flex; flex-direction: column; justify-content: center;
  font-size: 40px; line-height: 1.35; padding: 0 40px 60px; }
.reveal section.words .screen li { font-size: 40px; }
.reveal section.words .screen code { font-size: 30px; word-break: normal; overflow-wrap: anywhere; }
.reveal .title-slide .screen { font-size: 36px; color: #333; }
.reveal .slide-number { font-size: 24px; background: rgba(255,255,255,0.8); color: #333; }
html.print-pdf .reveal .demo, html.reveal-print .reveal .demo { display: none; }
html.print-pdf .reveal .demo-print, html.reveal-print .reveal .demo-print { display: block; }
"""

#: Runs before reveal.js starts: ?minutes=60 or 45 hides the slides that lecture skips; printing drops the
#: live demos (the PDF shows their addresses instead).
SCRIPT = """
const length = Number(new URLSearchParams(location.search).get("minutes") || 90);
for (const s of document.querySelectorAll("section[data-optional]")) {
  if (length <= Number(s.dataset.optional)) s.setAttribute("data-visibility", "hidden");
}
if (/print-pdf/.test(location.search)) document.querySelectorAll("iframe.demo").forEach(f => f.remove());
Reveal.initialize({width: %d, height: %d, margin: 0, center: false, hash: true, slideNumber: "c/t",
  transition: "none", controls: true, progress: true, pdfMaxPagesPerSlide: 1, pdfSeparateFragments: false,
  plugins: [RevealNotes]});
""" % (WIDTH, HEIGHT)


def _markdown(text: str) -> str:
    from ..html.markdown import markdown_html

    return markdown_html(text) if text else ""


def notes_html(slide: Slide, labels: Mapping[str, str]) -> str:
    """The speaker notes: what to say, the question to the room, the minutes and which lectures skip it."""
    parts = [_markdown(slide.notes)]
    if slide.ask:
        parts.append(f"<p><b>{html.escape(labels['notes_ask'])}</b> {html.escape(slide.ask)}</p>")
    timing = labels["notes_minutes"].format(n=slide.minutes)
    if slide.optional:
        timing += " " + labels[f"notes_skip_{slide.optional}"]
    parts.append(f"<p><i>{html.escape(timing)}</i></p>")
    return "\n".join(parts)


def slide_html(slide: Slide, number: int, labels: Mapping[str, str], picture: Optional[str], demo: Optional[str],
               ) -> str:
    """One ``<section>``: the title, the words, the picture or the live demo, the notes."""
    attrs = [f'id="{slide.id}"', f'data-minutes="{slide.minutes}"', f'data-number="{number}"']
    if slide.optional:
        attrs.append(f'data-optional="{slide.optional}"')
    body = []
    heading = "h1" if number == 1 else "h2"
    body.append(f"<{heading}>{html.escape(slide.title)}</{heading}>")
    if slide.text:
        body.append(f'<div class="screen">{_markdown(slide.text)}</div>')
    if picture:
        caption = f"<figcaption>{html.escape(slide.caption)}</figcaption>" if slide.caption else ""
        body.append(f'<figure><img src="{html.escape(picture)}" alt="{html.escape(slide.caption or slide.title)}">'
                    f"{caption}</figure>")
    elif slide.caption:
        body.append(f"<figcaption>{html.escape(slide.caption)}</figcaption>")
    if demo:
        attrs.append(f'data-demo="{html.escape(demo)}"')
        body.append(f'<iframe class="demo" data-src="{html.escape(demo)}" title="{html.escape(slide.title)}">'
                    "</iframe>")
        body.append(f'<p class="demo-print">{html.escape(labels["demo_print"])} {html.escape(demo)}</p>')
    classes = ' class="title-slide"' if number == 1 else "" if picture or demo else ' class="words"'
    return (f"<section {' '.join(attrs)}{classes}><div class=\"frame\">\n" + "\n".join(body) +
            f'\n</div><aside class="notes">{notes_html(slide, labels)}</aside></section>')


def deck_html(deck: Deck, pictures: Mapping[str, str], demos: Mapping[str, str], reveal: str) -> str:
    """The whole page: reveal.js from ``reveal`` (a relative folder), the slides, the script."""
    font = f'"{deck.font}", ' if deck.font else ""
    sections = "\n".join(slide_html(s, k, deck.labels, pictures.get(s.id), demos.get(s.id))
                         for k, s in enumerate(deck.slides, 1))
    css = CSS.replace("{font}", html.escape(font, quote=False))
    return f"""<!DOCTYPE html>
<html lang="{html.escape(deck.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(deck.title)}</title>
<link rel="stylesheet" href="{reveal}/dist/reset.css"><link rel="stylesheet" href="{reveal}/dist/reveal.css">
<link rel="stylesheet" href="{reveal}/dist/theme/white.css">
<style>{css}</style></head>
<body><div class="reveal"><div class="slides">
{sections}
</div></div>
<script src="{reveal}/dist/reveal.js"></script><script src="{reveal}/plugin/notes/notes.js"></script>
<script>{SCRIPT}</script>
</body></html>
"""


def print_html(deck: Deck, pictures: Mapping[str, str], demos: Mapping[str, str], reveal: str) -> str:
    """The deck as pages to print, one 1280x720 page per slide, with no script: what ``lecture.pdf`` is printed
    from (reveal's own print view lays out with scripts, which a headless print may not wait for). A demo slide
    shows its address instead of the live page."""
    font = f'"{deck.font}", ' if deck.font else ""
    sections = "\n".join(slide_html(s, k, deck.labels, pictures.get(s.id), demos.get(s.id))
                         for k, s in enumerate(deck.slides, 1))
    css = CSS.replace("{font}", html.escape(font, quote=False)).replace(".reveal ", ".print ")
    return f"""<!DOCTYPE html>
<html lang="{html.escape(deck.lang)}"><head><meta charset="utf-8"><title>{html.escape(deck.title)}</title>
<link rel="stylesheet" href="{reveal}/dist/theme/white.css">
<style>{css}
@page {{ size: {WIDTH}px {HEIGHT}px; margin: 0; }}
html, body {{ margin: 0; padding: 0; background: #fff; }}
.print section {{ display: block; position: relative; width: {WIDTH}px; height: {HEIGHT}px; overflow: hidden;
  break-after: page; }}
.print section:last-child {{ break-after: auto; }}
.print aside.notes, .print .demo {{ display: none; }}
.print .demo-print {{ display: block; }}
</style></head>
<body><div class="print">
{sections}
</div></body></html>
"""


# --------------------------------------------------------------------------- building
@dataclass(frozen=True)
class BuiltLecture:
    """What :func:`build_lecture` wrote."""

    page: Path
    pdf: Optional[Path]
    deck: Deck


def lecture_folder(site: Path, lang: str) -> Path:
    return site / "lecture" if lang == DEFAULT_LANG else site / "lecture" / lang


def copy_reveal(modules: Path, lecture: Path) -> None:
    """reveal.js's files (and its theme's fonts) into ``lecture/reveal``, from its npm package."""
    source = modules / "reveal.js"
    for name in REVEAL_FILES:
        target = lecture / REVEAL / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / name, target)
    fonts = source / "dist" / "theme" / "fonts"
    if fonts.is_dir():
        shutil.copytree(fonts, lecture / REVEAL / "dist" / "theme" / "fonts", dirs_exist_ok=True)
    shutil.copy2(source / "LICENSE", lecture / REVEAL / "LICENSE")


class MissingFont(RuntimeError):
    """The deck names a font this machine does not have (its pictures and PDF would show empty boxes)."""


def require_font(deck: Deck) -> None:
    """Refuse, in one line that says what to install, a deck whose font is not installed."""
    from ..plots.style import font_installed

    if deck.font and not font_installed(deck.font):
        hint = " (Debian/Ubuntu: apt-get install fonts-noto-cjk)" if "CJK" in deck.font else ""
        raise MissingFont(f"the {deck.lang} deck's font {deck.font!r} is not installed: install it{hint}, then build "
                          "again")


def lecture_style(deck: Deck):
    """The projector style, in the deck's font when it names one (a CJK font for a Chinese deck)."""
    from ..plots.style import PROJECTOR

    return replace(PROJECTOR, family=(deck.font,)) if deck.font else PROJECTOR


def draw_pictures(deck: Deck, folder: Path) -> dict[str, str]:
    """Each slide's picture as ``pictures/NAME.png`` in ``folder``; slide id -> relative address."""
    from ..plots.figure import figure_png
    from .lecture_pictures import PICTURES

    style = lecture_style(deck)
    unknown = sorted({s.picture for s in deck.slides if s.picture and s.picture not in PICTURES})
    if unknown:
        raise BleuInputError(f"the deck names pictures the package does not draw: {', '.join(unknown)}")
    (folder / "pictures").mkdir(parents=True, exist_ok=True)
    drawn: dict[str, str] = {}
    for name in dict.fromkeys(s.picture for s in deck.slides if s.picture):
        (folder / "pictures" / f"{name}.png").write_bytes(figure_png(PICTURES[name](deck.labels, style)))
    for s in deck.slides:
        if s.picture:
            drawn[s.id] = f"pictures/{s.picture}.png"
    return drawn


def print_pdf(page: Path, pdf: Path, chromium: Optional[str] = None) -> Path:
    """``page`` (:func:`print_html`'s) printed by headless Chromium: one page per slide."""
    from .handouts.pdf import LOCAL_ONLY_ARGS, TIMEOUT_S, PdfError, find_chromium

    chromium = chromium or find_chromium()
    pdf.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="lecture-chromium-") as profile:
        run = subprocess.run([chromium, "--headless", *LOCAL_ONLY_ARGS, f"--user-data-dir={profile}",
                              "--no-pdf-header-footer", "--run-all-compositor-stages-before-draw",
                              "--virtual-time-budget=20000", f"--print-to-pdf={pdf}",
                              page.resolve().as_uri()],
                             capture_output=True, text=True, timeout=TIMEOUT_S)
    if run.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        tail = "\n".join(run.stderr.strip().splitlines()[-5:])
        raise PdfError(f"Chromium could not print {page.name} (exit code {run.returncode}): {tail}")
    return pdf


def build_lecture(site: Path, decks: Path, modules: Path, lang: str = DEFAULT_LANG, pdf: bool = True) -> BuiltLecture:
    """The deck of ``lang`` from ``decks`` (the ``lecture/`` folder) into ``site``'s lecture folder, reveal.js
    from ``modules`` (an npm ``node_modules``); with ``pdf``, printed too."""
    from .lecture_pictures import deck_values

    deck = read_deck(deck_path(decks, lang))
    require_font(deck)
    deck = fill(deck, deck_values(deck.labels, deck.lang))
    folder = lecture_folder(site, lang)
    depth = 1 if lang == DEFAULT_LANG else 2
    if (folder / "pictures").exists():
        shutil.rmtree(folder / "pictures")
    folder.mkdir(parents=True, exist_ok=True)
    copy_reveal(modules, site / "lecture")
    pictures = draw_pictures(deck, folder)
    demos = {s.id: demo_src(demo_query(s.demo), depth, deck.lang) for s in deck.slides if s.demo}
    reveal = "../" * (depth - 1) + REVEAL
    page = folder / "index.html"
    page.write_text(deck_html(deck, pictures, demos, reveal), encoding="utf-8")
    printable = folder / "print.html"
    printable.write_text(print_html(deck, pictures, demos, reveal), encoding="utf-8")
    printed = print_pdf(printable, folder / "lecture.pdf") if pdf else None
    return BuiltLecture(page=page, pdf=printed, deck=deck)


def plan_rows(deck: Deck) -> list[tuple[int, Slide, int]]:
    """(number, slide, minute it starts at) for every slide of the 90-minute lecture."""
    rows, start = [], 0
    for number, slide in enumerate(deck.slides, 1):
        rows.append((number, slide, start))
        start += slide.minutes
    return rows


def outline(deck: Deck, lengths: Sequence[int] = LENGTHS) -> str:
    """The deck as a table: number, minutes, which lectures give it, title."""
    lines = [f"{'#':>3} {'min':>3}  {'/'.join(str(n) for n in lengths):<9} title"]
    for number, slide, _ in plan_rows(deck):
        given = "/".join("x" if slide.given_in(n) else "-" for n in lengths)
        lines.append(f"{number:>3} {slide.minutes:>3}  {given:<9} {slide.title}")
    lines.append("minutes: " + ", ".join(f"{deck.minutes(n)} in the {n}-minute lecture" for n in lengths))
    return "\n".join(lines)


def notes_document(deck: Deck) -> str:
    """The speaker notes as a Markdown page (``docs/speaker_notes.md``): every slide's number, title, minutes,
    start and cuts, what to say and what to ask, in the deck's order."""
    lab = deck.labels
    lines = [f"# {lab['doc_title']}", "", lab["doc_intro"].format(minutes=deck.minutes(90), m60=deck.minutes(60),
                                                                   m45=deck.minutes(45)), ""]
    for number, slide, start in plan_rows(deck):
        lines.append(f"## {number}. {slide.title}")
        lines.append("")
        timing = lab["doc_timing"].format(n=slide.minutes, start=start)
        if slide.optional:
            timing += " " + lab[f"notes_skip_{slide.optional}"]
        lines += [f"*{timing}*", "", slide.notes, ""]
        if slide.ask:
            lines += [f"**{lab['notes_ask']}** {slide.ask}", ""]
    return "\n".join(lines).rstrip("\n") + "\n"
