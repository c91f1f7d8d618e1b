"""A model kept with its tests until a check uses it: a cave's Covered Arc in the plane (G11.12): the Entrance hex plus the area between (and on)
the extensions of the two hexspines that run from the ends of the CA hexside. Locations in the
cave's own hex are outside it, except a depression-bottom cave's own hex bottom (G11.12); levels
and LOS are not modelled here, only where on the map a point, hexside or vertex lies.
"""
from __future__ import annotations

from playaids.games.asl_chapter_g import geometry as geo

EPS = 1e-9


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def in_wedge(cave: geo.Hex, toward: geo.Hex, p) -> bool:
    """p (board units) between or on the two spine extensions from the CA hexside's ends;
    the spines lie on the rays from the cave hex's centre through those two vertices."""
    c = geo.centre(cave)
    a, b = geo.side_corners(cave, geo.direction(cave, toward))
    s1, s2 = _cross(c, a, p), _cross(c, p, b)
    return s1 >= -EPS and s2 >= -EPS and _cross(c, a, b) > 0


def _inside_hex(h: geo.Hex, p) -> bool:
    cx, cy = geo.centre(h)
    return (p[0] - cx) ** 2 + (p[1] - cy) ** 2 < (geo.SQRT3 / 2) ** 2 - 1e-6  # strictly inside its incircle


def hex_in_ca(cave, toward, h) -> bool:
    """A hex is in the CA when it is the Entrance hex or its centre lies in the wedge (the cave's
    own hex never: G11.12)."""
    if h == cave:
        return False
    return h == toward or in_wedge(cave, toward, geo.centre(h))


def hexside_in_ca(cave, toward, a, b) -> bool:
    """A hexside is in the CA when all of it (both ends) lies in the wedge."""
    d = geo.direction(a, b)
    return all(in_wedge(cave, toward, q) for q in geo.side_corners(a, d))


def vertex_point(v: frozenset):
    hs = list(v)
    xs = [geo.centre(h) for h in hs]
    return sum(x for x, _ in xs) / 3, sum(y for _, y in xs) / 3


def vertex_in_ca(cave, toward, v: frozenset) -> bool:
    return in_wedge(cave, toward, vertex_point(v))
