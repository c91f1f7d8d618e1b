"""Odds cards: a dice table's exact chances on one page (ReportLab, the chart card's grid code).

The results grid has the table's own shape: each cell its result and, under it, the chance of
that result in its column (a result printed on several rolls counts them all), for each
modifier shown (e.g. -1 · 0 · +1), heat-shaded by the chance with no modifier. The effects grid
gives the chance of each effect the legend names (retreat, step losses, ...). Then the table's
modifiers with their conditions, the reading of a roll beyond the table, and the legend.
"""
from __future__ import annotations

import dataclasses
import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph, Spacer
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, odds
from playaids.model import Game, Grid, Row, Text, rule_label
from playaids.oddsexport import Analysis
from playaids.render import cards, grid, page
from playaids.render.lines import Lines, Paired
from playaids.render.page import PageSpec

SEP = " "   # between the chances of one cell (the corner gives their modifiers: -1 · 0 · +1)
# the heat scale: white to this colour at 100 % (black text stays legible on it)
HEAT = {False: (0x56, 0xB4, 0xE9), True: (0x8C, 0x8C, 0x8C)}   # Okabe-Ito sky blue; gray
HEAT_MAX = 0.75


def _drm(d: int) -> str:
    return f"{d:+d}" if d else "0"


def _ref(a: Analysis) -> int:
    """The modifier whose chances shade the cells: none (0) when shown, else the first."""
    return a.drms.index(0) if 0 in a.drms else 0


def _pcts(values) -> str:
    return SEP.join(odds.percent(v) for v in values)


def _means(values) -> str:
    return SEP.join(f"{float(v):.2f}".rstrip("0").rstrip(".") for v in values)


def results_grid(a: Analysis, spec: PageSpec) -> tuple[Grid, list[list[object]]]:
    """The table's shape, each cell its result and chances (a cell spanning several columns
    stays one where its chances agree); and the shading value of each drawn cell."""
    r, t = a.reading, a.table
    ref = _ref(a)

    def cell(src: Text, ps, span: int = 1) -> Text:
        """The result, then its chances; bilingual: 総反攻 / General counteroffensive, then the
        chances once (not under each language)."""
        p = _pcts(ps)
        if spec.lang == "both" and "\n" in src.get("both"):
            return Text(src.ja, f"{src.en}\n{p}", note=src.note, span=span)
        return Text(f"{src.ja}\n{p}", f"{src.en}\n{p}", neutral=src.neutral, note=src.note, span=span)

    # each source row as (label, [(Text, heat, span)...]) in the table's own orientation
    drawn = []
    for i, row in enumerate(t.grid.rows):
        cells, col = [], 0
        for c in row.cells:
            covered = range(col, col + c.span)
            if r.axis == "rows":       # the cell covers lines `covered` on roll label i
                chances = [tuple(a.result_chance(r.lines[j], k, i) for k in range(len(a.drms))) for j in covered]
            else:                       # line i, rolls `covered`: one result, one chance
                chances = [tuple(a.result_chance(r.lines[i], k, covered[0]) for k in range(len(a.drms)))]
            if len(set(chances)) == 1:
                cells.append((cell(c, chances[0], c.span), chances[0][ref], c.span))
            else:
                cells += [(cell(c, ps), ps[ref], 1) for ps in chances]
            col += c.span
        drawn.append([row.label, cells])
    labels = list(t.grid.columns)
    for side in ("below", "above"):   # the rolls the table gives no rule for, on their own
        ps = tuple(getattr(ch, side) for ch in a.chances)
        if not any(ps):
            continue
        extra = (cell(Text("規定なし", "no rule"), ps), ps[ref], 1)
        lab = _beyond_label(r, side)
        if r.axis == "rows":
            width = len(t.grid.columns)
            new = [lab, [(cell(Text("規定なし", "no rule"), ps, width), ps[ref], width)]]
            drawn.insert(0 if side == "below" else len(drawn), new)
        else:
            for d in drawn:
                d[1].insert(0 if side == "below" else len(d[1]), extra)
            labels.insert(0 if side == "below" else len(labels), lab)
    heat = []
    for _, cells in drawn:
        h = []
        for _, v, span in cells:
            h += [v] + [None] * (span - 1)
        heat.append(h)
    rows = tuple(Row(lab, tuple(c for c, _, _ in cells)) for lab, cells in drawn)
    c = t.grid.corner or Text("", "")
    order = _order(a, spec.lang)
    return Grid(Text(c.ja + order, c.en + order, neutral=c.neutral), tuple(labels), rows), heat


def _beyond_label(r, side: str) -> Text:
    if side == "below":
        lo = r.rolls[0].lo
        return Text(f"{lo}未満", f"below {lo}")
    hi = r.rolls[-1].hi
    return Text(f"{hi}超", f"above {hi}")


def _order(a: Analysis, lang: str) -> str:
    """The corner's last line: which modifier each chance of a cell is for (in both languages the
    corner has two lines already: the key line above the grid says it)."""
    return "" if a.drms == (0,) or lang == "both" else "\n(" + " · ".join(_drm(d) for d in a.drms) + ")"


def _label(a: Analysis, e, short: bool, lang: str) -> Text:
    """An effect's row label; short: its part and code alone (the legend below spells it), on one
    line in both languages ("防御側 Defender: R")."""
    if not short or e.short is None:
        return e.label
    s = e.short
    if lang != "both" or s.ja == s.en:
        return s
    parts = a.table.odds.parts if a.table.odds else ()
    if parts and e.part is not None and e.tail:
        return Text.plain(f"{parts[e.part].ja} {parts[e.part].en}: {e.tail}")
    return Text.plain(f"{s.ja} · {s.en}")


def effects_grid(a: Analysis, short: bool = False, lang: str = "en") -> tuple[Grid, list[list[object]]] | None:
    if not a.effects:
        return None
    r = a.reading
    order = _order(a, lang)
    rows, heat = [], []
    for e in a.effects:
        vals = [[a.effect_value(e, line, k) for k in range(len(a.drms))] for line in r.lines]
        fmt = _means if e.kind == "mean" else _pcts
        rows.append(Row(_label(a, e, short, lang), tuple(Text.plain(fmt(v)) for v in vals)))
        heat.append([None if e.kind == "mean" else v[_ref(a)] for v in vals])
    corner = Text("効果" + order, "Effect" + order)
    grid = Grid(corner, tuple(line.label for line in r.lines), tuple(rows))
    if r.axis == "columns":   # lines are the rows of the table: keep them as rows here too
        grid = Grid(Text("" + order, "" + order), tuple(_label(a, e, short, lang) for e in a.effects),
                    tuple(Row(line.label, tuple(row.cells[j] for row in rows)) for j, line in enumerate(r.lines)))
        heat = [[h[j] for h in heat] for j in range(len(r.lines))]
    return grid, heat


def _shade(spec: PageSpec, p) -> colors.Color | None:
    if p is None or p == 0:
        return None
    rgb = HEAT[spec.grayscale]
    f = HEAT_MAX * float(p)
    return colors.Color(*[(1 - f) + f * c / 255 for c in rgb])


def _heat(flow, heat, spec: PageSpec) -> None:
    """Shade each cell by its chance (row 0 and column 0 are the headings)."""
    ts = []
    for i, row in enumerate(heat):
        for j, p in enumerate(row):
            c = _shade(spec, p)
            if c is not None:
                ts.append(("BACKGROUND", (j + 1, i + 1), (j + 1, i + 1), c))
    if ts:
        flow.setStyle(TableStyle(ts))


def _reading_note(a: Analysis, game, spec: PageSpec) -> str | None:
    """How a roll beyond the table's ends reads: the table's rule, or that it gives none."""
    t, r = a.table, a.reading
    if r.clamped:
        rule = rule_label(game, t.odds.clamp_rule, spec.lang)
        lo, hi = r.rolls[0].lo, r.rolls[-1].hi
        ja = f"修正後の目が表の外なら端の行を使う（{lo}未満は{lo}、{hi}超は{hi}。ルール {rule}）。"
        en = f"A modified roll beyond the table reads its end row (below {lo} as {lo}, above {hi} as {hi}; Rule {rule})."
        return spec.word(ja, en)
    if a.beyond():
        return spec.word("この表は、修正後の目が表の外に出た場合の読み方を定めていない。その確率は「規定なし」の行に示す。",
                         "The rules do not say how a modified roll beyond this table reads: its chance is "
                         "shown on its own as 'no rule'.")
    return None


def _modifier_texts(t, game, spec: PageSpec) -> list[str]:
    """Each modifier with its condition: '* unit: Defence +1, Attack -1 (Rule 7.2.4.1)'."""
    g, lang = t.modifiers, spec.lang
    out = []
    single = len(g.columns) == 1
    for r in g.rows:
        vals = [(c.get(lang), v.get(lang)) for c, v in zip(g.columns, g.expanded(r)) if v is not None]
        vals = [(c, v) for c, v in vals if v not in ("–", "-", "")]
        what = ", ".join(v if single else f"{c.replace(chr(10), ' / ')} {v}" for c, v in vals)
        label = r.label.get(lang).replace(chr(10), " / ").rstrip("。.")   # "AAが存在すると。：-1" reads badly
        out.append(f"{label}{'：' if lang == 'ja' else ': '}{what}"
                   f"{cards.rule_suffix(game, spec, r.rule)}")
    return out


def _layouts(strings, font: str, spec: PageSpec, spans, sheet=None):
    """(page size, font size, column widths) to try, best first: the largest type whose cells need
    no wrapping, portrait before landscape; then wrapped at the smallest type."""
    w, h = sheet or spec.size
    cjk = spec.lang in ("ja", "both")
    turns = ((w, h), landscape((w, h)))
    size = cards.MAX_FONT
    while size >= cards.MIN_FONT:
        for pagesize in turns:
            avail = pagesize[0] - 2 * spec.margin
            widths = [grid.column_widths(g, font, size, avail, False, cjk, sp) if k == 0 else
                      _label_widths(g, font, size, avail, cjk) for k, (g, sp) in enumerate(zip(strings, spans))]
            if all(x is not None for x in widths):
                yield pagesize, size, widths
        size -= 0.5
    for pagesize in reversed(turns):
        avail = pagesize[0] - 2 * spec.margin
        widths = [grid.column_widths(g, font, cards.MIN_FONT, avail, True, cjk, sp) for g, sp in zip(strings, spans)]
        if all(x is not None for x in widths):
            yield pagesize, cards.MIN_FONT, widths


def _label_widths(strings, font: str, size: float, avail: float, cjk: bool) -> list[float] | None:
    """The effects grid: its chances never wrap; its labels take the room left (wrapped there)."""
    nat = [max(grid.natural(row[i] or "", font, size) for row in strings) for i in range(len(strings[0]))]
    room = avail - sum(nat[1:])
    low = max(grid.min_width(row[0] or "", font, size, cjk) for row in strings)
    if room >= nat[0]:
        return nat
    return [room] + nat[1:] if room >= max(low, 8 * size) else None


def _height(flow, width: float) -> float:
    return sum(f.wrap(width, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flow)


def story(a: Analysis, game: Game | None, spec: PageSpec):
    """The flowables of the card and its page size: the first layout of _layouts whose story fits
    one page (else the last); a card that would leave most of its paper empty goes on the half
    sheet or the quarter where it fits at cards.SMALL_CARD_FONT pt or more, as a chart card does."""
    return cards.smallest_sheet(spec.size, lambda sheet, least: _on_sheet(a, game, spec, sheet, least))


def _on_sheet(a: Analysis, game: Game | None, spec: PageSpec, sheet, least: float | None = None):
    """(flow, page size, the part of the page's height it uses: None when no layout fits one
    page) on `sheet`; with `least`, None unless a layout at `least` pt or more fits one page."""
    font = fonts.register()
    res, res_heat = results_grid(a, spec)
    best = None
    for short in (False, True):
        eff = effects_grid(a, short, spec.lang)
        grids = [res] + ([eff[0]] if eff else [])
        strings = [grid.grid_strings(g, spec.lang) for g in grids]
        printed = [s or "" for g in strings for row in g for s in row] + notes(a, game, spec, short, res)
        fonts.check_glyphs("".join(printed) + a.table.title.get(spec.lang), font, where=f"{a.table.game}/{a.table.id}")
        heats = (res_heat, eff[1] if eff else None)
        for layout in _layouts(strings, font, spec, [grid.spans(g) for g in grids], sheet):
            if least is not None and layout[1] < least:
                break
            room = layout[0][1] - 2 * spec.margin - 2
            tight = _story(a, game, spec, font, grids, strings, heats, short, True, *layout)
            best = (tight, layout[0], None)
            height = _height(tight, layout[0][0] - 2 * spec.margin)
            if height > room:
                continue    # the airier setting cannot fit either
            airy = _story(a, game, spec, font, grids, strings, heats, short, False, *layout)
            airy_height = _height(airy, layout[0][0] - 2 * spec.margin)
            if airy_height <= room:
                return airy, layout[0], airy_height / room
            return tight, layout[0], height / room
    if least is not None:
        return None
    if best is None:
        raise page.too_wide(a.table.game, [a.table.id], spec.paper, cards.MIN_FONT)
    return best


def _story(a: Analysis, game, spec: PageSpec, font, grids, strings, heats, short, tight, pagesize, size, widths):
    pad = 0.3 if tight else 2.0
    compact = int(tight)   # smaller title and notes
    lang, t = spec.lang, a.table
    title = ParagraphStyle("title", fontName=font, fontSize=15 - 2 * compact, leading=19 - 2 * compact)
    meta = ParagraphStyle("meta", fontName=font, fontSize=9, leading=11.5,
                          textColor=colors.HexColor(spec.colour("muted")))
    h2 = ParagraphStyle("h2", fontName=font, fontSize=10.5, leading=13, spaceBefore=3, spaceAfter=2, keepWithNext=1)
    body = ParagraphStyle("body", fontName=font, fontSize=8.5 - 1.5 * compact, leading=10.5 - 1.9 * compact,
                          wordWrap="CJK" if lang != "en" else None)

    heading = spec.word(f"{t.title.ja.replace(chr(10), ' ')}：確率", f"Odds: {t.title.en.replace(chr(10), ' ')}")
    m = [x for x in (cards.rule_text(game, t, spec),) if x] + [f"{spec.word('ダイス', 'Dice')} {t.dice}"]
    if game is not None:
        m.append(game.title.get(lang).replace("\n", " / "))
    muted = spec.colour("muted")
    line = " · ".join(m)
    room = pagesize[0] - 2 * spec.margin
    if fonts.width(heading, font, title.fontSize) + fonts.width("   " + line, font, meta.fontSize) <= room:
        out = [Paragraph(fonts.markup(heading, font) + f'<font size="{meta.fontSize}" color="{muted}">'
                         f'&nbsp;&nbsp;&nbsp;{fonts.markup(line, font)}</font>', title), Spacer(1, 3)]
    else:   # the rule and the game under the title, not run on at the title's leading
        out = [Paragraph(fonts.markup(heading, font), title), _para(line, meta, lang, fill=muted), Spacer(1, 3)]
    shown = " · ".join(_drm(d) for d in a.drms)
    if len(a.drms) > 1:
        ja, en = (f"各マス：結果と、その確率（%）を修正 {shown} の順に。",
                  f"Each cell: the result, then its chances (%) with modifiers {shown}, in that order. ")
    elif a.drms != (0,):
        ja, en = f"各マス：結果と、修正 {shown} での確率（%）。", f"Each cell: the result and its chance (%) with a modifier of {shown}. "
    else:
        ja, en = "各マス：結果とその確率（%）。", "Each cell: the result and its chance (%). "
    ja += "同じ結果が複数の目にあれば合計。網掛け：修正なしの確率。"
    en += "A result on several rolls counts them all. Shading: the chance with no modifier."
    if 0 not in a.drms:
        ja, en = ja.replace("修正なし", f"修正 {_drm(a.drms[0])}"), en.replace("no modifier", f"a modifier of {_drm(a.drms[0])}")
    out += [Paired([(ja, en)], body.fontSize, leading=body.leading / body.fontSize) if lang == "both"
            else _para(spec.word(ja, en), body, lang), Spacer(1, 4)]

    for k, (g, s, w) in enumerate(zip(grids, strings, widths)):
        if k == 1:
            out.append(grid.para(spec.word("効果の確率（%）", "Chance of each effect (%)"), h2))
        flow = grid.grid_flowable(g, s, w, size, font, spec, left=frozenset({0}) if k == 1 else frozenset(),
                                    leading=1.12 if tight else 1.25)
        flow.setStyle(TableStyle([("TOPPADDING", (0, 0), (-1, -1), pad), ("BOTTOMPADDING", (0, 0), (-1, -1), pad + 0.7)]))
        _heat(flow, heats[k], spec)
        out += [flow, Spacer(1, 4)]

    if lang == "both":   # the notes in Japanese at the left, in English at the right
        out.append(Paired(note_pairs(a, game, spec, short, grids[0]), body.fontSize, bullet="•",
                          leading=body.leading / body.fontSize, between=2.0))
    else:
        out += [_para(n, body, lang, "•") for n in notes(a, game, spec, short, grids[0])]
    return out


def notes(a: Analysis, game, spec: PageSpec, short: bool, results: Grid) -> list[str]:
    """The card's notes: each modifier and its condition, the reading of a roll off the table, what
    a mean and '# >= n' are, the dashed cells, the legend."""
    t, lang = a.table, spec.lang
    if lang == "both":
        return [f"{j}\n{e}" for j, e in note_pairs(a, game, spec, short, results)]
    out = []
    if t.modifiers is not None and t.modifiers.rows:   # the conditions the modifiers hang on
        out.append(spec.word("サイの目修正：", "Die-roll modifiers: ") + "; ".join(_modifier_texts(t, game, spec)))
    if (n := _reading_note(a, game, spec)) is not None:
        out.append(n)
    if any(e.kind == "mean" for e in a.effects):
        out.append(spec.word("「平均」の行は確率ではなく、その数の平均値。", "A 'mean' row gives the average of that number, not a chance."))
    per = t.odds.eliminated_per if t.odds else None
    if short and per:
        last = t.odds.parts[-1] if t.odds.parts else Text("", "")
        eg_ja = f"「{last.ja}：# ≥ 1」は1ステップの{last.ja}が除去される確率" if last.ja else ""
        eg_en = f"; '{last.en}: # ≥ 1' is the chance a 1-step {last.en.lower()} is eliminated" if last.en else ""
        rule = rule_label(game, t.odds.eliminated_rule, lang)
        out.append(spec.word(f"# ≥ n：n ステップ（{per}以下）のスタックは除去。{eg_ja}（ルール {rule}）。",
                             f"# ≥ n: a stack of n steps (n ≤ {per}) is eliminated{eg_en} (Rule {rule})."))
    if grid.noted(results):   # a reconstructed value drawn on this card
        out.append(spec.lines(*cards.DOUBTFUL))   # the dashes alone: this card's shading is its chances
    legend = [cards.legend_text(e, lang).replace("\n", " / ") + cards.rule_suffix(game, spec, e.rule) for e in t.legend]
    if legend:
        # "…every assault; Optional…", not "…every assault.; Optional…"
        out.append(spec.word("記号：", "Legend: ") + "; ".join([x.rstrip(".。") for x in legend[:-1]] + legend[-1:]))
    return out


def note_pairs(a: Analysis, game, spec: PageSpec, short: bool, results: Grid) -> list[tuple[str, str]]:
    """A bilingual card's notes: each in Japanese and in English, set side by side."""
    ja, en = (notes(a, game, dataclasses.replace(spec, lang=one), short, results) for one in ("ja", "en"))
    return list(zip(ja, en, strict=True))


def _para(text: str, style: ParagraphStyle, lang: str, bullet: str = "", fill: str = "#000000"):
    """English: a ReportLab paragraph (its colour the style's); Japanese: lines broken under the
    kinsoku rules, in `fill`."""
    if lang == "en":
        return grid.para(f"{bullet} {text}" if bullet else text, style)
    return Lines(text, style.fontSize, fill=fill, indent=8 if bullet else 0.0, bullet=bullet, after=1.0,
                 leading=style.leading / style.fontSize)


def render(a: Analysis, game: Game | None, spec: PageSpec) -> bytes:
    """The card as PDF bytes on one page (smaller type until it fits), identical for identical inputs."""
    t = a.table
    flow, trim = story(a, game, spec)
    buf = io.BytesIO()
    m = spec.margin + page.offset(spec)
    sheet = page.sheet(spec, trim)
    doc = BaseDocTemplate(buf, pagesize=sheet, leftMargin=m, rightMargin=m, topMargin=m,
                            bottomMargin=m, title=f"{t.title.ja} / {t.title.en}: odds", author="playaids",
                            subject=f"{t.game} {t.id} rule {t.rule} odds", creator=f"playaids {__version__}",
                            producer=f"playaids {__version__}", invariant=1, initialFontName=fonts.register(),
                            lang={"ja": "ja-JP", "en": "en", "both": "ja-JP"}[spec.lang])
    on_page = cards.footer(t, game, spec, fonts.register(), trim)
    # the frame without padding: the story was measured against the page less its margins
    frame = Frame(m, m, sheet[0] - 2 * m, sheet[1] - 2 * m, leftPadding=0, rightPadding=0, topPadding=0,
                  bottomPadding=0)
    doc.addPageTemplates([PageTemplate("card", [frame], onPage=on_page)])
    with page.fixed_epoch():
        doc.build(flow)
    return buf.getvalue()
