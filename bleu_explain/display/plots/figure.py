"""What every plot shares: a pyplot-free Figure in a style, PNG bytes, titles that fit, the names of the data.

Figures are built with the object-oriented API on a plain
:class:`matplotlib.figure.Figure`, so they work with any backend (Agg included)
and do not pile up in pyplot's state; their size, resolution and type come from
a :mod:`~bleu_explain.display.plots.style`.

A title says what is drawn, then names the data and the preset. It is kept as
those parts (a :class:`Title`) until it is drawn, and wrapped to the width of its
axes -- between parts first, then between words -- so that no line runs off the
figure:

>>> title = Title.of("Approximate randomization: p < 0.0001", "baseline 12.49 vs system 21.73",
...                  "n = 10000, seed 12345", preset="sacrebleu")
>>> title.lines(lambda line: len(line) <= 50)
['Approximate randomization: p < 0.0001', 'baseline 12.49 vs system 21.73', 'n = 10000, seed 12345 · preset sacrebleu']
>>> preset_from_signature("preset:paper|nrefs:4"), preset_from_signature("nrefs:4|case:mixed|eff:no|tok:13a")
('paper', 'sacrebleu')
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, Union, cast

from ...engine.errors import BleuInputError
from .style import PlotStyle, plot_style, style_axes

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from ...results import CorpusExplanation, SentenceExplanation

    Result = Union[SentenceExplanation, CorpusExplanation]

SEP = " \u00b7 "  # between the parts of a title line

#: Noto's CJK families (Debian: fonts-noto-cjk). Those installed go at the end of matplotlib's sans-serif
#: list and of its font family list: matplotlib resolves a generic family ("sans-serif") to one font and
#: falls back glyph by glyph along the family list, so Chinese characters are drawn with Noto while Latin
#: text keeps the first font. On a machine without them nothing changes.
CJK_FAMILIES = ("Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK KR")


def installed_cjk_families(installed: Iterable[str] | None = None) -> list[str]:
    """The families of :data:`CJK_FAMILIES` among ``installed`` (default: the fonts matplotlib found)."""
    if installed is None:
        from matplotlib import font_manager

        installed = {font.name for font in font_manager.fontManager.ttflist}
    names = set(installed)
    return [family for family in CJK_FAMILIES if family in names]


def with_cjk_fallback(sans_serif: Iterable[str], installed: Iterable[str] | None = None) -> list[str]:
    """``sans_serif`` with the installed CJK families added at its end (as it was when none is installed).

    >>> with_cjk_fallback(["DejaVu Sans"], installed=["DejaVu Sans", "Noto Sans CJK JP"])
    ['DejaVu Sans', 'Noto Sans CJK JP']
    >>> with_cjk_fallback(["DejaVu Sans"], installed=["DejaVu Sans"])
    ['DejaVu Sans']
    """
    families = list(sans_serif)
    return families + [family for family in installed_cjk_families(installed) if family not in families]


@lru_cache(maxsize=None)
def _installed_cjk() -> tuple[str, ...]:
    return tuple(installed_cjk_families())  # the font list is read once: it does not change while Python runs


def _use_cjk_fallback() -> None:
    """Before each figure: the installed CJK families are the last fallbacks. Checked every time, not once: a
    first figure made inside a style's ``rc_context`` would otherwise add them only until that context ends."""
    import matplotlib

    installed = _installed_cjk()
    if installed:
        for key in ("font.sans-serif", "font.family"):
            if not set(installed) <= set(matplotlib.rcParams[key]):
                matplotlib.rcParams[key] = with_cjk_fallback(matplotlib.rcParams[key], installed)


@lru_cache(maxsize=None)
def _shown_figure_class() -> type:
    """Figure with ``_repr_png_``: a notebook shows it as PNG by itself, with no pyplot and no IPython here.

    Where pyplot's inline support is active, IPython's own printer for Figure is used first, as before.
    """
    from matplotlib.figure import Figure

    def _repr_png_(self: Figure) -> bytes:
        return figure_png(self)

    # named Figure, as matplotlib's: its repr (a notebook's text/plain output) stays "<Figure size ...>"
    return type("Figure", (Figure,), {"_repr_png_": _repr_png_, "__module__": __name__})


def new_figure(figsize: tuple[float, float] = (7.0, 4.0), nrows: int = 1, ncols: int = 1,
               layout: Any = "constrained", *, style: str | PlotStyle | None = None,
               **subplot_kw: Any) -> tuple[Figure, Any]:
    """A Figure (no pyplot state) in ``style``'s size and resolution, and its axes (one Axes, or an array for a grid).

    ``figsize`` is the screen size; the projector style scales it to its own width.
    """
    _use_cjk_fallback()
    chosen = plot_style(style)
    fig = _shown_figure_class()(figsize=chosen.figsize(figsize), dpi=chosen.dpi, layout=layout)
    axes = fig.subplots(nrows, ncols, **subplot_kw)
    for ax in fig.axes:
        style_axes(ax, chosen)
    return fig, axes


def figure_png(fig: Figure, dpi: float | None = None) -> bytes:
    """The figure as PNG bytes (drawn with Agg whatever the backend)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi or fig.dpi)
    return buffer.getvalue()


# --------------------------------------------------------------------------- titles
@lru_cache(maxsize=None)
def _advance_em(char: str) -> float:
    """The advance of ``char`` in the default font, in ems (read once per character from the font)."""
    from matplotlib.font_manager import FontProperties, findfont, get_font

    font = get_font(findfont(FontProperties()))
    font.set_size(100, 72)  # the font object is shared with the renderer, which sets its own size before use
    return font.load_char(ord(char)).linearHoriAdvance / 65536 / 100


def text_width(text: str, fontsize: float) -> float:
    """The width of one line of ``text`` in points (kerning ignored: a point or two on a title)."""
    return sum(_advance_em(char) for char in text) * fontsize


def wrap_parts(parts: Sequence[str], fits: Callable[[str], bool]) -> list[str]:
    """One title line's ``parts`` joined with `` · `` into lines that ``fit``: broken between parts, else words."""
    out: list[str] = []
    current = ""
    for part in parts:
        joined = part if not current else current + SEP + part
        if fits(joined):
            current = joined
            continue
        if current:
            out.append(current)
        current = ""
        for word in part.split(" "):
            longer = word if not current else current + " " + word
            if current and not fits(longer):
                out.append(current)
                longer = word
            current = longer
    out.append(current)
    return out


@dataclass(frozen=True)
class Title:
    """A plot's title as the plot makes it: lines, each a tuple of parts.

    The first lines say what is drawn, the last names the data and the preset.
    A line's parts go on one line, `` · `` between them, until it is too long for
    the axes; then it breaks between parts, and inside a part between words.
    Build one with :meth:`of`.
    """

    parts: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, what: str | Sequence[str | Sequence[str]], *data: str | None, preset: str | None = None) -> Title:
        """``what`` (a line, or several lines each a string or its parts), then a line of the non-empty ``data``
        parts and ``preset X`` (if a preset is given)."""
        lines = [(what,)] if isinstance(what, str) else [(line,) if isinstance(line, str) else tuple(line)
                                                          for line in what]
        last = tuple(part for part in data if part) + ((f"preset {preset}",) if preset else ())
        return cls(tuple(lines) + ((last,) if last else ()))

    def lines(self, fits: Callable[[str], bool] = lambda line: True) -> list[str]:
        """The title's lines, each wrapped where it does not ``fit``."""
        return [wrapped for line in self.parts for wrapped in wrap_parts(line, fits)]


def title_fits(ax: Axes, fontsize: float) -> Callable[[str], bool]:
    """Whether a title line fits over ``ax``: centred over the axes (as laid out), inside the axes' column of
    the figure."""
    figure = cast("Figure", ax.figure)  # the plots here never use subfigures
    spec = ax.get_subplotspec()
    left, right = 0.0, 1.0
    if spec is not None:
        columns = spec.get_gridspec().ncols
        left, right = spec.colspan.start / columns, spec.colspan.stop / columns
    if figure.get_layout_engine() is not None:
        figure.draw_without_rendering()  # lay the figure out, so the axes have their final place
    box = ax.get_position()
    centre = (box.x0 + box.x1) / 2
    room = 2 * min(centre - left, right - centre) * 0.97 * figure.get_figwidth() * 72
    return lambda line: text_width(line, fontsize) <= room


def set_suptitle(fig: Figure, title: Title, style: PlotStyle) -> None:
    """The figure's title, wrapped to the figure's width."""
    room = fig.get_figwidth() * 72 * 0.9
    lines = title.lines(lambda line: text_width(line, style.title) <= room)
    fig.suptitle("\n".join(lines), fontsize=style.title)


def set_title(ax: Axes, title: Title, style: PlotStyle) -> None:
    """The axes' title, wrapped to fit over ``ax``."""
    # a fixed y skips matplotlib's costly title placement
    ax.set_title("\n".join(title.lines(title_fits(ax, style.title))), fontsize=style.title, y=1.0)


# --------------------------------------------------------------------------- the data a plot names
def _shorten(text: str, width: int = 48) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def describe_data(result: Result, label: str | None = None) -> str:
    """How a title names the data: the given label, the candidate's text, or the corpus size."""
    if label:
        return label
    candidate = getattr(result, "candidate", None)
    if isinstance(candidate, str):
        return f'candidate "{_shorten(candidate)}"'
    return f"corpus of {len(result.candidates)} segments"  # type: ignore[union-attr]


def check_result(result: Any, name: str = "result") -> None:
    """Refuse anything that is not a result of ``explain`` or ``explain_corpus``."""
    if not hasattr(result, "breakdown") or not hasattr(result, "config"):
        raise BleuInputError(f"{name} must be a result of bleu_explain.explain or explain_corpus, "
                             f"got {type(result).__name__}")


def preset_from_signature(signature: str | None) -> str | None:
    """The preset a bare signature string names (``preset:<name>``, or sacreBLEU's own fields), or None."""
    if not signature:
        return None
    from ...engine.signature import Signature

    try:
        preset = Signature.parse(str(signature)).preset
    except BleuInputError:
        return None
    return None if preset == "unknown" else preset


def preset_of(obj: Any) -> str | None:
    """The preset behind a result: its config, else the Signature it carries; parsed only from a bare string."""
    config = getattr(obj, "config", None)
    if config is not None:
        return str(config.preset)
    signature = getattr(obj, "signature", None)
    known = getattr(signature, "preset", None)  # engine.signature.Signature knows its preset
    if isinstance(known, str):
        return known
    return preset_from_signature(signature) if isinstance(signature, str) else None


def presets_of(results: Any) -> str:
    """One preset name for several results, or all of them joined when they differ."""
    presets = sorted({r.config.preset for r in results})
    return presets[0] if len(presets) == 1 else ", ".join(presets)


def field(obj: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``obj`` has (results of different experiments name fields differently)."""
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    return default
