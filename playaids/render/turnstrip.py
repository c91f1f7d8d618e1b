"""The strip of turn boxes of a turn-record sheet (issue 23), drawn with ReportLab.

One cell per turn: its label, date and "turn played" tick box, the values and events of that
turn alone, the game's per-turn tick boxes at the foot. An event or a value that covers several
turns is drawn ONCE, as a bar across the cells of its turns (a turn list with gaps: a bar over
the whole run, a dark strip at its foot in the cells of its own turns, under the words). A row the bar runs past ends it at the row's
edge, and the next row carries a short "continued from turn n" bar, never the words again.

The cells of a row share their borders; a border is broken where a bar crosses it, so no line
runs through a bar's words. Every line is broken under the kinsoku rules with the font's own
metrics (playaids/render/lines.py), so heights are exact. Nothing here names a game.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.platypus import Flowable

from playaids.render import lines as textlines
from playaids.render.lines import ASCENT, draw_string
from playaids.render.page import OKABE_ITO, PageSpec

PAD = 3.5          # inside a cell
LABEL, DATE, TEXT, CHECK = 10.0, 7.6, 7.0, 7.0
LEADING = 1.2
TICK = 9.0         # the "turn played" tick box
MARK = 6.5         # room for a side marker before an entry's words
MIN_CELL = 46.0    # room to write in a cell with nothing printed in it
STRIP = 2.4        # the mark of a turn of a list with gaps, at the foot of its bar

_width = textlines.width


@functools.lru_cache(maxsize=32768)
def _wrapped(s: str, avail: float, size: float) -> tuple[str, ...]:
    return tuple(textlines.wrap(s, avail, size, phrases=True))   # a box's entries: short text


def _wrap(s: str, avail: float, size: float) -> list[str]:
    """Lines of `s` at `avail` points (widths to a hundredth: the same layout is asked for
    again and again while the column widths are chosen)."""
    return list(_wrapped(s, round(avail, 2), size))


@dataclass
class Entry:
    """Words printed in a cell: an event, a value (`muted`) or a shaded band (start or end)."""

    text: str
    muted: bool = False
    band: bool = False
    marker: int | None = None  # the side's index (square, circle ...), None: no side
    value: str | None = None   # a value: `text` is its name, broken by value_line


@dataclass
class Cell:
    turn: int
    labels: list[str]            # "Turn 3", or "ターン3" and "Turn 3"
    date: str | None = None
    entries: list[Entry] = field(default_factory=list)
    checks: list[tuple[str, bool]] = field(default_factory=list)  # (label, already marked)


@dataclass
class Bar:
    """An event or value over several turns: `turns` those it covers in the scenario."""

    turns: tuple[int, ...]
    text: str
    continued: str             # the words of a row the bar runs into from the row before
    muted: bool = False        # a value (operation limits, deck passes), not an event
    marker: int | None = None
    series: str | None = None  # the values of one series share a lane, named in a row's first
    name: str = ""

    @property
    def first(self) -> int:
        return self.turns[0]

    @property
    def last(self) -> int:
        return self.turns[-1]


def _gaps(b: Bar) -> bool:
    return len(b.turns) != b.last - b.first + 1


def value_line(name: str, value: str, width: float, size: float = TEXT) -> list[str]:
    """'name: value' broken so that a short value is never split ("...return: turn" / "5")."""
    whole = _wrap(f"{name}: {value}", width, size)
    if value in whole[-1] or _width(value, size) > width:
        return whole
    return _wrap(f"{name}:", width, size) + _wrap(value, width, size)


# --- shapes and words ---------------------------------------------------------------------------

class Drawing(Flowable):
    """Shapes and words at computed places (y downwards from the top), drawn as one block
    that never breaks across pages: a row of turn cells or a side track."""

    def __init__(self, width: float, height: float):
        super().__init__()
        self.width, self.height = width, height
        self.shapes: dict = {}  # style -> [(kind, args)]: one stroke or fill per style
        self.words: list = []  # (lines, x, top, size, fill)

    def wrap(self, aw, ah):
        return self.width, self.height

    def _add(self, style: tuple, kind: str, *args) -> None:
        self.shapes.setdefault(style, []).append((kind, args))

    def rect(self, style: tuple, x: float, y: float, w: float, h: float) -> None:
        self._add(style, "rect", x, y, w, h)

    def line(self, style: tuple, x1: float, y1: float, x2: float, y2: float) -> None:
        self._add(style, "line", x1, y1, x2, y2)

    def circle(self, style: tuple, cx: float, cy: float, r: float) -> None:
        self._add(style, "circle", cx, cy, r)

    def text(self, lines, x: float, top: float, size: float, fill: str = "#000") -> None:
        """Lines of one size and colour, the first line box's top at `top`."""
        self.words.append(([lines] if isinstance(lines, str) else list(lines), x, top, size, fill))

    def draw(self):
        c, h = self.canv, self.height
        for (fill, stroke, width), items in self.shapes.items():
            path = c.beginPath()
            for kind, a in items:
                if kind == "rect":
                    path.rect(a[0], h - a[1] - a[3], a[2], a[3])
                elif kind == "line":
                    path.moveTo(a[0], h - a[1])
                    path.lineTo(a[2], h - a[3])
                else:
                    path.circle(a[0], h - a[1], a[2])
            if fill != "none":
                c.setFillColor(colors.HexColor(fill))
            if stroke != "none":
                c.setStrokeColor(colors.HexColor(stroke))
                c.setLineWidth(width)
            c.drawPath(path, stroke=int(stroke != "none"), fill=int(fill != "none"))
        for lines, x, top, size, fill in self.words:
            for k, s in enumerate(lines):
                draw_string(c, x, h - (top + k * size * LEADING + size * (LEADING - 1) / 2 + size * ASCENT),
                            s, size, fill)

    def to_svg(self, dwg, g, dy: float = 0.0) -> None:
        """The same shapes and words as svgwrite elements, `dy` points down the page."""
        for (fill, stroke, width), items in self.shapes.items():
            cmds = []
            for kind, a in items:
                if kind == "rect":
                    cmds.append(f"M{a[0]:.2f} {a[1] + dy:.2f}h{a[2]:.2f}v{a[3]:.2f}h{-a[2]:.2f}z")
                elif kind == "line":
                    cmds.append(f"M{a[0]:.2f} {a[1] + dy:.2f}L{a[2]:.2f} {a[3] + dy:.2f}")
                else:
                    cx, cy, r = a[0], a[1] + dy, a[2]
                    cmds.append(f"M{cx - r:.2f} {cy:.2f}a{r} {r} 0 1 0 {2 * r:.2f} 0a{r} {r} 0 1 0 {-2 * r:.2f} 0z")
            g.add(dwg.path(d="".join(cmds), fill=fill, stroke=stroke, stroke_width=width))
        for lines, x, top, size, fill in self.words:
            for k, s in enumerate(lines):
                y = dy + top + k * size * LEADING + size * (LEADING - 1) / 2 + size * ASCENT
                g.add(dwg.text(s, insert=(round(x, 2), round(y, 2)), font_size=size, fill=fill))


def fill(colour: str) -> tuple:
    return (colour, "none", 0)


def stroke(width: float, fill_: str = "none") -> tuple:
    return (fill_, "#000000", width)


def marker(d: Drawing, kind: int | None, x: float, y: float, spec: PageSpec) -> None:
    """A side's marker, its foot at y: a square for the first side, a circle for the second
    (colour and shape)."""
    if kind is None:
        return
    palette = [OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["green"], OKABE_ITO["purple"]]
    c = "#000000" if spec.grayscale else palette[kind % len(palette)]
    if kind % 2 == 0:
        d.rect(fill(c), x, y - 4.4, 4.4, 4.4)
    else:
        d.circle(fill(c), x + 2.3, y - 2.3, 2.3)


# --- one row of the strip -----------------------------------------------------------------------

def _lines_h(n: int, size: float = TEXT) -> float:
    return n * size * LEADING


def check_lines(checks, width: float) -> list[str]:
    """The per-turn tick boxes as text: □ to tick, ■ already given by the source; a box stays
    with its label."""
    out: list[str] = []
    for item in (("■" if marked else "□") + label for label, marked in checks):
        if out and _width(f"{out[-1]}  {item}", CHECK) <= width:
            out[-1] += f"  {item}"
        else:
            out += _wrap(item, width, CHECK)
    return out


def _header_rows(cells: list[Cell], col_w: float) -> tuple[list[list[tuple[int, float]]], bool]:
    """The labels of every cell of the sheet set alike: side by side when the widest fits left
    of the tick box, else one under the other; and whether the date fits on the first line too."""
    room = col_w - 2 * PAD - TICK - 3
    sizes = [LABEL if k == 0 else LABEL * 0.8 for k in range(max(len(c.labels) for c in cells))]

    def line(c: Cell, date: bool) -> float:
        w = sum(_width(s, z) for s, z in zip(c.labels, sizes)) + 5 * (len(c.labels) - 1)
        return w + (_width(c.date, DATE) + 6 if date and c.date else 0)

    if all(line(c, True) <= room for c in cells):
        return [list(zip(range(len(sizes)), sizes))], True
    if all(line(c, False) <= room for c in cells):
        return [list(zip(range(len(sizes)), sizes))], False
    return [[(k, z)] for k, z in enumerate(sizes)], False


def _entry_lines(e: Entry, width: float) -> list[str]:
    width -= MARK if e.marker is not None else 0
    return value_line(e.text, e.value, width) if e.value is not None else _wrap(e.text, width, TEXT)


def _lanes(bars: list[Bar], turns: list[int], order: list[str] = ()) -> list[list[Bar]]:
    """Bars of a row in lanes: a lane for each series of values (in `order` on every row), then
    each other bar in the first lane it does not overlap in the row."""
    lanes: list[list[Bar]] = []
    row = set(turns)
    series: dict[str, list[Bar]] = {}
    for b in bars:
        if b.series is not None:
            series.setdefault(b.series, []).append(b)
    rank = {sid: k for k, sid in enumerate(order)}
    lanes += [series[sid] for sid in sorted(series, key=lambda sid: rank.get(sid, len(rank)))]
    for b in sorted((b for b in bars if b.series is None),
                    key=lambda b: (min(t for t in b.turns if t in row), -len([t for t in b.turns if t in row]))):
        first = min(t for t in b.turns if t in row)
        for lane in lanes:
            if all(max(t for t in x.turns if t in row) < first for x in lane):
                lane.append(b)
                break
        else:
            lanes.append([b])
    return lanes


def _cell_h(c: Cell, width: float) -> float:
    """Height of a cell's own words (entries and tick boxes) at `width`."""
    inner = width - 2 * PAD
    h = sum(_lines_h(len(_entry_lines(e, inner))) + 1 for e in c.entries)
    return h + (_lines_h(len(check_lines(c.checks, inner)), CHECK) if c.checks else 0.0)


def widths(cells: list[Cell], total: float, least: float) -> list[float]:
    """Cell widths summing to `total`: equal, unless giving the wordiest cells more width (the
    others no narrower than `least`) makes the row at least a fifth lower. The lowest height
    any widths reach is found by bisection; each cell then takes the least width that holds
    its words under it, and the width left over is shared equally."""
    n = len(cells)
    equal = [total / n] * n
    if n == 1 or total / n <= least:
        return equal

    memo: dict = {}

    def h(k: int, w: int) -> float:
        if (k, w) not in memo:
            memo[k, w] = _cell_h(cells[k], w)
        return memo[k, w]

    floor, ceiling = math.ceil(least), int(total - (n - 1) * least)

    def need(k: int, height: float) -> float | None:
        """The least whole number of points at which cell k's words fit `height`."""
        if h(k, ceiling) > height:
            return None
        lo, hi = floor, ceiling
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if h(k, mid) <= height else (mid + 1, hi)
        return float(lo)

    top = max(_cell_h(c, total / n) for c in cells)
    lo, hi = 0.0, top
    while hi - lo > 2.0:
        mid = (lo + hi) / 2
        ws = [need(k, mid) for k in range(n)]
        lo, hi = (lo, mid) if None not in ws and sum(ws) <= total else (mid, hi)
    if hi > 0.8 * top:
        return equal
    ws = [need(k, hi) for k in range(n)]
    spare = (total - sum(ws)) / n
    return [w + spare for w in ws]


@dataclass
class RowLayout:
    turns: list[int]
    widths: list[float]
    heights: dict
    bars: list  # (lane, bar, first col, last col, lines, continued)
    lane_hs: list = field(default_factory=list)
    head: list = field(default_factory=list)
    date_beside: bool = False

    @property
    def height(self) -> float:
        return sum(self.heights.values())


def layout(cells: list[Cell], bars: list[Bar], ws: list[float], head_w: float, all_cells: list[Cell]) -> RowLayout:
    """Heights of the parts of a row (header, lanes of bars, entries, tick boxes) at widths `ws`;
    the header is laid out alike on every row at the sheet's narrowest cell `head_w`."""
    turns = [c.turn for c in cells]
    head, date_beside = _header_rows(all_cells, head_w)
    head_h = PAD + sum(max(z for _, z in r) * LEADING for r in head)
    if any(c.date for c in all_cells) and not date_beside:
        head_h += DATE * LEADING
    head_h += 2
    placed, lane_hs = [], []
    in_row = [b for b in bars if any(t in turns for t in b.turns)]
    order = list(dict.fromkeys(b.series for b in bars if b.series is not None))
    for k, lane in enumerate(_lanes(in_row, turns, order)):
        h = 0.0
        for b in lane:
            cols = [turns.index(t) for t in b.turns if t in turns]
            c0, c1 = min(cols), max(cols)
            cont = b.first < turns[0]
            width = sum(ws[c0:c1 + 1]) - 2 * PAD - (MARK if b.marker is not None and not cont else 0)
            if b.series is not None:   # a series is named in its lane's first bar of a row
                said = b.continued if cont else b.text
                words = value_line(b.name, said, width) if b is lane[0] and b.name else _wrap(said, width, TEXT)
            else:
                words = _wrap(b.continued if cont else b.text, width, TEXT)
            placed.append((k, b, c0, c1, words, cont))
            h = max(h, _lines_h(len(words)) + 3 + (STRIP + 0.5 if _gaps(b) else 0))
        lane_hs.append(h + 1.5)
    entries_h = max(sum(_lines_h(len(_entry_lines(e, w - 2 * PAD))) + 1 for e in c.entries) for c, w in zip(cells, ws))
    checks_h = max(_lines_h(len(check_lines(c.checks, w - 2 * PAD)), CHECK) for c, w in zip(cells, ws)) if any(
        c.checks for c in all_cells) else 0.0
    heights = {"head": head_h, "lanes": sum(lane_hs) + (2 if lane_hs else 0), "entries": entries_h + 2,
               "checks": checks_h + (PAD if checks_h else 0)}
    body = heights["lanes"] + heights["entries"] + heights["checks"]
    heights["entries"] += max(0.0, MIN_CELL - head_h - body)
    return RowLayout(turns, ws, heights, placed, lane_hs, head, date_beside)


def row_drawing(cells: list[Cell], bars: list[Bar], ws: list[float], head_w: float, all_cells: list[Cell],
                spec: PageSpec) -> Drawing:
    """One row of the strip: cells sharing their borders, the bars across them."""
    lay = layout(cells, bars, ws, head_w, all_cells)
    n = len(cells)
    height = lay.height
    x_of = [0.5]
    for w in ws:
        x_of.append(x_of[-1] + w)
    d = Drawing(x_of[-1] + 0.5, height + 1)
    head_h = lay.heights["head"]
    lane_tops = [head_h + 1]
    for h in lay.lane_hs:
        lane_tops.append(lane_tops[-1] + h)
    muted = spec.colour("muted")
    d.rect(stroke(0.9, "#FFFFFF"), 0.5, 0.5, x_of[-1] - 0.5, height - 0.5)  # first: its white under the rest
    # the bars, their words, and which cell borders they cross (broken there)
    crossed: dict[int, list[tuple[float, float]]] = {}
    for lane, b, c0, c1, words, cont in lay.bars:
        top, h = lane_tops[lane] + 0.8, lay.lane_hs[lane] - 1.6
        shade = spec.colour("note" if b.muted else "header")
        d.rect(fill(shade), x_of[c0] + 1.2, top, x_of[c1 + 1] - x_of[c0] - 2.4, h)
        if _gaps(b):   # a list with gaps: its own turns marked by a strip under the words
            for t in b.turns:
                if t in lay.turns:
                    k = lay.turns.index(t)
                    d.rect(fill(spec.colour("accent")), x_of[k] + 1.2, top + h - STRIP, ws[k] - 2.4, STRIP)
        for k in range(c0 + 1, c1 + 1):
            crossed.setdefault(k, []).append((top - 0.8, top + h + 0.8))
        x = x_of[c0] + PAD
        if b.marker is not None and not cont:
            marker(d, b.marker, x, top + 1.5 + TEXT * LEADING - 1.6, spec)
            x += MARK
        d.text(words, x, top + 1.5, TEXT, muted if cont else "#000")
    # cell borders (broken where a bar crosses), header rules
    for k in range(1, n):
        x, y = x_of[k], 0.5
        for a, b in sorted(crossed.get(k, [])):
            if a > y:
                d.line(stroke(0.7), x, y, x, a)
            y = max(y, b)
        d.line(stroke(0.7), x, y, x, height)
    for k, c in enumerate(cells):
        x0, w = x_of[k], ws[k]
        y = PAD
        for r, row in enumerate(lay.head):
            x = x0 + PAD
            for i, size in row:
                if i < len(c.labels):
                    d.text(c.labels[i], x, y + ((LABEL - size) * 0.9 if r == 0 else 0), size)
                    x += _width(c.labels[i], size) + 5
            if r == 0 and lay.date_beside and c.date:
                d.text(c.date, x + 1, y + (LABEL - DATE) * 0.9, DATE, muted)
            y += max(z for _, z in row) * LEADING
        d.rect(stroke(0.8, "#FFFFFF"), x0 + w - PAD - TICK, PAD, TICK, TICK)
        if c.date and not lay.date_beside:
            d.text(c.date, x0 + PAD, y - 0.5, DATE, muted)
        d.line(stroke(0.35), x0 + PAD, head_h, x0 + w - PAD, head_h)
        y = lane_tops[-1] + (2 if lay.lane_hs else 0) + 1
        inner = w - 2 * PAD
        for e in c.entries:
            words = _entry_lines(e, inner)
            h = _lines_h(len(words))
            if e.band:   # the start or end of the game: white on a dark band, unlike a bar
                d.rect(fill(spec.colour("band")), x0 + 1.2, y - 0.3, w - 2.4, h + 0.6)
            x = x0 + PAD
            if e.marker is not None:
                marker(d, e.marker, x, y + TEXT * LEADING - 1.6, spec)
                x += MARK
            d.text(words, x, y, TEXT, spec.colour("band_text") if e.band else muted if e.muted else "#000")
            y += h + 1
        if c.checks:
            words = check_lines(c.checks, inner)
            d.text(words, x0 + PAD, height - PAD - _lines_h(len(words), CHECK), CHECK)
    return d


__all__ = ["Entry", "Cell", "Bar", "Drawing", "row_drawing", "layout", "widths", "value_line", "check_lines",
           "marker", "fill", "stroke"]
