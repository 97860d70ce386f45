"""Every colour the display layer uses: highlighting, plots and explorers read them from here.

The hues are the Okabe-Ito palette (Okabe & Ito 2008), which stays distinct
under the common colour-vision deficiencies. Vermillion is kept for one
meaning only, "taken away by clipping" (and, by extension, "beyond the
observed value" and errors), so n-gram orders and series never use it first.

>>> order_colour(1), order_colour(2), order_colour(8) == order_colour(1)
('#E69F00', '#56B4E9', True)
>>> tint("#E69F00", 0.35)
'rgba(230,159,0,0.35)'
"""

from __future__ import annotations

#: The Okabe-Ito palette by name.
OKABE_ITO = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
    "black": "#000000",
}

#: Colour of n-gram order 1, 2, 3, ... (cycled beyond the list). No vermillion: it marks clipping.
ORDER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#F0E442", "#000000")

#: The mark of what clipping takes away (and of the observed value a test compares against).
CLIPPED_COLOUR = OKABE_ITO["vermillion"]

#: Series colours for systems and configurations, in the order they are used.
SERIES_COLOURS = (OKABE_ITO["blue"], OKABE_ITO["orange"], OKABE_ITO["bluish green"], OKABE_ITO["reddish purple"],
                  OKABE_ITO["sky blue"], OKABE_ITO["vermillion"], OKABE_ITO["black"], OKABE_ITO["yellow"])
#: Markers paired with the series colours, so series differ in shape as well as hue.
SERIES_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")

# Greys: plot annotations and guide lines, then the text and rules of HTML tables.
GREY = "#777777"
LIGHT_GREY = "#dddddd"
INK = "#111"
MUTED_TEXT = "#555"
RULE = "#999"
HAIRLINE = "#e4e4e4"
HEADER_BACKGROUND = "#f4f4f4"

# Tinted backgrounds of the explorers' boxes.
SELECTED_BACKGROUND = "#fff6cc"
NOTE_BACKGROUND = "#eef5fb"
ERROR_BACKGROUND = "#fdf0e8"
ERROR_TEXT = "#5a1e00"
WARNING_TEXT = "#6b3a00"


def order_colour(order: int) -> str:
    """The colour of n-gram order ``order`` (1-based)."""
    return ORDER_COLOURS[(order - 1) % len(ORDER_COLOURS)]


def series_colour(k: int) -> str:
    """The colour of the ``k``-th series (0-based, cycled)."""
    return SERIES_COLOURS[k % len(SERIES_COLOURS)]


def series_marker(k: int) -> str:
    """The marker of the ``k``-th series (0-based, cycled)."""
    return SERIES_MARKERS[k % len(SERIES_MARKERS)]


def tint(hex_colour: str, alpha: float) -> str:
    """A ``#RRGGBB`` colour as CSS ``rgba()`` with opacity ``alpha``."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"
