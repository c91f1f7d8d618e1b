"""Chart cards: one table per card, drawn with ReportLab's platypus on A4 or Letter.

The card shows title, rule, dice, the grid, die modifiers, legend and notes; a reconstructed
value is shaded and framed with dashes, and one line says so (the reasoning is in the game's
Sources and reconstructions, render/sources.py).
"""
from __future__ import annotations

import dataclasses
import io
import re

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, KeepTogether, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, workshop
from playaids.model import Game, Table, Text, rule_label
from playaids.render import page
from playaids.render.grid import (ANYWHERE, column_widths, cuts_words, drawn_grids, grid_flowable, grid_strings,
                                  grid_texts, spans, text_columns)
from playaids.render.grid import para as paragraph
from playaids.render.lines import Lines
from playaids.render.page import PageSpec

MAX_FONT, MIN_FONT = 10.0, 7.0
def _layouts(grids, font: str, spec: PageSpec, spans=None, sheet=None):
    """(page size, font size, column widths) of each way the grids fit the page width, the
    largest type first: at each size unwrapped cells before wrapped text columns, the upright
    page before the turned one (a grid wider than the upright page turns it); last, words cut
    wherever a column needs (data no rulebook prints: a 4,000-character word)."""
    spans = spans or [{} for _ in grids]
    w, h = sheet or spec.size
    cjk = spec.lang in ("ja", "both")
    some = False
    cut = []   # wrapped layouts that cut a word (「攻撃部 / 隊」): used only where no layout keeps them whole
    for size in CARD_SIZES:
        for wrap in (False, True):
            for pagesize in ((w, h), landscape((w, h))):
                avail = pagesize[0] - 2 * spec.margin
                widths = [column_widths(g, font, size, avail, wrap, cjk, sp) for g, sp in zip(grids, spans)]
                if all(x is not None for x in widths):
                    if wrap and any(cuts_words(g, x, font, size, sp) for g, x, sp in zip(grids, widths, spans)):
                        cut.append((pagesize, size, widths))
                        continue
                    some = True
                    yield pagesize, size, widths
    if not some:
        some = bool(cut)
        yield from cut
    for pagesize in ((w, h), landscape((w, h))) if not some else ():
        avail = pagesize[0] - 2 * spec.margin
        widths = [column_widths(g, font, MIN_FONT, avail, ANYWHERE, cjk, sp) for g, sp in zip(grids, spans)]
        if all(x is not None for x in widths):
            yield pagesize, MIN_FONT, widths


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
    if lang == "both" and text.one_name():
        return text.en.replace("\n", " ")
    return text.get(lang).replace("\n", " / ")


def rule_suffix(game: Game | None, spec: PageSpec, rule: str | None) -> str:
    """' (Rule 7.3.1)' after a legend entry or note, in the aid's language."""
    return f" ({rule_ref(game, spec, rule)})" if rule else ""


def rule_ref(game: Game | None, spec: PageSpec, rule: str | None) -> str:
    """'Rule 7.3.1'; bilingual, 'ルール / Rule 7.3.1', or each language its own where a rule is
    cited by a section heading ('ルール §戦闘 / Rule §Combat': the English read §戦闘, rv40)."""
    ja, en = rule_label(game, rule, "ja"), rule_label(game, rule, "en")
    if spec.lang == "both" and ja != en:
        return f"ルール {ja} / Rule {en}"
    return f"{rule_word(spec)} {rule_label(game, rule, spec.lang)}"


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
    a maker's labelled remark is left to the sources appendix, a † marking where it was. A note
    of several lines keeps them: a list of the seed ("- an empty area") an item a line, not
    run on with " / "."""
    m = workshop.mark(note.text.ja, note.text.en)   # the remark's place: a small mark (issue 22)
    return _paired(lambda x: _lines(workshop.for_players(note.text.get(x))) + m, lang)


def _lines(text: str) -> str:
    """A note's lines: the first without its list mark (the aid's bullet stands before it), a
    later sentence of the seed's (・) on a line of its own, a list item after a dash."""
    first, *rest = [s.strip() for s in text.split("\n") if s.strip()] or [""]
    rest = [f"– {s[1:].lstrip()}" if s.startswith(("-", "－")) else s.lstrip("・•").lstrip() for s in rest]
    return "\n".join([_LIST_MARK.sub("", first), *rest])


_LIST_MARK = re.compile(r"^(?:[・•]|[-－](?=\s))\s*")   # 「・…」, 「- さらに…」 (not 「-1」)


# the one line that says what the mark is (once a card, once a chart sheet)
REMARK_KEY_EN = f"{workshop.MARK}: a remark on this text is in the separate Sources and reconstructions."
REMARK_KEY_JA = f"{workshop.MARK}：この記述への注記は別紙「出典と復元」にある。"


def marked(table: Table) -> bool:
    """Whether any text a table prints carries the mark of a remark in the sources appendix."""
    texts = [n.text for n in player_notes(table)] + [e.text for e in table.legend]
    for g in drawn_grids(table):
        texts += [t for row in grid_texts(g) for t in row if t is not None]
    return any(workshop.remarked(t.ja, t.en) for t in texts)


def player_notes(table: Table) -> list:
    """The notes a player reads: not those that are wholly a maker's remark (the designer's
    Q&A, a forum ruling), which the sources appendix prints."""
    return [n for n in table.notes if not workshop.remark_only(n.text.ja, n.text.en)]


def key_text(table: Table, lang: str) -> str:
    return workshop.for_players(table.key.get(lang)).replace("\n", " / ")


def _bare(s: str) -> str:
    return re.sub(r"[\s§:：・、,.／/-]", "", s).casefold()


def rule_text(game, table: Table, spec: PageSpec) -> str:
    """'Rule 8.3' as a table's heading cites it; nothing where the rule is cited by the name of
    the section the table is titled with (rules without numbers: 'Retreat', §Retreat), which
    says nothing the title does not."""
    langs = ("ja", "en") if spec.lang == "both" else (spec.lang,)
    if table.rule and all(_bare(rule_label(game, table.rule, x)) == _bare(table.title.get(x)) for x in langs):
        return ""
    return rule_ref(game, spec, table.rule)


def rule_word(spec: PageSpec) -> str:
    return {"ja": "ルール", "en": "Rule"}.get(spec.lang, "ルール / Rule")


def check_font(table: Table, game: Game | None, lang: str, font: str) -> None:
    parts = [table.title.get(lang)]
    for g in (table.grid, table.modifiers):
        if g is not None:
            parts += [s or "" for row in grid_strings(g, lang) for s in row]
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
    a card no page takes whole flows on at the size that leaves its last page fullest.
    A card that would leave most of its paper empty is set on the half sheet, or the quarter
    (A4: A5, A6; Letter: 5.5 x 8.5 in, 4.25 x 5.5 in), where it still fits at SMALL_CARD_FONT pt
    or more: a page sized to its table (issue 22), cut to size at the table."""
    font = fonts.register()
    check_font(table, game, spec.lang, font)
    grids = drawn_grids(table)
    strings = [grid_strings(g, spec.lang) for g in grids]
    return smallest_sheet(spec.size, lambda sheet, least: _on_sheet(table, game, spec, font, grids, strings,
                                                                    sheet, least))


def smallest_sheet(paper, on_sheet):
    """(flow, page size) of a card on `paper`, or on its half sheet, or its quarter, when the
    card would leave most of the larger one empty and still fits the smaller one at
    SMALL_CARD_FONT pt or more. `on_sheet(sheet, least)`: (flow, page size, the part of the page's
    height used, None when it flows over pages), or None when no one page takes it at `least`."""
    flow, pagesize, used = on_sheet(paper, None)
    sheet = paper
    for _ in range(2):   # the half sheet, then the quarter
        if used is None or used >= CARD_FILL:
            break
        sheet = half(sheet)
        smaller = on_sheet(sheet, SMALL_CARD_FONT)
        if smaller is None:
            break
        flow, pagesize, used = smaller
    return flow, pagesize


def half(sheet: tuple[float, float]) -> tuple[float, float]:
    """The half of an upright sheet, upright (A4 -> A5, Letter -> 5.5 x 8.5 in)."""
    w, h = sheet
    return h / 2, w


CARD_FILL = 0.7   # a card filling less of its page's height is small (at 0.6, the preflight's fill, a narrow
                  # grid with its notes left half of a landscape A4 empty: MacArthur's Victory Levels)
SMALL_CARD_FONT = 9.0   # the least grid type a card is set at to go on a smaller sheet


def _on_sheet(table: Table, game: Game | None, spec: PageSpec, font: str, grids, strings, sheet,
              least: float | None = None):
    """(flow, page size, the part of the page's height the story uses) on `sheet` at the largest
    size that fits one page (used None: no size does, and the story flows over pages). With
    `least`: None unless one page takes the card at `least` pt or more."""
    by_size: dict = {}
    for lay in _layouts(strings, font, spec, [spans(g) for g in grids], sheet):
        by_size.setdefault(lay[1], []).append(lay)
    if least is not None:
        by_size = {k: v for k, v in by_size.items() if k >= least}
        if not by_size:
            return None
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
            used = _height(flow, _frame_width(pagesize, spec))
            made[(size, id(lay))] = (flow, pagesize, used / room, size, lay)
            if used <= room:
                made[(size, "fit")] = (flow, pagesize, used / room)
                return made[(size, "fit")]
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
    if least is not None:
        return None
    # no page takes it whole: the size of those tried whose last page is fullest, fewest pages first
    # (a turned page whose grid leaves a quarter of its width empty is a last resort; a last page
    # of a line or two too), the largest type
    for size in sizes:   # every size, not only those the search for one page tried
        one_page(size)
    tried = [v for k, v in made.items() if k[1] != "fit"]
    # (pages counted with 5 % to spare: a grid's rows and kept lines do not split anywhere)
    ranked = sorted(tried, key=lambda v: (v[2] * 1.05 // 1, _narrow(v[0], v[1], spec),
                                          v[2] * 1.05 % 1 < 0.35, -v[3], v[1][0] > v[1][1]))
    def widened(v):
        """The story of layout `v` as it is set: pages a card fills from top to bottom are filled
        across too, a results grid wider than half the frame taking its whole width (issue 22: no
        page but the last under ~60 % used), a narrow one (the modifiers) half of it."""
        _, pagesize, _, size, lay = v
        frame = _frame_width(pagesize, spec)
        wide = [[x * frame / sum(w) for x in w] if frame / 2 <= sum(w) < frame else
                [x * frame / 2 / sum(w) for x in w] if 0 < sum(w) < frame / 2 else w for w in lay[2]]
        return _story(table, game, spec, font, grids, strings, pagesize, size, wide), pagesize

    # the first few set for real, as they are set: a row taller than a page's rest goes over
    # whole, so the height alone misjudges the pages (Amigos' US Stand-Up Fight chits: a third of
    # page 1 empty, a third page of notes); a last page of a tail only (a row or two under
    # "(continued)") when another takes as few pages is a last resort
    counted = [(*_pages(*widened(v), spec), k) for k, v in enumerate(ranked[:PAGES_TRIED])]
    flow, pagesize = widened(ranked[min(counted)[2]])
    return flow, pagesize, None


PAGES_TRIED = 3   # layouts of a card over pages set for real to count their pages
TAIL = 0.35       # a card's last page used less than this holds a tail only
MIN_PIECE_ROWS = 3   # a grid cut over pages leaves no piece shorter than this
TAIL_ROWS = 0.45     # ... when its last rows take less than this share of the page (tall chit rows
                     # too: a piece of 2 of them read as a fragment, Amigos' bilingual leader rolls)


def _pages(flow, pagesize, spec: PageSpec) -> tuple[int, bool]:
    """The pages `flow` takes on `pagesize`, set as the card sets it (a throwaway document), and
    whether its last page holds only a tail (a row or two and the notes: under TAIL of it)."""
    doc = SimpleDocTemplate(io.BytesIO(), pagesize=pagesize, leftMargin=spec.margin, rightMargin=spec.margin,
                            topMargin=spec.margin, bottomMargin=spec.margin)
    doc.build(flow)
    frame = doc.frame
    return doc.page, doc.page > 1 and (frame._y2 - frame._y) < TAIL * frame._height


def _narrow(flow, pagesize, spec: PageSpec) -> bool:
    """Whether a turned page's widest grid leaves a quarter of the width empty."""
    widths = [sum(f._colWidths) for f in flow if getattr(f, "card_grid", False)]
    return pagesize[0] > pagesize[1] and max(widths, default=0) < 0.75 * (pagesize[0] - 2 * spec.margin)


MAX_CARD_FONT = 12.0
CARD_SIZES = (12.0, 11.0, 10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0)   # a card's grid type, largest first
FRAME_PAD = 6.0   # platypus's frame padding on each side


def _frame_width(pagesize, spec: PageSpec) -> float:
    """The width platypus's frame gives the story on a page of `pagesize`."""
    return pagesize[0] - 2 * spec.margin - 2 * FRAME_PAD


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

    out = [paragraph(heading(table, spec), title)]
    m = [x for x in (rule_text(game, table, spec),) if x]
    if table.dice:
        m.append(f"{spec.word('ダイス', 'Dice')} {table.dice}")
    if game is not None:
        m.append(composed(game.title, lang))
    out += [paragraph(" · ".join(m), meta)]
    if table.key:   # how to read a cell, where a player looks first
        out.append(paragraph(key_text(table, lang), ParagraphStyle(
            "key", fontName=font, fontSize=pt(10), leading=pt(10) * 1.3, spaceBefore=2,
            wordWrap="CJK" if lang != "en" else None)))
    out.append(Spacer(1, 5))
    if table.missing:
        box = RLTable([[paragraph(table.missing.get(lang), body)]], colWidths=[pagesize[0] - 2 * spec.margin])
        box.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), font),
                                 ("BOX", (0, 0), (-1, -1), 1.2, colors.black),
                                 ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(spec.colour("note")))]))
        out += [box, Spacer(1, 6)]
    for g, s, w in zip(grids, strings, widths):
        if g is table.modifiers:
            out.append(paragraph(spec.word("サイの目修正", "Modifiers"), h2))
        grid = grid_flowable(g, s, w, size, font, spec, text_columns(s, font, size),   # as the chart sets read
                              table.row_groups if g is table.grid else 1)
        grid.card_grid = True
        head, rows = grid.repeatRows or 0, len(grid._cellvalues)
        if rows - head >= 2 * MIN_PIECE_ROWS:   # cut over pages, no last piece of a row or two
            grid.wrap(sum(w), 1e6)   # (unless those rows take half a page: kept whole, they would leave it empty)
            if sum(grid._rowHeights[-MIN_PIECE_ROWS:]) < TAIL_ROWS * (pagesize[1] - 2 * spec.margin):
                grid.setStyle(TableStyle([("NOSPLIT", (0, rows - MIN_PIECE_ROWS), (-1, rows - 1))]))
        out += [grid, Spacer(1, 6)]

    def para(text: str, style: ParagraphStyle, bullet: str = ""):
        """English: a ReportLab paragraph; Japanese: lines broken under the kinsoku rules."""
        if lang == "en":
            return paragraph(f"{bullet} {text}" if bullet else text, style)
        return Lines(text, style.fontSize, indent=style.leftIndent, bullet=bullet, after=0.0,
                     leading=style.leading / style.fontSize, hang=0.0 if bullet else -style.firstLineIndent)

    if table.cell_notes():   # the key of the shading, under the grids it explains (provenance is in
        out += [para(spec.lines(DOUBTFUL_KEY_JA, DOUBTFUL_KEY_EN), small), Spacer(1, 2)]  # Sources, not here)
    if marked(table):   # and of the mark of a maker's remark
        out += [para(spec.lines(REMARK_KEY_JA, REMARK_KEY_EN), small), Spacer(1, 2)]
    # a heading goes to the next page only when fewer than three of its lines would follow it
    # there: a list never leaves a page half empty to stay whole (issue 22)
    head = h2.spaceBefore + h2.leading + h2.spaceAfter
    frame = _frame_width(pagesize, spec)

    def turn(items) -> CondPageBreak:
        """Room for the heading and three lines, or the whole list when it is shorter."""
        return CondPageBreak(head + min(3 * body.leading, sum(x.wrap(frame, 10_000)[1] for x in items)))

    plain = ParagraphStyle("h2plain", parent=h2, keepWithNext=0)
    if table.legend:
        items = [para(legend_text(e, lang) + rule_suffix(game, spec, e.rule), body) for e in table.legend]
        out += [turn(items), paragraph(spec.word("記号", "Legend"), plain), *items]
    if player_notes(table):
        notes = [para(note_text(n, lang) + rule_suffix(game, spec, n.rule), body, "•") for n in player_notes(table)]
        # the last notes go over a page turn together: a last page is more than a line or two
        out += [turn(notes), paragraph(spec.word("注", "Notes"), plain)] + notes[:-2] + (
            [KeepTogether(notes[-2:])] if len(notes) > 1 else notes[-1:])
    return out


# the one line a card carries about its shaded cells (issue 13: provenance off the card)
# a value reconstructed where the printed rules cannot be read with certainty: said to the player
# as what it means for him (the makers' account is in Sources and reconstructions)
DOUBTFUL = ("破線枠のセル：ルールの記載が不確かな箇所。最も確からしい読みを示す（別紙「出典と復元」を参照）。",
            "Dashed cells: unclear in the rules; the likeliest reading is shown (see Sources and reconstructions).")
DOUBTFUL_KEY_JA = "網掛け・" + DOUBTFUL[0]
DOUBTFUL_KEY_EN = "Shaded " + DOUBTFUL[1][:1].lower() + DOUBTFUL[1][1:]


def footer(table: Table, game: Game | None, spec: PageSpec, font: str, trim):
    """The game and the table on every page (a player sorts loose cards by it), the page number."""
    names = [composed(x, spec.lang) for x in ((game.title if game else None), table.title) if x]
    left = " · ".join(names)
    room = trim[0] - 2 * spec.margin - 24   # the page number keeps its place at the right
    if fonts.width(left, fonts.GOTHIC, 7) > room:
        left = names[-1]
    return page.footer(spec, trim, font, page.fit_line(left, 7, room))


def continued(table: Table, spec: PageSpec, font: str, trim, on_page):
    """A later page of a card: its footer, and over the frame the title continued (issue 22: a
    table's last rows on page 2 under no heading)."""
    o = page.offset(spec)
    room = trim[0] - 2 * spec.margin
    title = page.fit_line(heading(table, spec, cont=True), 8, room)

    def draw(canvas, doc):
        on_page(canvas, doc)
        fonts.draw_string(canvas, o + spec.margin, o + trim[1] - spec.margin * 0.55 - 6, title, 8, font)
    return draw


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
    on_page = footer(table, game, spec, fonts.register(), trim)
    with page.fixed_epoch():
        doc.build(flow, onFirstPage=on_page, onLaterPages=continued(table, spec, fonts.register(), trim, on_page))
    return buf.getvalue()
