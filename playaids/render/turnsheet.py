"""Turn-record sheets: the turn track drawn as SVG (svgwrite) inside an HTML page rendered by
WeasyPrint.

Each turn of the scenario is a box: turn label and date, a tick box for the turn played, the
values of that turn (operation limits, deck passes), the events printed on it in the chosen
language(s) with their rule numbers, and the game's per-turn tick boxes. Below the track: the
side tracks (numbered strips, per-turn records, planning grids), the events whose turn the
source does not give, and the source notes. Layout only: every word comes from turns.yaml.

The drawing (box frames, tick boxes, side markers, shaded bands) is one SVG per row of boxes;
the words are HTML lines placed over it. WeasyPrint lays SVG text out letter by letter, which
is ten times slower and drops the word spaces from the PDF's text layer; HTML text keeps
them. The lines are broken here, under the kinsoku rules, with the font's own metrics, so the
box heights are exact and Pango never re-wraps them (white-space: pre). WeasyPrint's cost is
per element and per SVG node, so lines of one style share a block and shapes of one style
share a path.
"""
from __future__ import annotations

import base64
import functools
import html as _html
import math
from dataclasses import dataclass, field

import svgwrite

from playaids import fonts, kinsoku
from playaids.model import Game, Text
from playaids.render import document
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


@functools.lru_cache(maxsize=65536)
def _width(s: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(s, fonts.register(), size)


def _wrap(s: str, width: float, size: float) -> list[str]:
    return kinsoku.wrap(s, width, lambda x: _width(x, size))


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

    def height(self, width: float) -> float:
        h = PAD + LABEL * LEADING + (DATE * LEADING if self.date else 0) + 3
        h += sum(ln.size * LEADING for ln in self.lines)
        h += _checks_height(self.checks, width - 2 * PAD)
        return max(MIN_BOX, h + PAD + 2)


def _check_lines(checks, width: float) -> list[str]:
    """The per-turn tick boxes as text: □ to tick, ■ already given by the source."""
    if not checks:
        return []
    return _wrap("  ".join(("■" if marked else "□") + label for label, marked in checks), width, CHECK)


def _checks_height(checks, width: float) -> float:
    lines = _check_lines(checks, width)
    return len(lines) * CHECK * LEADING + 2 if lines else 0.0


class Notes:
    """Source notes numbered in the order they are printed."""

    def __init__(self):
        self.items: list[str] = []

    def mark(self, note: str | None) -> str:
        if not note:
            return ""
        if note not in self.items:
            self.items.append(note)
        return f" [{self.items.index(note) + 1}]"


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
            s += f" ({e.rule})" + notes.mark(e.note)
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
            b.lines += [Line(ln, SMALL, 0, spec.colour("muted")) for ln in _wrap(s, inner, SMALL)]
        if t == scen.first:
            s = f"{_text(scen.name, spec)} ({_word(spec, 'ターン', 'turns')} {scen.first}–{scen.last})"
            b.lines += [Line(ln, EVENT, 0, "#000", True) for ln in _wrap(s, inner, EVENT)]
        for e in rec.events_in(t, scen.id):
            b.lines += _event_lines(e, spec, inner, game, notes)
        if t == scen.last:
            s = _word(spec, f"{_text(scen.name, spec)} 終了", f"End of {_text(scen.name, spec)}")
            b.lines += [Line(ln, EVENT, 0, "#000", True) for ln in _wrap(s, inner, EVENT)]
        b.checks = [(_text(c.name, spec), t in c.marked) for c in checks]
        boxes.append(b)
    return boxes


def _columns(n: int) -> int:
    if n <= 8:
        return n
    if n <= 15:
        return math.ceil(n / 3)
    if n <= 28:
        return 7
    return 9


class Paths:
    """Shapes gathered into one SVG path per style: WeasyPrint's cost is per SVG node."""

    def __init__(self):
        self.data: dict = {}

    def _add(self, style: tuple, cmd: str) -> None:
        self.data.setdefault(style, []).append(cmd)

    def rect(self, style: tuple, x: float, y: float, w: float, h: float) -> None:
        self._add(style, f"M{x:.2f} {y:.2f}h{w:.2f}v{h:.2f}h{-w:.2f}z")

    def line(self, style: tuple, x1: float, y1: float, x2: float, y2: float) -> None:
        self._add(style, f"M{x1:.2f} {y1:.2f}L{x2:.2f} {y2:.2f}")

    def circle(self, style: tuple, cx: float, cy: float, r: float) -> None:
        self._add(style, f"M{cx - r:.2f} {cy:.2f}a{r} {r} 0 1 0 {2 * r:.2f} 0a{r} {r} 0 1 0 {-2 * r:.2f} 0z")

    def emit(self, d, g) -> None:
        for (fill, stroke, width), cmds in self.data.items():
            g.add(d.path(d="".join(cmds), fill=fill, stroke=stroke, stroke_width=width))


def _fill(colour: str) -> tuple:
    return (colour, "none", 0)


def _stroke(width: float, fill: str = "none") -> tuple:
    return (fill, "#000", width)


def _marker(paths: Paths, kind: int | None, x: float, y: float, spec: PageSpec):
    """Side marker: a square for the first side, a circle for the second (colour and shape)."""
    if kind is None:
        return
    colours = [OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["green"], OKABE_ITO["purple"]]
    c = "#000" if spec.grayscale else colours[kind % len(colours)]
    if kind % 2 == 0:
        paths.rect(_fill(c), x, y - 4.6, 4.4, 4.4)
    else:
        paths.circle(_fill(c), x + 2.3, y - 2.4, 2.4)


def _svg(width: float, height: float):
    d = svgwrite.Drawing(size=(f"{width:.2f}pt", f"{height:.2f}pt"), viewBox=f"0 0 {width:.2f} {height:.2f}",
                         profile="full", debug=False)
    g = d.g()
    d.add(g)
    return d, g


def _word_div(lines, x: float, top: float, size: float, fill: str = "#000") -> str:
    """Lines of one size and colour as one absolutely placed block (one line box per line)."""
    if isinstance(lines, str):
        lines = [lines]
    # an explicit width spares WeasyPrint the shrink-to-fit pass of absolute boxes
    w = max(_width(s, size) for s in lines) + 2
    style = (f"left:{x:.2f}pt;top:{top:.2f}pt;width:{w:.2f}pt;font-size:{size}pt;"
             f"line-height:{size * LEADING:.2f}pt")
    if fill != "#000":
        style += f";color:{fill}"
    return f'<div class="w" style="{style}">' + "\n".join(_html.escape(s) for s in lines) + "</div>"


def row_html(boxes: list[Box], width: float, box_w: float, spec: PageSpec) -> str:
    """One row of turn boxes: the SVG drawing and the HTML lines over it."""
    height = max(b.height(box_w) for b in boxes)
    d, g = _svg(width, height + 1)
    paths = Paths()
    words: list[str] = []
    for i, b in enumerate(boxes):
        x0 = i * (box_w + GAP)
        paths.rect(_stroke(0.9, "#fff"), x0 + 0.5, 0.5, box_w - 1, height - 0.5)
        x, y = x0 + PAD, PAD
        for k, h in enumerate(b.header):
            size = LABEL if k == 0 else LABEL * 0.8
            words.append(_word_div(h, x, y + (LABEL - size) * 0.9, size))
            x += _width(h, size) + 6
        paths.rect(_stroke(0.9, "#fff"), x0 + box_w - PAD - TICK, PAD, TICK, TICK)
        y += LABEL * LEADING
        if b.date:
            words.append(_word_div(b.date, x0 + PAD, y - 1, DATE, spec.colour("muted")))
            y += DATE * LEADING
        y += 2
        paths.line(_stroke(0.4), x0 + PAD, y, x0 + box_w - PAD, y)
        y += 1
        run: list[Line] = []
        run_top = y
        for ln in b.lines:
            h = ln.size * LEADING
            if ln.band:
                paths.rect(_fill(spec.colour("header")), x0 + 1.5, y + 0.3, box_w - 3, h)
            _marker(paths, ln.marker, x0 + PAD, y + h - 1.6, spec)
            if run and (ln.size, ln.fill, ln.dx) != (run[0].size, run[0].fill, run[0].dx):
                words.append(_word_div([r.text for r in run], x0 + PAD + run[0].dx, run_top, run[0].size, run[0].fill))
                run = []
            if not run:
                run_top = y
            run.append(ln)
            y += h
        if run:
            words.append(_word_div([r.text for r in run], x0 + PAD + run[0].dx, run_top, run[0].size, run[0].fill))
        if b.checks:
            lines = _check_lines(b.checks, box_w - 2 * PAD)
            words.append(_word_div(lines, x0 + PAD, height - PAD - len(lines) * CHECK * LEADING, CHECK))
    paths.emit(d, g)
    return _row_div(d, words, width, height + 1)


def _row_div(d, words: list[str], width: float, height: float) -> str:
    """The drawing as an SVG image (kept out of the HTML cascade) and the words over it."""
    uri = "data:image/svg+xml;base64," + base64.b64encode(d.tostring().encode()).decode()
    return (f'<div class="trow" style="width:{width:.2f}pt;height:{height:.2f}pt">'
            f'<img src="{uri}" alt="" style="width:{width:.2f}pt;height:{height:.2f}pt">' + "".join(words) + "</div>")


# --- side tracks: SVG grids with their words over them -------------------------------------

ROW_H = 17.0


def _label_col(labels: list[str], width: float) -> float:
    widest = max((_width(s, EVENT) for s in labels), default=0)
    return min(max(60.0, widest + 2 * PAD), width * 0.22)


SVG_FONT = ", ".join(f"'{f}'" for f in document.FAMILIES)


def _centred(lines: list[str], x: float, w: float, top: float, size: float, glyphs: dict | None = None) -> list[str]:
    """Centred words: a short ASCII label (a number) goes into the drawing as SVG text (see
    `_emit_glyphs`), cheaper than an HTML block; anything longer as HTML over it."""
    out = []
    for k, ln in enumerate(lines):
        lw = _width(ln, size)
        if glyphs is not None and len(ln) <= 3 and ln.isascii():
            cx = x + (w - lw) / 2
            row = glyphs.setdefault((round(top + k * size * LEADING + size * 0.98, 2), size), [])
            for ch in ln:
                row.append((cx, ch))
                cx += _width(ch, size)
            continue
        out.append(_word_div(ln, x + max(1.0, (w - lw) / 2), top + k * size * LEADING, size))
    return out


def _emit_glyphs(d, g, glyphs: dict) -> None:
    """One SVG text element per baseline, every character placed by its own x: WeasyPrint
    pays per text element, and lays SVG text out letter by letter anyway."""
    for (y, size), chars in sorted(glyphs.items()):
        g.add(d.text("".join(c for _, c in chars), x=[round(x, 2) for x, _ in chars], y=[y] * len(chars),
                     font_size=size, font_family=SVG_FONT))


def track_label_width(tracks, spec: PageSpec, width: float) -> float:
    """One label column for every per-turn record of a sheet, so their turn columns line up."""
    labels = [_text(r, spec) for t in tracks if t.kind == "record" for r in t.rows] + [_word(spec, "ターン", "Turn")]
    return _label_col(labels, width)


def track_html(track: Track, scen: Scenario, spec: PageSpec, width: float, record_label: float = 0.0) -> str:
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
    d, g = _svg(total_w, height + 1)
    paths = Paths()
    glyphs: dict = {}
    words: list[str] = []
    if heads:
        paths.rect(_fill(spec.colour("header")), 0.5, 0.5, total_w - 1, head_h)
        if corner:
            words.append(_word_div(corner, 2, head_h - SMALL * LEADING - 2, SMALL))
        for lines, x, w in zip(head_lines, xs, widths):
            words += _centred(lines, x, w, 2.5, SMALL, glyphs)
    y = head_h
    for lines, h in zip(row_lines, row_h):
        if lines:
            words.append(_word_div(lines, 2, y + (h - len(lines) * EVENT * LEADING) / 2, EVENT))
        for lines_c, x, w in zip(cell_lines, xs, widths):
            words += _centred(lines_c, x, w, y + (h - len(lines_c) * SMALL * LEADING) / 2, SMALL, glyphs)
        y += h
    for x in xs if track.kind != "boxes" or has_labels else xs[1:-1]:
        paths.line(_stroke(0.5), x, 0.5, x, height + 0.5)
    y = 0.5
    for h in ([head_h] if heads else []) + row_h[:-1]:
        y += h
        paths.line(_stroke(0.5), 0.5, y, total_w - 0.5, y)
    paths.rect(_stroke(0.9), 0.5, 0.5, total_w - 1, height)
    paths.emit(d, g)
    _emit_glyphs(d, g, glyphs)
    return _row_div(d, words, total_w, height + 1)


# --- the page -------------------------------------------------------------------------------

def sheet_html(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> tuple[str, list[str]]:
    """The HTML of the sheet and every string it prints (for the glyph check)."""
    scen = rec.scenario(scenario)
    pw, ph = document.page_size(spec, landscape=True)
    width = pw - 2 * MARGIN
    room = ph - MARGIN - BOTTOM - HEADING  # the tallest row must fit under the heading
    cols = _columns(len(scen.turns))
    while True:  # fewer, wider boxes until the tallest box fits a page
        box_w = (width - (cols - 1) * GAP) / cols
        probe = build_boxes(rec, scen, game, spec, box_w, Notes())
        if cols <= MIN_COLUMNS or max(b.height(box_w) for b in probe) <= room:
            break
        cols -= 1
    notes = Notes()

    def entry(text, rule, note):
        return {"text": text, "rule": rule, "note": notes.mark(note).strip()}

    setup = [entry(_text(e.text, spec), e.rule, e.note) for e in rec.events_at(SETUP, scen.id)] \
        if scen.first == 1 else []
    scenario_notes = [entry(_text(t, spec), r, n) for t, r, n in scen.notes]
    legend = [dict(entry(_text(x.text, spec), x.rule, x.note), code=_text(x.code, spec)) for x in rec.legend]
    each_turn = [entry(_text(x.text, spec), x.rule, x.note) for x in rec.in_scope(rec.each_turn, scen.id)]
    boxes = build_boxes(rec, scen, game, spec, box_w, notes)
    rows = [row_html(boxes[i:i + cols], width, box_w, spec) for i in range(0, len(boxes), cols)]
    undated = [entry(_text(e.text, spec), e.rule, e.note) for e in rec.events_at(UNKNOWN, scen.id)]
    scoped = rec.in_scope(rec.tracks, scen.id)
    record_label = track_label_width(scoped, spec, width)
    tracks = [dict(entry(_text(t.name, spec), t.rule, t.note), html=track_html(t, scen, spec, width, record_label))
              for t in scoped]
    sides = []
    if game is not None and any(e.side for e in rec.events):
        sides = [{"name": _text(s.name, spec), "svg": _legend_marker(i, spec)} for i, s in enumerate(game.sides)]
    lang = spec.lang
    title = _text(rec.title, spec) or _word(spec, "ターン記録", "Turn record")
    game_title = _text(game.title, spec) if game else rec.game
    words = {"turns": _word(spec, "ターン", "turns"), "rule": _word(spec, "ルール", "rule"),
             "turn_length": _word(spec, "1ターン", "one turn"),
             "setup": _word(spec, "ターン1の前（セット・アップ）", "Before turn 1 (set-up)"),
             "each_turn": _word(spec, "毎ターン", "Every turn"),
             "tracks": _word(spec, "記録トラック", "Record tracks"),
             "undated": _word(spec, "ターンが出典に記載されていない事項", "Events whose turn the source does not give"),
             "not_given": _word(spec, "ターンの記載なし", "turn not given in source"),
             "notes": _word(spec, "出典についての注", "Source notes"),
             "tick": _word(spec, "各ボックス右上の□：プレイしたターンに印", "top-right box: tick each turn played")}
    context = dict(
        lang=lang, html_lang={"ja": "ja", "en": "en", "both": "ja"}[lang],
        page_size=document.page_css(spec, landscape=True), margin=f"{MARGIN:.1f}pt {MARGIN:.1f}pt {BOTTOM:.1f}pt",
        title=f"{game_title} — {title}", game_title=game_title, sheet_title=title,
        scenario=_text(scen.name, spec), scenario_turns=f"{scen.first}–{scen.last}", words=words,
        turn_length=_text(rec.turn_length, spec), turn_rule=rec.rule,
        dates_note=_text(rec.dates_note, spec), calendar_rule=rec.calendar_rule or "",
        setup=setup, scenario_notes=scenario_notes, legend=legend, each_turn=each_turn,
        sides=sides, rows=rows, tracks=tracks, undated=undated, width=f"{width:.2f}pt",
        notes=list(enumerate(notes.items, 1)), footer=f"{rec.game} · {scen.id} · {title}",
    )
    html = document.render_template("turns.html.j2", **context)
    strings = [game_title, title, context["scenario"], context["turn_length"], context["dates_note"],
               context["footer"], *words.values()]
    strings += [ln.text for b in boxes for ln in b.lines] + [h for b in boxes for h in b.header]
    strings += [b.date or "" for b in boxes] + [c for b in boxes for c, _ in b.checks]
    for group in (setup, scenario_notes, legend, each_turn, undated, tracks):
        for item in group:
            strings += [str(v) for k, v in item.items() if k != "html"]
    for t in rec.in_scope(rec.tracks, scen.id):
        boxes_ = t.box_labels() if t.kind == "boxes" else ()
        strings += [_text(x, spec) for x in (*t.rows, *t.columns, *boxes_)] + [_word(spec, "ターン", "Turn")]
    strings += [s["name"] for s in sides] + notes.items
    return html, strings


def _legend_marker(i: int, spec: PageSpec) -> str:
    d, g = _svg(7, 7)
    paths = Paths()
    _marker(paths, i, 1, 6.2, spec)
    paths.emit(d, g)
    return d.tostring()


def render(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> bytes:
    html, strings = sheet_html(rec, game, scenario, spec)
    where = f"{rec.game}/turns/{rec.scenario(scenario).id}"
    document.check_text(strings, where)
    return document.render_pdf(html, where)
