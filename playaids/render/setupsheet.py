"""Setup sheet: what was drawn and what it means, where each unit goes, the verdict, and
the secret part on its own page for a solitaire player to keep folded."""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as RLTable
from reportlab.platypus import TableStyle

from playaids import __version__, fonts, load
from playaids.engine.placement import ANYWHERE
from playaids.render import page as page_
from playaids.render.lines import Lines
from playaids.render.page import PageSpec, fixed_epoch


def _t(d, lang: str) -> str:
    if d is None:
        return ""
    if isinstance(d, str):
        return d
    if "text" in d:
        return d["text"]
    if lang == "both" and d["ja"] == d["en"]:
        return d["ja"]
    return d["ja"] if lang == "ja" else d["en"] if lang == "en" else f"{d['ja']} / {d['en']}"


def _value(v, name=str, yes_no=("yes / on", "no / off")) -> str:
    """A drawn or chosen value as a player reads it (place ids become place names, side ids
    side names, booleans words of the sheet's language)."""
    if isinstance(v, bool):
        return yes_no[0] if v else yes_no[1]
    if isinstance(v, list):
        return ", ".join(name(str(x)) for x in v)
    if isinstance(v, dict):
        return "; ".join(f"{name(str(k))}: {_value(x, name, yes_no)}" for k, x in v.items())
    return name(str(v))


def _grid(rows, widths, font, spec, size=9):
    style = ParagraphStyle("c", fontName=font, fontSize=size, leading=size * 1.3)
    data = [[Paragraph(fonts.markup(str(c)), style) for c in r] for r in rows]
    t = RLTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), font), ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                           ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(spec.colour("header"))),
                           ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return t


def story(root, setup, scenario, found, spec: PageSpec):
    font = fonts.register()
    lang = spec.lang
    game = load.load_game(root, setup.game, with_tables=False)
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

    def element_rows(secret: bool):
        rows = [[word("項目", "Item"), word("結果", "Result"), word("ルール", "Rule")]]
        for e in scenario.elements:
            if bool(e.get("secret")) != secret or e["id"] not in values:
                continue
            rows.append([_t(e.get("title"), lang) or e["id"], _value(values[e["id"]], named, yes_no), rl(e["rule"])])
        return rows

    pub = element_rows(False)
    if len(pub) > 1:
        out += [para(word("公開の結果", "Open draws and choices"), h2), _grid(pub, [w * 0.38, w * 0.47, w * 0.15], font, spec)]
    rows = [[word("陣営", "Side"), word("ユニット", "Unit"), word("数", "No."), word("配置", "Place"), word("ルール", "Rule")]]
    for p in setup.placements:
        u = scenario.unit(p.unit)
        name = _t(u.name, lang) if u and u.name else p.unit
        place = _place_name(root, setup.game, p.at, lang)
        rows.append([sides.get(p.side, p.side), name, str(p.count), place, rl(u.rule) if u else ""])
    if len(rows) > 1:
        out += [para(word("配置", "Placements"), h2),
                _grid(rows, [w * 0.11, w * 0.3, w * 0.07, w * 0.37, w * 0.15], font, spec, 8.5)]
    out += [para(word("判定", "Verification"), h2)]
    bad = [v for v in found if v.status == "violation"]
    if not bad:
        out.append(para(word("規則違反なし。", "Legal: no rule broken.")))
    for v in found:
        head = "✗ " if v.status == "violation" else f"△ {word('未確認', 'not checked')}: "
        out.append(para(f"{head}{word('ルール', 'rule')} {rl(v.rule)} · {v.where}: {v.message}"))
    secret = element_rows(True)
    if len(secret) > 1:
        out += [PageBreak(), para(word("秘密 — 折りたたんで保管すること", "SECRET — fold and keep hidden"), h1),
                Spacer(1, 6), _grid(secret, [w * 0.38, w * 0.47, w * 0.15], font, spec)]
    return out


_PLACES: dict = {}


def _map(root, game_id):
    from playaids.engine import loading

    key = (str(root), game_id)
    if key not in _PLACES:
        _PLACES[key] = loading.load_map(root, game_id)
    return _PLACES[key]


def _place_name(root, game_id, where: str, lang: str) -> str:
    gmap = _map(root, game_id)
    base, _, slot = where.partition("#")
    p = gmap.place(base)
    if p is None:
        if where in ANYWHERE:  # the unit's rule lets it set up anywhere
            return {"ja": "任意の場所", "en": "anywhere"}.get(lang, "任意の場所 / anywhere")
        return f"{word_hex(where)}" if where.isdigit() else where
    name = _t(p.name, lang)
    return f"{name} ({slot} / {p.slots})" if slot else name


def _is_place(root, game_id, s: str) -> bool:
    return _map(root, game_id).place(s.partition("#")[0]) is not None


def word_hex(h: str) -> str:
    return f"hex {h}"


def render(root, setup, scenario, found, spec: PageSpec) -> bytes:
    buf = io.BytesIO()
    o = page_.offset(spec)
    m = spec.margin + o
    doc = SimpleDocTemplate(buf, pagesize=page_.sheet(spec, spec.size), leftMargin=m, rightMargin=m,
                            topMargin=m, bottomMargin=m, invariant=1,
                            initialFontName=fonts.register(), title=f"{setup.game} {setup.scenario} seed {setup.seed}",
                            author="playaids", creator=f"playaids {__version__}", producer=f"playaids {__version__}")

    def page(canvas, doc):
        page_.print_marks(canvas, spec, spec.size)
        canvas.setFont(fonts.register(), 7)
        canvas.drawRightString(o + spec.size[0] - spec.margin, o + spec.margin * 0.55,
                               f"playaids {__version__} · {setup.game}/{setup.scenario} · {doc.page}")

    with fixed_epoch():
        doc.build(story(root, setup, scenario, found, spec), onFirstPage=page, onLaterPages=page)
    return buf.getvalue()
