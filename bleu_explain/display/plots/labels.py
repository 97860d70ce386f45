"""Names beside points, placed where they cover no other name, no point, no line and stay inside the axes.

Each name tries the places around its point in turn (right, left, above, below,
the corners), then the same places farther out joined to the point by a thin
leader line; it takes the first place that covers nothing, or else the one that
covers least. Places are measured in pixels on the laid-out figure, and kept as
offsets in points from the point, so they hold however the figure is drawn.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

from .figure import text_width

if TYPE_CHECKING:  # pragma: no cover
    from .style import PlotStyle

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in pixels

#: Directions tried around a point, in order (x, y): right, left, above, below, then the four corners.
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
#: How far out a name may go, in units of the nearest distance (beyond the first, a leader line joins it).
_DISTANCES = (1.0, 2.2, 3.6)


def _overlap(a: Box, b: Box) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def _outside(box: Box, frame: Box) -> float:
    """How much of ``box`` lies outside ``frame`` (its area)."""
    area = (box[2] - box[0]) * (box[3] - box[1])
    return area - _overlap(box, frame)


def _segment_boxes(x0: float, y0: float, x1: float, y1: float, half: float) -> list[Box]:
    """Small boxes every few pixels along a segment, ``half`` pixels to each side of it."""
    steps = max(int(math.hypot(x1 - x0, y1 - y0) // 3), 1)
    points = ((x0 + k / steps * (x1 - x0), y0 + k / steps * (y1 - y0)) for k in range(steps + 1))
    return [(x - half, y - half, x + half, y + half) for x, y in points]


def _line_boxes(ax: Any, px: float) -> list[Box]:
    """Boxes along every line drawn with a line style in ``ax`` (fit lines, guides) and round its markers."""
    import numpy as np

    boxes: list[Box] = []
    for line in ax.lines:
        if not len(line.get_xdata()):
            continue
        xy = ax.transData.transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        if line.get_marker() not in (None, "None", "none", "", " "):
            half = line.get_markersize() * px / 2
            boxes += [(x - half, y - half, x + half, y + half) for x, y in xy]
        if line.get_linestyle() in ("None", "none", "", " ") or len(xy) < 2:
            continue
        half = max(line.get_linewidth() * px / 2, 1.0)
        for (x0, y0), (x1, y1) in zip(xy[:-1], xy[1:]):
            boxes += _segment_boxes(x0, y0, x1, y1, half)
    return boxes


def _cost(box: Box, leader: list[Box], obstacles: list[Box], labels: list[Box], frame: Box) -> float:
    """How much a name's box covers (and its leader line crosses), with what leaves the axes weighing most."""
    covered = sum(_overlap(box, other) for other in obstacles + labels)
    crossed = sum(_overlap(piece, other) > 0 for piece in leader for other in obstacles + labels)
    return covered + 50 * crossed + 10 * _outside(box, frame)


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
    frame = ax.get_window_extent()
    frame_box = (frame.x0, frame.y0, frame.x1, frame.y1)
    names = list(points)
    xy = ax.transData.transform(np.array([points[n] for n in names], dtype=float))
    half_marker = (marker_size or style.marker) * px / 2
    obstacles = [(x - half_marker, y - half_marker, x + half_marker, y + half_marker) for x, y in xy]
    obstacles += _line_boxes(ax, px)
    if legend is not None:  # fixed where it is now (its lower left corner, in axes coordinates)
        box = legend.get_window_extent()
        legend.set_loc(tuple(ax.transAxes.inverted().transform((box.x0, box.y0))))
        obstacles.append((box.x0, box.y0, box.x1, box.y1))
    height = style.text * 1.25 * px
    gap = half_marker + 3 * px
    labels: list[Box] = []
    placed: list[Any] = []
    for name, (x, y) in sorted(zip(names, xy), key=lambda item: (item[1][0], item[1][1])):
        width = text_width(str(name), style.text) * px
        best: tuple[float, Box, list[Box], float] | None = None
        for distance in _DISTANCES:
            for dx, dy in _DIRECTIONS:
                cx = x + dx * (gap * distance + width / 2)
                cy = y + dy * (gap * distance + height / 2)
                box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
                # from the marker's edge to the name's box (the part inside the box crosses nothing else)
                length = math.hypot(cx - x, cy - y)
                x0, y0 = x + (cx - x) * half_marker * 1.2 / length, y + (cy - y) * half_marker * 1.2 / length
                leader = _segment_boxes(x0, y0, cx, cy, style.thin * px) if distance > 1 else []
                cost = _cost(box, leader, obstacles, labels, frame_box)
                if best is None or cost < best[0]:
                    best = (cost, box, leader, distance)
            if best is not None and best[0] == 0:
                break
        assert best is not None
        _, box, leader, distance = best
        labels.append(box)
        obstacles += leader
        centre = ((box[0] + box[2]) / 2 - x) / px, ((box[1] + box[3]) / 2 - y) / px
        arrow = {"arrowstyle": "-", "color": style.guide_colour, "linewidth": style.thin,
                 "shrinkA": 0, "shrinkB": half_marker / px} if leader else None
        colour = (colours or {}).get(name)
        placed.append(ax.annotate(str(name), points[name], xytext=centre, textcoords="offset points",
                                  ha="center", va="center", fontsize=style.text, arrowprops=arrow,
                                  **({"color": colour} if colour else {})))
    return placed
