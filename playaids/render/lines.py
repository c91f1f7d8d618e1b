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


def wrap(s: str, avail: float, size: float, phrases: bool = False) -> list[str]:
    """`s` in lines of `avail` points; `phrases`: short text, broken between phrases
    (`kinsoku.wrap`)."""
    return kinsoku.wrap(s, avail, lambda x: width(x, size), phrases)


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


KEEP_WHOLE_LINES = 6   # a pair this short is never cut between its lines: it goes on whole


class Paired(Flowable):
    """Bilingual text as parallel columns (issue 22): each pair's Japanese at the left, its
    English at the right, both from the pair's first line; the pairs one under the other, the
    flowable split between pairs at a column or page end (a pair taller than the room, between
    its lines). A pair whose two texts are the same is set once, across both columns. `bullet`
    hangs before each text in its column's indent."""

    def __init__(self, pairs, size: float, bullet: str = "", gutter: float = 8.0, leading: float = 1.15,
                 between: float = 0.6, fill: str = "#000000", rows: list | None = None, first: bool = True):
        super().__init__()
        self.pairs = list(pairs)
        self.size, self.bullet, self.gutter, self.leading, self.between = size, bullet, gutter, leading, between
        self.fill, self.lead = fill, size * leading
        self.indent = width(bullet, size) + 3 if bullet else 0.0
        self.rows = rows        # per pair: (left lines, right lines, whole width)
        self.first = first      # the first pair's first line carries its bullet (not a piece continued)

    def _wrap_rows(self, aw):
        half = (aw - self.gutter) / 2
        out = []
        for ja, en in self.pairs:
            if ja == en:
                out.append((wrap(ja, aw - self.indent, self.size) or [""], [], True))
            else:
                out.append((wrap(ja, half - self.indent, self.size) or [""],
                            wrap(en, half - self.indent, self.size) or [""], False))
        return out

    def _height(self, rows) -> float:
        return sum(max(len(a), len(b)) for a, b, _ in rows) * self.lead + self.between * max(len(rows) - 1, 0)

    def wrap(self, aw, ah):
        if self.rows is None:
            self.rows = self._wrap_rows(aw)
        self.width = aw
        self.height = self._height(self.rows)
        return aw, self.height

    def split(self, aw, ah):
        self.wrap(aw, ah)
        used, k = 0.0, 0
        while k < len(self.rows):
            h = max(len(self.rows[k][0]), len(self.rows[k][1])) * self.lead + (self.between if k else 0.0)
            if used + h > ah:
                break
            used += h
            k += 1
        if k == len(self.rows):
            return []
        head, rest = self.rows[:k], self.rows[k:]
        first_rest = True
        n = int((ah - used - (self.between if k else 0.0)) // self.lead)
        if n >= 1:   # the pair at the foot goes on between its lines, when it is long
            a, b, whole = rest[0]
            sides = [a] if whole else [a, b]
            # each language keeps two lines at least on each side of the cut (never an English
            # tail continued alone, its Japanese ended above: issue 22)
            n = min(n, min(len(x) for x in sides) - 2)
            if KEEP_WHOLE_LINES < max(len(a), len(b)) and n >= 2:
                head = head + [(a[:n], b[:n], whole)]
                rest = [(a[n:], b[n:], whole)] + rest[1:]
                first_rest = False
        if not head:
            return []
        return [self._piece(head, self.first), self._piece(rest, first_rest)]

    def _piece(self, rows, first):
        return Paired((), self.size, self.bullet, self.gutter, self.leading, self.between, self.fill,
                      rows=rows, first=first)

    def draw(self):
        c = self.canv
        half = (self.width - self.gutter) / 2
        y = self.height
        for k, (left, right, whole) in enumerate(self.rows):
            for col, lines in ((0.0, left), (half + self.gutter, right)):
                for j, s in enumerate(lines):
                    base = y - j * self.lead - self.size * (self.leading - 1) / 2 - self.size * ASCENT
                    if j == 0 and self.bullet and (k or self.first):
                        draw_string(c, col, base, self.bullet, self.size, self.fill)
                    draw_string(c, col + self.indent, base, s, self.size, self.fill)
            y -= max(len(left), len(right)) * self.lead + self.between


CUT_WORDS = ("切り取り線", "cut here")   # a cut line's word, ja and en (the preflight and the gallery find it)


class CutLine(Flowable):
    """A dashed line across the page with a word in a gap at its middle: where to cut the slips
    apart."""

    def __init__(self, width: float, label: str, font: str, space_before: float = 0.0):
        super().__init__()
        self.width, self.height, self.label, self.font = width, 24.0, label, font
        self.spaceBefore = space_before
        self.hidden = False

    def wrap(self, aw, ah):
        # at the top of a page there is nothing above it to cut away: no line (the preflight
        # names a page a cut line heads; MacArthur's bilingual turn record on Letter had one)
        frame = getattr(self, "_frame", None)
        self.hidden = bool(frame is not None and frame._atTop)
        return self.width, 0.0 if self.hidden else self.height

    def draw(self):
        if self.hidden:
            return
        c = self.canv
        c.saveState()
        y = self.height / 2
        tw = fonts.width(self.label, self.font, 8)
        mid = self.width / 2
        c.setDash(5, 3)
        c.setLineWidth(0.8)
        c.line(0, y, mid - tw / 2 - 6, y)       # the line leaves a gap for its word: no stroke through text
        c.line(mid + tw / 2 + 6, y, self.width, y)
        c.setDash()
        fonts.draw_string(c, mid - tw / 2, y - 2.8, self.label, 8, self.font)
        c.restoreState()


class Section(Flowable):
    """Where a part for one side begins (a set-up sheet's secret slips, a turn record's planning
    pads): its page starts a page-label range of its own ("S-1"), so a reader, and the
    preflight, see it as a section apart from the pages before (whose last page may end short:
    the part starts a page of its own)."""

    def __init__(self, prefix: str):
        super().__init__()
        self.prefix = prefix

    def wrap(self, aw, ah):
        return 0, 0

    def draw(self):
        c = self.canv
        if not getattr(c, "_labelled", False):   # the public pages: 1, 2, ...
            c.addPageLabel(0, style="D")
            c._labelled = True
        c.addPageLabel(c.getPageNumber() - 1, style="D", prefix=self.prefix)   # S-1, S-2, ...
