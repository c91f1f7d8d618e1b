"""Grids as every renderer of tables draws them (cards, chart sets, odds cards): a cell's text
in the aid's language, the columns' natural and narrowest widths at a type size, the widths a
grid takes in a given room (unwrapped, wrapped, or cut by character as a last resort), and the
ReportLab table of a grid with its spans, shading of reconstructed cells and repeated header."""
from __future__ import annotations

import functools
import re

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import fonts, kinsoku, workshop
from playaids.model import Grid, Table, Text
from playaids.render import hexsymbols
from playaids.render.page import PageSpec

PAD = 4.0  # cell padding each side, points
ANYWHERE = "anywhere"   # the wrap of last resort: words cut by character
TALL_ROW = 480.0   # a row estimated taller than this is split across pages (the shortest frame, Letter
#                   turned, is 544 pt: a row up to this tall fits a fresh page under its header)


def _lang_text(t: Text | None, lang: str) -> str:
    return "" if t is None else workshop.for_players(t.get(lang))


def para(s: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph run by run in its faces (fonts.runs): Latin text in the Latin face, the rest
    in the style's; a paragraph in one face is set in it without markup."""
    one = fonts.only_font(s, style.fontName)
    if one and one != style.fontName:
        style = _restyled(style, one)
    return Paragraph(fonts.markup(s, style.fontName).replace("\n", "<br/>"), style)


def _restyled(style: ParagraphStyle, font: str) -> ParagraphStyle:
    """The style set in `font`, made once per style."""
    faces = style.__dict__.setdefault("_faces", {})
    if font not in faces:
        faces[font] = ParagraphStyle(f"{style.name}-{font}", parent=style, fontName=font)
    return faces[font]


def _styles(font: str, size: float, lang: str, leading: float = 1.25):
    base = dict(fontName=font, fontSize=size, leading=size * leading)  # lines broken by kinsoku.wrap
    return {
        "cell": ParagraphStyle("cell", alignment=TA_CENTER, **base),
        "text": ParagraphStyle("text", alignment=TA_LEFT, **base),
        "head": ParagraphStyle("head", alignment=TA_CENTER, **base),
    }


# the layout measures every cell at every size it tries, for every orientation and (chart sets)
# column count: each string's measure is kept (a 16,000-cell table: 3 million calls, 18 s)
@functools.lru_cache(maxsize=1 << 18)
def natural(s: str, font: str, size: float) -> float:
    return max((fonts.width(line, font, size) for line in s.split("\n")), default=0.0) + 2 * PAD + 1


@functools.lru_cache(maxsize=1 << 18)
def min_width(s: str, font: str, size: float, cjk: bool, anywhere: bool = False) -> float:
    """The widest piece wrapping cannot break: a word (and, in CJK text, one character);
    `anywhere` (the last resort, issue 25 item 12): one character, a word wider than any
    column being cut by `kinsoku.wrap`."""
    if anywhere:
        return max((fonts.width(ch, font, size) for ch in set(s) if not ch.isspace()), default=0.0) + 2 * PAD + 1
    return max((fonts.width(t, font, size) for t in kinsoku.pieces(s)), default=0.0) + 2 * PAD + 1


def grid_texts(grid: Grid) -> list[list[Text | None]]:
    """The grid's texts as drawn: the header row (corner, columns), then each row (label, cells
    one per column, None under a merged cell's span)."""
    return [[grid.corner] + list(grid.columns)] + [[r.label] + grid.expanded(r) for r in grid.rows]


def _cell(t: Text | None, lang: str) -> str:
    """A cell as printed: its text for the players, † where a maker's remark on it is in the
    sources appendix (read back, the mark is no part of the value: pdfread.comparable)."""
    return "" if t is None else workshop.for_players(t.get(lang)) + workshop.mark(t.ja, t.en)


def grid_strings(grid: Grid, lang: str, joined: bool = False) -> list[list[str | None]]:
    """The grid's cell strings; `joined` (bilingual): a short pair on one line (`side_by_side`)."""
    rows = [[_cell(t, lang) for t in grid_texts(grid)[0]]]
    for r, texts in zip(grid.rows, grid_texts(grid)[1:]):
        rows.append([_cell(r.label, lang)] + [None if c is None else _cell(c, lang) for c in texts[1:]])
    if joined and lang == "both":
        rows = [[side_by_side(t) or s for s, t in zip(row, texts)] for row, texts in zip(rows, grid_texts(grid))]
    return rows


_CJK_END = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff01-\uff60]$")
PAIR_SPACE = "\u3000"   # between a cell's Japanese and its English set on one line: measured as an em
# and drawn as three no-break spaces, near an em (a paragraph takes the ideographic space for a word
# space: a 2 pt gap, and the two languages read as run together, rv40 review)
PAIR_GAP = "\u00a0" * 3
_LATIN_LETTER = re.compile(r"[A-Za-z]")


def side_by_side(t: Text | None) -> str | None:
    """A bilingual cell's pair on one line, Japanese then English after a full-width space
    ("平地　Clear"), where each is one line and the eye sees where one language ends: the
    Japanese ends in a Japanese character and holds no Latin letter ("(F) 戦力増加" read on into
    "(F) leader"), the English begins with a Latin letter (a figure reads on: "5-6（山岳では6のみ）
    5-6 (mountains: 6 only)"). None when the pair must stack. Read back, the spaces vanish
    beside the Japanese (pdfread.comparable)."""
    if t is None or t.neutral or t.ja == t.en:
        return None
    ja, en = workshop.for_players(t.ja), workshop.for_players(t.en)
    if "\n" in ja or "\n" in en or not ja or not en or not _CJK_END.search(ja) or not _begins_word(en):
        return None
    if "。" in ja or _LATIN_LETTER.search(ja):   # a sentence, or Latin on both sides: stacked
        return None
    return f"{ja}{PAIR_SPACE}{en}{workshop.mark(t.ja, t.en)}"


def _begins_word(en: str) -> bool:
    """The English begins with a Latin letter, after a quotation mark if any ('Pilar', "Clear")."""
    head = en.lstrip("'\"‘“(")
    return bool(head) and head[0].isascii() and head[0].isalpha()


def spans(grid: Grid) -> dict[tuple[int, int], int]:
    """(row, col) in the drawn table -> columns spanned, for every merged cell."""
    out = {}
    for i, r in enumerate(grid.rows):
        col = 0
        for c in r.cells:
            if c.span > 1:
                out[(i + 1, col + 1)] = c.span
            col += c.span
    return out


def column_widths(strings, font: str, size: float, avail: float, wrap: bool, cjk: bool,
                   spans: dict | None = None) -> list[float] | None:
    """Widths that fit `avail`: natural widths, or (wrap) shrunk toward the widest unbreakable
    word of each column; None when the grid cannot fit. A merged cell (`spans`) is measured
    against its span, not its first column."""
    spans = spans or {}
    merged = {(i, j): (strings[i][j] or "", k) for (i, j), k in spans.items()}
    strings = [[None if (i, j) in spans else s for j, s in enumerate(row)] for i, row in enumerate(strings)]
    widths = _plain_widths(strings, font, size, avail, wrap, cjk)
    if widths is None or not merged:
        return widths
    # each merged cell gets at least its text's width (unwrapped) or widest word (wrapped)
    # across its span, the shortfall shared by the spanned columns
    for (i, j), (text, k) in sorted(merged.items()):
        need = (min_width(text, font, size, cjk, wrap == ANYWHERE) if wrap else natural(text, font, size))
        short = need - sum(widths[j:j + k])
        if short > 0:
            for c in range(j, j + k):
                widths[c] += short / k
    if sum(widths) > avail + 0.01:
        return None
    # then the room left goes to the merged cells still wrapped, toward their natural width
    for (i, j), (text, k) in sorted(merged.items(), key=lambda kv: -natural(kv[1][0], font, size)):
        slack = avail - sum(widths)
        short = min(natural(text, font, size) + 2 * PAD + 1 - sum(widths[j:j + k]), slack)
        if short > 0:
            for c in range(j, j + k):
                widths[c] += short / k
    return widths


def natural_columns(strings, font: str, size: float) -> list[float]:
    """Each column's widest text, unwrapped."""
    return list(_columns(_frozen(strings), font, size, False, False)[0])


def _frozen(strings) -> tuple:
    return tuple(map(tuple, strings))


@functools.lru_cache(maxsize=256)
def _columns(strings: tuple, font: str, size: float, cjk: bool, anywhere: bool) -> tuple[tuple, tuple]:
    """(natural, narrowest wrapped) width of each column: the same at every width a layout
    tries, so measured once a grid, size and wrap."""
    ncols = len(strings[0])
    nat = tuple(max((natural(row[i] or "", font, size) for row in strings), default=0) for i in range(ncols))
    low = tuple(max((min_width(row[i] or "", font, size, cjk, anywhere) for row in strings), default=0)
                for i in range(ncols))
    return nat, low


def _plain_widths(strings, font: str, size: float, avail: float, wrap: bool, cjk: bool) -> list[float] | None:
    ncols = len(strings[0])
    nat, low = _columns(_frozen(strings), font, size, cjk, wrap == ANYWHERE)
    nat = list(nat)
    if sum(nat) <= avail:
        return nat
    if not wrap:
        return None
    low = [min(lo, n) for lo, n in zip(low, nat)]
    # a column keeps its heading on one line (up to 8 em) and at least 4 em when the page allows:
    # short columns are not squeezed to a character a line to widen the longest one
    em = size
    head = [natural(strings[0][i] or "", font, size) for i in range(ncols)]
    comfy = [min(n, max(lo, min(hd, 8 * em + 2 * PAD + 1), 4 * em + 2 * PAD + 1)) for n, lo, hd in zip(nat, low, head)]
    if sum(comfy) <= avail:
        low = comfy
    extra = avail - sum(low)
    if extra < 0:
        return None
    give = sum(n - lo for n, lo in zip(nat, low))
    widths = [lo + extra * (n - lo) / give for n, lo in zip(nat, low)] if give > 0 else low
    # then a column that would cut a word (a kanji compound, a katakana word: 「クレストカウン / ター」)
    # or its heading's phrase takes the room it needs from the columns wide enough to spare it
    runs = _word_columns(_frozen(strings), font, size)
    return _evened(widths, [min(r, n) for r, n in zip(runs, nat)], _word_needs(_frozen(strings), font, size))


# the layout asks again at every width and orientation it tries: measured once a grid and size
@functools.lru_cache(maxsize=256)
def _word_needs(strings: tuple, font: str, size: float) -> tuple:
    """Each column's width that cuts no word in a cell and no phrase in its heading."""
    nat, _ = _columns(strings, font, size, False, False)
    runs = _word_columns(strings, font, size)
    return tuple(min(max(r, _whole(strings, i, font, size)), n) for i, (r, n) in enumerate(zip(runs, nat)))


def cuts_words(strings, widths: list[float], font: str, size: float, spans: dict | None = None) -> bool:
    """Whether `widths` cut a word of some cell or a phrase of some heading (merged cells, which
    wrap across their span, not counted)."""
    spans = spans or {}
    plain = [[None if (i, j) in spans else s for j, s in enumerate(row)] for i, row in enumerate(strings)]
    return any(w < n - 0.01 for w, n in zip(widths, _word_needs(_frozen(plain), font, size)))


def _evened(widths: list[float], floor: list[float], need: list[float]) -> list[float]:
    """`widths` with each column raised to its `need`, the points taken from the columns above
    their `floor`, in proportion to what each can spare; unchanged where they cannot spare it."""
    short = sum(max(n - w, 0.0) for w, n in zip(widths, need))
    if short <= 0.01:
        return widths
    spare = [max(w - max(f, n), 0.0) for w, f, n in zip(widths, floor, need)]
    if sum(spare) < short:
        return widths
    k = short / sum(spare)
    return [max(w, n) - s * k for w, n, s in zip(widths, need, spare)]


@functools.lru_cache(maxsize=256)
def _word_columns(strings: tuple, font: str, size: float) -> tuple:
    """Each column's widest word run (`kinsoku.word_runs`); a short Latin cell ("– / 1DRTG", a
    result for each side) is one word."""
    return tuple(max((fonts.width(r, font, size) + 2 * PAD + 1 for row in strings if row[i]
                      for r in _words(row[i])), default=0.0) for i in range(len(strings[0])))


def _words(s: str) -> list[str]:
    return [s] if len(s) <= SHORT_CELL and all(map(fonts.is_latin, s)) else kinsoku.word_runs(s)


SHORT_CELL = 12   # characters: a Latin cell this short reads as one value, not words to wrap


def _whole(strings, col: int, font: str, size: float) -> float:
    """The widest word (`kinsoku.words`) of a column's heading, and of the row labels in the
    first column."""
    cells = [strings[0][col]] + ([row[0] for row in strings[1:]] if col == 0 else [])
    return max((fonts.width(u, font, size) + 2 * PAD + 1 for s in cells if s for u in kinsoku.words(s)),
               default=0.0)


# a cell this many lines long may take one more to keep its words whole (「フィリピンリーダーが除 /
# 去され」): a line on a cell of three costs the row less than a cut word costs its reader
SPARE_FROM = 4


def noted(grid: Grid) -> set[tuple[int, int]]:
    """(row, col) positions in the drawn table of cells and labels carrying a note."""
    out = set()
    for j, c in enumerate(grid.columns):
        if c.note:
            out.add((0, j + 1))
    for i, r in enumerate(grid.rows):
        if r.label.note or r.note:
            out.add((i + 1, 0))
        col = 0
        for c in r.cells:
            if c.note:
                out.add((i + 1, col + 1))
            col += c.span
    return out


def grid_flowable(grid: Grid, strings, widths, size, font, spec: PageSpec, left: frozenset = frozenset(),
                   row_groups: int = 1, leading: float = 1.25):
    """The grid as a ReportLab table; the columns in `left` read left-aligned below the header
    (row labels and text columns on a chart sheet); rows in groups of `row_groups` (a sunk and
    a damaged line per fleet) ruled heavier between groups."""
    st = _styles(font, size, spec.lang, leading)   # a cell of two faces is a paragraph: the same leading
    data = []
    left_cells = []
    cell_fonts = []   # (col, row, face) of a plain cell set wholly in another face (Latin)
    merged = spans(grid)
    texts = grid_texts(grid)
    for i, row in enumerate(strings):
        cells = []
        for j, s in enumerate(row):
            if s is None:
                cells.append("")
                continue
            if texts[i][j] is not None and texts[i][j].draw:   # a map symbol, its words beside it
                cells.append(hexsymbols.Symbol(texts[i][j].draw, s, font, size,
                                               colors.black if spec.grayscale else colors.red))
                left_cells.append((j, i))
                continue
            room = sum(widths[j:j + merged.get((i, j), 1)])   # a merged cell wraps at its span's width
            if spec.lang == "both" and "\n" in s and (pair := side_by_side(texts[i][j])) is not None \
                    and s == pair.replace(PAIR_SPACE, "\n", 1) and natural(pair, font, size) <= room + 0.5:
                s = pair.replace(PAIR_SPACE, PAIR_GAP, 1)   # a short pair on one line where the column takes it
            over = natural(s, font, size) > room + 0.5
            long = over or (i > 0 and j in left)
            if over:
                s = "\n".join(kinsoku.wrap(s, room - 2 * PAD - 1, lambda x: fonts.width(x, font, size), phrases=True,
                                            spare_from=SPARE_FROM))
            if long:
                left_cells.append((j, i))
            one = fonts.only_font(s, font)
            if one:  # plain strings draw far faster than paragraphs
                cells.append(s)
                if one != font:
                    cell_fonts.append((j, i, one))
            else:
                cells.append(para(s, st["text"] if long else (st["head"] if i == 0 or j == 0 else st["cell"])))
        data.append(cells)
    ts = [
        ("FONTNAME", (0, 0), (-1, -1), font),
        ("FONTSIZE", (0, 0), (-1, -1), size), ("LEADING", (0, 0), (-1, -1), size * leading),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        *[("ALIGN", c, c, "LEFT") for c in left_cells],
        *[("FONTNAME", (j, i), (j, i), f) for j, i, f in cell_fonts],
        ("GRID", (0, 0), (-1, -1), 0.6, colors.black),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(spec.colour("header"))),
        ("BACKGROUND", (0, 0), (0, -1), colors.HexColor(spec.colour("header"))),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD), ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    for i, r in enumerate(grid.rows):
        col = 0
        for c in r.cells:
            if c.span > 1:
                ts.append(("SPAN", (col + 1, i + 1), (col + c.span, i + 1)))
            col += c.span
    for r in range(row_groups, len(grid.rows), row_groups) if row_groups > 1 else ():
        ts.append(("LINEBELOW", (0, r), (-1, r), 1.5, colors.black))
    for (i, j) in sorted(noted(grid)):  # shaded and dashed: never colour alone; a merged cell whole
        end = (j + merged.get((i, j), 1) - 1, i)
        ts.append(("BACKGROUND", (j, i), end, colors.HexColor(spec.colour("note"))))
        ts.append(("BOX", (j, i), end, 1.2, colors.black, None, (2, 1.5)))
    # a row taller than a page (a 4,000-character cell) is split inside across pages, its text
    # set from the top (ReportLab splits a cell's lines only so, at 1.2 em a line), a header that
    # tall is not repeated; rows a rulebook prints are never this tall, and split between rows
    heights = [_row_height(row, size) for row in data]
    tall = max(heights) > TALL_ROW
    if tall:
        ts += [("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEADING", (0, 0), (-1, -1), size * 1.2)]
        data = [[[c] if isinstance(c, Paragraph) else c for c in row] for row in data]
    t = RLTable(data, colWidths=widths, repeatRows=0 if heights[0] > TALL_ROW else 1, hAlign="LEFT",
                splitByRow=0 if tall else 1, splitInRow=1 if tall else 0)
    t.setStyle(TableStyle(ts))
    return t


def _row_height(row, size: float) -> float:
    """A row's height as drawn, near enough: its most lines times the leading."""
    def lines(c):
        if isinstance(c, str):
            return c.count("\n") + 1
        return c.text.count("<br/>") + 1 if isinstance(c, Paragraph) else 1
    return max((lines(c) for c in row), default=1) * size * 1.25 + 5.5


def text_columns(strings, font: str, size: float) -> frozenset:
    """The columns read left-aligned: the row labels, and columns of running text (a body cell
    over six em)."""
    return frozenset({0} | {j for j in range(len(strings[0]))
                            if max((natural(r[j] or "", font, size) for r in strings[1:]), default=0) > 6 * size})


def drawn_grids(table: Table) -> list[Grid]:
    """The grids a table prints: its results grid and its modifiers, those with columns."""
    return [g for g in (table.grid, table.modifiers) if g is not None and g.columns]
