"""Setup sheet: what was drawn, where each side's units go (grouped by the map's areas), the
verification in one line; then one page of secret slips, cut apart along a dashed line, each
holding all its side keeps hidden (secret draws and choices, hands of chits, the faces of its
face-down counters). Every word in the sheet's language (setupwords)."""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import CondPageBreak, Flowable, KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, kinsoku
from playaids.engine import placement
from playaids.engine.sheetview import SheetView, Slip, face_down
from playaids.render import cards, grid
from playaids.render import page as page_
from playaids.render.lines import CUT_WORDS, CutLine, Lines, Section
from playaids.render.page import PageSpec, fixed_epoch
from playaids.render.setupwords import Words, text  # noqa: F401  (text: the commands' titles)

TAIL = 3  # placement rows kept on the page of the verdict
MIN_ROWS_BEFORE_TURN = 2   # a table split by a page turn keeps at least this many rows before it


class _GroupTable(RLTable):
    """A table of rows grouped under a label in the first column, printed on the group's first
    row: when a page turn falls inside a group, the continued part names its group again."""

    labels: list = []
    spans: frozenset = frozenset()   # the rows of an area's heading

    def split(self, aw, ah):
        parts = super().split(aw, ah)
        if len(parts) != 2:
            return parts
        first, rest = parts
        n, head = len(first._cellvalues), self.repeatRows
        # a page's foot never holds the header and an area's heading alone, or one row of a
        # table continued overleaf: such a piece goes over with the rest (issue 23)
        if n - 1 in self.spans and n - 1 > head:
            return self.split(aw, ah - self._rowHeights[n - 1])
        if sum(1 for i in range(head, n) if i not in self.spans) < MIN_ROWS_BEFORE_TURN:
            return []
        first.spans = frozenset(i for i in self.spans if i < n)
        rest.spans = frozenset(i - n + head for i in self.spans if i >= n)
        if not self.labels:
            return parts
        first.labels = self.labels[:n]
        rest.labels = self.labels[:head] + self.labels[n:]
        cell = rest._cellvalues[head][0] if len(rest._cellvalues) > head else None
        label = self.labels[n] if n < len(self.labels) else None
        # a cell is held as a tuple of flowables (ReportLab's _ExpandedCellTuple)
        para = cell[0] if isinstance(cell, (tuple, list)) and len(cell) == 1 else cell
        if label and isinstance(para, Paragraph) and not para.getPlainText().strip():
            again = Paragraph(fonts.markup(label).replace("\n", "<br/>"), para.style)
            rest._cellvalues[head][0] = type(cell)((again,)) if isinstance(cell, (tuple, list)) else again
            if rest._argH is not None:   # the row's height was the empty cell's: measured again
                rest._argH = list(rest._argH)
                rest._argH[head] = None
        return parts


def _labels(rows, spans=()) -> list:
    """Each row's group label: the first column's last text above it (none for a heading)."""
    out, current = [], None
    for i, r in enumerate(rows):
        if i in spans:
            current = None
        elif r and r[0]:
            current = r[0]
        out.append(None if i in spans else current)
    return out


def _grid(rows, widths, font, spec, size=9.0, header=True, spans=()):
    """A ruled table; `spans`: row indexes drawn as one shaded cell across (an area's heading)."""
    style = ParagraphStyle("c", fontName=font, fontSize=size, leading=size * 1.25)

    def cell(c, width: float) -> Paragraph:
        """Japanese broken here under the kinsoku rules (ReportLab would leave 「。」 alone)."""
        s = str(c)
        if spec.lang != "en":
            s = "\n".join(line for part in s.split("\n")
                          for line in kinsoku.wrap(part, width - 8.5, lambda x: fonts.width(x, font, size),
                                                   phrases=True))
        return Paragraph(fonts.markup(s).replace("\n", "<br/>"), style)

    data = []
    for k, r in enumerate(rows):
        if k in spans:
            data.append([cell(r[0], sum(widths))] + [""] * (len(widths) - 1))
        else:
            data.append([cell(c, wd) for c, wd in zip(r, widths)])
    t = _GroupTable(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    t.labels = [None] * header + _labels(rows[header:], {k - header for k in spans})
    t.spans = frozenset(spans)
    t.setStyle(TableStyle(
        [("FONTNAME", (0, 0), (-1, -1), font), ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
         ("VALIGN", (0, 0), (-1, -1), "TOP"), ("TOPPADDING", (0, 0), (-1, -1), 1.5),
         ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5), ("LEFTPADDING", (0, 0), (-1, -1), 4),
         ("RIGHTPADDING", (0, 0), (-1, -1), 4)]
        + [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(spec.colour("header")))] * header
        + [s for k in spans for s in (("SPAN", (0, k), (-1, k)),
                                      ("BACKGROUND", (0, k), (-1, k), colors.HexColor(spec.colour("note"))))]))
    return t


def _start(title, table: _GroupTable, width: float) -> float:
    """The height of a heading and the start of its table a page turn may follow: the header
    row and the first MIN_ROWS_BEFORE_TURN rows, with any area heading among them."""
    h = title.wrap(width, 1e6)[1] + title.getSpaceBefore() + title.getSpaceAfter()
    table.wrap(width, 1e6)
    rows, body = table._rowHeights, 0
    for i, rh in enumerate(rows):
        h += rh
        body += i >= table.repeatRows and i not in table.spans
        if body >= MIN_ROWS_BEFORE_TURN:
            break
    return h + 2


def _pairs(rows: list, head: list, k: int) -> tuple[list, list]:
    """Rows of (item, number) set side by side in k column pairs, as a chart lists them."""
    n = -(-len(rows) // k)
    cols = [rows[i * n:(i + 1) * n] for i in range(k)]
    out = [head * k]
    for i in range(n):
        out.append([c for col in cols for c in (col[i] if i < len(col) else ["", ""])])
    return out


def story(root, view: SheetView, spec: PageSpec, scale: float = 1.0, together: bool = False):
    """The sheet's flowables: the heading and the open draws, each side's placements, the
    verdict, then the secret slips (who sees what: engine/sheetview), on pages of their own or,
    `together`, below a cut line on the last public page."""
    sheet = _Story(root, view, spec, scale)
    return sheet.public() + sheet.placements() + sheet.slips(together)


# the type a sheet is set `scale` times smaller in, largest first, when its public pages would
# end on a page of a few lines (issue 22): the first that saves that page
SCALES = (1.0, 0.95, 0.9, 0.85)
SPARSE = 0.2   # a last public page used less than this (of its frame's height) is saved if it can be


def _trial(spec: PageSpec, flow: list) -> tuple[int, float]:
    """The pages `flow` takes, and how much of the last one's frame height it uses."""
    doc = SimpleDocTemplate(io.BytesIO(), pagesize=spec.size, leftMargin=spec.margin, rightMargin=spec.margin,
                            topMargin=spec.margin, bottomMargin=spec.margin, invariant=1)
    doc.build(flow)
    f = doc.frame
    return doc.page, (f._y1 + f._height - f._topPadding - f._y) / (f._height - f._topPadding - f._bottomPadding)


def _public_pages(root, view: SheetView, spec: PageSpec, scale: float) -> tuple[int, float]:
    """The number of public pages (before the slips) at `scale`, and how much of the last one's
    frame height they use."""
    sheet = _Story(root, view, spec, scale)
    return _trial(spec, sheet.public() + sheet.placements())


def slips_fit_below(root, view: SheetView, spec: PageSpec, scale: float, public_pages: int) -> bool:
    """Whether every slip fits below a cut line on the last of the `public_pages` (at `scale`):
    a sheet whose public part is short (Amigos: the rules give no set-up to place) is then one
    page, not a page of a few lines and a page of slips (issue 23)."""
    if not view.slips:
        return False
    sheet = _Story(root, view, spec, scale)
    return _trial(spec, sheet.public() + sheet.placements() + sheet.slips(True))[0] == public_pages


def scale_for(root, view: SheetView, spec: PageSpec) -> float:
    """1, or the largest of SCALES that sets the public pages on one page fewer when the last of
    them would be nearly empty."""
    return _scale_and_pages(root, view, spec)[0]


def _scale_and_pages(root, view: SheetView, spec: PageSpec) -> tuple[float, int]:
    """scale_for's scale and the number of public pages at it (each measured once)."""
    pages, used = _public_pages(root, view, spec, 1.0)
    if pages < 2 or used >= SPARSE:
        return 1.0, pages
    for k in SCALES[1:]:
        fewer = _public_pages(root, view, spec, k)[0]
        if fewer < pages:
            return k, fewer
    return 1.0, pages


class _Story:
    """What the parts of a setup sheet share: the words of its language, its styles and width."""

    def __init__(self, root, view: SheetView, spec: PageSpec, scale: float = 1.0):
        self.font = font = fonts.register()
        self.pt = lambda x: round(x * scale * 4) / 4   # the sheet's type, all of it set `scale` times smaller
        self.view, self.spec, self.lang = view, spec, spec.lang
        self.setup, self.scenario = setup, scenario = view.setup, view.scenario
        self.say = Words(root, setup, scenario, spec.lang)
        self.w = spec.size[0] - 2 * spec.margin
        pt = self.pt
        self.h1 = ParagraphStyle("h1", fontName=font, fontSize=pt(16), leading=pt(20))
        self.h2 = ParagraphStyle("h2", fontName=font, fontSize=pt(12), leading=pt(16), spaceBefore=8, spaceAfter=3)
        self.h3 = ParagraphStyle("h3", fontName=font, fontSize=pt(10.5), leading=pt(14), spaceBefore=6, spaceAfter=2)
        # English only: Japanese is Lines
        self.body = ParagraphStyle("b", fontName=font, fontSize=pt(9.5), leading=pt(12.5))
        self.word = self.say.word
        self.rule_word = self.word("ルール", "rule")
        self.values = view.values
        self.widths = [self.w * 0.36, self.w * 0.40, self.w * 0.07, self.w * 0.17]

    def para(self, s, st=None, bullet=""):
        st = st or self.body
        if st is not self.body:   # a heading: 射撃戦闘表 / Fire combat table, on one line
            s = s.replace("\n", " / ")
        if st is self.body and self.lang != "en":  # Japanese lines broken under the kinsoku rules
            return Lines(s, st.fontSize, indent=10.0 if bullet else 0.0, bullet=bullet, after=0.0,
                         leading=st.leading / st.fontSize)
        return Paragraph(fonts.markup(f"{bullet} {s}" if bullet else s), st)

    def public(self) -> list:
        """Title, rule, seed and turns, the scenario's notes, and the open draws and choices."""
        say, word, scenario, setup, para = self.say, self.word, self.scenario, self.setup, self.para
        turns = (word("ターン", "turns") + f" {scenario.turns.get('first')}-{scenario.turns.get('last')}"
                 if scenario.turns else "")
        out = [para(f"{say.t(say.game.title)} — {say.t(scenario.title)}", self.h1),
               para(" · ".join(x for x in (f"{word('ルール', 'Rule')} {say.rule(scenario.rule)}",
                                           f"{word('セットアップ番号', 'Set-up no.')} {setup.seed}", turns) if x))]
        if scenario.missing:
            out.append(para(f"⚠ {say.t(scenario.missing)}"))
        for n in scenario.notes:
            out.append(para(say.each(lambda lg, n=n: f"{text(n['text'], lg)} ({'ルール' if lg == 'ja' else 'rule'} "
                                                     f"{say.rule(n.get('rule', ''), lg)})"), bullet="•"))
            if n.get("table"):   # the table the note's set-up follows ("as follows", 18.522)
                out += self.note_table(n["table"])
        if self.view.public:
            out += [CondPageBreak(80), para(word("公開の結果", "Open draws and choices"), self.h2),
                    *self.elements(self.view.public)]
        return out

    def label_widths(self, n: int) -> list[float]:
        """Column widths of a table of `n` columns whose first names its rows: the label column
        wider, the others equal, none wider than a fifth of the page."""
        w = self.w
        first = min(w * 0.3, w / n * 1.4)
        rest = (min(w, first + (n - 1) * w * 0.2) - first) / max(1, n - 1)
        return [first] + [rest] * (n - 1)

    def note_table(self, tid: str) -> list:
        """A table of the game under the note that names it, its reconstructed cells shaded and
        keyed (the makers' account is in the game's Sources and reconstructions)."""
        say, spec = self.say, self.spec
        g = say.table(tid).grid
        head = [say.t(g.corner) if g.corner else ""] + [say.t(c) for c in g.columns]
        rows = [[say.t(r.label)] + ["" if c is None else say.t(c) for c in g.expanded(r)] for r in g.rows]
        t = _grid([head] + rows, self.label_widths(len(head)), self.font, spec, self.pt(9))
        noted = grid.noted(g)
        t.setStyle(TableStyle([("BACKGROUND", (c, r), (c, r), colors.HexColor(spec.colour("note"))) for r, c in noted]))
        out = [Spacer(1, 3), t, Spacer(1, 3)]
        if noted:
            ja, en = cards.DOUBTFUL
            out.insert(2, self.para(self.say.each(lambda lg: ja.replace("破線枠のセル", "網掛けのセル") if lg == "ja"
                                                  else en.replace("Dashed cells", "Shaded cells"))))
        return [KeepTogether(out)]

    def elements(self, chosen: list) -> list:
        """Draws and choices: the one-value ones in a table, a table-shaped value (a permutation,
        an allocation) under its own title."""
        say, word, w, font, spec, values = self.say, self.word, self.w, self.font, self.spec, self.values
        flat = [[word("項目", "Item"), word("結果", "Result"), word("ルール", "Rule")]]
        grids = []
        for e in chosen:
            title = say.t(e.get("title")) or e["id"]
            if e.get("by-player"):   # a player's own choice the generator made for him (Amigos 4.0)
                title = say.each(lambda lg, e=e: " ".join(text(e.get("title"), lg).split("\n")) + (
                    "（ここでは無作為に選んだ。ルールではプレイヤーが選ぶ）" if lg == "ja"
                    else " (picked at random here; the rules let the player choose)"))
            shaped = say.grid(e, values[e["id"]])
            if shaped is None:
                flat.append([title, say.shown(e, values[e["id"]]), say.rule(e["rule"])])
                continue
            head, rows = shaped
            # a heading never ends a page: it goes over with the table's first rows
            grids += [CondPageBreak(72), self.para(f"{title} ({self.rule_word} {say.rule(e['rule'])})", self.h3)]
            if len(head) == 2:   # item and number: column pairs, as the rules' chart lists them
                k = 1 if len(rows) <= 8 else 2 if len(rows) <= 30 else 3
                grids.append(_grid(_pairs(rows, head, k), [w / k * 0.74, w / k * 0.26] * k, font, spec, self.pt(8.5)))
            else:
                grids.append(_grid([head] + rows, self.label_widths(len(head)), font, spec, self.pt(9)))
        out = [_grid(flat, [w * 0.36, w * 0.47, w * 0.17], font, spec, self.pt(9))] if len(flat) > 1 else []
        return out + grids

    def side_tables(self) -> list:
        """(heading, rows, spanned rows) of each side's set-up, place by place, places grouped
        under the map's areas; a face-down counter shows its back (its face is on its owner's slip)."""
        say, word = self.say, self.word
        tables = []
        placed, whole = dict(self.view.placed), dict(self.view.formations)
        for side in (s for s in self.view.order if s in placed or s in whole):
            rows, spans = _placement_rows(say, placed.get(side, ()), face_up=False)
            if side in whole:   # what the rules set up whole without a count: all its counters
                spans.append(len(rows))
                rows.append([word("部隊全体（数は駒による）", "Whole formations (your counters give how many)")])
                last = None
                for u in whole[side]:   # a place named once for the formations it holds
                    where = say.each(lambda lg, u=u: _whole_place(say, u, lg))
                    rows.append([where if where != last else "", say.each(lambda lg, u=u: say.unit_name(u, lg)),
                                 word("全て", "all"), ", ".join(say.rules([u.rule]))])
                    last = where
            head = say.each(lambda lg, s=side: f"{say.side(s, lg)}の配置" if lg == "ja" else f"{say.side(s, lg)} set-up")
            header = [word("配置", "Place"), word("ユニット", "Unit"), word("数", "No."), word("ルール", "Rule")]
            rules = {r[3] for i, r in enumerate(rows) if i not in spans}
            if len(rules) == 1:   # one rule sets every unit up: named once, in the heading
                head += f" ({self.rule_word} {rules.pop()})"
                rows = [r if i in spans else r[:3] for i, r in enumerate(rows)]
                header = header[:3]
            tables.append((head, [header] + rows, {s + 1 for s in spans}))
        return tables

    def placements(self) -> list:
        """Each side's placements, then the verdict. The verdict's first lines travel with the
        last table's last rows: a page turn never leaves the verdict alone on a sheet of its
        own; the rows kept are the last place's group, or the last few rows with their place
        named again."""
        w, font, spec = self.w, self.font, self.spec
        tables = self.side_tables()
        out = []
        heading = self.para(self.word("配置", "Placements"), self.h2)
        tail, cols = [], self.widths
        for k, (head, rows, spans) in enumerate(tables):
            keep = len(rows)
            if k == len(tables) - 1 and len(rows) > TAIL + 2:
                start = max(i for i, r in enumerate(rows) if r[0] and i not in spans)
                cut = start if len(rows) - start <= 2 * TAIL else len(rows) - TAIL
                if cut > 1 and not any(i >= cut for i in spans):
                    keep = cut
                    tail = [list(r) for r in rows[cut:]]
                    if not tail[0][0]:
                        tail[0][0] = next(r[0] for i, r in reversed(list(enumerate(rows[:cut]))) if r[0] and i not in spans)
            cols = self.widths if len(rows[0]) == 4 else [w * 0.42, w * 0.48, w * 0.10]
            title, table = self.para(head, self.h3), _grid(rows[:keep], cols, font, spec, self.pt(8.5), spans=spans)
            # a heading never ends a page: it goes over unless its table's first rows fit under it
            need = _start(title, table, w)
            if k == 0:   # and the section's heading over the first
                need += heading.wrap(w, 1e6)[1] + heading.getSpaceBefore() + heading.getSpaceAfter()
            out += [CondPageBreak(max(100.0 if k == 0 else 72.0, need))] + [heading] * (k == 0) + [title, table]
        out.append(KeepTogether(([_grid(tail, cols, font, spec, self.pt(8.5), header=False)] if tail else [])
                                + [Spacer(1, 6), *_verdict(self.say, self.view, self.para)]))
        return out

    def slips(self, together: bool = False) -> list:
        """The secret slips one after another with a cut line between: on their own page(s), or
        (`together`) below a cut line after the public part."""
        cut = together or len(self.view.slips) > 1
        out = []
        for k, slip in enumerate(self.view.slips):
            out += [Spacer(1, 6), self.cut_line()] if together and k == 0 else \
                [PageBreak(), Section("S-")] if k == 0 else [self.cut_line()]
            out.append(KeepTogether(self.slip(slip, cut)))
        return out

    def cut_line(self) -> Flowable:
        """A dashed cut line, a new one for each place it stands (a flowable is laid out once)."""
        return CutLine(self.w, self.word(*CUT_WORDS), self.font)

    def _solo_words(self, one: Slip, cut: bool) -> tuple[str, str]:
        """A slip's heading and first line in solitaire play: the one player's own side is his to
        read; the side the rules play is kept face down and read as the rules call for it."""
        say, side = self.say, one.side
        def rule(lg: str) -> str:   # each language's own label (RGI's headings in English)
            return say.rule(self.view.scenario.solo["rule"], lg)

        if one.solo == "player":
            return (say.each(lambda lg: f"{say.side(side, lg)}プレイヤー（あなた）用" if lg == "ja"
                             else f"For the {say.side(side, lg)} player (you)"),
                    say.each(lambda lg: f"ソリテア・プレイでは、あなたが{say.side(side, lg)}を指揮する（{rule(lg)}）。"
                             if lg == "ja" else f"In solitaire play you command the {say.side(side, lg)} side "
                             f"(Rule {rule(lg)})."))
        return (say.each(lambda lg: f"秘密：{say.side(side, lg)}（ルールが動かす側）" if lg == "ja"
                         else f"SECRET: the {say.side(side, lg)} side (played by the rules)"),
                say.each(lambda lg: f"ソリテア・プレイでは{say.side(side, lg)}はルールが動かす（{rule(lg)}）。"
                         + ("点線で切り離して" if cut else "") + "伏せておき、ルールが求めるときに一つずつ見る。"
                         if lg == "ja" else f"In solitaire play the rules play the {say.side(side, lg)} side "
                         f"(Rule {rule(lg)}). " + ("Cut along the dashed line, keep it face down " if cut else
                                                "Keep it face down ") + "and read each entry only when the rules call for it."))

    def slip(self, one: Slip, cut: bool) -> list:
        """One side's slip (`side` None: a secret the rules give no side)."""
        say, word, para, w, font, spec = self.say, self.word, self.para, self.w, self.font, self.spec
        side, secret, hidden, extra = one.side, one.secret, one.hidden, one.extra
        if side is None:
            head = word("秘密", "SECRET")
            intro = word("ルールはどちらの秘密か記していない。" + ("点線で切り離し、" if cut else "") + "伏せておく。",
                         "The rules do not say whose secret this is. "
                         + ("Cut along the dashed line and keep it hidden." if cut else "Keep it hidden."))
        elif one.solo is not None:
            head, intro = self._solo_words(one, cut)
        else:
            head = say.each(lambda lg, s=side: f"秘密：{say.side(s, lg)}プレイヤー用" if lg == "ja"
                            else f"SECRET: for the {say.side(s, lg)} player")
            intro = say.each(lambda lg, s=side: f"{say.side(s, lg)}プレイヤーだけが見る。"
                             + ("点線で切り離し、" if cut else "") + "相手に見せない。" if lg == "ja" else
                             f"Only the {say.side(s, lg)} player reads this. "
                             + ("Cut along the dashed line and keep it hidden from the opponent." if cut else
                                "Keep it hidden from the opponent."))
        slip = [para(head, self.h2), para(intro), Spacer(1, 4), *self.elements(secret)]
        if hidden:
            rows, spans = _placement_rows(say, hidden, face_up=True)
            slip += [para(word("裏向きの駒（表の面）", "Face-down counters (their faces)"), self.h3),
                     _grid([[word("配置", "Place"), word("駒", "Counter"), word("数", "No."), word("ルール", "Rule")]]
                           + rows, self.widths, font, spec, self.pt(8.5), spans={s + 1 for s in spans})]
        for x in extra:
            n = len(x["head"])
            slip += [para(f"{say.t(x['title'])} ({self.rule_word} {say.rule(x['rule'])})", self.h3),
                     _grid([[say.t(h) for h in x["head"]]] + [[say.t(c) for c in r] for r in x["rows"]],
                           [min(w / n, w * 0.25)] * n, font, spec, self.pt(9))]
        return slip


def _placement_rows(say: Words, placed: list, face_up: bool) -> tuple[list, list]:
    """Rows (place, unit, number, rule) of placements, one group a place (its name printed once),
    places in the order the setup first names them, under the map's area headings; a face-down
    counter (face_up False) by its back, equal backs at one place counted together. Returns the
    rows and the indexes of the heading rows."""
    groups: dict = {}
    for k, p in placed:
        u = say.scenario.unit(p.unit)
        shown = face_up or not face_down(say.scenario, p)
        name = say.each(lambda lg: say.unit(p, lg, shown))
        key = (p.at, name)
        entry = groups.setdefault(p.at, {"first": k, "units": {}})
        unit = entry["units"].setdefault(key, {"count": 0, "rules": []})
        unit["count"] += p.count if isinstance(p.count, int) else 0
        unit["rules"].append(u.rule if u else "")
    areas = say.map.areas
    rows, spans, last_area = [], [], None
    first = {}   # the slots of a counted place (zone#1, zone#2...) together, in their order
    for at, g in groups.items():
        first[at.partition("#")[0]] = min(first.get(at.partition("#")[0], g["first"]), g["first"])

    def order(kv):
        base, _, slot = kv[0].partition("#")
        return say.area(kv[0]), first[base], int(slot) if slot.isdigit() else 0, kv[1]["first"]

    for at, g in sorted(groups.items(), key=order):
        a = say.area(at)
        if areas and a != last_area:
            spans.append(len(rows))
            rows.append([say.t(areas[a]["name"], " / ") if a < len(areas) else say.word("その他", "Elsewhere")])
            last_area = a
        place = say.each(lambda lg: say.place(at, lg))
        for n, ((_, name), unit) in enumerate(g["units"].items()):
            rows.append([place if n == 0 else "", name, str(unit["count"]), ", ".join(say.rules(unit["rules"]))])
    return rows, spans


def _whole_place(say: Words, unit, lang: str) -> str:
    """Where a formation set up whole goes, in words: its place or zone, and the hex lines its
    tags hold it beyond (Okinawa's 62nd Division: south of the line 2028-3033, 18.12c)."""
    at = unit.at
    where = at.get("zone") if isinstance(at, dict) and "zone" in at else at if isinstance(at, str) else None
    parts = [say.place(where, lang)] if where and where not in ("any",) else []
    for c in say.scenario.constraints:
        if c.get("kind") == "line" and placement.selected(c, unit):   # the units verify holds to it
            a, b = c["line"][0], c["line"][-1]
            south = c.get("direction", "greater-row") == "greater-row"
            side = ("南" if south else "北") if lang == "ja" else ("south" if south else "north")
            # 以南 counts the line's own hexes in (Okinawa 18.721), the start line's 北 does not (18.722)
            if c.get("min-distance"):   # a reserve held back from the front (Okinawa 18.722: 4 hexes)
                d = c["min-distance"]
                parts.append(f"ヘクス列{a}～{b}から{side}へ{d}ヘクス以上" if lang == "ja"
                             else f"{d} or more hexes {side} of the hex line {a}-{b}")
            elif c.get("strict"):
                parts.append(f"ヘクス列{a}～{b}の{side}（線上は不可）" if lang == "ja"
                             else f"{side} of the hex line {a}-{b} (not on it)")
            else:
                parts.append(f"ヘクス列{a}～{b}以{side}（線上も可）" if lang == "ja"
                             else f"on or {side} of the hex line {a}-{b}")
    if not parts:   # its rule words a place the map cannot name (18.522), or a free one (18.321)
        parts.append("ルールが示す場所" if lang == "ja" else "where its rule puts it")
    return ("、" if lang == "ja" else ", ").join(parts)


def _verdict(say: Words, view: SheetView, para) -> list:
    """The verification in one line: legal or the rules broken, and the rules not checked (what
    each needs is `verify`'s to say); a broken rule's own line names its unit and place."""
    word = say.word
    bad = view.broken
    unchecked = say.rules(view.unchecked)

    def line(lg: str) -> str:   # the player's own check: what the sheet kept, what is left to him
        if lg == "ja":
            out = "配置ルールの確認：" + ("違反なし" if not bad else f"違反 {len(bad)}件")
            return out + (f"。各自で確かめるルール {len(unchecked)}件：" + "、".join(unchecked)
                          if unchecked else "")
        out = "Set-up rules checked: " + ("none broken" if not bad else f"{len(bad)} broken")
        return out + (f". Check {'this one' if len(unchecked) == 1 else f'these {len(unchecked)}'} at the "
                      "table: " + ", ".join(unchecked) if unchecked else "")

    mark = "✓ " if not bad else "✗ "
    out = [para(mark + line(lg)) for lg in (("ja", "en") if say.lang == "both" else (say.lang,))]

    def where(v) -> str:
        """A violation's place in the player's words: the unit and where it stands, or the draw
        or choice."""
        if (pl := v.placement) is not None:
            return say.each(lambda lg: f"{say.unit(pl, lg)} ({say.place(pl.at, lg)})")
        if (e := v.element) is not None:
            return say.t(e.get("title")) or e["id"]
        return ""

    for v in bad:   # the engine's words are English: a Japanese sheet names the rule and place
        at = where(v)
        what = "" if say.lang == "ja" else f": {v.message}"
        out.append(para(f"✗ {word('ルール', 'rule')} {say.rule(v.rule)}{' · ' + at if at else ''}{what}"))
    return out


def render(root, view: SheetView, spec: PageSpec) -> bytes:
    buf = io.BytesIO()
    setup, scenario = view.setup, view.scenario
    o = page_.offset(spec)
    m = spec.margin + o
    say = Words(root, setup, scenario, spec.lang)
    game, title = say.t(say.game.title, " / "), say.t(scenario.title, " / ")
    footer = " · ".join(x for x in (game, title, spec.word(f"セットアップ番号 {setup.seed}", f"set-up no. {setup.seed}"))
                        if x)
    doc = SimpleDocTemplate(buf, pagesize=page_.sheet(spec, spec.size), leftMargin=m, rightMargin=m,
                            topMargin=m, bottomMargin=m, invariant=1, initialFontName=fonts.register(),
                            title=f"{game} — {title} ({spec.word('シード', 'seed')} {setup.seed})",
                            author="playaids", creator=f"playaids {__version__}", producer=f"playaids {__version__}")

    def page(canvas, doc):
        page_.print_marks(canvas, spec, spec.size)
        fonts.draw_string(canvas, o + spec.size[0] - spec.margin, o + spec.margin * 0.55, f"{footer} · {doc.page}",
                          7, fonts.register(), "right")

    with fixed_epoch():
        scale, pages = _scale_and_pages(root, view, spec)
        doc.build(story(root, view, spec, scale, slips_fit_below(root, view, spec, scale, pages)),
                  onFirstPage=page, onLaterPages=page)
    return buf.getvalue()


