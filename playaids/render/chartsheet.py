"""Chart sets (issue 14): a game's tables packed onto a few dense sheets, one PDF per game,
language and paper, as a publisher prints them.

Each table becomes a block: a heading band, its grids, the key of its shading, its legend and
notes. A block is as wide as its grids need (one column of the page or several), its cell
text as large as fits (8 pt down to 7 pt, then wrapped, never smaller). Blocks are packed
masonry-fashion: in sheet order, each goes where the columns it spans are lowest; one that
fits no room left on the page waits for the next page while later ones fill the gaps, and a
block taller than a page flows on, its heading band repeated. A sheet takes the orientation
and column count that need the fewest pages. Where each grid was drawn is kept (`Box`), so a
test reads each table back from the sheet.
"""
from __future__ import annotations

import dataclasses
import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, kinsoku
from playaids.model import Game, Table
from playaids.render import cards, grid, page
from playaids.render.lines import KEEP_WHOLE_LINES, Lines, Paired
from playaids.render.page import PageSpec

GUTTER = 9.0           # between the columns of a page
GAP = 6.0              # between blocks stacked in a column
SIZES = (8.0, 7.5, 7.0)  # cell text, largest first: never below 7 pt (issue 14)
CLOSE_SIZES = SIZES[-1:]   # a bilingual set's cell text where that saves it a page (issue 22)
TEXT = 7.0             # legend and notes
LEADING = 1.15
TIGHT_LEADING, TIGHT_GAP = 1.08, 4.0   # a set whose last page would hold a few lines is set closer
MARGIN_MM = 8.0        # a chart sheet's margin: dense, clear of a printer's unprintable edge
FOOT = 11.0            # the footer's band under the content: its baseline 6 mm from the trim
FOOT_MM = 6.0
MIN_COLUMN = 165.0     # the narrowest column a page is divided into
MAX_COLUMNS = 6
SHEET_HEAD = 24.0      # the sheet's title on its first page
SPLIT_ROOM = 0.2       # a block flows on into a room at least this share of the page tall
CUT_ROOM = 0.35        # ... and its grid is cut only for a room this tall
MIN_PIECE_ROWS = 3     # a cut grid leaves no piece shorter than this
MIN_CONTINUED_LINES = 3   # text continued in another column or page: at least this many lines...
MIN_LEFT_LINES = 2        # ... and at least this many left before the cut
PAIR_HALF = 110.0      # bilingual notes go in parallel columns (ja | en) at least this wide
SHEET_GAP = 10.0       # above a sheet's title when it starts under another sheet on a page
SCRAP = 0.15           # a last page less used than this, when as few pages take the set fuller
FILL = 0.6             # every page but the last this full, as the preflight measures it (its own measure reads a page fuller)
SPARSE_LAST = 0.3     # a last page whose content ends this far down holds a few lines: saved if it can be


@dataclass(frozen=True)
class Box:
    """Where a grid was drawn: pdfplumber coordinates (points from the sheet's top left)."""
    sheet: str
    table: str
    grid: str          # "grid" or "modifiers"
    page: int          # 1-based, in the file
    x0: float
    top: float
    x1: float
    bottom: float


@dataclass
class _Block:
    table: Table
    span: int
    width: float
    flows: list        # flowables, each wrapped at `width`

    @property
    def height(self) -> float:
        return sum(_h(f) + _after(f) for f in self.flows) - _after(self.flows[-1])


@dataclass
class _Placed:
    flow: object
    x: float
    y: float           # from the top of the content area, down
    width: float
    table: str
    grid: str | None
    sheet: str = ""


class _Maker:
    """Builds a table's block at a given width: band, grids, key, legend, notes."""

    def __init__(self, spec: PageSpec, game: Game, tight: bool = False, loose: int = 0, sizes=SIZES):
        self.spec, self.lang, self.game = spec, spec.lang, game
        self.sizes = sizes   # the cell text's sizes tried, largest first
        # to save a last page of a few lines: tight, notes' lines and the blocks of a column
        # closer; loose, a short note may be cut too (1), then go on for two lines (2), at the
        # last be cut anywhere (3: a "(continued)" band over a sentence's last word, 「合 (ルール
        # 10.8)」, the price of a page of a few lines)
        self.leading, self.gap = (TIGHT_LEADING, TIGHT_GAP) if tight else (LEADING, GAP)
        self.keep_whole = 0 if loose else KEEP_WHOLE_LINES
        self.min_continued = (MIN_CONTINUED_LINES, MIN_CONTINUED_LINES, 2, 1)[loose]
        self.anywhere_text = loose == 3
        self.balance = True   # a sheet's last page is balanced (not the set's last sheet's: _set_pages)
        self.lift = True      # a column's run makes way for a piece continued into it (_fill_page)
        self.font = fonts.register()
        f = self.font
        self.band_style = ParagraphStyle("band", fontName=f, fontSize=9, leading=11,
                                         textColor=colors.HexColor(spec.colour("band_text")))
        self.band_rule = ParagraphStyle("bandrule", parent=self.band_style, fontSize=7, leading=9, alignment=2)
        self.text = ParagraphStyle("text", fontName=f, fontSize=TEXT, leading=TEXT * self.leading, leftIndent=7,
                                   firstLineIndent=-7, wordWrap="CJK" if spec.lang != "en" else None)
        self.sub = ParagraphStyle("sub", fontName=f, fontSize=8, leading=10)
        self._fits: dict = {}
        self.anywhere = False   # words may be cut (the last resort: no layout fits otherwise)
        self.blocks: dict = {}
        self.remark_key = None   # the table whose block carries its sheet's key of the remark mark

    # -- measuring -------------------------------------------------------------------------
    def fit(self, table: Table, n: int, column: float):
        """(span, block width, cell size, widths per grid): the narrowest span whose width
        takes the grids unwrapped at a legible size, else wrapped; None when nothing fits."""
        key = (table.id, n, round(column, 2), self.anywhere)
        if key not in self._fits:
            self._fits[key] = self._fit(table, n, column)
        return self._fits[key]

    def _fit(self, table, n, column):
        grids = grid.drawn_grids(table)
        stacked = [grid.grid_strings(g, self.lang) for g in grids]
        # bilingual: short pairs side by side ("平地　Clear") where the grid takes them unwrapped
        joined = [grid.grid_strings(g, self.lang, joined=True) for g in grids] if self.lang == "both" else None
        spans = [grid.spans(g) for g in grids]
        cjk = self.lang in ("ja", "both")
        # span by span: unwrapped at a legible size (side by side first), then wrapped where no
        # column is squeezed below its comfortable width; then wrapped at any width, the full page last
        trials = [(span, False, size, False, j) for span in range(1, n + 1) for size in self.sizes
                  for j in ((True, False) if joined else (False,))]
        trials += [(span, True, size, True, False) for span in range(1, n + 1) for size in self.sizes[:2]]
        trials.sort(key=lambda t: t[0])
        trials += [(span, True, size, False, False) for span in range(1, n + 1) for size in self.sizes]
        if self.anywhere:   # the last resort: words cut wherever a column needs (a 4,000-character word)
            trials += [(span, grid.ANYWHERE, self.sizes[-1], False, False) for span in range(1, n + 1)]
        for span, wrap, size, comfort, side in trials:
            strings = joined if side else stacked
            width = span * column + (span - 1) * GUTTER
            widths = [grid.column_widths(s, self.font, size, width, wrap, cjk, sp) for s, sp in zip(strings, spans)]
            if None in widths or (comfort and not all(
                    _comfortable(s, w, self.font, size) for s, w in zip(strings, widths))):
                continue
            return span, width, size, [_stretch(s, w, width, self.font, size) for s, w in zip(strings, widths)], side
        return None

    # -- building ---------------------------------------------------------------------------
    def block(self, table: Table, n: int, column: float, shading_key: bool = True, notes=None,
              shared=()) -> _Block | None:
        """The table's block; `shading_key`: it carries the sheet's one key of shaded cells;
        `notes`: the notes it prints (default: every player's note), `shared`: the tables whose
        block prints the rest of its notes (a note printed once a sheet, issue 22)."""
        fit = self.fit(table, n, column)
        if fit is None:
            return None
        span, width, size, widths, side = fit
        spec, lang = self.spec, self.lang
        flows = [self.band(table, width)]
        paired = lang == "both" and (width - GUTTER) / 2 >= PAIR_HALF
        if table.key:
            flows.append(Paired([tuple(cards.key_text(table, x) for x in ("ja", "en"))], TEXT, leading=self.leading) if paired
                         else self.para(cards.key_text(table, lang)))
        if table.missing:
            box = RLTable([[self.para(table.missing.get(lang))]], colWidths=[width])
            box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font),
                                     ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
                                     ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("note"))),
                                     ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
            flows.append(box)
        for g, w in zip(grid.drawn_grids(table), widths):
            if g is table.modifiers:
                label = grid.para(spec.word("サイの目修正", "Modifiers"), self.sub)
                label.heads_grid = True   # never left at a column's foot without its grid (_split)
                flows.append(label)
            strings = grid.grid_strings(g, lang, joined=side)
            if g is table.grid and table.column_group:
                flows.append(self.column_group(table.column_group, w, size))
            drawn = grid.grid_flowable(g, strings, w, size, self.font, spec, grid.text_columns(strings, self.font, size),
                                       table.row_groups if g is table.grid else 1, leading=1.18)
            drawn.setStyle(TableStyle([("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.0)]))
            drawn.grid_name = "grid" if g is table.grid else "modifiers"   # read back by the tests, Box
            flows.append(drawn)
        notes = cards.player_notes(table) if notes is None else notes
        if paired:   # parallel columns where they take less height than lines paired one under the other
            side = self.paired_notes(table, shading_key, notes, shared)
            stacked = self.stacked_notes(table, shading_key, notes, shared)
            flows += side if _stack_height(side, width) <= _stack_height(stacked, width) else stacked
        else:
            flows += self.stacked_notes(table, shading_key, notes, shared)
        for f in flows:
            f.wrap(width, 1e6)
        return _Block(table, span, width, flows)

    def rule(self, table: Table, rule: str | None, spec: PageSpec) -> str:
        """A legend entry's or note's rule; none where it is the table's (the band cites it)."""
        return "" if rule == table.rule else cards.rule_suffix(self.game, spec, rule)

    @staticmethod
    def shared_text(shared, lang: str) -> str:
        """The line that sends a reader to the notes a table shares with others on its sheet."""
        ja = "このほかの注は" + "、".join(f"「{t.title.ja.replace(chr(10), ' ')}」" for t in shared) + "の下。"
        en = "More notes under " + ", ".join(t.title.en.replace("\n", " ") for t in shared) + "."
        return {"ja": ja, "en": en}.get(lang, f"{ja}\n{en}")

    def stacked_notes(self, table: Table, shading_key: bool, notes, shared) -> list:
        """The shading key, the legend and the notes, one paragraph each (bilingual: the
        Japanese, then the English on lines of its own)."""
        spec, lang = self.spec, self.lang
        out = []
        if shading_key and table.cell_notes():   # the key of the shading, once a sheet
            out.append(self.para(spec.lines(cards.DOUBTFUL_KEY_JA, cards.DOUBTFUL_KEY_EN), size=7.0))
        if self.remark_key is table:   # and of the remark mark
            out.append(self.para(spec.lines(cards.REMARK_KEY_JA, cards.REMARK_KEY_EN), size=7.0))
        out += [self.para(cards.legend_text(e, lang) + self.rule(table, e.rule, spec)) for e in table.legend]
        out += [self.para(cards.note_text(x, lang) + self.rule(table, x.rule, spec), bullet="•") for x in notes]
        if shared:
            out.append(self.para(self.shared_text(shared, lang), bullet="•"))
        return out

    def paired_notes(self, table: Table, shading_key: bool, notes, shared) -> list:
        """Bilingual notes as parallel columns, Japanese beside English (never run together):
        the shading key, the legend, the notes, each language with its own rule citations."""
        sj, se = (dataclasses.replace(self.spec, lang=x) for x in ("ja", "en"))
        out = []
        if shading_key and table.cell_notes():
            out.append(Paired([(cards.DOUBTFUL_KEY_JA, cards.DOUBTFUL_KEY_EN)], TEXT, leading=self.leading))
        if self.remark_key is table:
            out.append(Paired([(cards.REMARK_KEY_JA, cards.REMARK_KEY_EN)], TEXT, leading=self.leading))
        if table.legend:
            out.append(Paired([(cards.legend_text(e, "ja") + self.rule(table, e.rule, sj),
                                cards.legend_text(e, "en") + self.rule(table, e.rule, se)) for e in table.legend], TEXT, leading=self.leading))
        pairs = [(cards.note_text(x, "ja") + self.rule(table, x.rule, sj),
                  cards.note_text(x, "en") + self.rule(table, x.rule, se)) for x in notes]
        if shared:
            pairs.append((self.shared_text(shared, "ja"), self.shared_text(shared, "en")))
        if pairs:
            out.append(Paired(pairs, TEXT, bullet="•", leading=self.leading))
        return out

    def column_group(self, text, widths: list[float], size: float):
        """The seed's heading over all the result columns, a header band joined to the grid's
        top (kept with it over a column or page turn)."""
        t = RLTable([["", grid.para(text.get(self.lang).replace("\n", " / "), ParagraphStyle(
            "group", fontName=self.font, fontSize=size, leading=size * 1.2, alignment=1))]],
            colWidths=[widths[0], sum(widths[1:])])
        t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font),
                               ("BOX", (1, 0), (1, 0), 0.6, colors.black),
                               ("BACKGROUND", (1, 0), (1, 0), colors.HexColor(self.spec.colour("header"))),
                               ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.0)]))
        t.keep_with_next = True
        return t

    def para(self, text: str, bullet: str = "", size: float = TEXT):
        if self.lang == "en":
            st = self.text if size == TEXT else ParagraphStyle("t", parent=self.text, fontSize=size,
                                                               leading=size * self.leading)
            return grid.para(f"{bullet} {text}" if bullet else text, st)
        return Lines(text, size, indent=7.0 if bullet else 0.0, bullet=bullet, after=0.0, leading=self.leading)

    def band(self, table: Table, width: float, cont: bool = False):
        """The table's heading on a dark band: its title at the left, the rule and dice at the
        right; a continuation says so."""
        spec = self.spec
        title = cards.heading(table, spec, cont)
        right = cards.rule_text(self.game, table, spec)
        if table.dice and table.dice != "none":
            right += (" · " if right else "") + f"{spec.word('ダイス', 'Dice')} {table.dice}"
        rw = fonts.width(right, self.font, 7) + 10
        if rw > width * 0.45:   # the rule above the dice, each whole (not 「ダイス」 / 「1d6」)
            right = right.replace(" · ", "\n")
            rw = max(fonts.width(line, self.font, 7) for line in right.split("\n")) + 10
        rw = min(rw, width * 0.45)
        # broken here under the kinsoku rules: no "）" or "】" alone at a line's start
        title = "\n".join(kinsoku.wrap(title, width - rw - 8.5, lambda x: fonts.width(x, self.font, 9), phrases=True,
                                        spare_from=1))
        t = RLTable([[grid.para(title, self.band_style), grid.para(right, self.band_rule)]],
                    colWidths=[width - rw, rw])
        t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font),
                               ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("band"))),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                               ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
        return t


def _stack_height(flows, width: float) -> float:
    return sum(f.wrap(width, 1e6)[1] + _after(f) for f in flows)


def _after(f) -> float:
    """The space under a flowable of a block: none under a heading joined to its grid."""
    return 0.0 if getattr(f, "keep_with_next", False) else 2.0


def _grid_name(f) -> str | None:
    return getattr(f, "grid_name", None)


def _h(f) -> float:
    """A wrapped flowable's height (a ReportLab table keeps it privately)."""
    return f._height if isinstance(f, RLTable) else f.height


def _natural_columns(strings, font: str, size: float) -> list[float]:
    return grid.natural_columns(strings, font, size)


def _comfortable(strings, widths, font: str, size: float) -> bool:
    """No column narrower than its text or four em, whichever is less, a column of running
    text (over twelve em) no narrower than nine em, and no header broken inside a word: a
    wrapped grid that still reads at a glance."""
    nat = _natural_columns(strings, font, size)
    pad = 2 * grid.PAD + 1
    heads = [grid.min_width(h or "", font, size, False) for h in strings[0]]
    return all(w >= min(n, (9 if n > 12 * size + pad else 4) * size + pad) - 0.01 and w >= h - 0.01
               for w, n, h in zip(widths, nat, heads))


def _stretch(strings, widths: list[float], width: float, font: str, size: float) -> list[float]:
    """Column widths grown to the block's width. Die-roll and odds columns (every data column
    short) are made equal and share the room; otherwise the room goes to the columns in
    proportion to their text."""
    extra = width - sum(widths)
    if extra <= 0:
        return widths
    nat = _natural_columns(strings, font, size)
    data = list(range(1, len(widths)))
    if data and all(nat[j] <= 6 * size for j in data):
        even = (sum(widths[j] for j in data) + extra) / len(data)
        if all(even >= widths[j] for j in data):
            return [widths[0]] + [even] * len(data)
    total = sum(nat) or 1.0
    return [w + extra * n / total for w, n in zip(widths, nat)]


def _split(block: _Block, room: float, maker: _Maker, whole_grids: bool,
           min_rows: int = MIN_PIECE_ROWS) -> tuple[_Block | None, _Block | None]:
    """The part of `block` that fits `room` and the rest (its band repeated); (None, block)
    when no more than the band would fit, or (`whole_grids`) a grid would be cut."""
    head, used = [], 0.0
    flows = list(block.flows)
    for i, f in enumerate(flows):
        if used + _h(f) <= room:
            head.append(f)
            used += _h(f) + _after(f)
            continue
        parts = _wrapped(f.split(block.width, room - used), block.width)
        rest = flows[i + 1:]
        if _grid_name(f) and parts and min(_rows(p) for p in parts) < min_rows:
            parts = []   # no piece of a grid one or two rows long
        if min_rows > 1 and not _grid_name(f) and not maker.anywhere_text:
            # no piece of text continued for a line or two (a widow), none left behind alone (an
            # orphan): fewer lines stay when that gives the piece continued its lines; else the
            # text goes on whole, or the block is not cut here
            line = TEXT * maker.leading
            after = sum(_h(x) + _after(x) for x in rest)
            need = maker.min_continued * line - 0.5
            # a short note goes on whole, and a bilingual one set as its Japanese, then its English
            # (a column too narrow for the two side by side) whatever its length: any cut leaves
            # one language alone under the "(continued)" band (Corregidor's 10.2.7 went on in
            # English only)
            if parts and (_h(f) <= maker.keep_whole * line + 0.5 or maker.lang == "both" and isinstance(f, Lines)):
                parts = []
            continued = sum(_h(p) for p in parts[1:]) + after
            if parts and continued < need:
                parts = _wrapped(f.split(block.width, room - used - (need - continued)), block.width)
            if parts and _h(parts[0]) < MIN_LEFT_LINES * line - 0.5:
                parts = []
            if not parts and _h(f) + after < need:
                return None, block
        if parts:
            for p in parts:
                if _grid_name(f):
                    p.grid_name = _grid_name(f)
            head.append(parts[0])
            rest = parts[1:] + rest
        else:
            rest = flows[i:]
        break
    else:
        return block, None
    # a column group, or the label of the modifiers, stays over its grid
    while head and (getattr(head[-1], "keep_with_next", False) or getattr(head[-1], "heads_grid", False)):
        rest = [head.pop()] + rest
    if len(head) <= 1 + bool(block.table.key):   # a band (and key) alone at a column's foot
        return None, block
    if whole_grids and not all(any(h is f for h in head) for f in block.flows if _grid_name(f)):
        return None, block
    band = maker.band(block.table, block.width, cont=True)
    band.wrap(block.width, 1e6)
    return (_Block(block.table, block.span, block.width, head),
            _Block(block.table, block.span, block.width, [band] + rest))


def _wrapped(parts: list, width: float) -> list:
    for p in parts:
        p.wrap(width, 1e6)
    return parts


def _rows(t) -> int:
    """The body rows of a piece of a grid (its repeated header row not counted)."""
    return len(t._cellvalues) - (t.repeatRows or 0)


def _pack(blocks: list[_Block], n: int, column: float, height: float, maker: _Maker,
          start: float = 0.0, head: float = SHEET_HEAD) -> list[list[_Placed]] | None:
    """Pages of placed flowables. In sheet order each block goes where the columns it spans
    are lowest; the gaps that leaves under its span are first filled with later one-column
    blocks that fit them; a block's notes may run on into the next column (its grids stay
    whole), and a block taller than a page flows on wherever it must. `start`: the sheet
    begins that far down a page another sheet began (None when nothing fits the room left).
    The sheet's last page is balanced (maker.balance): its columns end as evenly as they can,
    so the next sheet, which begins under the lowest, finds the page's room in one piece."""
    pages: list[list[_Placed]] = []
    pending = list(blocks)
    while pending:
        first = start + head if not pages else 0.0
        before = list(pending)
        placed = _fill_page(pending, n, column, height, maker, first)
        if not placed and start and not pages:   # nothing fits the room another sheet left
            return None
        if not placed:   # nothing fits an empty page: the first block flows on regardless
            part, rest = _split(pending[0], height - first, maker, whole_grids=False, min_rows=1)
            placed = _stacked(part or pending[0], 0.0, first)
            pending[0:1] = [rest] if (part and rest) else []
        elif not pending and n > 1 and maker.balance:
            placed = _balanced(before, placed, n, column, height, maker, first)
        pages.append(placed)
    return pages


def _stacked(b: _Block, x: float, y: float) -> list[_Placed]:
    """A block's flowables placed one under the other from (x, y)."""
    out = []
    for f in b.flows:
        out.append(_Placed(f, x, y, b.width, b.table.id, _grid_name(f)))
        y += _h(f) + _after(f)
    return out


def _bottom(placed: list[_Placed]) -> float:
    return max((p.y + _h(p.flow) for p in placed), default=0.0)


def _balanced(blocks: list[_Block], placed: list[_Placed], n: int, column: float, height: float,
              maker: _Maker, first: float) -> list[_Placed]:
    """The last page's blocks packed into the lowest height that still holds them all on the
    page (found by halving), when that ends the page's columns higher than `placed` does."""
    low, high, best = first, _bottom(placed), placed
    if high - first < 0.25 * height:   # a short last page: nothing to balance
        return placed
    while high - low > 6.0:
        mid = (low + high) / 2
        pending = list(blocks)
        got = _fill_page(pending, n, column, mid, maker, first, balancing=True)
        if not pending and got:
            best, high = got, min(mid, _bottom(got))
        else:
            low = mid
    return best if _bottom(best) < _bottom(placed) - 6.0 else placed


def _cut(b: _Block, room: float, maker: _Maker, height: float, first: float, balancing: bool):
    """(piece, rest) of `b` cut to `room` as a page's column cuts it: no grid is cut on a page
    being balanced, nor a block a page takes whole when little of the column is left."""
    return _split(b, room, maker, whole_grids=balancing or (b.height <= height - first and room < CUT_ROOM * height))


def _begins(rest: _Block, room: float, maker: _Maker, height: float, first: float, balancing: bool) -> bool:
    """Whether a column with `room` left takes `rest` whole, or a piece of it as _fill_page cuts one
    (Amigos' US objectives went on a page later, after the Filipino table the column took instead)."""
    if rest.height <= room:
        return True
    return room >= SPLIT_ROOM * height and _cut(rest, room, maker, height, first, balancing)[0] is not None


def _fill_page(pending: list[_Block], n: int, column: float, height: float, maker: _Maker,
               first: float, balancing: bool = False) -> list[_Placed]:
    """One page of `pending` (the blocks placed, or their first pieces, are taken off it), its
    columns filled from `first` down to `height`; `balancing`: no grid is cut (a page balanced
    moves whole grids and runs notes on, never cuts a table the page held whole).

    A block is cut only where its rest reads on at once (issue 22: Amigos' reinforcement
    conditions went on a page later, after three other tables): at the top of the next column,
    which moves down what it already holds, or from the last columns at the top of the next page."""
    tops = [first] * n
    placed: list[_Placed] = []
    # keyed by id(), each entry holding its object, so that no id is reused while the page is
    # filled (a flowable lifted and freed gave its id to a new one: Amigos' US objectives were
    # placed twice and the rest of the Stand-Up Fight chits never)
    floor: dict[int, tuple[_Block, int]] = {}   # a piece continued on this page: the column it reads on in
    whole: dict[int, tuple[_Placed, _Block]] = {}   # a placed flowable's block, when placed whole on this page

    def reads_on(b: _Block) -> int | None:
        e = floor.get(id(b))
        return None if e is None else e[1]

    def put(b: _Block, c: int, y: float, is_whole: bool = False) -> None:
        flows = _stacked(b, c * (column + GUTTER), y)
        placed.extend(flows)
        tops[c:c + b.span] = [y + b.height + maker.gap] * b.span
        if is_whole:
            whole.update((id(p), (p, b)) for p in flows)

    def covers(p: _Placed, k: int) -> bool:
        x = k * (column + GUTTER)
        return p.x < x + column and p.x + p.width > x

    def level(k: int) -> float:
        """Where column k's own run begins: under the last block spanning it, else `first`."""
        return max((p.y + _h(p.flow) + maker.gap for p in placed
                    if covers(p, k) and p.width > column + 0.5), default=first)

    def held(k: int, top: float) -> list[_Placed] | None:
        """What column k holds under `top`, when none of it spans other columns (else None)."""
        mine = [p for p in placed if covers(p, k) and p.y >= top - 0.5]
        return None if any(p.width > column + 0.5 for p in mine) else mine

    def room_after(c: int, b: _Block) -> bool:
        """Whether a piece of `b` cut at column c can read on at once: right of it the columns
        hold nothing under the band it began under, or the next one's content can move down."""
        right = range(c + b.span, n)
        if not right:
            return True
        top = level(c)
        if all(abs(tops[k] - top) < 0.5 for k in right):
            return len(right) >= b.span
        return b.span == 1 and abs(level(c + 1) - top) < 0.5 and held(c + 1, top) is not None

    def lift(k: int) -> list[_Block] | None:
        """Column k's own run taken off the page, to be placed again after a piece continued
        into it; None when it holds a block's piece or a block spanning other columns."""
        mine = held(k, level(k))
        if mine is None or any(id(p) not in whole for p in mine):
            return None
        gone = {id(p) for p in mine}
        placed[:] = [p for p in placed if id(p) not in gone]
        tops[k] = level(k)
        back = {id(whole[id(p)][1]): whole[id(p)][1] for p in sorted(mine, key=lambda p: p.y)}
        return list(back.values())

    def lead(b: _Block, k: int) -> bool:
        """The piece continued `b` put at the top of column k's own run, what that holds moved
        down (False: it does not fit there)."""
        top = level(k)
        mine = held(k, top)
        if mine is None or tops[k] + b.height > height:
            return False
        down = b.height + maker.gap
        for p in mine:
            p.y += down
        placed.extend(_stacked(b, k * (column + GUTTER), top))
        tops[k] += down
        return True

    i = 0
    while i < len(pending):
        b = pending[i]
        k = reads_on(b)
        if k is not None and b.span == 1 and k < n and tops[k] > level(k) + 0.5:
            if lead(b, k):
                del pending[i]
                continue
        # a continued piece reads after its start: in a column to the right, or on a later page
        cols = range(k if k is not None else 0, n - b.span + 1)
        if not cols:
            i += 1
            continue
        c = min(cols, key=lambda k: (max(tops[k:k + b.span]), k))
        y = max(tops[c:c + b.span])
        if y + b.height <= height:
            for k in range(c, c + b.span):
                j = i + 1
                while j < len(pending) and y - tops[k] > maker.gap + 24:
                    g = pending[j]
                    if g.span == 1 and tops[k] + g.height + maker.gap <= y:
                        put(g, k, tops[k], reads_on(g) is None)
                        del pending[j]
                    else:
                        j += 1
            put(b, c, y, reads_on(b) is None)
            del pending[i]
            continue
        if height - y >= SPLIT_ROOM * height and room_after(c, b):
            # a grid is cut (its header repeated) only with a good share of the page left
            part, rest = _cut(b, height - y, maker, height, first, balancing)
            nxt, back = c + b.span, []
            if part is not None and nxt < n and tops[nxt] > level(nxt) + 0.5 and tops[nxt] + rest.height > height:
                # the rest does not fit over what the next column holds: that goes after it
                back = lift(nxt) if maker.lift else None
                if back is None:
                    part = None
            elif part is not None and nxt + b.span <= n and not _begins(rest, height - max(tops[nxt:nxt + b.span]),
                                                                        maker, height, first, balancing):
                part = None   # the next column cannot take the rest, nor begin it: another table would come between
            if part is not None:
                put(part, c, y)
                pending[i + 1:i + 1] = back
                pending[i] = rest
                floor[id(rest)] = (rest, c + b.span)
                continue
        i += 1
    # a piece continued leads the next page: read on at once, not after blocks this page skipped
    # (Amigos' Political Will Track went on two pages later, issue 22)
    pending[:] = [b for b in pending if reads_on(b) is not None] + [b for b in pending if reads_on(b) is None]
    return placed


@dataclass
class _Page:
    """A page of the chart set: its trimmed size and column count, what is placed on it, and
    the sheets that begin on it (sheet, how far down)."""
    trim: tuple
    n: int
    column: float
    placed: list
    heads: list   # (sheet, how far down, the height of its title)
    sheets: list = dataclasses.field(default_factory=list)   # the sheets it holds, for the footer

    @property
    def bottom(self) -> float:
        return max([_bottom(self.placed)] + [y + hh for _, y, hh in self.heads])


def _sheet_notes(tables: list[Table]) -> dict:
    """{table id: (the notes it prints, the tables printing the rest)}: a note shared by several
    tables of a sheet is printed once, under the first (issue 22)."""
    seen: dict = {}
    out = {}
    for t in tables:
        keep, shared = [], []
        for note in cards.player_notes(t):
            key = (note.text.ja, note.text.en)
            if key in seen:
                shared.append(seen[key])
            else:
                seen[key] = t
                keep.append(note)
        out[t.id] = (keep, tuple(dict.fromkeys(shared)))
    return out


def _blocks(tables: list[Table], maker: _Maker, n: int, column: float):
    """The blocks of a sheet's tables at a column count, made once (layouts try each many times)."""
    key = (tuple(t.id for t in tables), n, round(column, 2), maker.anywhere)
    if key not in maker.blocks:
        keyed = next((t for t in tables if t.cell_notes()), None)
        maker.remark_key = next((t for t in tables if cards.marked(t)), None)   # once a sheet
        notes = _sheet_notes(tables)
        maker.blocks[key] = [maker.block(t, n, column, t is keyed, *notes[t.id]) for t in tables]
    return maker.blocks[key]


def _configs(spec: PageSpec):
    """(trim, column count, column width) of each way to divide a page, the most columns first
    that the paper takes; one column last."""
    out = []
    for orient in (portrait, landscape):
        trim = orient(spec.size)
        wide = trim[0] - 2 * spec.margin
        for n in range(2, MAX_COLUMNS + 1):
            column = (wide - (n - 1) * GUTTER) / n
            if column < MIN_COLUMN:
                break
            out.append((trim, n, column))
    return out + [(orient(spec.size), 1, orient(spec.size)[0] - 2 * spec.margin) for orient in (portrait, landscape)]


def _used(pg: _Page, spec: PageSpec) -> float:
    """The share of a page's content area its blocks and sheet titles take."""
    wide, tall = pg.trim[0] - 2 * spec.margin, pg.trim[1] - 2 * spec.margin - FOOT
    return (sum(_h(p.flow) * p.width for p in pg.placed) + sum(hh for _, _, hh in pg.heads) * wide) / (wide * tall)


def _set_pages(sheets: list, maker: _Maker, spec: PageSpec, fixed=None) -> list[_Page] | None:
    """Every sheet's pages, in order: each sheet on its own best layout (or all on `fixed`:
    one (trim, n, column) for the whole set), beginning under the sheet before where that
    page has room. None when a sheet's tables do not all fit `fixed`."""
    pages: list[_Page] = []
    for k, (sheet, ts, title) in enumerate(sheets):
        maker.balance = k < len(sheets) - 1   # a last page is balanced for the sheet that follows it
        laid = _layout(ts, maker, spec, pages[-1] if pages else None, fixed, title)
        if laid is None:
            return None
        laid, continued = laid
        for p in (x for pg in laid for x in pg.placed):
            p.sheet = sheet.id
        if continued:   # the sheet begins under the one before, on its last page
            last = pages[-1]
            head = (sheet, last.bottom + SHEET_GAP, _head_height(title, last.trim[0] - 2 * spec.margin))
            last.placed = last.placed + laid[0].placed
            last.heads = last.heads + [head]
            last.sheets = last.sheets + [sheet]
            laid = laid[1:]
        else:
            laid[0].heads = [(sheet, 0.0, _head_height(title, laid[0].trim[0] - 2 * spec.margin))]
        for p in laid:
            p.sheets = [sheet]
        pages += laid
    return pages


def _layout(tables: list[Table], maker: _Maker, spec: PageSpec, last: "_Page | None" = None,
            fixed=None, title: str = ""):
    """The sheet's pages on the orientation and column count needing the fewest new pages (a
    single column only when no table allows more); it begins under the sheet before it, on
    that sheet's last page, when that needs no more pages than a page of its own; `title`
    heads its first page. Returns (pages, whether the first is `last` continued); with `fixed`
    (one (trim, n, column)), None when the tables do not all fit it."""
    best = _best_layout(tables, maker, spec, last, fixed, title)
    if fixed:
        return best
    if best is None:   # no layout without cutting words inside (issue 25 item 12): cut them
        maker.anywhere = True
        try:
            best = _best_layout(tables, maker, spec, last, None, title)
        finally:
            maker.anywhere = False
    if best is None:
        widest = max(spec.size) - 2 * spec.margin
        wide = [t.id for t in tables if maker.fit(t, 1, widest) is None]
        raise page.too_wide(tables[0].game, wide, spec.paper, SIZES[-1])
    return best


def _best_layout(tables: list[Table], maker: _Maker, spec: PageSpec, last: "_Page | None", fixed,
                 title: str):
    """(pages, continued) of the layout needing the fewest new pages, or None when none fits."""
    cont = None
    if last is not None and (not fixed or (last.trim, last.n) == tuple(fixed[:2])):
        tall = last.trim[1] - 2 * spec.margin - FOOT
        blocks = _blocks(tables, maker, last.n, last.column)
        if None not in blocks:
            head = _head_height(title, last.trim[0] - 2 * spec.margin)
            pages = _pack(blocks, last.n, last.column, tall, maker, start=last.bottom + SHEET_GAP, head=head)
            if pages is not None:
                end = _bottom(pages[-1])
                cont = ((len(pages) - 1, 0, end / tall), [_Page(last.trim, last.n, last.column, p, [])
                                                          for p in pages], True)
    best = None
    for trim, n, column in ([fixed] if fixed else _configs(spec)):
        if best is not None and n == 1 and not fixed:   # a single column only when no table allows more
            break
        tall = trim[1] - 2 * spec.margin - FOOT
        blocks = _blocks(tables, maker, n, column)
        if any(b is None for b in blocks):
            continue
        pages = _pack(blocks, n, column, tall, maker, head=_head_height(title, trim[0] - 2 * spec.margin))
        end = _bottom(pages[-1])
        score = (len(pages), 1, end / tall, trim[0] > trim[1], n)
        if best is None or score < best[0]:
            best = (score, [_Page(trim, n, column, p, []) for p in pages], False)
    if best is None:
        best = None if fixed else cont
    elif cont is not None and cont[0] < best[0]:
        best = cont
    return None if best is None else (best[1], best[2])


def render(game: Game, sheets, tables: dict, spec: PageSpec) -> bytes:
    return render_with_boxes(game, sheets, tables, spec)[0]


def render_with_boxes(game: Game, sheets, tables: dict, spec: PageSpec) -> tuple[bytes, list[Box]]:
    """The game's chart set: every sheet from a new page, the footer naming game and sheet."""
    spec = dataclasses.replace(spec, margin_mm=MARGIN_MM)
    with page.fixed_epoch():
        return _render(game, sheets, tables, spec)


def _render(game: Game, sheets, tables: dict, spec: PageSpec) -> tuple[bytes, list[Box]]:
    font = fonts.register()
    sheets_tables = []
    for sheet in sheets:
        ts = [tables[t] for t in sheet.tables]
        for t in ts:
            cards.check_font(t, game, spec.lang, font)
        sheets_tables.append((sheet, ts, cards.composed(sheet.title, spec.lang)))
    pages = _pages(sheets_tables, game, spec)
    if spec.lang == "both":   # two languages in a cell: the closest type the floor allows, where it saves a page
        close = _pages(sheets_tables, game, spec, CLOSE_SIZES)
        if len(close) < len(pages) and _thin(close, spec) <= _thin(pages, spec):
            pages = close
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=font,
               title=f"{game.title.ja} / {game.title.en}", author="playaids",
               creator=f"playaids {__version__}", producer=f"playaids {__version__}",
               lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    boxes: list[Box] = []
    o = page.offset(spec)
    game_title = cards.composed(game.title, spec.lang)
    for number, pg in enumerate(pages, 1):
        trim = pg.trim
        c.setPageSize(page.sheet(spec, trim))   # each sheet on its own orientation
        page.print_marks(c, spec, trim)
        c.saveState()
        c.translate(o, o)
        top = trim[1] - spec.margin
        for sheet, y, _ in pg.heads:
            _sheet_head(c, font, cards.composed(sheet.title, spec.lang), game_title if y == 0 else "",
                        spec, trim, top - y, rule=y > 0)
        sheet_h = trim[1] + 2 * o
        for p in pg.placed:
            p.flow.wrapOn(c, p.width, 1e6)
            x, y = spec.margin + p.x, top - p.y - _h(p.flow)
            p.flow.drawOn(c, x, y)
            if p.grid:
                w = sum(p.flow._colWidths)
                boxes.append(Box(p.sheet, p.table, p.grid, number, o + x - 1,
                                 sheet_h - (o + y + _h(p.flow)) - 1, o + x + w + 1, sheet_h - (o + y) + 1))
        names = " · ".join(cards.composed(s.title, spec.lang) for s in pg.sheets)
        _foot(c, spec, trim, font, [f"{game_title} · {names}", f"{game.title.get(spec.lang).split(chr(10))[0]} · {names}"],
              number)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue(), boxes


def _pages(sheets_tables: list, game: Game, spec: PageSpec, sizes=SIZES) -> list[_Page]:
    """The set's pages with its cells set in `sizes`: the layout _chosen finds, then another where
    that one leaves a page thin or a last page of a few lines."""
    pages = _chosen(sheets_tables, _Maker(spec, game, sizes=sizes), spec)
    if _thin(pages, spec):   # a column's run that made way for a piece may leave a page thin
        still = _Maker(spec, game, sizes=sizes)
        still.lift = False
        other = _chosen(sheets_tables, still, spec)
        if (_thin(other, spec), len(other)) < (_thin(pages, spec), len(pages) + 1):
            pages = other
    last = pages[-1]
    if len(pages) > 1 and last.bottom < SPARSE_LAST * (last.trim[1] - 2 * spec.margin - FOOT):
        # a last page of a few lines: set closer, else cut short notes too, else leave fewer lines
        # continued, if that saves it; the first way that saves it on pages of one orientation
        saved = None
        for tight, loose in ((True, 0), (False, 1), (True, 1), (True, 2), (True, 3)):
            other = _chosen(sheets_tables, _Maker(spec, game, tight, loose, sizes), spec)
            if len(other) < len(pages):
                saved = saved or other
                if not _mixed(other):
                    saved = other
                    break
        pages = saved or pages
    return pages


def _mixed(pages: list[_Page]) -> bool:
    """Portrait and landscape pages in one set."""
    return len({p.trim[0] > p.trim[1] for p in pages}) > 1


def _chosen(sheets_tables: list, maker: _Maker, spec: PageSpec) -> list[_Page]:
    """Each sheet on its own best layout, or the whole set on one: whichever leaves the fewest
    pages but the last under the fill a reader expects (issue 22), then needs the fewest pages,
    then turns no page against the others. A printer imposes a set of one orientation: one is
    taken though it needs a page more."""
    best = None
    for fixed in [None] + _configs(spec):
        pages = _set_pages(sheets_tables, maker, spec, fixed)
        if pages is None:
            continue
        thin = _thin(pages, spec)
        mixed = _mixed(pages)
        scrap = _used(pages[-1], spec) < SCRAP   # a sheet for a table of two rows (RGI's storm risk)
        score = (thin, len(pages) + mixed, scrap, mixed, fixed is not None)   # one orientation is worth a page
        if best is None or score < best[0]:
            best = (score, pages)
    return best[1]


def _thin(pages: list[_Page], spec: PageSpec) -> int:
    """The pages but the last under the fill a reader expects."""
    return sum(_used(p, spec) < FILL for p in pages[:-1])


def _head_lines(title: str, room: float) -> tuple[float, list[str]]:
    """The sheet title's size and lines: one line at 14 pt, shrunk to 10 pt if need be, else
    broken into lines at 10 pt (a title of 160 characters, the most its schema allows)."""
    size = 14.0
    while size > 10 and fonts.width(title, fonts.GOTHIC, size) > room:
        size -= 0.5
    if fonts.width(title, fonts.GOTHIC, size) <= room:
        return size, [title]
    return size, kinsoku.wrap(title, room, lambda x: fonts.width(x, fonts.GOTHIC, size), phrases=True, spare_from=1)


def _head_height(title: str, room: float) -> float:
    size, lines = _head_lines(title, room)
    return SHEET_HEAD + (len(lines) - 1) * size * 1.25


def _sheet_head(c, font: str, title: str, game_title: str, spec: PageSpec, trim, top: float,
                rule: bool = False) -> None:
    """The sheet's title at the top left, the game's at the right when both fit on the line
    (the footer names the game on every page); a title too long shrinks to 10 pt, then is
    broken into lines. `rule`: a sheet beginning under another on the page, a rule across the
    page above its title."""
    room = trim[0] - 2 * spec.margin
    if rule:
        c.saveState()
        c.setLineWidth(1.2)
        c.setStrokeColor(colors.HexColor(spec.colour("band")))
        c.line(spec.margin, top + SHEET_GAP / 2, trim[0] - spec.margin, top + SHEET_GAP / 2)
        c.restoreState()
    size, lines = _head_lines(title, room)
    c.setFillColor(colors.black)
    for k, line in enumerate(lines):
        fonts.draw_string(c, spec.margin, top - 14 - k * size * 1.25, line, size, font)
    if game_title and len(lines) == 1 and \
            fonts.width(title, fonts.GOTHIC, size) + 16 + fonts.width(game_title, fonts.GOTHIC, 8) <= room:
        c.setFillColor(colors.HexColor(spec.colour("muted")))
        fonts.draw_string(c, trim[0] - spec.margin, top - 14, game_title, 8, font, "right")


def _foot(c, spec: PageSpec, trim, font: str, left, number: int) -> None:
    """Game and sheet at the left, the page number at the right. `left`: the footer's texts,
    the fullest first: the first that fits (a bilingual game title too long beside the sheets'
    gives way to its Japanese), the last cut short with an ellipsis."""
    room = trim[0] - 2 * spec.margin - 24
    left = next((x for x in left if fonts.width(x, fonts.GOTHIC, 7) <= room), None) or page.fit_line(left[-1], 7, room)
    c.saveState()
    c.setFillColor(colors.HexColor(spec.colour("muted")))
    y = FOOT_MM * mm
    fonts.draw_string(c, spec.margin, y, left, 7, font)
    fonts.draw_string(c, trim[0] - spec.margin, y, str(number), 7, font, "right")
    c.restoreState()
