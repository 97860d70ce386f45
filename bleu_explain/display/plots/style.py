"""The plots' two styles: "screen" for notebooks and handouts, "projector" for slides and a lecture hall.

Every plot function takes ``style="screen"`` or ``style="projector"``; left out,
the style is the one the environment variable ``BLEU_EXPLAIN_PLOT_STYLE`` names
(``make slides`` executes the notebooks with it set to ``projector``), else
``screen``. A style is a handful of numbers -- the smallest type, the thickness of
data and guide lines, the figure's width in pixels -- and the matplotlib
settings that follow from them; the plot functions read sizes from it instead
of writing their own.

The projector style draws every figure 1280 pixels wide (10 inches at 128 dpi)
with no text under 18 pt, data lines 3.5 pt thick and guide lines in a dark
grey; the screen style keeps the notebooks' figure sizes (about 700 pixels
wide) with no text under 10 pt.

>>> screen, projector = plot_style("screen"), plot_style("projector")
>>> screen.text, projector.text, projector.width_px(projector.figsize((7.0, 4.0)))
(10.0, 18.0, 1280)
>>> plot_style("poster")
Traceback (most recent call last):
...
bleu_explain.engine.errors.BleuInputError: unknown plot style 'poster'; choose one of screen, projector
"""

from __future__ import annotations

import functools
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, TypeVar, cast

from ...engine.errors import BleuInputError
from ..html.palette import GREY, INK, LIGHT_GREY

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

#: The environment variable that picks the style of every plot not given one.
STYLE_ENV = "BLEU_EXPLAIN_PLOT_STYLE"

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class PlotStyle:
    """Sizes (points), colours and the figure width of one style.

    ``text`` is the smallest type anywhere (tick labels, legends, notes on the
    data), ``label`` the axis labels, ``title`` the titles; ``line`` the width
    of data lines, ``guide`` of reference lines (zero lines, fits, thresholds),
    ``thin`` of the finest strokes (leader lines, grid); ``marker`` a marker's
    size and ``dot`` a scatter dot's area. ``width`` is the figure width in
    inches (None: the plot's own) and ``dpi`` its resolution.
    """

    name: str
    text: float
    label: float
    title: float
    line: float
    guide: float
    thin: float
    marker: float
    dot: float
    width: float | None
    dpi: float
    #: reference lines and notes that must stay legible, and faint rules that must stay visible
    guide_colour: str
    faint_colour: str
    #: font families, first choice first (empty: matplotlib's own); a deck in Chinese names a CJK font here
    family: tuple[str, ...] = ()

    def figsize(self, size: tuple[float, float]) -> tuple[float, float]:
        """A plot's screen size in this style: scaled to this style's width (if it has one), shape kept but no
        flatter than a 16:9 slide."""
        if self.width is None:
            return size
        return self.width, max(size[1] * self.width / size[0], self.width * 9 / 16)

    def width_px(self, size: tuple[float, float]) -> int:
        """The width in pixels of a figure of ``size`` inches in this style."""
        return round(size[0] * self.dpi)

    def rc(self) -> dict[str, Any]:
        """The matplotlib settings of this style (applied while a plot is drawn)."""
        return {
            "font.size": self.text,
            "axes.titlesize": self.title,
            "axes.labelsize": self.label,
            "figure.titlesize": self.title,
            "xtick.labelsize": self.text,
            "ytick.labelsize": self.text,
            "legend.fontsize": self.text,
            "legend.title_fontsize": self.text,
            # long enough handles that a dashed line shows its dashes, solid ones stay solid
            "legend.handlelength": 2.6,
            "lines.linewidth": self.line,
            "lines.markersize": self.marker,
            "patch.linewidth": self.thin,
            "hatch.linewidth": self.thin,
            "axes.linewidth": self.thin,
            "axes.edgecolor": INK,
            "axes.labelcolor": INK,
            "text.color": INK,
            "xtick.color": INK,
            "ytick.color": INK,
            "grid.linewidth": self.thin,
            "grid.color": self.faint_colour,
            "errorbar.capsize": self.marker / 2,
            "figure.dpi": self.dpi,
            "savefig.dpi": "figure",
            **({"font.family": list(self.family)} if self.family else {}),
        }

    def tick_params(self) -> dict[str, Any]:
        """Tick sizes, given to each axes so that ticks made later (when drawn) have them too."""
        # the pad keeps the lowest y label and the leftmost x label apart where the axes meet
        return {"labelsize": self.text, "width": self.thin, "length": 2.5 + 2 * self.thin, "pad": 0.4 * self.text,
                "colors": INK}


SCREEN = PlotStyle(name="screen", text=10.0, label=11.0, title=12.0, line=2.0, guide=1.3, thin=0.8, marker=7.0,
                   dot=24.0, width=None, dpi=100.0, guide_colour=GREY, faint_colour=LIGHT_GREY)
PROJECTOR = PlotStyle(name="projector", text=18.0, label=20.0, title=21.0, line=3.5, guide=2.4, thin=1.6,
                      marker=12.0, dot=90.0, width=10.0, dpi=128.0, guide_colour="#444444",
                      faint_colour="#aaaaaa")

#: The styles by name.
STYLES = {style.name: style for style in (SCREEN, PROJECTOR)}


def plot_style(style: str | PlotStyle | None = None) -> PlotStyle:
    """The style named ``style``; None: the one ``BLEU_EXPLAIN_PLOT_STYLE`` names, else screen."""
    if isinstance(style, PlotStyle):
        return style
    name = style if style is not None else (os.environ.get(STYLE_ENV) or SCREEN.name)
    if name not in STYLES:
        where = "" if style is not None else f" (from the environment variable {STYLE_ENV})"
        raise BleuInputError(f"unknown plot style {name!r}{where}; choose one of {', '.join(STYLES)}")
    return STYLES[name]


@contextmanager
def using(style: str | PlotStyle | None = None) -> Iterator[PlotStyle]:
    """Matplotlib's settings of ``style`` while the block runs (as :func:`styled` plot functions do).

    >>> import matplotlib
    >>> with using("projector"):
    ...     matplotlib.rcParams["legend.fontsize"]
    18.0
    """
    import matplotlib

    chosen = plot_style(style)
    with matplotlib.rc_context(chosen.rc()):  # type: ignore[arg-type]  # typed as a dict of literal keys
        yield chosen


def styled(plot: F) -> F:
    """A plot function run in the matplotlib settings of its ``style`` keyword (it declares ``style`` itself)."""
    @functools.wraps(plot)
    def run_styled(*args: Any, **kwargs: Any) -> Any:
        with using(kwargs.get("style")):
            return plot(*args, **kwargs)
    return cast(F, run_styled)


def style_axes(ax: Axes, style: PlotStyle) -> None:
    """Ticks in the style's sizes, for ticks made now and later."""
    ax.tick_params(which="both", **style.tick_params())


def font_installed(family: str) -> bool:
    """Whether matplotlib finds a font of this family on the machine (a deck that names one draws with it)."""
    from matplotlib import font_manager

    return any(font.name == family for font in font_manager.fontManager.ttflist)
