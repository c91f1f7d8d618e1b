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
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape, portrait
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, games, kinsoku
from playaids.model import Game, Table
from playaids.render import cards, page
from playaids.render.lines import Lines
from playaids.render.page import PageSpec

GUTTER = 9.0           # between the columns of a page
GAP = 6.0              # between blocks stacked in a column
SIZES = (8.0, 7.5, 7.0)  # cell text, largest first: never below 7 pt (issue 14)
TEXT = 7.0             # legend and notes
LEADING = 1.15
MARGIN_MM = 8.0        # a chart sheet's margin: dense, clear of a printer's unprintable edge
FOOT = 11.0            # the footer's band under the content: its baseline 6 mm from the trim
FOOT_MM = 6.0
MIN_COLUMN = 165.0     # the narrowest column a page is divided into
MAX_COLUMNS = 6
SHEET_HEAD = 24.0      # the sheet's title on its first page
SPLIT_ROOM = 0.2       # a block flows on into a room at least this share of the page tall
CUT_ROOM = 0.35        # ... and its grid is cut only for a room this tall
MIN_PIECE_ROWS = 3     # a cut grid leaves no piece shorter than this


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


class _Maker:
    """Builds a table's block at a given width: band, grids, key, legend, notes."""

    def __init__(self, spec: PageSpec):
        self.spec, self.lang = spec, spec.lang
        self.font = fonts.register()
        f = self.font
        self.band_style = ParagraphStyle("band", fontName=f, fontSize=9, leading=11,
                                         textColor=colors.HexColor(spec.colour("band_text")))
        self.band_rule = ParagraphStyle("bandrule", parent=self.band_style, fontSize=7, leading=9, alignment=2)
        self.text = ParagraphStyle("text", fontName=f, fontSize=TEXT, leading=TEXT * LEADING, leftIndent=7,
                                   firstLineIndent=-7, wordWrap="CJK" if spec.lang != "en" else None)
        self.sub = ParagraphStyle("sub", fontName=f, fontSize=8, leading=10)
        self._fits: dict = {}
        self.anywhere = False   # words may be cut (the last resort: no layout fits otherwise)

    # -- measuring -------------------------------------------------------------------------
    def fit(self, table: Table, n: int, column: float):
        """(span, block width, cell size, widths per grid): the narrowest span whose width
        takes the grids unwrapped at a legible size, else wrapped; None when nothing fits."""
        key = (table.id, n, round(column, 2), self.anywhere)
        if key not in self._fits:
            self._fits[key] = self._fit(table, n, column)
        return self._fits[key]

    def _fit(self, table, n, column):
        grids = cards.drawn_grids(table)
        strings = [cards._grid_strings(g, self.lang) for g in grids]
        spans = [cards._spans(g) for g in grids]
        cjk = self.lang in ("ja", "both")
        # span by span: unwrapped at a legible size, then wrapped where no column is squeezed
        # below its comfortable width; then wrapped at any width, the full page last
        trials = [(span, wrap, size, wrap) for span in range(1, n + 1)
                  for wrap, sizes in ((False, SIZES), (True, SIZES[:2])) for size in sizes]
        trials += [(span, True, size, False) for span in range(1, n + 1) for size in SIZES]
        if self.anywhere:   # the last resort: words cut wherever a column needs (a 4,000-character word)
            trials += [(span, cards.ANYWHERE, SIZES[-1], False) for span in range(1, n + 1)]
        for span, wrap, size, comfort in trials:
            width = span * column + (span - 1) * GUTTER
            widths = [cards._column_widths(s, self.font, size, width, wrap, cjk, sp) for s, sp in zip(strings, spans)]
            if None in widths or (comfort and not all(
                    _comfortable(s, w, self.font, size) for s, w in zip(strings, widths))):
                continue
            return span, width, size, [_stretch(s, w, width, self.font, size) for s, w in zip(strings, widths)]
        return None

    # -- building ---------------------------------------------------------------------------
    def block(self, table: Table, n: int, column: float, shading_key: bool = True) -> _Block | None:
        """The table's block; `shading_key`: it carries the sheet's one key of shaded cells."""
        fit = self.fit(table, n, column)
        if fit is None:
            return None
        span, width, size, widths = fit
        spec, lang = self.spec, self.lang
        flows = [self.band(table, width)]
        if table.key:
            flows.append(self.para(cards.key_text(table, lang)))
        if table.missing:
            box = RLTable([[self.para(table.missing.get(lang))]], colWidths=[width])
            box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font),
                                     ("BOX", (0, 0), (-1, -1), 1.0, colors.black),
                                     ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("note"))),
                                     ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
            flows.append(box)
        for g, w in zip(cards.drawn_grids(table), widths):
            if g is table.modifiers:
                flows.append(Paragraph(escape(spec.word("サイの目修正", "Modifiers")), self.sub))
            strings = cards._grid_strings(g, lang)
            if g is table.grid and table.column_group:
                flows.append(self.column_group(table.column_group, w, size))
            grid = cards._grid_flowable(g, strings, w, size, self.font, spec, cards.text_columns(strings, self.font, size),
                                        table.row_groups if g is table.grid else 1)
            grid.setStyle(TableStyle([("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.0),
                                      ("LEADING", (0, 0), (-1, -1), size * 1.18)]))
            grid.grid_name = "grid" if g is table.grid else "modifiers"   # read back by the tests, Box
            flows.append(grid)
        if shading_key and table.cell_notes():   # the key of the shading, once a sheet
            flows.append(self.para(spec.word(cards.DOUBTFUL_KEY_JA, cards.DOUBTFUL_KEY_EN), size=7.0))
        def rule(r):   # the band cites the table's rule: a note citing the same says nothing more
            return "" if r == table.rule else cards.rule_suffix(table, spec, r)
        flows += [self.para(cards.legend_text(e, lang) + rule(e.rule)) for e in table.legend]
        flows += [self.para(cards.note_text(x, lang) + rule(x.rule), bullet="•") for x in cards.player_notes(table)]
        for f in flows:
            f.wrap(width, 1e6)
        return _Block(table, span, width, flows)

    def column_group(self, text, widths: list[float], size: float):
        """The seed's heading over all the result columns, a header band joined to the grid's
        top (kept with it over a column or page turn)."""
        t = RLTable([["", cards._para(text.get(self.lang).replace("\n", " / "), ParagraphStyle(
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
                                                               leading=size * LEADING)
            return cards._para(f"{bullet} {text}" if bullet else text, st)
        return Lines(text, size, indent=7.0 if bullet else 0.0, bullet=bullet, after=0.0, leading=LEADING)

    def band(self, table: Table, width: float, cont: bool = False):
        """The table's heading on a dark band: its title at the left, the rule and dice at the
        right; a continuation says so."""
        spec, lang = self.spec, self.lang
        title = cards.heading(table, spec, cont)
        right = f"{cards._rule_word(spec)} {games.rule_label(table.game, table.rule, lang)}"
        if table.dice and table.dice != "none":
            right += f" · {spec.word('ダイス', 'Dice')} {table.dice}"
        rw = min(fonts.width(right, self.font, 7) + 10, width * 0.45)
        # broken here under the kinsoku rules: no "）" or "】" alone at a line's start
        title = "\n".join(kinsoku.wrap(title, width - rw - 8.5, lambda x: fonts.width(x, self.font, 9)))
        t = RLTable([[cards._para(title, self.band_style), cards._para(right, self.band_rule)]],
                    colWidths=[width - rw, rw])
        t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), self.font),
                               ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("band"))),
                               ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                               ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
        return t


def _after(f) -> float:
    """The space under a flowable of a block: none under a heading joined to its grid."""
    return 0.0 if getattr(f, "keep_with_next", False) else 2.0


def _grid_name(f) -> str | None:
    return getattr(f, "grid_name", None)


def _h(f) -> float:
    """A wrapped flowable's height (a ReportLab table keeps it privately)."""
    return f._height if isinstance(f, RLTable) else f.height


def _natural_columns(strings, font: str, size: float) -> list[float]:
    return cards.natural_columns(strings, font, size)


def _comfortable(strings, widths, font: str, size: float) -> bool:
    """No column narrower than its text or four em, whichever is less, a column of running
    text (over twelve em) no narrower than nine em, and no header broken inside a word: a
    wrapped grid that still reads at a glance."""
    nat = _natural_columns(strings, font, size)
    pad = 2 * cards.PAD + 1
    heads = [cards._min_width(h or "", font, size, False) for h in strings[0]]
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
        parts = f.split(block.width, room - used)
        rest = flows[i + 1:]
        if _grid_name(f) and parts and min(_rows(p) for p in parts) < min_rows:
            parts = []   # no piece of a grid one or two rows long
        if parts:
            for p in parts:
                p.wrap(block.width, 1e6)
                if _grid_name(f):
                    p.grid_name = _grid_name(f)
            head.append(parts[0])
            rest = parts[1:] + rest
        else:
            rest = flows[i:]
        break
    else:
        return block, None
    while head and getattr(head[-1], "keep_with_next", False):   # a column group stays over its grid
        rest = [head.pop()] + rest
    if len(head) <= 1 + bool(block.table.key):   # a band (and key) alone at a column's foot
        return None, block
    if whole_grids and not all(any(h is f for h in head) for f in block.flows if _grid_name(f)):
        return None, block
    band = maker.band(block.table, block.width, cont=True)
    band.wrap(block.width, 1e6)
    return (_Block(block.table, block.span, block.width, head),
            _Block(block.table, block.span, block.width, [band] + rest))


def _rows(t) -> int:
    """The body rows of a piece of a grid (its repeated header row not counted)."""
    return len(t._cellvalues) - (t.repeatRows or 0)


def _pack(blocks: list[_Block], n: int, column: float, height: float, maker: _Maker,
          head: float = SHEET_HEAD) -> list[list[_Placed]]:
    """Pages of placed flowables. In sheet order each block goes where the columns it spans
    are lowest; the gaps that leaves under its span are first filled with later one-column
    blocks that fit them; a block's notes may run on into the next column (its grids stay
    whole), and a block taller than a page flows on wherever it must."""
    pages: list[list[_Placed]] = []
    pending = list(blocks)
    while pending:
        first = head if not pages else 0.0
        tops = [first] * n
        placed: list[_Placed] = []
        floor: dict[int, int] = {}   # a piece continued on this page: the first column it may take

        def put(b: _Block, c: int, y: float) -> None:
            x = c * (column + GUTTER)
            for f in b.flows:
                placed.append(_Placed(f, x, y, b.width, b.table.id, _grid_name(f)))
                y += _h(f) + _after(f)
            tops[c:c + b.span] = [y - _after(b.flows[-1]) + GAP] * b.span

        i = 0
        while i < len(pending):
            b = pending[i]
            # a continued piece reads after its start: in a column to the right, or on a later page
            cols = range(floor.get(id(b), 0), n - b.span + 1)
            if not cols:
                i += 1
                continue
            c = min(cols, key=lambda k: (max(tops[k:k + b.span]), k))
            y = max(tops[c:c + b.span])
            if y + b.height <= height:
                for k in range(c, c + b.span):
                    j = i + 1
                    while j < len(pending) and y - tops[k] > GAP + 24:
                        g = pending[j]
                        if g.span == 1 and tops[k] + g.height + GAP <= y:
                            put(g, k, tops[k])
                            del pending[j]
                        else:
                            j += 1
                put(b, c, y)
                del pending[i]
                continue
            if height - y >= SPLIT_ROOM * height:
                # a grid is cut (its header repeated) only with a good share of the page left
                part, rest = _split(b, height - y, maker,
                                    whole_grids=b.height <= height - first and height - y < CUT_ROOM * height)
                if part is not None:
                    put(part, c, y)
                    pending[i] = rest
                    floor[id(rest)] = c + 1
                    continue
            i += 1
        if not placed:   # nothing fits an empty page: the first block flows on regardless
            part, rest = _split(pending[0], height - first, maker, whole_grids=False, min_rows=1)
            put(part or pending[0], 0, first)
            pending[0:1] = [rest] if (part and rest) else []
        pages.append(placed)
    return pages


def _layout(tables: list[Table], maker: _Maker, spec: PageSpec, title: str = ""):
    """The sheet's pages on the orientation and column count needing the fewest pages (a
    single column only when no table allows more); `title` heads the first page."""
    best = _best_layout(tables, maker, spec, title)
    if best is None:   # no layout without cutting words inside (issue 25 item 12): cut them
        maker.anywhere = True
        try:
            best = _best_layout(tables, maker, spec, title)
        finally:
            maker.anywhere = False
    if best is not None:
        return best
    widest = max(spec.size) - 2 * spec.margin
    wide = [t.id for t in tables if maker.fit(t, 1, widest) is None]
    raise page.too_wide(tables[0].game, wide, spec.paper, SIZES[-1])


def _best_layout(tables: list[Table], maker: _Maker, spec: PageSpec, title: str):
    """(trim, pages) of the layout needing the fewest pages, or None when none fits."""
    best = None
    for counts in (range(2, MAX_COLUMNS + 1), (1,)):
        for orient in (portrait, landscape):
            trim = orient(spec.size)
            wide, tall = trim[0] - 2 * spec.margin, trim[1] - 2 * spec.margin - FOOT
            head = _head_height(title, wide)
            for n in counts:
                column = (wide - (n - 1) * GUTTER) / n
                if column < MIN_COLUMN and n > 1:
                    break
                keyed = next((t for t in tables if t.cell_notes()), None)
                blocks = [maker.block(t, n, column, t is keyed) for t in tables]
                if any(b is None for b in blocks):
                    continue
                pages = _pack(blocks, n, column, tall, maker, head)
                last = max((p.y + _h(p.flow) for p in pages[-1]), default=0.0)
                score = (len(pages), last / tall, orient is landscape, n)
                if best is None or score < best[0]:
                    best = (score, trim, pages)
        if best is not None:
            return best[1], best[2]
    return None


def render(game: Game, sheets, tables: dict, spec: PageSpec) -> bytes:
    return render_with_boxes(game, sheets, tables, spec)[0]


def render_with_boxes(game: Game, sheets, tables: dict, spec: PageSpec) -> tuple[bytes, list[Box]]:
    """The game's chart set: every sheet from a new page, the footer naming game and sheet."""
    spec = dataclasses.replace(spec, margin_mm=MARGIN_MM)
    with page.fixed_epoch():
        return _render(game, sheets, tables, spec)


def _render(game: Game, sheets, tables: dict, spec: PageSpec) -> tuple[bytes, list[Box]]:
    maker = _Maker(spec)
    font = maker.font
    laid = []
    for sheet in sheets:
        ts = [tables[t] for t in sheet.tables]
        for t in ts:
            cards._check_font(t, game, spec.lang, font)
        laid.append((sheet, *_layout(ts, maker, spec, cards.composed(sheet.title, spec.lang))))
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=font,
               title=f"{game.title.ja} / {game.title.en}", author="playaids",
               creator=f"playaids {__version__}", producer=f"playaids {__version__}",
               lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    boxes: list[Box] = []
    o = page.offset(spec)
    number = 0
    game_title = cards.composed(game.title, spec.lang)
    for sheet, trim, pages in laid:
        for k, placed in enumerate(pages):
            number += 1
            c.setPageSize(page.sheet(spec, trim))   # each sheet on its own orientation
            page.print_marks(c, spec, trim)
            c.saveState()
            c.translate(o, o)
            top = trim[1] - spec.margin
            if k == 0:
                _sheet_head(c, font, cards.composed(sheet.title, spec.lang), game_title, spec, trim, top)
            sheet_h = trim[1] + 2 * o
            for p in placed:
                p.flow.wrapOn(c, p.width, 1e6)
                x, y = spec.margin + p.x, top - p.y - _h(p.flow)
                p.flow.drawOn(c, x, y)
                if p.grid:
                    w = sum(p.flow._colWidths)
                    boxes.append(Box(sheet.id, p.table, p.grid, number, o + x - 1,
                                     sheet_h - (o + y + _h(p.flow)) - 1, o + x + w + 1, sheet_h - (o + y) + 1))
            _foot(c, spec, trim, font, f"{game_title} · {cards.composed(sheet.title, spec.lang)}", number)
            c.restoreState()
            c.showPage()
    c.save()
    return buf.getvalue(), boxes


def _head_lines(title: str, room: float) -> tuple[float, list[str]]:
    """The sheet title's size and lines: one line at 14 pt, shrunk to 10 pt if need be, else
    broken into lines at 10 pt (a title of 160 characters, the most its schema allows)."""
    size = 14.0
    while size > 10 and fonts.width(title, fonts.GOTHIC, size) > room:
        size -= 0.5
    if fonts.width(title, fonts.GOTHIC, size) <= room:
        return size, [title]
    return size, kinsoku.wrap(title, room, lambda x: fonts.width(x, fonts.GOTHIC, size))


def _head_height(title: str, room: float) -> float:
    size, lines = _head_lines(title, room)
    return SHEET_HEAD + (len(lines) - 1) * size * 1.25


def _sheet_head(c, font: str, title: str, game_title: str, spec: PageSpec, trim, top: float) -> None:
    """The sheet's title at the top left, the game's at the right when both fit on the line
    (the footer names the game on every page); a title too long shrinks to 10 pt, then is
    broken into lines."""
    room = trim[0] - 2 * spec.margin
    size, lines = _head_lines(title, room)
    c.setFont(font, size)
    c.setFillColor(colors.black)
    for k, line in enumerate(lines):
        c.drawString(spec.margin, top - 14 - k * size * 1.25, line)
    if len(lines) == 1 and fonts.width(title, fonts.GOTHIC, size) + 16 + fonts.width(game_title, fonts.GOTHIC, 8) <= room:
        c.setFont(font, 8)
        c.setFillColor(colors.HexColor(spec.colour("muted")))
        c.drawRightString(trim[0] - spec.margin, top - 14, game_title)


def _foot(c, spec: PageSpec, trim, font: str, left: str, number: int) -> None:
    """Game and sheet at the left (cut short with an ellipsis before the page number), the
    page number at the right."""
    left = page.fit_line(left, 7, trim[0] - 2 * spec.margin - 24)
    c.saveState()
    c.setFont(font, 7)
    c.setFillColor(colors.HexColor(spec.colour("muted")))
    y = FOOT_MM * mm
    c.drawString(spec.margin, y, left)
    c.drawRightString(trim[0] - spec.margin, y, str(number))
    c.restoreState()
