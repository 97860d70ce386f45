"""Names beside points, placed where they cover no other name, no point, no line and stay inside the axes.

Each name tries the places around its point in turn (right, left, above, below,
the corners), then the same places farther out joined to the point by a thin
leader line; it takes the first place that covers nothing, or else the one that
covers least. Places are measured in pixels on the laid-out figure (what is
drawn is a set of small boxes: markers, pieces of lines, names placed so far),
and kept as offsets in points from the point, so they hold however the figure
is drawn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

from .figure import text_width

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from .style import PlotStyle

#: Directions tried around a point, in order (x, y): right, left, above, below, then the four corners.
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
#: How far out a name may go, in units of the nearest distance (beyond the first, a leader line joins it).
_DISTANCES = (1.0, 2.2, 3.6)


def _overlaps(boxes: np.ndarray, others: np.ndarray) -> np.ndarray:
    """The area each of ``boxes`` (n x 4: x0, y0, x1, y1) shares with each of ``others`` (m x 4): n x m."""
    import numpy as np

    width = np.minimum(boxes[:, None, 2], others[None, :, 2]) - np.maximum(boxes[:, None, 0], others[None, :, 0])
    height = np.minimum(boxes[:, None, 3], others[None, :, 3]) - np.maximum(boxes[:, None, 1], others[None, :, 1])
    return np.where((width > 0) & (height > 0), width * height, 0.0)


def _segment_boxes(x0: float, y0: float, x1: float, y1: float, half: float) -> np.ndarray:
    """Small boxes every few pixels along a segment, ``half`` pixels to each side of it (k x 4)."""
    import numpy as np

    steps = max(int(math.hypot(x1 - x0, y1 - y0) // 3), 1)
    t = np.linspace(0.0, 1.0, steps + 1)
    x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
    return np.column_stack([x - half, y - half, x + half, y + half])


def _drawn_boxes(ax: Any, px: float) -> np.ndarray:
    """Boxes round every marker and along every line drawn with a line style in ``ax`` (fits, guides)."""
    import numpy as np

    boxes = [np.empty((0, 4))]
    for line in ax.lines:
        if not len(line.get_xdata()):
            continue
        xy = ax.transData.transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        if line.get_marker() not in (None, "None", "none", "", " "):
            half = line.get_markersize() * px / 2
            boxes.append(np.column_stack([xy - half, xy + half]))
        if line.get_linestyle() in ("None", "none", "", " ") or len(xy) < 2:
            continue
        half = max(line.get_linewidth() * px / 2, 1.0)
        boxes += [_segment_boxes(x0, y0, x1, y1, half) for (x0, y0), (x1, y1) in zip(xy[:-1], xy[1:])]
    return np.concatenate(boxes)


def _cost(box: np.ndarray, leader: np.ndarray, taken: np.ndarray, frame: np.ndarray) -> float:
    """How much a name's box covers (and its leader line crosses), with what leaves the axes weighing most."""
    covered = float(_overlaps(box[None, :], taken).sum())
    crossed = int((_overlaps(leader, taken) > 0).sum()) if len(leader) else 0
    area = (box[2] - box[0]) * (box[3] - box[1])
    outside = area - float(_overlaps(box[None, :], frame[None, :])[0, 0])
    return covered + 50 * crossed + 10 * outside


def _best_place(x: float, y: float, size: tuple[float, float], gap: float, thin: float, taken: np.ndarray,
                frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The box (and leader line, if it stands off) of a name of ``size`` pixels for the point (x, y): the first
    place that covers nothing, else the one that covers least."""
    import numpy as np

    width, height = size
    best: tuple[float, np.ndarray, np.ndarray] | None = None
    for distance in _DISTANCES:
        for dx, dy in _DIRECTIONS:
            cx, cy = x + dx * (gap * distance + width / 2), y + dy * (gap * distance + height / 2)
            box = np.array([cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2])
            # from the marker's edge (gap pixels out) to the name's box, when the name stands off
            start = gap / math.hypot(cx - x, cy - y)
            leader = (_segment_boxes(x + (cx - x) * start, y + (cy - y) * start, cx, cy, thin) if distance > 1
                      else np.empty((0, 4)))
            cost = _cost(box, leader, taken, frame)
            if best is None or cost < best[0]:
                best = (cost, box, leader)
        if best is not None and best[0] == 0:
            break
    assert best is not None
    return best[1], best[2]


def place_labels(ax: Any, points: Mapping[str, tuple[float, float]], style: PlotStyle,
                 marker_size: float | None = None, legend: Any = None,
                 colours: Mapping[str, str] | None = None) -> list[Any]:
    """Write each name of ``points`` (name -> (x, y) in data) beside its point; return the annotations.

    Call it when everything else (titles, limits) is set: it lays the figure out to measure. A
    ``legend`` inside the axes stays where matplotlib's "best" put it, and the names keep clear of it.
    ``colours`` gives a name a colour other than the text's.
    """
    import numpy as np

    fig = ax.figure
    fig.draw_without_rendering()  # the final layout, so data -> pixels holds
    px = fig.dpi / 72  # pixels per point
    frame = np.array(ax.get_window_extent().extents)
    names = list(points)
    xy = ax.transData.transform(np.array([points[n] for n in names], dtype=float))
    half_marker = (marker_size or style.marker) * px / 2
    taken = [np.column_stack([xy - half_marker, xy + half_marker]), _drawn_boxes(ax, px)]
    if legend is not None:  # fixed where it is now (its lower left corner, in axes coordinates)
        box = legend.get_window_extent()
        legend.set_loc(tuple(ax.transAxes.inverted().transform((box.x0, box.y0))))
        taken.append(np.array([box.extents]))
    placed: list[Any] = []
    for name, (x, y) in sorted(zip(names, xy), key=lambda item: (item[1][0], item[1][1])):
        pad = 0.15 * style.text * px  # names do not touch
        size = text_width(str(name), style.text) * px + 2 * pad, style.text * 1.25 * px
        box, leader = _best_place(x, y, size, half_marker + 3 * px, style.thin * px, np.concatenate(taken), frame)
        taken += [box[None, :], leader]
        centre = ((box[0] + box[2]) / 2 - x) / px, ((box[1] + box[3]) / 2 - y) / px
        arrow = {"arrowstyle": "-", "color": style.guide_colour, "linewidth": style.thin,
                 "shrinkA": 0, "shrinkB": half_marker / px} if len(leader) else None
        colour = (colours or {}).get(name)
        placed.append(ax.annotate(str(name), points[name], xytext=centre, textcoords="offset points",
                                  ha="center", va="center", fontsize=style.text, arrowprops=arrow,
                                  **({"color": colour} if colour else {})))
    return placed
