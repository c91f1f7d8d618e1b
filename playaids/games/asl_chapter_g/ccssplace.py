"""Where words go inside a hex of the CCSS (issue 23): a hex id, a cave's label block, a
fortification's symbol, a complex's ID each take a box that lies inside its own hex (and inside
the printed part of a half hex), a margin clear of the hex's edges, meeting no stroke (a cave's
Λ, a fortification's arrow) and no box already placed. Among the free places the one nearest
the preferred point wins (a hex id: the top of the hex; a label: the hex centre). Page
coordinates, y up. Nothing here draws."""
from __future__ import annotations

import math

MARGIN = 0.7   # points between a box and its hex's edges
PAD = 0.45     # points between a box and a stroke


def inside(poly, x: float, y: float, margin: float = MARGIN) -> bool:
    """Whether (x, y) lies inside the convex polygon `poly` at least `margin` from each edge."""
    n = len(poly)
    area = sum(poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1] for k in range(n))
    sign = 1.0 if area > 0 else -1.0
    for k in range(n):
        (ax, ay), (bx, by) = poly[k], poly[(k + 1) % n]
        length = math.hypot(bx - ax, by - ay) or 1e-9
        if sign * ((bx - ax) * (y - ay) - (by - ay) * (x - ax)) / length < margin:
            return False
    return True


def box_inside(poly, box, margin: float = MARGIN) -> bool:
    x0, y0, x1, y1 = box
    return all(inside(poly, x, y, margin) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def clip(a, z, box):
    """The part of segment a-z inside box (x0, y0, x1, y1), or None (Liang-Barsky)."""
    (x0, y0), (x1, y1) = a, z
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


def meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grow(box, by: float):
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def clashes(box, strokes, boxes) -> int:
    g = grow(box, PAD)
    return sum(clip(a, z, g) is not None for a, z in strokes) + sum(meet(g, q) for q in boxes)


def place(poly, frame, sizes, strokes, boxes, prefer, step: float, free_only: bool = False):
    """(index of the size chosen, box) for a box of one of `sizes` [(w, h), ...] (in order of
    preference): the first size with a free place inside `poly` and `frame`, at the free place
    nearest `prefer` (places a `step` apart); when none is free, the place inside with the fewest
    clashes (never outside the hex), or None with `free_only`. None if no size fits at all."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    lo_x, hi_x = max(min(xs), frame[0]), min(max(xs), frame[2])
    lo_y, hi_y = max(min(ys), frame[1]), min(max(ys), frame[3])
    fallback = None
    for k, (w, h) in enumerate(sizes):
        nx = max(0, int((hi_x - lo_x - w) / step))
        ny = max(0, int((hi_y - lo_y - h) / step))
        px, py = prefer[0] - w / 2, prefer[1] - h / 2

        def spots():
            yield px, py
            yield from sorted(((lo_x + i * step, lo_y + j * step) for i in range(nx + 1) for j in range(ny + 1)),
                              key=lambda p: ((p[0] - px) ** 2 + (p[1] - py) ** 2, p))

        for x, y in spots():   # nearest first: the first free place wins
            box = (x, y, x + w, y + h)
            if not (frame[0] <= x and x + w <= frame[2] and frame[1] <= y and y + h <= frame[3]
                    and box_inside(poly, box)):
                continue
            n = clashes(box, strokes, boxes)
            if n == 0:
                return k, box
            if not free_only and (fallback is None or (n, -k) < fallback[0]):
                fallback = ((n, -k), k, box)
    return None if fallback is None else fallback[1:]


__all__ = ["inside", "box_inside", "clip", "meet", "clashes", "place"]
