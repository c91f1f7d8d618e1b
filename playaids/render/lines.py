"""Text drawn line by line with ReportLab, its lines broken under the kinsoku rules with the
font's own metrics (`kinsoku.wrap`): ReportLab's own CJK wrapping keeps a closing mark off a
line start but lets a line end with 「 or （, and costs more than breaking the lines here.
Used by the turn-record sheets and the chart cards' notes."""
from __future__ import annotations

import functools

from reportlab.lib import colors
from reportlab.platypus import Flowable

from playaids import fonts, kinsoku

ASCENT = 0.88  # IPAex Gothic's ascent in em: the baseline below the top of a line box


@functools.lru_cache(maxsize=65536)
def width(s: str, size: float) -> float:
    return fonts.width(s, fonts.GOTHIC, size)


def wrap(s: str, avail: float, size: float) -> list[str]:
    return kinsoku.wrap(s, avail, lambda x: width(x, size))


def draw_string(c, x: float, y: float, s: str, size: float, fill: str = "#000") -> None:
    """`s` at baseline y, run by run in its faces (fonts.runs)."""
    c.setFillColor(colors.HexColor(fill))
    fonts.draw_string(c, x, y, s, size)


class Lines(Flowable):
    """A paragraph broken into lines at the width it is given; splits between lines at a page
    end. `bullet` hangs in the left indent, or (`hang`) the first line starts that far left of
    the others; `leading` is in em."""

    def __init__(self, text: str, size: float, fill: str = "#000000", indent: float = 0.0, bullet: str = "",
                 after: float = 1.5, before: float = 0.0, rule_below: bool = False, lines: list | None = None,
                 leading: float = 1.22, hang: float = 0.0):
        super().__init__()
        self.hang = hang
        self.text, self.size, self.fill, self.indent, self.bullet = text, size, fill, indent, bullet
        self.after, self.before, self.rule_below = after, before, rule_below
        self.lines = lines
        self.leading = leading
        self.lead = size * leading

    def wrap(self, aw, ah):
        if self.lines is None:
            self.lines = wrap(self.text, aw - self.indent, self.size) or [""]
        self.width = aw
        self.height = self.before + len(self.lines) * self.lead + self.after + (2.0 if self.rule_below else 0.0)
        return aw, self.height

    def split(self, aw, ah):
        self.wrap(aw, ah)
        n = int((ah - self.before) // self.lead)
        if n < 1 or n >= len(self.lines) or self.rule_below:
            return []
        first = Lines(self.text, self.size, self.fill, self.indent, self.bullet, 0.0, self.before,
                      lines=self.lines[:n], leading=self.leading, hang=self.hang)
        rest = Lines(self.text, self.size, self.fill, self.indent, "", self.after, 0.0, lines=self.lines[n:],
                     leading=self.leading)
        return [first, rest]

    def draw(self):
        c = self.canv
        top = self.height - self.before
        for k, s in enumerate(self.lines):
            y = top - k * self.lead - self.size * (self.leading - 1) / 2 - self.size * ASCENT
            if k == 0 and self.bullet:
                draw_string(c, self.indent - width(self.bullet, self.size) - 3, y, self.bullet, self.size, self.fill)
            draw_string(c, self.indent - (self.hang if k == 0 else 0.0), y, s, self.size, self.fill)
        if self.rule_below:
            c.setStrokeColor(colors.black)
            c.setLineWidth(0.9)
            y = self.after + 1
            c.line(0, y, self.width, y)
