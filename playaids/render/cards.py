"""Chart cards: one table per card, drawn with ReportLab's platypus on A4 or Letter.

The card shows title, rule, dice, the grid, die modifiers, legend and notes; a reconstructed
value is shaded and framed with dashes, and one line says so (the reasoning is in the game's
Sources and reconstructions, render/sources.py).
"""
from __future__ import annotations

import dataclasses
import functools
import io
import re

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, KeepTogether, Paragraph, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, games, kinsoku, workshop
from playaids.model import Game, Grid, Table, Text
from playaids.render import page
from playaids.render.lines import Lines
from playaids.render.page import PageSpec

MAX_FONT, MIN_FONT = 10.0, 7.0
PAD = 4.0  # cell padding each side, points
ANYWHERE = "anywhere"   # the wrap of last resort: words cut by character
TALL_ROW = 480.0   # a row estimated taller than this is split across pages (the shortest frame, Letter
#                   turned, is 544 pt: a row up to this tall fits a fresh page under its header)


def _lang_text(t: Text | None, lang: str) -> str:
    return "" if t is None else workshop.for_players(t.get(lang))


def _para(s: str, style: ParagraphStyle) -> Paragraph:
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
def _natural(s: str, font: str, size: float) -> float:
    return max((fonts.width(line, font, size) for line in s.split("\n")), default=0.0) + 2 * PAD + 1


@functools.lru_cache(maxsize=1 << 18)
def _min_width(s: str, font: str, size: float, cjk: bool, anywhere: bool = False) -> float:
    """The widest piece wrapping cannot break: a word (and, in CJK text, one character);
    `anywhere` (the last resort, issue 25 item 12): one character, a word wider than any
    column being cut by `kinsoku.wrap`."""
    if anywhere:
        return max((fonts.width(ch, font, size) for ch in set(s) if not ch.isspace()), default=0.0) + 2 * PAD + 1
    return max((fonts.width(t, font, size) for t in kinsoku.pieces(s)), default=0.0) + 2 * PAD + 1


def _grid_texts(grid: Grid) -> list[list[Text | None]]:
    """The grid's texts as drawn: the header row (corner, columns), then each row (label, cells
    one per column, None under a merged cell's span)."""
    return [[grid.corner] + list(grid.columns)] + [[r.label] + grid.expanded(r) for r in grid.rows]


def _cell(t: Text | None, lang: str) -> str:
    """A cell as printed: its text for the players, † where a maker's remark on it is in the
    sources appendix (read back, the mark is no part of the value: pdfread.comparable)."""
    return "" if t is None else workshop.for_players(t.get(lang)) + workshop.mark(t.ja, t.en)


def _grid_strings(grid: Grid, lang: str, joined: bool = False) -> list[list[str | None]]:
    """The grid's cell strings; `joined` (bilingual): a short pair on one line (`side_by_side`)."""
    rows = [[_cell(t, lang) for t in _grid_texts(grid)[0]]]
    for r, texts in zip(grid.rows, _grid_texts(grid)[1:]):
        rows.append([_cell(r.label, lang)] + [None if c is None else _cell(c, lang) for c in texts[1:]])
    if joined and lang == "both":
        rows = [[side_by_side(t) or s for s, t in zip(row, texts)] for row, texts in zip(rows, _grid_texts(grid))]
    return rows


_CJK_END = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff01-\uff60]$")
PAIR_SPACE = "\u3000"   # between a cell's Japanese and its English set on one line


def side_by_side(t: Text | None) -> str | None:
    """A bilingual cell's pair on one line, Japanese then English after a full-width space
    ("平地　Clear"), where each is one line and the eye sees where one language ends: the
    Japanese ends in a Japanese character, the English begins with a Latin one. None when the
    pair must stack. Read back, the space vanishes beside the Japanese (pdfread.comparable)."""
    if t is None or t.neutral or t.ja == t.en:
        return None
    ja, en = workshop.for_players(t.ja), workshop.for_players(t.en)
    if "\n" in ja or "\n" in en or not ja or not en or not _CJK_END.search(ja) or not fonts.is_latin(en[0]):
        return None
    return f"{ja}{PAIR_SPACE}{en}{workshop.mark(t.ja, t.en)}"


def _spans(grid: Grid) -> dict[tuple[int, int], int]:
    """(row, col) in the drawn table -> columns spanned, for every merged cell."""
    out = {}
    for i, r in enumerate(grid.rows):
        col = 0
        for c in r.cells:
            if c.span > 1:
                out[(i + 1, col + 1)] = c.span
            col += c.span
    return out


def _column_widths(strings, font: str, size: float, avail: float, wrap: bool, cjk: bool,
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
        need = (_min_width(text, font, size, cjk, wrap == ANYWHERE) if wrap else _natural(text, font, size))
        short = need - sum(widths[j:j + k])
        if short > 0:
            for c in range(j, j + k):
                widths[c] += short / k
    if sum(widths) > avail + 0.01:
        return None
    # then the room left goes to the merged cells still wrapped, toward their natural width
    for (i, j), (text, k) in sorted(merged.items(), key=lambda kv: -_natural(kv[1][0], font, size)):
        slack = avail - sum(widths)
        short = min(_natural(text, font, size) + 2 * PAD + 1 - sum(widths[j:j + k]), slack)
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
    nat = tuple(max((_natural(row[i] or "", font, size) for row in strings), default=0) for i in range(ncols))
    low = tuple(max((_min_width(row[i] or "", font, size, cjk, anywhere) for row in strings), default=0)
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
    head = [_natural(strings[0][i] or "", font, size) for i in range(ncols)]
    comfy = [min(n, max(lo, min(hd, 8 * em + 2 * PAD + 1), 4 * em + 2 * PAD + 1)) for n, lo, hd in zip(nat, low, head)]
    if sum(comfy) <= avail:
        low = comfy
    extra = avail - sum(low)
    if extra < 0:
        return None
    give = sum(n - lo for n, lo in zip(nat, low))
    return [lo + extra * (n - lo) / give for n, lo in zip(nat, low)] if give > 0 else low


def _layouts(grids, font: str, spec: PageSpec, spans=None):
    """(page size, font size, column widths) of each way the grids fit the page width, the
    largest type first: at each size unwrapped cells before wrapped text columns, the upright
    page before the turned one (a grid wider than the upright page turns it); last, words cut
    wherever a column needs (data no rulebook prints: a 4,000-character word)."""
    spans = spans or [{} for _ in grids]
    w, h = spec.size
    cjk = spec.lang in ("ja", "both")
    some = False
    for size in CARD_SIZES:
        for wrap in (False, True):
            for pagesize in ((w, h), landscape((w, h))):
                avail = pagesize[0] - 2 * spec.margin
                widths = [_column_widths(g, font, size, avail, wrap, cjk, sp) for g, sp in zip(grids, spans)]
                if all(x is not None for x in widths):
                    some = True
                    yield pagesize, size, widths
    for pagesize in ((w, h), landscape((w, h))) if not some else ():
        avail = pagesize[0] - 2 * spec.margin
        widths = [_column_widths(g, font, MIN_FONT, avail, ANYWHERE, cjk, sp) for g, sp in zip(grids, spans)]
        if all(x is not None for x in widths):
            yield pagesize, MIN_FONT, widths


def _noted(grid: Grid) -> set[tuple[int, int]]:
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


def _grid_flowable(grid: Grid, strings, widths, size, font, spec: PageSpec, left: frozenset = frozenset(),
                   row_groups: int = 1, leading: float = 1.25):
    """The grid as a ReportLab table; the columns in `left` read left-aligned below the header
    (row labels and text columns on a chart sheet); rows in groups of `row_groups` (a sunk and
    a damaged line per fleet) ruled heavier between groups."""
    st = _styles(font, size, spec.lang, leading)   # a cell of two faces is a paragraph: the same leading
    data = []
    left_cells = []
    cell_fonts = []   # (col, row, face) of a plain cell set wholly in another face (Latin)
    spans = _spans(grid)
    texts = _grid_texts(grid)
    for i, row in enumerate(strings):
        cells = []
        for j, s in enumerate(row):
            if s is None:
                cells.append("")
                continue
            room = sum(widths[j:j + spans.get((i, j), 1)])   # a merged cell wraps at its span's width
            if spec.lang == "both" and "\n" in s and (pair := side_by_side(texts[i][j])) is not None \
                    and s == pair.replace(PAIR_SPACE, "\n", 1) and _natural(pair, font, size) <= room + 0.5:
                s = pair   # a short pair on one line where the column takes it
            over = _natural(s, font, size) > room + 0.5
            long = over or (i > 0 and j in left)
            if over:
                s = "\n".join(kinsoku.wrap(s, room - 2 * PAD - 1, lambda x: fonts.width(x, font, size)))
            if long:
                left_cells.append((j, i))
            one = fonts.only_font(s, font)
            if one:  # plain strings draw far faster than paragraphs
                cells.append(s)
                if one != font:
                    cell_fonts.append((j, i, one))
            else:
                cells.append(_para(s, st["text"] if long else (st["head"] if i == 0 or j == 0 else st["cell"])))
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
    for (i, j) in sorted(_noted(grid)):  # shaded and dashed: never colour alone; a merged cell whole
        end = (j + spans.get((i, j), 1) - 1, i)
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
                            if max((_natural(r[j] or "", font, size) for r in strings[1:]), default=0) > 6 * size})


def drawn_grids(table: Table) -> list[Grid]:
    """The grids a table prints: its results grid and its modifiers, those with columns."""
    return [g for g in (table.grid, table.modifiers) if g is not None and g.columns]


def heading(table: Table, spec: PageSpec, cont: bool = False) -> str:
    """The table's title; where the results grid is not in the rules (printed on the map), the
    aid is titled for what it holds: 'Assault Combat Table: Modifiers'; a piece continued says
    so. Bilingual: each language's heading composed whole, then 'ja / en'."""
    if spec.lang == "both":
        ja, en = (heading(table, dataclasses.replace(spec, lang=x), cont) for x in ("ja", "en"))
        return ja if ja == en else f"{ja} / {en}"
    lang = spec.lang
    out = workshop.for_players(table.title.get(lang)).replace("\n", " ")
    if not table.grid.rows and table.modifiers is not None and table.modifiers.columns:
        out += spec.word("：", ": ") + (table.modifiers.corner.get(lang) if table.modifiers.corner
                                        else spec.word("修正", "Modifiers")).replace("\n", " / ")
    if cont:
        out += spec.word("（続き）", " (continued)")
    return out


def composed(text: Text, lang: str) -> str:
    """A title on one line: bilingual as 'ja / en', once when the two differ only in case
    ("AMIGOS & INSURRECTORS / Amigos & Insurrectors" is one title)."""
    if lang == "both" and text.ja.casefold() == text.en.casefold():
        return text.en.replace("\n", " ")
    return text.get(lang).replace("\n", " / ")


def rule_suffix(table: Table, spec: PageSpec, rule: str | None) -> str:
    """' (Rule 7.3.1)' after a legend entry or note, in the aid's language."""
    return f" ({_rule_word(spec)} {games.rule_label(table.game, rule, spec.lang)})" if rule else ""


def _paired(one, lang: str) -> str:
    """Bilingual: the Japanese line, then the English on a line of its own (never run
    together in one paragraph); once when they are the same."""
    if lang != "both":
        return one(lang)
    ja, en = one("ja"), one("en")
    return ja if ja == en else f"{ja}\n{en}"


def legend_text(entry, lang: str) -> str:
    """A legend entry; † where a maker's remark on it is in the sources appendix."""
    m = workshop.mark(entry.text.ja, entry.text.en)
    return _paired(lambda x: workshop.for_players(f"{entry.code.get(x).replace(chr(10), ' / ')} = "
                                                  f"{entry.text.get(x).replace(chr(10), ' / ')}") + m, lang)


def note_text(note, lang: str) -> str:
    """A note as the aid prints it: the seed's own list mark (・) gives way to the aid's bullet;
    a maker's labelled remark is left to the sources appendix, a † marking where it was."""
    m = workshop.mark(note.text.ja, note.text.en)   # the remark's place: a small mark (issue 22)
    return _paired(lambda x: workshop.for_players(note.text.get(x).replace("\n", " / ")).lstrip("・•").lstrip() + m,
                   lang)


# the one line that says what the mark is (once a card, once a chart sheet)
REMARK_KEY_EN = f"{workshop.MARK}: a remark on this text is in Sources and reconstructions."
REMARK_KEY_JA = f"{workshop.MARK}：この記述への注記は「出典と復元」にある。"


def marked(table: Table) -> bool:
    """Whether any text a table prints carries the mark of a remark in the sources appendix."""
    texts = [n.text for n in player_notes(table)] + [e.text for e in table.legend]
    for g in drawn_grids(table):
        texts += [t for row in _grid_texts(g) for t in row if t is not None]
    return any(workshop.remarked(t.ja, t.en) for t in texts)


def player_notes(table: Table) -> list:
    """The notes a player reads: not those that are wholly a maker's remark (the designer's
    Q&A, a forum ruling), which the sources appendix prints."""
    return [n for n in table.notes if not workshop.remark_only(n.text.ja, n.text.en)]


def key_text(table: Table, lang: str) -> str:
    return workshop.for_players(table.key.get(lang)).replace("\n", " / ")


def _rule_word(spec: PageSpec) -> str:
    return {"ja": "ルール", "en": "Rule"}.get(spec.lang, "ルール / Rule")


def _check_font(table: Table, game: Game | None, lang: str, font: str) -> None:
    parts = [table.title.get(lang)]
    for g in (table.grid, table.modifiers):
        if g is not None:
            parts += [s or "" for row in _grid_strings(g, lang) for s in row]
    parts += [e.code.get(lang) + e.text.get(lang) for e in table.legend]
    parts += [n.text.get(lang) for n in table.notes]
    if table.missing:
        parts.append(table.missing.get(lang))
    if game is not None:
        parts.append(game.title.get(lang))
    fonts.check_glyphs("".join(parts), font, where=f"{table.game}/{table.id}")


def story(table: Table, game: Game | None, spec: PageSpec):
    """The flowables of one card and the page size they need: the largest type (grid up to
    MAX_CARD_FONT pt, never under MIN_FONT) at which the whole card, table and notes, fits one
    page, in the orientation the grid needs (landscape when it is wider than the upright page);
    a card no page takes whole flows on at the size that leaves its last page fullest."""
    font = fonts.register()
    lang = spec.lang
    _check_font(table, game, lang, font)
    grids = drawn_grids(table)
    strings = [_grid_strings(g, lang) for g in grids]
    by_size: dict = {}
    for lay in _layouts(strings, font, spec, [_spans(g) for g in grids]):
        by_size.setdefault(lay[1], []).append(lay)
    if not by_size:
        raise page.too_wide(table.game, [table.id], spec.paper, MIN_FONT)
    sizes = sorted(by_size, reverse=True)
    made: dict = {}

    def one_page(size):
        """The first layout at `size` whose story fits one page, else None (stories kept)."""
        if (size, "fit") in made:
            return made[(size, "fit")]
        for lay in by_size[size]:
            pagesize = lay[0]
            flow = _story(table, game, spec, font, grids, strings, *lay)
            room = pagesize[1] - 2 * spec.margin - 2 * FRAME_PAD
            used = _height(flow, pagesize[0] - 2 * spec.margin - 2 * FRAME_PAD)
            made[(size, id(lay))] = (flow, pagesize, used / room, size)
            if used <= room:
                made[(size, "fit")] = (flow, pagesize)
                return flow, pagesize
        made[(size, "fit")] = None
        return None

    # the largest size that fits one page: the story's height grows about as the square of the
    # size, so one story at 10 pt says where to look; then a size at a time
    def fill(size):
        one_page(size)
        return min(v[2] for k, v in made.items() if k[0] == size and k[1] != "fit")

    at = min(sizes, key=lambda x: abs(x - 10.0))
    guess = at * (1 / max(fill(at), 1e-6)) ** 0.5
    k = next((i for i, x in enumerate(sizes) if x <= guess), len(sizes) - 1)
    while True:
        got = one_page(sizes[k])
        if got is None:
            if k == len(sizes) - 1:
                break
            k += 1
            continue
        while k > 0 and (bigger := one_page(sizes[k - 1])) is not None:   # the guess was short
            got, k = bigger, k - 1
        return got
    # no page takes it whole: the size of those tried whose last page is fullest, fewest pages first
    # (a turned page whose grid leaves a quarter of its width empty is a last resort; a last page
    # of a line or two too), the largest type
    tried = [v for k, v in made.items() if k[1] != "fit"]
    # (pages counted with 5 % to spare: a grid's rows and kept lines do not split anywhere)
    flow, pagesize, _, _ = min(tried, key=lambda v: (v[2] * 1.05 // 1, _narrow(v[0], v[1], spec),
                                                     v[2] * 1.05 % 1 < 0.35, -v[3], v[1][0] > v[1][1]))
    return flow, pagesize


def _narrow(flow, pagesize, spec: PageSpec) -> bool:
    """Whether a turned page's widest grid leaves a quarter of the width empty."""
    widths = [sum(f._colWidths) for f in flow if getattr(f, "card_grid", False)]
    return pagesize[0] > pagesize[1] and max(widths, default=0) < 0.75 * (pagesize[0] - 2 * spec.margin)


MAX_CARD_FONT = 12.0
CARD_SIZES = (12.0, 11.0, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)   # a card's grid type, largest first
FRAME_PAD = 6.0   # platypus's frame padding on each side


def _height(flow, width: float) -> float:
    """The story's height at `width` (measured on a canvas no page is drawn on)."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    total = 0.0
    for f in flow:
        h = f.wrapOn(canvas, width, 10_000)[1]
        if isinstance(f, KeepTogether):   # it answers 0xffffff to be split; its content's height is _H
            h = f._H
        total += h + f.getSpaceBefore() + f.getSpaceAfter()
    return total


def _story(table: Table, game: Game | None, spec: PageSpec, font: str, grids, strings, pagesize, size: float,
           widths) -> list:
    lang = spec.lang
    k = size / MAX_FONT   # the card's other text follows the grid's size, never under MIN_FONT
    pt = lambda x: max(MIN_FONT, round(x * k * 2) / 2)   # noqa: E731
    title = ParagraphStyle("title", fontName=font, fontSize=max(12, pt(16)), leading=max(12, pt(16)) * 1.25)
    meta = ParagraphStyle("meta", fontName=font, fontSize=pt(9.5), leading=pt(9.5) * 1.26,
                          textColor=colors.HexColor(spec.colour("muted")))
    h2 = ParagraphStyle("h2", fontName=font, fontSize=pt(11.5), leading=pt(11.5) * 1.3, spaceBefore=5,
                        spaceAfter=2, keepWithNext=1)
    body = ParagraphStyle("body", fontName=font, fontSize=pt(9.5), leading=pt(9.5) * 1.3,
                          wordWrap="CJK" if lang != "en" else None, leftIndent=8, firstLineIndent=-8)
    small = ParagraphStyle("small", parent=body, fontSize=pt(8), leading=pt(8) * 1.3)

    out = [_para(heading(table, spec), title)]
    m = [f"{_rule_word(spec)} {games.rule_label(table.game, table.rule, lang)}"]
    if table.dice:
        m.append(f"{spec.word('ダイス', 'Dice')} {table.dice}")
    if game is not None:
        m.append(composed(game.title, lang))
    out += [_para(" · ".join(m), meta)]
    if table.key:   # how to read a cell, where a player looks first
        out.append(_para(key_text(table, lang), ParagraphStyle(
            "key", fontName=font, fontSize=pt(10), leading=pt(10) * 1.3, spaceBefore=2,
            wordWrap="CJK" if lang != "en" else None)))
    out.append(Spacer(1, 5))
    if table.missing:
        box = RLTable([[_para(table.missing.get(lang), body)]], colWidths=[pagesize[0] - 2 * spec.margin])
        box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), font),
                                 ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
                                 ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("note")))]))
        out += [box, Spacer(1, 6)]
    for g, s, w in zip(grids, strings, widths):
        if g is table.modifiers:
            out.append(_para(spec.word("サイの目修正", "Modifiers"), h2))
        grid = _grid_flowable(g, s, w, size, font, spec, text_columns(s, font, size),   # as the chart sets read
                              table.row_groups if g is table.grid else 1)
        grid.card_grid = True
        out += [grid, Spacer(1, 6)]

    def para(text: str, style: ParagraphStyle, bullet: str = ""):
        """English: a ReportLab paragraph; Japanese: lines broken under the kinsoku rules."""
        if lang == "en":
            return _para(f"{bullet} {text}" if bullet else text, style)
        return Lines(text, style.fontSize, indent=style.leftIndent, bullet=bullet, after=0.0,
                     leading=style.leading / style.fontSize, hang=0.0 if bullet else -style.firstLineIndent)

    if table.cell_notes():   # the key of the shading, under the grids it explains (provenance is in
        out += [para(spec.word(DOUBTFUL_KEY_JA, DOUBTFUL_KEY_EN), small), Spacer(1, 2)]  # Sources, not here)
    if marked(table):   # and of the mark of a maker's remark
        out += [para(spec.word(REMARK_KEY_JA, REMARK_KEY_EN), small), Spacer(1, 2)]
    # a heading goes to the next page only when fewer than three of its lines would follow it
    # there: a list never leaves a page half empty to stay whole (issue 22)
    turn = h2.spaceBefore + h2.leading + h2.spaceAfter + 3 * body.leading
    plain = ParagraphStyle("h2plain", parent=h2, keepWithNext=0)
    if table.legend:
        items = [para(legend_text(e, lang) + rule_suffix(table, spec, e.rule), body) for e in table.legend]
        out += [CondPageBreak(turn), _para(spec.word("記号", "Legend"), plain), *items]
    if player_notes(table):
        notes = [para(note_text(n, lang) + rule_suffix(table, spec, n.rule), body, "•") for n in player_notes(table)]
        # the last notes go over a page turn together: a last page is more than a line or two
        out += [CondPageBreak(turn), _para(spec.word("注", "Notes"), plain)] + notes[:-2] + (
            [KeepTogether(notes[-2:])] if len(notes) > 1 else notes[-1:])
    return out


# the one line a card carries about its shaded cells (issue 13: provenance off the card)
DOUBTFUL_KEY_EN = ("Shaded cells framed with dashes: the source's text is damaged there; the value is "
                   "reconstructed (see Sources and reconstructions).")
DOUBTFUL_KEY_JA = "網掛け・破線枠のセル：原文が損なわれており、値を復元した箇所（「出典と復元」を参照）。"


def _footer(table: Table, game: Game | None, spec: PageSpec, font: str, trim):
    """The game and the table on every page (a player sorts loose cards by it), the page number."""
    names = [composed(x, spec.lang) for x in ((game.title if game else None), table.title) if x]
    left = " · ".join(names)
    room = trim[0] - 2 * spec.margin - 24   # the page number keeps its place at the right
    if fonts.width(left, fonts.GOTHIC, 7) > room:
        left = names[-1]
    return page.footer(spec, trim, font, page.fit_line(left, 7, room))


def render(table: Table, game: Game | None, spec: PageSpec) -> bytes:
    """The card as PDF bytes, identical for identical inputs."""
    flow, trim = story(table, game, spec)
    buf = io.BytesIO()
    title = f"{table.title.ja} / {table.title.en}"
    m = spec.margin + page.offset(spec)
    doc = SimpleDocTemplate(buf, pagesize=page.sheet(spec, trim), leftMargin=m, rightMargin=m,
                            topMargin=m, bottomMargin=m, title=title,
                            author="playaids", subject=f"{table.game} {table.id} rule {table.rule}",
                            creator=f"playaids {__version__}", producer=f"playaids {__version__}",
                            invariant=1, initialFontName=fonts.register(),
                            lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    on_page = _footer(table, game, spec, fonts.register(), trim)
    with page.fixed_epoch():
        doc.build(flow, onFirstPage=on_page, onLaterPages=on_page)
    return buf.getvalue()
