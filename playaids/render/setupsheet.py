"""Setup sheet: what was drawn and what it means, where each unit goes, the verdict, and
the secret part on its own page for a solitaire player to keep folded."""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, kinsoku, workshop
from playaids.engine.placement import ANYWHERE
from playaids.render import page as page_
from playaids.render.lines import Lines
from playaids.render.page import PageSpec, fixed_epoch


def _t(d, lang: str) -> str:
    """A text of the scenario in the sheet's language, without a maker's labelled remark (a
    translator's reading of a unit's name: the scenario's note keeps it)."""
    return workshop.for_players(_text(d, lang))


def _text(d, lang: str) -> str:
    if d is None:
        return ""
    if isinstance(d, str):
        return d
    if "text" in d:
        return d["text"]
    if lang == "both" and d["ja"] == d["en"]:
        return d["ja"]
    return d["ja"] if lang == "ja" else d["en"] if lang == "en" else f"{d['ja']} / {d['en']}"


def _value(v, name=str, yes_no=("yes / on", "no / off"), word=lambda ja, en: en) -> str:
    """A drawn or chosen value as a player reads it (place ids become place names, side ids
    side names, booleans words of the sheet's language)."""
    if isinstance(v, bool):
        return yes_no[0] if v else yes_no[1]
    if isinstance(v, list):
        return ", ".join(name(str(x)) for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{_words(name(str(k)), word)}: {_value(x, name, yes_no, word)}" for k, x in v.items())
    return _words(name(str(v)), word)


def _words(s: str, word=lambda ja, en: en) -> str:
    """A vocabulary token no name replaced ('blue') as it reads; a deal's end-card place
    ('bottom-at-turn-over-2', vocabulary.Deal) in the sheet's words."""
    import re

    if m := re.fullmatch(r"bottom-at-turn-over-(\d+)", s):
        n = int(m.group(1))
        return word(f"{n}回目に山を裏返すとき、その一番下",
                           f"at the bottom when the pile is turned over the {_ordinal(n)} time")
    return {"end-card": word("ゲーム終了カード", "Game End card"),
            "pile": word("山", "pile"), "position": word("位置", "place")}.get(s, s)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


TAIL = 3  # placement rows kept on the page of the verdict


def _grid(rows, widths, font, spec, size=9, header=True):
    style = ParagraphStyle("c", fontName=font, fontSize=size, leading=size * 1.3)

    def cell(c, width: float) -> Paragraph:
        """Japanese broken here under the kinsoku rules (ReportLab would leave 「。」 alone)."""
        s = str(c)
        if spec.lang != "en":
            s = "\n".join(kinsoku.wrap(s, width - 12.5, lambda x: fonts.width(x, font, size)))
        return Paragraph(fonts.markup(s).replace("\n", "<br/>"), style)
    data = [[cell(c, wd) for c, wd in zip(r, widths)] for r in rows]
    t = RLTable(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), font), ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                           ("VALIGN", (0, 0), (-1, -1), "TOP")]
                          + [("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(spec.colour("header")))] * header))
    return t


def story(root, setup, scenario, found, spec: PageSpec):
    font = fonts.register()
    lang = spec.lang
    game = root.game(setup.game, with_tables=False)
    w = spec.size[0] - 2 * spec.margin
    h1 = ParagraphStyle("h1", fontName=font, fontSize=16, leading=20)
    h2 = ParagraphStyle("h2", fontName=font, fontSize=12, leading=16, spaceBefore=8, spaceAfter=3)
    body = ParagraphStyle("b", fontName=font, fontSize=9.5, leading=12.5)  # English only: Japanese is Lines
    word = spec.word

    def para(s, st=body, bullet=""):
        if st is body and lang != "en":  # Japanese lines broken under the kinsoku rules
            return Lines(s, body.fontSize, indent=10.0 if bullet else 0.0, bullet=bullet, after=0.0,
                         leading=body.leading / body.fontSize)
        return Paragraph(fonts.markup(f"{bullet} {s}" if bullet else s), st)

    values = {**setup.draws, **setup.derived, **setup.choices}

    def rl(rule) -> str:   # a rule reference in the sheet's language (headings of a seed without numbers)
        from playaids import games

        return games.rule_label(setup.game, rule, lang)

    sides = {x.id: x.name.get(lang).replace("\n", " / ") for x in game.sides}
    yes_no = (word("あり", "yes / on"), word("なし", "no / off"))

    def named(s: str) -> str:
        if s in sides:
            return sides[s]
        return _place_name(root, setup.game, s, lang) if _is_place(root, setup.game, s) else s
    head = [para(f"{game.title.get(lang).replace(chr(10), ' / ')} — {_t(scenario.title, lang)}", h1),
            para(f"{word('ルール', 'Rule')} {rl(scenario.rule)} · {word('シード', 'seed')} {setup.seed} · "
                 + (f"{word('ターン', 'turns')} {scenario.turns.get('first')}-{scenario.turns.get('last')}"
                    if scenario.turns else ""))]
    out = list(head)
    if scenario.missing:
        out.append(para(f"⚠ {_t(scenario.missing, lang)}"))
    for n in scenario.notes:
        out.append(para(f"{_t(n['text'], lang)} ({word('ルール', 'rule')} {rl(n.get('rule', ''))})", bullet="•"))

    def looked_up(e: dict):
        """A looked-up value is a cell of the rules' table, stored in English: the sheet prints
        the cell in its own language."""
        if e.get("kind") != "lookup" or not e.get("table"):
            return named
        try:
            table = root.table(setup.game, e["table"])
        except Exception:  # the value is printed as stored
            return named
        cells = {c.en: c for r in table.grid.rows for c in r.cells if c is not None}
        return lambda v: cells[v].get(lang).replace("\n", " / ") if v in cells else named(v)

    def side_of(e: dict, seen=()) -> str | None:
        """Whose secret an element is: its side, or for a value looked up from others, the side
        of the secret values it comes from (the Japanese chit makes the victory letter Japan's)."""
        if e.get("side") or e.get("kind") != "lookup" or e["id"] in seen:
            return e.get("side")
        inputs = [scenario.element(e.get(k)) for k in ("row", "column") if isinstance(e.get(k), str)]
        found = {side_of(x, (*seen, e["id"])) for x in inputs if x is not None and x.get("secret")}
        return found.pop() if len(found) == 1 else None

    def element_rows(secret: bool, side=None):
        rows = [[word("項目", "Item"), word("結果", "Result"), word("ルール", "Rule")]]
        for e in scenario.elements:
            if bool(e.get("secret")) != secret or e["id"] not in values:
                continue
            if secret and side_of(e) != side:
                continue
            rows.append([_t(e.get("title"), lang) or e["id"], _value(values[e["id"]], looked_up(e), yes_no, word),
                         rl(e["rule"])])
        return rows

    pub = element_rows(False)
    if len(pub) > 1:
        out += [para(word("公開の結果", "Open draws and choices"), h2), _grid(pub, [w * 0.38, w * 0.47, w * 0.15], font, spec)]
    # grouped by where they go, as a player sets up the map: place by place, each side's units
    # together; the place is printed once for its group
    rows = [[word("配置", "Place"), word("陣営", "Side"), word("ユニット", "Unit"), word("数", "No."), word("ルール", "Rule")]]
    placed = []
    for k, p in enumerate(setup.placements):
        u = scenario.unit(p.unit)
        name = _t(u.name, lang) if u and u.name else p.unit
        if p.extra.get("facing") not in (None, ""):  # a marker's hexside (Okinawa positions, 9.61c)
            f = str(p.extra["facing"])
            name += word(f"（{_COMPASS_JA.get(f.upper(), f)}向き）", f" (facing {f})")
        placed.append((_place_name(root, setup.game, p.at, lang), k, sides.get(p.side, p.side), name, str(p.count),
                       rl(u.rule) if u else ""))
    order = {}
    for place, k, *_ in placed:   # places in the order the setup first names them
        order.setdefault(place, k)
    last = None
    for place, _, side, name, count, rule in sorted(placed, key=lambda r: (order[r[0]], r[2], r[1])):
        rows.append(["" if place == last else place, side, name, count, rule])
        last = place
    widths = [w * 0.33, w * 0.11, w * 0.34, w * 0.07, w * 0.15]
    # the verdict's first lines travel with the placements' last rows: a page turn never leaves
    # the verdict alone on a sheet of its own; the rows kept are the last place's group, or the
    # last few rows with their place named again
    start = max(k for k, r in enumerate(rows) if r[0])
    cut = start if len(rows) - start <= 2 * TAIL else len(rows) - TAIL
    tail = [list(r) for r in rows[cut:]] if cut > 1 and len(rows) > TAIL + 2 else []
    if tail and not tail[0][0]:
        tail[0][0] = next(r[0] for r in reversed(rows[:cut]) if r[0])
    if len(rows) > 1:
        out += [para(word("配置", "Placements"), h2), _grid(rows[:len(rows) - len(tail)], widths, font, spec, 8.5)]
    verdict = [para(word("判定", "Verification"), h2)]
    bad = [v for v in found if v.status == "violation"]
    if not bad:
        verdict.append(para(word("規則違反なし。", "Legal: no rule broken.")))
    def where(v) -> str:
        """A violation's place in the player's words, from its key in the setup: the unit and
        where it stands, or the draw or choice."""
        key = v.key
        if len(key) == 2 and key[0] == "placements" and key[1] < len(setup.placements):
            pl = setup.placements[key[1]]
            u = scenario.unit(pl.unit)
            name = _t(u.name, lang) if u and u.name else pl.unit
            return f"{name} ({_place_name(root, setup.game, pl.at, lang)})"
        if len(key) == 2 and key[0] in ("draws", "derived", "choices") and (e := scenario.element(key[1])):
            return _t(e.get("title"), lang) or e["id"]
        return "" if lang == "ja" else v.where

    for v in found:
        if v.status != "unchecked":   # the engine's words are English: a Japanese sheet names the rule and place
            at = where(v)
            at = f" · {at}" if at else ""
            what = "" if lang == "ja" else f": {v.message}"
            verdict.append(para(f"✗ {word('ルール', 'rule')} {rl(v.rule)}{at}{what}"))
    unchecked = list(dict.fromkeys(rl(v.rule) for v in found if v.status == "unchecked" and v.rule))
    if unchecked:   # one line: the rules named; what each needs is verify's and coverage's to say
        verdict.append(para(f"△ {word('未確認', 'Not checked')}{word(f'（{len(unchecked)}件）：', f' ({len(unchecked)}): ')}"
                            + word("ルールに記載のない情報（地図上の位置・駒の値など）が必要なルール ",
                                   "rules that need what the rules do not give (map positions, counter "
                                   "values...): ")
                            + word("、", ", ").join(unchecked)))
    first, rest = (verdict, []) if len(verdict) <= 6 else (verdict[:3], verdict[3:])
    out.append(KeepTogether(([_grid(tail, widths, font, spec, 8.5, header=False)] if tail else []) + first))
    if rest:   # and the last lines go together, not one alone over a page turn
        out += rest[:-3] + [KeepTogether(rest[-3:])]
    # a secret is its side's alone: one slip per side, each on its own page, so each player is
    # handed theirs (a secret with no side stated gets a slip of its own)
    order = [x.id for x in game.sides] + sorted({side_of(e) for e in scenario.elements
                                                  if e.get("secret") and side_of(e) not in sides} - {None}, key=str)
    for side in order + [None]:
        secret = element_rows(True, side)
        if len(secret) < 2:
            continue
        whose = sides.get(side, side) if side else None
        out += [PageBreak(), _Section(f"S{len([x for x in out if isinstance(x, _Section)]) + 1}-"),
                para(word(f"秘密：{whose}", f"SECRET: {whose}") if whose else word("秘密", "SECRET"), h1),
                para(word(f"{whose}のプレイヤーだけが見ること。折り目で折って保管する。",
                          f"For the {whose} player only. Fold on the line and keep hidden.") if whose else
                     word("ルールはどちらの秘密か記していない。折り目で折って保管する。",
                          "The rules do not say whose secret this is. Fold on the line and keep hidden.")),
                Spacer(1, 6), _grid(secret, [w * 0.38, w * 0.47, w * 0.15], font, spec), Spacer(1, 10),
                _FoldLine(w, word("折り目", "fold"), font)]
    return out


class _Section(Flowable):
    """Where a slip begins: its page starts a page-label range of its own (prefix "S1-"...), so
    a reader, and the preflight, see the slip as a section apart (it is handed to one player;
    the sheet's public pages are numbered 1, 2, ...)."""

    def __init__(self, prefix: str):
        super().__init__()
        self.prefix = prefix

    def wrap(self, aw, ah):
        return 0, 0

    def draw(self):
        c = self.canv
        if not getattr(c, "_labelled", False):   # the public pages: 1, 2, ...
            c.addPageLabel(0)
            c._labelled = True
        c.addPageLabel(c.getPageNumber() - 1, prefix=self.prefix)


class _FoldLine(Spacer):
    """A dashed line across the slip with a word at its left: where to fold it."""

    def __init__(self, width: float, label: str, font: str):
        super().__init__(width, 14)
        self.label, self.font = label, font

    def draw(self):
        c = self.canv
        c.saveState()
        tw = fonts.width(self.label, self.font, 7)
        c.setDash(4, 3)
        c.setLineWidth(0.6)
        c.line(0, 7, 8, 7)                      # the line leaves a gap for its word: no stroke through text
        c.line(14 + tw, 7, self.width, 7)
        c.setDash()
        fonts.draw_string(c, 11, 4.5, self.label, 7, self.font)
        c.restoreState()


def _place_name(root, game_id, where: str, lang: str) -> str:
    gmap = root.map(game_id)
    base, _, slot = where.partition("#")
    p = gmap.place(base)
    if p is None:
        if where in ANYWHERE:  # the unit's rule lets it set up anywhere
            return {"ja": "任意の場所", "en": "anywhere"}.get(lang, "任意の場所 / anywhere")
        return word_hex(where, lang) if where.isdigit() else where
    name = _t(p.name, lang)
    return f"{name} ({slot} / {p.slots})" if slot else name


def _is_place(root, game_id, s: str) -> bool:
    return root.map(game_id).place(s.partition("#")[0]) is not None


_COMPASS_JA = {"N": "北", "NE": "北東", "SE": "南東", "S": "南", "SW": "南西", "NW": "北西"}


def word_hex(h: str, lang: str = "en") -> str:
    return {"ja": f"ヘクス {h}", "en": f"hex {h}"}.get(lang, f"ヘクス / hex {h}")


def render(root, setup, scenario, found, spec: PageSpec) -> bytes:
    buf = io.BytesIO()
    o = page_.offset(spec)
    m = spec.margin + o
    doc = SimpleDocTemplate(buf, pagesize=page_.sheet(spec, spec.size), leftMargin=m, rightMargin=m,
                            topMargin=m, bottomMargin=m, invariant=1,
                            initialFontName=fonts.register(), title=f"{setup.game} {setup.scenario} seed {setup.seed}",
                            author="playaids", creator=f"playaids {__version__}", producer=f"playaids {__version__}")

    game = root.game(setup.game, with_tables=False)
    footer = " · ".join(x for x in (game.title.get(spec.lang).replace("\n", " / "), _t(scenario.title, spec.lang),
                                    spec.word(f"シード {setup.seed}", f"seed {setup.seed}")) if x)

    def page(canvas, doc):
        page_.print_marks(canvas, spec, spec.size)
        fonts.draw_string(canvas, o + spec.size[0] - spec.margin, o + spec.margin * 0.55, f"{footer} · {doc.page}",
                          7, fonts.register(), "right")

    with fixed_epoch():
        doc.build(story(root, setup, scenario, found, spec), onFirstPage=page, onLaterPages=page)
    return buf.getvalue()
