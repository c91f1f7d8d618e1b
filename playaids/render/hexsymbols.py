"""Map symbols a legend draws rather than writes (a table label with `draw:`): a hex with a
cave's Λ, a hexside boundary dashed, two hex centres joined by a line. Drawn at the size of a
line of type, so a legend on a card, a chart set or a form shows them as the map does."""
from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.platypus import Flowable

from playaids.model import MAP_SYMBOLS as KINDS

GRID = colors.HexColor("#888888")
SQRT3 = math.sqrt(3)


def radius(size: float) -> float:
    """A symbol's hex radius for type of `size` pt: the hex about a line and a half tall."""
    return min(0.8 * size, MAX_RADIUS)


MAX_RADIUS = 6.0   # a hex's side no longer than a table's shortest rule could be taken for (pdfread)


def width(kind: str, size: float) -> float:
    """The room a symbol takes across, before any text beside it."""
    r = radius(size)
    return (3.5 * r if kind == "tunnel" else 2 * r) + 2


def height(kind: str, size: float) -> float:
    r = radius(size)
    return (SQRT3 * r * (1.5 if kind == "tunnel" else 1)) + 2


def hexagon(c, cx: float, cy: float, r: float, dashed=None) -> None:
    """A small flat-topped hex; `dashed`: its sides as a boundary, in that colour."""
    pts = [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]
    c.saveState()
    if dashed is not None:
        c.setStrokeColor(dashed)
        c.setLineWidth(1.1)
        c.setDash(2, 1.5)
    else:
        c.setStrokeColor(GRID)
        c.setLineWidth(0.4)
    for k in range(6):
        c.line(*pts[k], *pts[(k + 1) % 6])
    c.restoreState()


def draw(c, kind: str, x: float, mid: float, size: float, boundary=colors.red) -> float:
    """`kind` drawn from its left `x`, centred on `mid`; returns the x where text may follow.
    cave: the Λ from the two vertices of the hex's CA hexside (here its lower side) to the
    centre (G18); boundary: the hex's sides dashed; tunnel: two hex centre dots joined."""
    r = radius(size)
    c.saveState()
    if kind == "cave":
        cx = x + r + 1
        hexagon(c, cx, mid, r)
        c.setStrokeColor(colors.black)
        c.setLineWidth(0.9)
        for k in (4, 5):   # the lower-left and lower-right vertices (page y up)
            c.line(cx + r * math.cos(math.radians(60 * k)), mid + r * math.sin(math.radians(60 * k)), cx, mid)
    elif kind == "boundary":
        hexagon(c, x + r + 1, mid, r, boundary)
    elif kind == "tunnel":
        a, b = (x + r + 1, mid + r * SQRT3 / 4), (x + 2.5 * r + 1, mid - r * SQRT3 / 4)
        for p in (a, b):
            hexagon(c, *p, r)
        c.setStrokeColor(colors.black)
        c.setFillColor(colors.black)
        c.setLineWidth(0.9)
        c.line(*a, *b)
        for p in (a, b):
            c.circle(*p, 1.2, stroke=0, fill=1)
    else:
        raise ValueError(f"no map symbol {kind!r}: one of {', '.join(KINDS)}")
    c.restoreState()
    return x + width(kind, size) + 2


class Symbol(Flowable):
    """A table cell holding a map symbol and, beside it, the cell's words (read back as text)."""

    def __init__(self, kind: str, text: str, font: str, size: float, boundary=colors.red):
        super().__init__()
        self.kind, self.text, self.font, self.size, self.boundary = kind, text, font, size, boundary

    def wrap(self, avail_w, avail_h):
        from reportlab.pdfbase.pdfmetrics import stringWidth

        self.width = width(self.kind, self.size) + (2 + stringWidth(self.text, self.font, self.size) if self.text else 0)
        self.height = max(height(self.kind, self.size), self.size * 1.25)
        return self.width, self.height

    def draw(self):
        c = self.canv
        after = draw(c, self.kind, 0, self.height / 2, self.size, self.boundary)
        if self.text:
            c.setFont(self.font, self.size)
            c.setFillColor(colors.black)
            c.drawString(after, self.height / 2 - self.size * 0.35, self.text)
