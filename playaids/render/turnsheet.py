"""Turn-record sheets, drawn with ReportLab like the chart cards (issue 23).

One landscape sheet where the turns fit: the title (one style for every game: the game, then
"Turn record"), a line naming the scenario, its turns and the length of a turn, the strip of
turn cells (playaids/render/turnstrip.py: each turn's date, values and events; an event or value
over several turns drawn once as a bar across its cells), the scenario's notes, set-up and
every-turn reminders in two columns, and the record tracks below (numbered strips, per-turn
records, planning grids; narrow ones side by side). Layout only: every word comes from
turns.yaml. The makers' reasoning (how a date was read, a box of the printed track whose turn
cannot be read) is in the game's Sources and reconstructions, not on a player's sheet.

The number of columns of the strip is the one that gives the fewest pages (then the widest
cells): a 28-turn campaign takes two A4 pages where seven-column rows took four.
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, PageBreak, SimpleDocTemplate, Spacer

from playaids import __version__, fonts
from playaids.model import Game, Text, rule_label
from playaids.render import lines as textlines
from playaids.render import page as pagelib
from playaids.render import turnstrip
from playaids.render.lines import CUT_WORDS, CutLine, Lines, Section, draw_string
from playaids.render.page import PageSpec
from playaids.render.turnstrip import LEADING, PAD, Bar, Cell, Drawing, Entry
from playaids.render.turnstrip import fill as _fill
from playaids.render.turnstrip import marker as _marker
from playaids.render.turnstrip import stroke as _stroke
from playaids.turns import SETUP, UNKNOWN, Event, TurnSpan, Track, TurnRecord

PT_PER_MM = 72 / 25.4
MARGIN = 10 * PT_PER_MM
BOTTOM = 13 * PT_PER_MM
EVENT, SMALL = 7.2, 6.6
MIN_COL = {"en": 66.0, "ja": 62.0, "both": 84.0}  # the narrowest cell a language's words read in
CELL = {"en": 112.0, "ja": 104.0, "both": 130.0}  # the cell width a turn's words read best in
GUTTER = 16.0
GRID_COL = 70.0  # a planning grid's write-in column   # between the two columns of notes

_width = textlines.width
_wrap = textlines.wrap


def _langs(spec: PageSpec) -> tuple[str, ...]:
    return ("ja", "en") if spec.lang == "both" else (spec.lang,)


def _turn_word(turn: int, lang: str) -> str:
    return f"ターン{turn}" if lang == "ja" else f"Turn {turn}"


class Notes:
    """A rule reference in the sheet's language (a seed without numbers cites headings:
    model.Game.rule_label). Source notes (provenance) are never printed on a player's sheet
    (issue 13): they are in the game's Sources and reconstructions."""

    def __init__(self, game: Game | None = None, lang: str = "both"):
        self.game, self.lang = game, lang

    def rule(self, rule: str | None) -> str:
        return rule_label(self.game, rule, self.lang)

    def after(self, rule: str | None) -> str:
        """The rule cited after a note's last language: a bilingual note's in English (RGI's
        headings: §Movement deck, not 「§移動デッキ」 after the English)."""
        return rule_label(self.game, rule, "en" if self.lang == "both" else self.lang)


def _side_index(game: Game | None, side: str | None) -> int | None:
    if game is None or side is None:
        return None
    for i, s in enumerate(game.sides):
        if s.id == side:
            return i
    return None


def _word(spec: PageSpec, ja: str, en: str) -> str:
    return spec.word(ja, en)


PAIRED = "\n"   # a bilingual note: the Japanese, then the English on a line of its own (issue 22: never run together)


def _text(t: Text | None, spec: PageSpec, sep: str = " / ") -> str:
    if t is None:
        return ""
    return t.get(spec.lang).replace("\n", sep)


def _event_text(e: Event, spec: PageSpec, notes: Notes) -> str:
    """The event in the sheet's language(s), one paragraph a language, the rule after the last."""
    langs = _langs(spec)
    parts = [" ".join(e.text.get(lang).split()) for lang in langs]
    parts[-1] += f" ({notes.after(e.rule)})"
    return "\n".join(parts)


def _continued(spec: PageSpec, first: int) -> str:
    return _word(spec, f"ターン{first}から続く", f"continued from turn {first}")


def _runs(turns: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Consecutive runs of increasing turns: (1, 2, 4) -> (1, 2), (4,)."""
    out: list[list[int]] = []
    for t in turns:
        if out and t == out[-1][-1] + 1:
            out[-1].append(t)
        else:
            out.append([t])
    return [tuple(r) for r in out]


def strip(rec: TurnRecord, scen: TurnSpan, game, spec: PageSpec, notes: Notes) -> tuple[list[Cell], list[Bar]]:
    """The cells of the scenario's turns and the bars over several of them."""
    langs = _langs(spec)
    turns = list(scen.turns)
    cells = {t: Cell(t, [_turn_word(t, lang) for lang in langs], _text(rec.date(t), spec) or None) for t in turns}
    bars: list[Bar] = []

    def scoped(when) -> tuple[int, ...]:
        return tuple(t for t in when.turns if t in cells)

    for p in rec.in_scope(rec.per_turn, scen.id):   # a lane a series, its name once a row
        for v in p.values:
            for run in _runs(scoped(v.when)):   # values alternating turn by turn never share a cell
                bars.append(Bar(run, _text(v.text, spec), _continued(spec, run[0]), True, series=p.id,
                                name=_text(p.name, spec)))
    bars.sort(key=lambda b: (b.series is None, b.first))
    for e in rec.events:
        if not e.applies(scen.id) or e.when.kind in (SETUP, UNKNOWN) or not (ts := scoped(e.when)):
            continue
        band = e.kind in ("start", "end")
        side = None if band else _side_index(game, e.side)
        if len(ts) > 1:
            bars.append(Bar(ts, _event_text(e, spec, notes), _continued(spec, ts[0]), marker=side))
        else:
            cells[ts[0]].entries.append(Entry(_event_text(e, spec, notes), band=band, marker=side))
    end = " / ".join(f"{scen.name.get('ja')} 終了" if lang == "ja" else f"End of {scen.name.get('en')}"
                     for lang in langs)
    cells[scen.last].entries.append(Entry(end, band=True))
    for c in rec.in_scope(rec.checkboxes, scen.id):
        for t in turns:
            cells[t].checks.append((_text(c.name, spec), t in c.marked))
    return [cells[t] for t in turns], bars


def strip_rows(cells: list[Cell], bars: list[Bar], cols: int, width: float, spec: PageSpec) -> list[Drawing]:
    """The rows of the strip, `cols` cells a row; a row's wordiest cells may be wider."""
    col_w = (width - 1) / cols
    least = min(col_w, max(MIN_COL[spec.lang], 0.7 * col_w))
    out = []
    for i in range(0, len(cells), cols):
        row = cells[i:i + cols]
        ws = turnstrip.widths(row, col_w * len(row), least)
        out.append(turnstrip.row_drawing(row, bars, ws, least, cells, spec))
    return out


# --- side tracks ------------------------------------------------------------------------------

ROW_H = 13.5
COMPACT_ROW_H = 11.5   # a write-in row of a track when that saves a page or fills one


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


def track_drawing(track: Track, scen: TurnSpan, spec: PageSpec, width: float, record_label: float = 0.0,
                  row_h: float = ROW_H) -> Drawing:
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
    elif track.kind == "grid":  # a write-in column wide enough for a number or a word, no wider
        widths = [min((width - label_w) / n, max(GRID_COL, _width(h, SMALL) + 8)) for h in heads]
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
    base = max([row_h] + [len(x) * SMALL * LEADING + 6 for x in cell_lines])
    row_h = [max(base, len(x) * EVENT * LEADING + (2.5 if row_h < ROW_H else 5)) for x in row_lines]
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

    def __init__(self, sides: list, spec: PageSpec, size: float = 7.6):
        super().__init__()
        self.sides, self.spec, self.size = sides, spec, size

    def wrap(self, aw, ah):
        self.width, self.height = aw, self.size * 1.3 + 3
        return self.width, self.height

    def draw(self):
        d = Drawing(self.width, self.height)
        x = 0.0
        for i, name in self.sides:
            _marker(d, i, x, self.size * 1.1, self.spec)
            d.text(name, x + 7, 0, self.size)
            x += 7 + _width(name, self.size) + 10
        d.drawOn(self.canv, 0, 0)


class TwoColumns(Flowable):
    """Paragraphs (Lines) in two balanced columns; splits between paragraphs at a page end.
    A paragraph kept with the next (a heading) never ends a column."""

    def __init__(self, parts: list, gutter: float = GUTTER):
        super().__init__()
        self.parts, self.gutter = parts, gutter
        self.cols: tuple[list, list] = ([], [])

    def _heights(self, aw):
        self.col_w = (aw - self.gutter) / 2
        return [p.wrap(self.col_w, 1e6)[1] for p in self.parts]

    def _cut(self, k: int) -> bool:
        return 0 < k < len(self.parts) and not getattr(self.parts[k - 1], "keepWithNext", False)

    def wrap(self, aw, ah):
        hs = self._heights(aw)
        best = (sum(hs), len(hs))
        for k in range(1, len(hs)):
            if self._cut(k):
                best = min(best, (max(sum(hs[:k]), sum(hs[k:])), k))
        k = best[1]
        self.cols = (self.parts[:k], self.parts[k:])
        self.width, self.height = aw, best[0]
        return aw, self.height

    def split(self, aw, ah):
        """What fills both columns of the room left (whole paragraphs), and the rest."""
        hs = self._heights(aw)
        k = 0
        for _ in range(2):
            start, used = k, 0.0
            while k < len(hs) and used + hs[k] <= ah:
                used += hs[k]
                k += 1
            while start < k < len(hs) and not self._cut(k):   # a heading goes with what follows it
                k -= 1
        if k == 0 or k >= len(hs):
            return []
        return [TwoColumns(self.parts[:k], self.gutter), TwoColumns(self.parts[k:], self.gutter)]

    def draw(self):
        for j, col in enumerate(self.cols):
            y = self.height
            for p in col:
                w, h = p.wrap(self.col_w, 1e6)
                y -= h
                p.drawOn(self.canv, j * (self.col_w + self.gutter), y)


class SideBySide(Flowable):
    """Narrow blocks (a heading and its track) in one row, left to right."""

    def __init__(self, blocks: list[tuple[Lines, Drawing]], gap: float = 14.0):
        super().__init__()
        self.blocks, self.gap = blocks, gap

    def wrap(self, aw, ah):
        self.width = aw
        self.height = max(h.wrap(d.width, 1e6)[1] + d.height for h, d in self.blocks)
        return aw, self.height

    def draw(self):
        x = 0.0
        for h, d in self.blocks:
            hh = h.wrap(d.width, 1e6)[1]
            h.drawOn(self.canv, x, self.height - hh)
            d.drawOn(self.canv, x, self.height - hh - d.height)
            x += d.width + self.gap


# --- the page ---------------------------------------------------------------------------------

H1, H2, H3, INFO, META = 14.0, 10.0, 8.0, 7.6, 8.0
BULLET = "•"


def _heading(text: str, size: float = H3, rule: bool = False) -> Lines:
    f = Lines(text, size, before=3.0 if rule else 2.0, after=2.0 if rule else 1.0, rule_below=rule)
    f.keepWithNext = True
    return f


def _item(text: str, size: float = INFO) -> Lines:
    return Lines(text, size, indent=10.0, bullet=BULLET, after=1.2)


def _entry(text: str, rule: str, notes: Notes) -> str:
    return f"{text} ({notes.after(rule)})"


def title_of(spec: PageSpec) -> str:
    """One title for every game's sheet (issue 23: it was TURN RECORD CHART, Game turn record,
    Turn track)."""
    return _word(spec, "ターン記録", "Turn record")


def _notes_block(rec: TurnRecord, scen: TurnSpan, spec: PageSpec, notes: Notes) -> tuple[list, list[str]]:
    """The paragraphs under the strip: the scenario's notes, the set-up, the legend, every turn
    (a bilingual note: its Japanese, then its English on a line of its own)."""
    parts: list = []
    if scen.notes:
        parts.append(_heading(_text(scen.name, spec)))
        parts += [_item(_entry(_text(t, spec, PAIRED), r, notes)) for t, r, _ in scen.notes]
    if scen.first == 1 and (setup := rec.events_at(SETUP, scen.id)):
        parts.append(_heading(_word(spec, "ターン1の前（セット・アップ）", "Before turn 1 (set-up)")))
        parts += [_item(_entry(_text(e.text, spec, PAIRED), e.rule, notes)) for e in setup]
    if rec.legend:
        parts.append(_heading(_word(spec, "記号", "Key")))
        parts += [_item(f"{_text(x.code, spec)} = " + _entry(_text(x.text, spec, PAIRED), x.rule, notes)) for x in rec.legend]
    if each := rec.in_scope(rec.each_turn, scen.id):
        parts.append(_heading(_word(spec, "毎ターン", "Every turn")))
        parts += [_item(_entry(_text(x.text, spec, PAIRED), x.rule, notes)) for x in each]
    return parts, [p.text for p in parts]


def _tracks(rec: TurnRecord, scen: TurnSpan, spec: PageSpec, width: float, notes: Notes,
            row_h: float = ROW_H, game: Game | None = None, below: bool = False) -> tuple[list, list, list[str]]:
    """The record tracks under their heading: a wide one alone across the page, narrow ones
    side by side (each in the first row with room for it, in the data's order); then a side's
    own tracks (its planning pad, MacArthur 2.2.7), to end the sheet on a page of their own,
    each side's cut apart from the other's; `below`: each side's under a cut line where the page
    before ends, when it has room (MacArthur's bilingual notes ran on to a page 30 % used)."""
    scoped = rec.in_scope(rec.tracks, scen.id)
    if not scoped:
        return [], [], []
    shared = [t for t in scoped if t.side is None]
    record_label = track_label_width(scoped, spec, width)
    common, strings = _track_rows(shared, scen, spec, width, notes, row_h, record_label,
                                  _word(spec, "記録トラック", "Record tracks")) if shared else ([], [])
    out: list = []
    sides = [s for s in dict.fromkeys(t.side for t in scoped) if s is not None]
    for k, side in enumerate(sides):
        ja, en = (_side_name(game, side, replace(spec, lang=lg)) for lg in ("ja", "en"))
        title = _word(spec, f"{ja}の記録（{ja}プレイヤーのみが見る）", f"{en} record (for the {en} player's eyes only)")
        flows, more = _track_rows([t for t in scoped if t.side == side], scen, spec, width, notes, row_h,
                                  record_label, title)
        line = CutLine(width, _word(spec, *CUT_WORDS), fonts.GOTHIC, space_before=4)
        line.keepWithNext = True   # a cut line goes over with the pad it heads, never alone at a page's foot
        out += ([PageBreak(), Section("P-")] if k == 0 and not below else [line]) + flows
        strings += more
    return common, out, strings


def _side_name(game: Game | None, side: str, spec: PageSpec) -> str:
    sides = {s.id: s.name for s in game.sides} if game is not None else {}
    return _text(sides[side], spec) if side in sides else side


def _track_rows(scoped, scen: TurnSpan, spec: PageSpec, width: float, notes: Notes, row_h: float,
                record_label: float, title: str) -> tuple[list, list[str]]:
    """Tracks under the heading `title`, kept together."""
    out: list = [_heading(title, H2, rule=True)]
    strings = [out[0].text, _word(spec, "ターン", "Turn")]
    gap = 14.0
    rows: list[list] = []   # a wide track: [(head, drawing)] alone; narrow ones share a row
    for t in scoped:
        name = f"{_text(t.name, spec)} ({_word(spec, 'ルール', 'rule')} {notes.rule(t.rule)})"
        d = track_drawing(t, scen, spec, width, record_label, row_h)
        strings += [name] + [_text(x, spec) for x in (*t.rows, *t.columns, *(t.box_labels() if t.kind == "boxes" else ()))]
        d.width = max(d.width, min(_width(name, H3) + 2, width))
        head = _heading(name)
        if d.width > width * 0.6:
            rows.append([(head, d)])
            continue
        for row in rows:
            if row[0][1].width <= width * 0.6 and sum(x.width + gap for _, x in row) + d.width <= width:
                row.append((head, d))
                break
        else:
            rows.append([(head, d)])
    for row in rows:
        if len(row) == 1:
            out.extend([row[0][0], row[0][1], Spacer(1, 5)])
        else:
            out.extend([SideBySide(row, gap), Spacer(1, 5)])
    # the tracks are one write-in sheet: all on the page they start on, or all on the next (a
    # page turn never leaves the first track alone under the notes); taller than a page, they flow
    return [KeepTogether(out)], strings


def _columns(n: int, width: float, spec: PageSpec) -> list[int]:
    """Candidate numbers of columns: a row or an even share of 2 to 6 rows, cells no narrower
    than the language reads in."""
    least = MIN_COL[spec.lang]
    out = sorted({math.ceil(n / r) for r in range(1, 7)}, reverse=True)
    ok = [c for c in out if (width - 1) / c >= least]
    return ok or [out[-1]]


@dataclass(frozen=True)
class Layout:
    """One way to set a sheet: the strip's columns, the record tracks' write-in rows (compact:
    lower), whether the tracks come before the notes (the notes, which break between
    paragraphs, then fill the page the tracks leave). A bilingual note's English is always on a
    line of its own (issue 22: never run on after its Japanese, not even to save a page)."""

    cols: int
    compact: bool = False
    tracks_first: bool = False
    pads_below: bool = False   # each side's pads under a cut line where the page before ends


def _story(rec: TurnRecord, scen: TurnSpan, game, spec: PageSpec, lay: Layout, width: float):
    notes = Notes(game, spec.lang)
    muted = spec.colour("muted")
    story: list = []
    strings: list[str] = []
    game_title = _text(game.title, spec) if game else rec.game
    title = f"{game_title} — {title_of(spec)}"
    story.append(Lines(title, H1, after=1.5))
    rule = _word(spec, "ルール", "rule")
    # the scenario's own rule by its turns; the calendar's rules by the dates they give (Okinawa's
    # 18.41, 18.71 read as the scenario's rule on scenario 2's record, rv39)
    own = f", {rule} {notes.rule(scen.rule)}" if scen.rule and scen.rule != rec.rule else ""
    meta = f"{_text(scen.name, spec)} ({_word(spec, 'ターン', 'turns')} {scen.first}–{scen.last}{own})"
    if rec.turn_length:
        meta += f" · {_word(spec, '1ターン', 'one turn')} = {_text(rec.turn_length, spec)} ({rule} {notes.rule(rec.rule)})"
    else:
        meta += f" · {rule} {notes.rule(rec.rule)}"
    if rec.calendar_rule and rec.calendar_rule != rec.rule:
        meta += f" · {_word(spec, '日付', 'dates')}: {rule} {notes.rule(rec.calendar_rule)}"
    meta += " · " + _word(spec, "各ボックス右上の□：プレイしたターンに印", "top-right box: tick each turn played")
    story.append(Lines(meta, META, fill=muted, after=2.5))
    strings += [title, meta]
    if game is not None and any(e.side for e in rec.events):
        sides = [(i, _text(s.name, spec)) for i, s in enumerate(game.sides)]
        strings += [n for _, n in sides]
        story.append(Markers(sides, spec))
    cells, bars = strip(rec, scen, game, spec, notes)
    for d in strip_rows(cells, bars, lay.cols, width, spec):
        story += [d, Spacer(1, 4)]
        strings += [s for lines, *_ in d.words for s in lines]
    parts, more = _notes_block(rec, scen, spec, notes)
    block = [Spacer(1, 2), TwoColumns(parts), Spacer(1, 3)] if parts else []
    strings += more
    tracks, pads, more = _tracks(rec, scen, spec, width, notes, COMPACT_ROW_H if lay.compact else ROW_H, game,
                                 lay.pads_below)
    story += (tracks + block if lay.tracks_first else block + tracks) + pads
    strings += more
    while story and isinstance(story[-1], Spacer):   # a last space that does not fit makes a blank page
        story.pop()
    footer = f"{game_title} · {_text(scen.name, spec)} · {title_of(spec)}"
    strings.append(footer)
    return story, strings, title, footer


FILL = 0.64      # a page but the last this full at least (the print preflight asks 60 % of its area,
#                  measured on the ink: a page measured here at 63 % may read as 59.9 %)
FEW = 0.12       # a last page this empty holds a few lines: they belong on the page before


def _shortfall(used: list[float]) -> float:
    """How far the pages a reader would find too empty fall short: one but the last under FILL,
    a last one under FEW (0: none); of two layouts that each leave a page too empty, the one
    nearer full wins (a page at 63 % beats one at 40 %)."""
    return round(sum(max(0.0, FILL - u) for u in used[:-1]) + (max(0.0, FEW - used[-1]) if len(used) > 1 else 0.0), 3)


def best_build(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec):
    """(PDF bytes, pages, strings, columns) of the sheet laid out the best way: the fewest pages,
    then no page left too empty, then the plain layout (tracks after the notes, rows of 13.5 pt),
    then the cells nearest the width a turn's words read best in (CELL). The other layouts are
    tried only when the plain ones take more than a page or leave one too empty."""
    scen = rec.scenario(scenario)
    width = spec.size[1] - 2 * MARGIN
    best = None
    columns = _columns(len(scen.turns), width, spec)
    pads = any(t.side for t in rec.in_scope(rec.tracks, scen.id))

    def consider(lay: Layout):
        nonlocal best
        data, used, strings, _ = _build(rec, scen, game, spec, lay, width)
        record = used[:-1] if pads else used   # the planning pads: a page of their own, last
        key = (len(used), _shortfall(record), lay.compact + lay.tracks_first,
               abs(math.log(width / lay.cols / CELL[spec.lang])))
        if best is None or key < best[0]:
            best = (key, data, len(used), strings, lay.cols, used)

    for cols in columns:
        consider(Layout(cols))
    if best[0][0] > 1 or best[0][1]:   # a page more, or too empty: the tracks lower, or before the notes
        for cols in columns:
            for lay in (Layout(cols, True), Layout(cols, False, True), Layout(cols, True, True)):
                consider(lay)
    if pads and best[2] > 2 and _shortfall(best[5]):   # notes run on to a page the pads' page follows
        for cols in columns:   # each side's pads under the notes where they end, when that fills the pages
            lay = Layout(cols, pads_below=True)
            data, used, strings, _ = _build(rec, scen, game, spec, lay, width)
            if (len(used), _shortfall(used)) < (best[2], _shortfall(best[5])):
                best = (None, data, len(used), strings, lay.cols, used)
    return best[1:5]


def _check_glyphs(strings, where: str) -> None:
    for s in strings:  # a missing glyph is an error, never tofu
        fonts.check_glyphs(s, fonts.GOTHIC, where)


def track_svg(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> str:
    """The turn strip alone as SVG (svgwrite), for a publisher's own layout: the rows of turn
    cells as on the sheet. Units: points."""
    import svgwrite

    scen = rec.scenario(scenario)
    width = spec.size[1] - 2 * MARGIN
    cols = best_build(rec, game, scenario, spec)[3]
    cells, bars = strip(rec, scen, game, spec, Notes(game, spec.lang))
    rows = strip_rows(cells, bars, cols, width, spec)
    _check_glyphs([s for d in rows for lines, *_ in d.words for s in lines], f"{rec.game}/turns/{scen.id} (svg)")
    gap = 4.0
    height = sum(d.height for d in rows) + gap * (len(rows) - 1)
    dwg = svgwrite.Drawing(size=(f"{width:.2f}pt", f"{height:.2f}pt"), viewBox=f"0 0 {width:.2f} {height:.2f}",
                           profile="full", debug=False)
    dwg.set_desc(title=f"{rec.game} · {scen.id} · {title_of(spec)}")
    g = dwg.g(font_family=", ".join(f"'{f}'" for f in (fonts.GOTHIC, fonts.SYMBOLS)))
    dwg.add(g)
    y = 0.0
    for d in rows:
        d.to_svg(dwg, g, y)
        y += d.height + gap
    return dwg.tostring()


def _numbered_canvas(spec: PageSpec, trim, footer: str, pages: list | None = None):
    """A canvas that writes 'page n / total' once the total is known; `pages` (a list) is given
    the number of pages."""

    class NumberedCanvas(Canvas):
        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self._pages: list = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            if pages is not None:
                pages.append(len(self._pages))
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
            right = f"{self._pageNumber} / {total}"
            draw_string(self, o + trim[0] - MARGIN - _width(right, 7), y, right, 7, muted)

    return NumberedCanvas


def _inked(f, frame_w: float) -> float:
    """The area a flowable takes as a reader sees a page (the print preflight's fill): a
    drawing its box, a paragraph its widest line's width, two columns the frame's width."""
    if isinstance(f, Spacer):
        return 0.0
    if isinstance(f, Lines):
        w = max((_width(s, f.size) for s in f.lines or []), default=0.0) + f.indent
        return min(w, frame_w) * f.height
    if isinstance(f, SideBySide):
        return (sum(d.width for _, d in f.blocks) + f.gap * (len(f.blocks) - 1)) * f.height
    if isinstance(f, TwoColumns):
        return frame_w * f.height
    return min(getattr(f, "width", frame_w), frame_w) * getattr(f, "height", 0.0)


class _Doc(SimpleDocTemplate):
    """A document that notes how much of each page's frame its flowables use (by area)."""

    def afterFlowable(self, flowable):
        f = self.pageTemplate.frames[0]
        while len(self.used) < self.page:
            self.used.append(0.0)
        self.used[self.page - 1] += _inked(flowable, f._aW) / max(f._aW * f._aH, 1.0)


def _build(rec: TurnRecord, scen: TurnSpan, game, spec: PageSpec, lay: Layout, width: float):
    """(PDF bytes, [each page's share of the frame used], strings, title) of the sheet."""
    story, strings, title, footer = _story(rec, scen, game, spec, lay, width)
    where = f"{rec.game}/turns/{scen.id}"
    trim = (spec.size[1], spec.size[0])
    o = pagelib.offset(spec)
    buf = io.BytesIO()
    doc = _Doc(buf, pagesize=pagelib.sheet(spec, trim), leftMargin=o + MARGIN, rightMargin=o + MARGIN,
               topMargin=o + MARGIN, bottomMargin=o + BOTTOM, title=title, author="playaids",
               subject=where, creator=f"playaids {__version__}", producer=f"playaids {__version__}",
               invariant=1, initialFontName=fonts.register(),
               lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    doc.used = []
    count: list = []
    with pagelib.fixed_epoch():
        doc.build(story, canvasmaker=_numbered_canvas(spec, trim, footer, count))
    used = (doc.used + [0.0] * count[0])[:count[0]]   # a page may end with nothing placed on it
    return buf.getvalue(), used, strings, title


def render(rec: TurnRecord, game: Game | None, scenario: str | None, spec: PageSpec) -> bytes:
    data, _, strings, _ = best_build(rec, game, scenario, spec)
    _check_glyphs(strings, f"{rec.game}/turns/{rec.scenario(scenario).id}")
    return data
