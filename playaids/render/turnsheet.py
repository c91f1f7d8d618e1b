"""Turn-record sheets, drawn with ReportLab like the chart cards.

Each turn of the scenario is a box: turn label and date, a tick box for the turn played, the
values of that turn (operation limits, deck passes), the events printed on it in the chosen
language(s) with their rule numbers, and the game's per-turn tick boxes. Below the track: the
side tracks (numbered strips, per-turn records, planning grids), the events whose turn the
source does not give, and the source notes. Layout only: every word comes from turns.yaml.

Every line is broken here under the kinsoku rules with the font's own metrics, so box
heights are exact. A row of boxes or a side track is one `Drawing` (shapes and words at
computed places); the lists in between are `Lines` that flow from page to page.
(Until 0.1 the sheet was SVG in HTML rendered by WeasyPrint: ten times slower, for the same
page; see the README's performance section.)
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate, Spacer

from playaids import __version__, fonts
from playaids.model import Game, Text
from playaids.render import lines as textlines
from playaids.render import page as pagelib
from playaids.render.lines import ASCENT, Lines, draw_string
from playaids.render.page import OKABE_ITO, PageSpec
from playaids.turns import SETUP, UNKNOWN, Event, Scenario, Track, TurnRecord

PT_PER_MM = 72 / 25.4
MARGIN = 10 * PT_PER_MM
BOTTOM = 14 * PT_PER_MM
GAP = 5.0  # between boxes
PAD = 4.0  # inside a box
LABEL, DATE, EVENT, SMALL = 11.5, 8.5, 7.6, 6.8
CHECK = 7.6  # tick-box lines (□ is about 0.8 em wide)
LEADING = 1.22
TICK = 10.0  # the "turn played" tick box
MIN_BOX = 62.0  # room to write in an empty box
HEADING = 70.0  # title, meta line and side legend above the first row
MIN_COLUMNS = 3


_width = textlines.width
_wrap = textlines.wrap


def _langs(spec: PageSpec) -> tuple[str, ...]:
    return ("ja", "en") if spec.lang == "both" else (spec.lang,)


def _turn_word(turn: int, lang: str) -> str:
    return f"ターン{turn}" if lang == "ja" else f"Turn {turn}"


@dataclass
class Line:
    text: str
    size: float
    dx: float = 0.0  # indent from the box's text edge
    fill: str = "#000"
    band: bool = False  # start/end marker: shaded band
    marker: int | None = None  # side index of the event, on its first line


@dataclass
class Box:
    turn: int
    header: list[str]
    date: str | None
    lines: list[Line] = field(default_factory=list)
    checks: list[tuple[str, bool]] = field(default_factory=list)
    stack: bool = False  # set for every box of a sheet when one box's labels do not fit a line

    def header_rows(self, width: float) -> list[list[tuple[str, float]]]:
        """The turn labels as (text, size) rows: side by side when they fit left of the tick
        box, else one under the other (narrow boxes of long tracks)."""
        parts = [(h, LABEL if k == 0 else LABEL * 0.8) for k, h in enumerate(self.header)]
        room = width - 2 * PAD - TICK - 3
        if not self.stack and sum(_width(h, size) for h, size in parts) + 6 * (len(parts) - 1) <= room:
            return [parts]
        return [[p] for p in parts]

    def header_height(self, width: float) -> float:
        rows = self.header_rows(width)
        return LABEL * LEADING + sum(max(size for _, size in r) * LEADING for r in rows[1:])

    def height(self, width: float) -> float:
        h = PAD + self.header_height(width) + (DATE * LEADING if self.date else 0) + 3
        h += sum(ln.size * LEADING for ln in self.lines)
        h += _checks_height(self.checks, width - 2 * PAD)
        return max(MIN_BOX, h + PAD + 2)


def _check_lines(checks, width: float) -> list[str]:
    """The per-turn tick boxes as text: □ to tick, ■ already given by the source."""
    if not checks:
        return []
    lines: list[str] = []
    for item in (("■" if marked else "□") + label for label, marked in checks):  # a box stays with its label
        if lines and _width(f"{lines[-1]}  {item}", CHECK) <= width:
            lines[-1] += f"  {item}"
        else:
            lines += _wrap(item, width, CHECK)
    return lines


def _checks_height(checks, width: float) -> float:
    lines = _check_lines(checks, width)
    return len(lines) * CHECK * LEADING + 2 if lines else 0.0


class Notes:
    """What the sheet prints beside a rule reference. Source notes (provenance) are not printed
    on a player's sheet (issue 13): they are in the game's Sources and reconstructions; `mark`
    prints nothing and `items` stays empty. `rule` prints a rule reference in the sheet's
    language (a seed without numbers cites headings: Game.rule_label)."""

    def __init__(self, game_id: str = "", lang: str = "both"):
        self.items: list[str] = []
        self.game_id, self.lang = game_id, lang

    def mark(self, note: str | None) -> str:
        return ""

    def rule(self, rule: str | None) -> str:
        from playaids import games

        return games.rule_label(self.game_id, rule, self.lang)


def _side_index(game: Game | None, side: str | None) -> int | None:
    if game is None or side is None:
        return None
    for i, s in enumerate(game.sides):
        if s.id == side:
            return i
    return None


def _event_lines(e: Event, spec: PageSpec, width: float, game, notes: Notes) -> list[Line]:
    langs = _langs(spec)
    out: list[Line] = []
    band = e.kind in ("start", "end")
    indent = 0.0 if band else 7.0
    span = e.when.label("en") if e.when.kind in ("span", "list") and not e.repeat else ""
    for k, lang in enumerate(langs):
        s = e.text.get(lang)
        if span and k == 0:
            s = f"{span}: {s}"
        if k == len(langs) - 1:
            s += f" ({notes.rule(e.rule)})" + notes.mark(e.note)
        for j, ln in enumerate(_wrap(s, width - indent, EVENT)):
            out.append(Line(ln, EVENT, indent, "#000", band,
                            _side_index(game, e.side) if (k == 0 and j == 0 and not band) else None))
    return out


def _word(spec: PageSpec, ja: str, en: str) -> str:
    return spec.word(ja, en)


def _text(t: Text | None, spec: PageSpec, sep: str = " / ") -> str:
    if t is None:
        return ""
    return t.get(spec.lang).replace("\n", sep)


def build_boxes(rec: TurnRecord, scen: Scenario, game, spec: PageSpec, width: float, notes: Notes) -> list[Box]:
    boxes: list[Box] = []
    inner = width - 2 * PAD
    per_turn = rec.in_scope(rec.per_turn, scen.id)
    checks = rec.in_scope(rec.checkboxes, scen.id)
    for t in scen.turns:
        date = rec.date(t)
        b = Box(t, [_turn_word(t, lang) for lang in _langs(spec)], _text(date, spec) or None)
        for p in per_turn:
            v = p.value(t)
            if v is None:
                continue
            s = f"{_text(p.name, spec)}: {_text(v.text, spec)}" + notes.mark(v.note)
            b.lines += [Line(ln, EVENT, 0, spec.colour("muted")) for ln in _wrap(s, inner, EVENT)]
        if t == scen.first:
            s = f"{_text(scen.name, spec)} ({_word(spec, 'ターン', 'turns')} {scen.first}–{scen.last})"
            b.lines += [Line(ln, EVENT, 0, "#000", True) for ln in _wrap(s, inner, EVENT)]
        for e in rec.events_in(t, scen.id):
            b.lines += _event_lines(e, spec, inner, game, notes)
        if t == scen.last:
            s = " / ".join(f"{scen.name.get('ja')} 終了" if lang == "ja" else f"End of {scen.name.get('en')}"
                           for lang in _langs(spec))
            b.lines += [Line(ln, EVENT, 0, "#000", True) for ln in _wrap(s, inner, EVENT)]
        b.checks = [(_text(c.name, spec), t in c.marked) for c in checks]
        boxes.append(b)
    if any(len(b.header_rows(width)) > 1 for b in boxes):  # one header layout for the whole sheet
        for b in boxes:
            b.stack = True
    return boxes


def _columns(n: int) -> int:
    if n <= 8:
        return n
    if n <= 15:
        return math.ceil(n / 3)
    if n <= 28:
        return 7
    return 9


class Drawing(Flowable):
    """Shapes and words at computed places (y downwards from the top), drawn as one block
    that never breaks across pages: a row of turn boxes or a side track."""

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


def _fill(colour: str) -> tuple:
    return (colour, "none", 0)


def _stroke(width: float, fill: str = "none") -> tuple:
    return (fill, "#000000", width)


def _marker(d: Drawing, kind: int | None, x: float, y: float, spec: PageSpec):
    """Side marker: a square for the first side, a circle for the second (colour and shape)."""
    if kind is None:
        return
    colours = [OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["green"], OKABE_ITO["purple"]]
    c = "#000000" if spec.grayscale else colours[kind % len(colours)]
    if kind % 2 == 0:
        d.rect(_fill(c), x, y - 4.6, 4.4, 4.4)
    else:
        d.circle(_fill(c), x + 2.3, y - 2.4, 2.4)


def row_drawing(boxes: list[Box], width: float, box_w: float, spec: PageSpec) -> Drawing:
    """One row of turn boxes."""
    height = max(b.height(box_w) for b in boxes)
    d = Drawing(width, height + 1)
    for i, b in enumerate(boxes):
        x0 = i * (box_w + GAP)
        d.rect(_stroke(0.9, "#FFFFFF"), x0 + 0.5, 0.5, box_w - 1, height - 0.5)
        y = PAD
        for k, row in enumerate(b.header_rows(box_w)):
            x = x0 + PAD
            for h, size in row:
                d.text(h, x, y + ((LABEL - size) * 0.9 if k == 0 else 0), size)
                x += _width(h, size) + 6
            y += (LABEL if k == 0 else max(size for _, size in row)) * LEADING
        d.rect(_stroke(0.9, "#FFFFFF"), x0 + box_w - PAD - TICK, PAD, TICK, TICK)
        if b.date:
            d.text(b.date, x0 + PAD, y - 1, DATE, spec.colour("muted"))
            y += DATE * LEADING
        y += 2
        d.line(_stroke(0.4), x0 + PAD, y, x0 + box_w - PAD, y)
        y += 1
        for ln in b.lines:
            h = ln.size * LEADING
            if ln.band:
                d.rect(_fill(spec.colour("header")), x0 + 1.5, y + 0.3, box_w - 3, h)
            _marker(d, ln.marker, x0 + PAD, y + h - 1.6, spec)
            d.text(ln.text, x0 + PAD + ln.dx, y, ln.size, ln.fill)
            y += h
        if b.checks:
            lines = _check_lines(b.checks, box_w - 2 * PAD)
            d.text(lines, x0 + PAD, height - PAD - len(lines) * CHECK * LEADING, CHECK)
    return d


# --- side tracks ------------------------------------------------------------------------------

ROW_H = 17.0


def _label_col(labels: list[str], width: float) -> float:
    widest = max((_width(s, EVENT) for s in labels), default=0)
    return min(max(60.0, widest + 2 * PAD), width * 0.22)


def _centred(d: Drawing, lines: list[str], x: float, w: float, top: float, size: float) -> None:
    for k, ln in enumerate(lines):
        d.text(ln, x + max(1.0, (w - _width(ln, size)) / 2), top + k * size * LEADING, size)


def track_label_width(tracks, spec: PageSpec, width: float) -> float:
    """One label column for every per-turn record of a sheet, so their turn columns line up."""
    labels = [_text(r, spec) for t in tracks if t.kind == "record" for r in t.rows] + [_word(spec, "ターン", "Turn")]
    return _label_col(labels, width)


def track_drawing(track: Track, scen: Scenario, spec: PageSpec, width: float, record_label: float = 0.0) -> Drawing:
    """A side track: a numbered strip (boxes), one write-in cell per turn (record) or a
    rows x columns write-in grid (grid)."""
    rows = [_text(r, spec) for r in track.rows] or [""]
    has_labels = any(rows)
    if track.kind == "boxes":
        heads: list[str] = []
        cells = [_text(b, spec) for b in track.box_labels()]
    elif track.kind == "record":
        heads = [str(t) for t in scen.turns]
        cells = []
    else:
        heads = [_text(c, spec) for c in track.columns]
        cells = []
    corner = _word(spec, "ターン", "Turn") if track.kind == "record" else ""
    label_w = _label_col(rows + [corner], width) if (has_labels or corner) else 0.0
    if track.kind == "record" and record_label:
        label_w = record_label
    n = len(cells) if track.kind == "boxes" else len(heads)
    if track.kind == "boxes":
        natural = [max(18.0, _width(c, SMALL) + 8) for c in cells]
        scale = min(1.0, (width - label_w) / sum(natural))
        widths = [w * scale for w in natural] if scale < 1 else [min(w, 40.0) if len(c) <= 3 else w
                                                                  for w, c in zip(natural, cells)]
    else:
        widths = [(width - label_w) / n] * n
    total_w = label_w + sum(widths)
    xs = [label_w]
    for w in widths:
        xs.append(xs[-1] + w)
    head_lines = [_wrap(h, w - 3, SMALL) for h, w in zip(heads, widths)]
    head_h = (max(len(x) for x in head_lines) * SMALL * LEADING + 5) if heads else 0.0
    cell_lines = [_wrap(c, w - 4, SMALL) for c, w in zip(cells, widths)]
    row_lines = [_wrap(r, label_w - PAD, EVENT) if label_w else [] for r in rows]
    base = max([ROW_H] + [len(x) * SMALL * LEADING + 6 for x in cell_lines])
    row_h = [max(base, len(x) * EVENT * LEADING + 5) for x in row_lines]
    height = head_h + sum(row_h)
    d = Drawing(total_w, height + 1)
    if heads:
        d.rect(_fill(spec.colour("header")), 0.5, 0.5, total_w - 1, head_h)
        if corner:
            d.text(corner, 2, head_h - SMALL * LEADING - 2, SMALL)
        for lines, x, w in zip(head_lines, xs, widths):
            _centred(d, lines, x, w, 2.5, SMALL)
    y = head_h
    for lines, h in zip(row_lines, row_h):
        if lines:
            d.text(lines, 2, y + (h - len(lines) * EVENT * LEADING) / 2, EVENT)
        for lines_c, x, w in zip(cell_lines, xs, widths):
            _centred(d, lines_c, x, w, y + (h - len(lines_c) * SMALL * LEADING) / 2, SMALL)
        y += h
    for x in xs if track.kind != "boxes" or has_labels else xs[1:-1]:
        d.line(_stroke(0.5), x, 0.5, x, height + 0.5)
    y = 0.5
    for h in ([head_h] if heads else []) + row_h[:-1]:
        y += h
        d.line(_stroke(0.5), 0.5, y, total_w - 0.5, y)
    d.rect(_stroke(0.9), 0.5, 0.5, total_w - 1, height)
    return d


# --- flowing text -----------------------------------------------------------------------------

class Markers(Flowable):
    """The side legend: each side's marker and name on one line."""

    def __init__(self, sides: list, spec: PageSpec, size: float = 8.0):
        super().__init__()
        self.sides, self.spec, self.size = sides, spec, size

    def wrap(self, aw, ah):
        self.width, self.height = aw, self.size * 1.3 + 4
        return self.width, self.height

    def draw(self):
        d = Drawing(self.width, self.height)
        x = 0.0
        for i, name in self.sides:
            _marker(d, i, x, self.size * 1.1, self.spec)
            d.text(name, x + 7, 0, self.size)
            x += 7 + _width(name, self.size) + 10
        d.drawOn(self.canv, 0, 0)


# --- the page ---------------------------------------------------------------------------------

H1, H2, H3, INFO, META, NOTE = 16.0, 11.5, 8.5, 8.0, 8.5, 7.5
BULLET = "•"


class _Sheet:
    """The flowables of one sheet and every string they print (for the glyph check)."""

    def __init__(self, spec: PageSpec):
        self.spec = spec
        self.strings: list[str] = []
        self.story: list = []

    def para(self, text: str, size: float, **kw) -> None:
        self.strings.append(text)
        self.story.append(Lines(text, size, **kw))

    def heading(self, text: str, size: float = H2) -> None:
        """A heading kept with what follows it."""
        self.strings.append(text)
        f = Lines(text, size, before=5.0 if size == H2 else 3.0, after=3.0 if size == H2 else 1.5,
                  rule_below=size == H2)
        f.keepWithNext = True
        self.story.append(f)

    def items(self, entries, size: float = INFO, numbered: bool = False) -> None:
        for k, e in enumerate(entries, 1):
            self.para(e, size, indent=13.0, bullet=f"{k}." if numbered else BULLET)

    def block(self, d: Flowable, after: float = 5.0) -> None:
        self.story += [d, Spacer(1, after)]


def _entry(text: str, rule: str, note: str, notes: "Notes") -> str:
    return f"{text} ({notes.rule(rule)})" + notes.mark(note)


def _track(rec: TurnRecord, scen: Scenario, game, spec: PageSpec):
    """(track width, boxes per row, box width, boxes, notes) on a landscape page of the paper:
    the boxes are the first thing of a sheet to mark source notes, so `notes` goes on
    numbering the notes of whatever the sheet prints after them."""
    pw, ph = spec.size[1], spec.size[0]
    width = pw - 2 * MARGIN
    room = ph - MARGIN - BOTTOM - HEADING  # the tallest row must fit under the heading
    cols = _columns(len(scen.turns))
    while True:  # fewer, wider boxes until the tallest box fits a page
        box_w = (width - (cols - 1) * GAP) / cols
        notes = Notes(rec.game, spec.lang)
        boxes = build_boxes(rec, scen, game, spec, box_w, notes)
        if cols <= MIN_COLUMNS or max(b.height(box_w) for b in boxes) <= room:
            return width, cols, box_w, boxes, notes
        cols -= 1


def _box_strings(boxes: list[Box]) -> list[str]:
    return ([ln.text for b in boxes for ln in b.lines] + [h for b in boxes for h in b.header]
            + [b.date or "" for b in boxes] + [c for b in boxes for c, _ in b.checks])


def _check_glyphs(strings, where: str) -> None:
    for s in strings:  # a missing glyph is an error, never tofu
        fonts.check_glyphs(s, fonts.GOTHIC, where)


def track_svg(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> str:
    """The turn track alone as SVG (svgwrite), for a publisher's own layout: the rows of turn
    boxes as on the sheet, then the source notes their [n] marks refer to. Units: points."""
    import svgwrite

    scen = rec.scenario(scenario)
    width, cols, box_w, boxes, notes = _track(rec, scen, game, spec)
    rows = [row_drawing(boxes[i:i + cols], width, box_w, spec) for i in range(0, len(boxes), cols)]
    note_lines = [ln for k, n in enumerate(notes.items, 1) for ln in _wrap(f"[{k}] {n}", width, SMALL)]
    _check_glyphs(_box_strings(boxes) + note_lines, f"{rec.game}/turns/{scen.id} (svg)")
    height = sum(d.height for d in rows) + GAP * (len(rows) - 1) + (GAP + len(note_lines) * SMALL * LEADING
                                                                    if note_lines else 0)
    dwg = svgwrite.Drawing(size=(f"{width:.2f}pt", f"{height:.2f}pt"), viewBox=f"0 0 {width:.2f} {height:.2f}",
                           profile="full", debug=False)
    title = _text(rec.title, spec) or _word(spec, "ターン記録", "Turn record")
    dwg.set_desc(title=f"{rec.game} · {scen.id} · {title}")
    g = dwg.g(font_family=", ".join(f"'{f}'" for f in (fonts.GOTHIC, fonts.SYMBOLS)))
    dwg.add(g)
    y = 0.0
    for d in rows:
        d.to_svg(dwg, g, y)
        y += d.height + GAP
    if note_lines:
        notes_d = Drawing(width, len(note_lines) * SMALL * LEADING)
        notes_d.text(note_lines, 0, 0, SMALL, spec.colour("muted"))
        notes_d.to_svg(dwg, g, y)
    return dwg.tostring()


def sheet_story(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec):
    """(story, strings, title, footer): the flowables of the sheet and every string it prints."""
    scen = rec.scenario(scenario)
    width, cols, box_w, boxes, notes = _track(rec, scen, game, spec)
    sh = _Sheet(spec)
    muted = spec.colour("muted")
    title = _text(rec.title, spec) or _word(spec, "ターン記録", "Turn record")
    game_title = _text(game.title, spec) if game else rec.game
    sh.para(f"{game_title} — {title}", H1, after=2.0)
    meta = (f"{_text(scen.name, spec)} ({_word(spec, 'ターン', 'turns')} {scen.first}–{scen.last})")
    if rec.turn_length:
        meta += f" · {_word(spec, '1ターン', 'one turn')} = {_text(rec.turn_length, spec)}"
    meta += f" · {_word(spec, 'ルール', 'rule')} {notes.rule(rec.rule)}" + (f", {notes.rule(rec.calendar_rule)}" if rec.calendar_rule else "")
    meta += " · " + _word(spec, "各ボックス右上の□：プレイしたターンに印", "top-right box: tick each turn played")
    sh.para(meta, META, fill=muted, after=4.0)
    if rec.dates_note:
        sh.para(_text(rec.dates_note, spec), INFO, after=4.0)
    if game is not None and any(e.side for e in rec.events):
        sides = [(i, _text(s.name, spec)) for i, s in enumerate(game.sides)]
        sh.strings += [n for _, n in sides]
        sh.story.append(Markers(sides, spec))
    for i in range(0, len(boxes), cols):
        sh.block(row_drawing(boxes[i:i + cols], width, box_w, spec))
    sh.strings += _box_strings(boxes)
    sh.items(_entry(_text(t, spec), r, n, notes) for t, r, n in scen.notes)
    if scen.first == 1 and (setup := rec.events_at(SETUP, scen.id)):
        sh.heading(_word(spec, "ターン1の前（セット・アップ）", "Before turn 1 (set-up)"), H3)
        sh.items(_entry(_text(e.text, spec), e.rule, e.note, notes) for e in setup)
    sh.items(f"{_text(x.code, spec)} = " + _entry(_text(x.text, spec), x.rule, x.note, notes) for x in rec.legend)
    if each := rec.in_scope(rec.each_turn, scen.id):
        sh.heading(_word(spec, "毎ターン", "Every turn"), H3)
        sh.items(_entry(_text(x.text, spec), x.rule, x.note, notes) for x in each)
    if undated := rec.events_at(UNKNOWN, scen.id):
        sh.heading(_word(spec, "ターンが出典に記載されていない事項", "Events whose turn the source does not give"))
        not_given = _word(spec, "ターンの記載なし", "turn not given in source")
        sh.items(f"{_text(e.text, spec)} — {not_given} ({notes.rule(e.rule)})" + notes.mark(e.note) for e in undated)
    if scoped := rec.in_scope(rec.tracks, scen.id):
        sh.heading(_word(spec, "記録トラック", "Record tracks"))
        record_label = track_label_width(scoped, spec, width)
        for t in scoped:
            sh.heading(f"{_text(t.name, spec)} ({_word(spec, 'ルール', 'rule')} {notes.rule(t.rule)})" + notes.mark(t.note), H3)
            sh.block(track_drawing(t, scen, spec, width, record_label), after=6.0)
            boxes_ = t.box_labels() if t.kind == "boxes" else ()
            sh.strings += [_text(x, spec) for x in (*t.rows, *t.columns, *boxes_)] + [_word(spec, "ターン", "Turn")]
    if notes.items:
        sh.heading(_word(spec, "出典についての注", "Source notes"))
        sh.items(notes.items, NOTE, numbered=True)
    footer = f"{game_title} · {_text(scen.name, spec)} · {title}"
    sh.strings += [footer]
    return sh.story, sh.strings, f"{game_title} — {title}", footer


def _numbered_canvas(spec: PageSpec, trim, footer: str):
    """A canvas that writes 'page n / total' once the total is known."""

    class NumberedCanvas(Canvas):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self._pages: list = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            for state in self._pages:
                self.__dict__.update(state)
                self._footer(len(self._pages))
                super().showPage()
            super().save()

        def _footer(self, total: int):
            o = pagelib.offset(spec)
            pagelib.print_marks(self, spec, trim)
            y = o + BOTTOM * 0.45
            muted = spec.colour("muted")
            draw_string(self, o + MARGIN, y, footer, 7, muted)
            right = f"playaids {__version__} · {self._pageNumber} / {total}"
            draw_string(self, o + trim[0] - MARGIN - _width(right, 7), y, right, 7, muted)

    return NumberedCanvas


def render(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> bytes:
    story, strings, title, footer = sheet_story(rec, game, scenario, spec)
    where = f"{rec.game}/turns/{rec.scenario(scenario).id}"
    _check_glyphs(strings, where)
    trim = (spec.size[1], spec.size[0])
    o = pagelib.offset(spec)
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=pagelib.sheet(spec, trim), leftMargin=o + MARGIN, rightMargin=o + MARGIN,
                            topMargin=o + MARGIN, bottomMargin=o + BOTTOM, title=title, author="playaids",
                            subject=where, creator=f"playaids {__version__}", producer=f"playaids {__version__}",
                            invariant=1, initialFontName=fonts.register(),
                            lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    with pagelib.fixed_epoch():
        doc.build(story, canvasmaker=_numbered_canvas(spec, trim, footer))
    return buf.getvalue()
