"""Rule summaries: rules.yaml as a 1-4 page document (Jinja2 template, WeasyPrint).

`ja` or `en`: one column of sections, numbered phases for a sequence of play, bullets for
points. `both`: each item as a row of two cells, Japanese left, English right. A name whose
English is our rendering (gloss) carries a dagger; every item ends with its rule number.
"""
from __future__ import annotations

import re

from playaids.model import Game, Text, one_name, rule_label
from playaids.render import document
from playaids.render.page import PageSpec
from playaids.summaries import Item, Summary

MARGIN = "13mm 13mm 15mm 13mm"
GLOSS_MARK = "†"


def _name(t: Text | None, lang: str, mark: bool = True) -> str:
    if t is None:
        return ""
    s = t.get(lang)
    if lang == "en" and not t.neutral:  # a term's name opens its item: capitalised, its own capitals
        s = s[:1].upper() + s[1:]          # kept (ZOC); a code the same in both languages as printed (ASL's dr)
    return s + GLOSS_MARK if (mark and lang == "en" and _glossed(t)) else s


def _glossed(t: Text | None) -> bool:
    return t is not None and t.gloss and not t.neutral


def marks(summary: Summary) -> str:
    """How our English names are shown: 'each' (a † on each, keyed under the title), 'all' (the
    rules give no English name at all: one line says so, no † on every item) or 'none'."""
    names = [item.name for s in summary.sections for _, item in s.walk() if item.name is not None]
    glossed = [_glossed(n) for n in names if not n.neutral]
    if glossed and all(glossed):
        return "all"
    return "each" if any(glossed) else "none"


_TILDE = re.compile(r"(\S[～〜＝])")


def _glued(s: str):
    """HTML of `s` where a wave dash or an equals sign keeps to the character before it
    (「第9～15ターン」, 「C＝…」): Pango classes both as ideographic and would break before them,
    against kinsoku."""
    from markupsafe import Markup, escape

    if not _TILDE.search(s):
        return s
    return Markup("".join(f'<span class="nb">{escape(p)}</span>' if k % 2 else str(escape(p))
                          for k, p in enumerate(_TILDE.split(s))))


SHORT_RULE = 24   # characters: a rule reference this short is never broken across lines


def _unbroken(rule: str):
    """HTML of a rule reference whose parts ("§戦闘", "5.2.1") each stay on one line where short:
    Pango would break 「(§」 / 「移動ポイントの使用法」 and 「§ユニットの配置場」 / 「所」."""
    from markupsafe import Markup, escape

    parts = rule.split(", ")
    if not any(len(p) <= SHORT_RULE and not p.isascii() for p in parts):
        return rule
    return Markup(", ".join(f'<span class="nb">{escape(p)}</span>' if len(p) <= SHORT_RULE else str(escape(p))
                            for p in parts))


def _cell(item: Item, lang: str, game: Game | None = None, mark: bool = True) -> dict:
    return {"name": _name(item.name, lang, mark), "text": _glued(item.text.get(lang)) if item.text else "",
            "rule": _unbroken(rule_label(game, item.rule, lang))}


def _rows(section, langs, game: Game | None = None, mark: bool = True):
    """(depth, number, {lang: cell}) for every item, in reading order."""
    out = []
    counters = [0] * 8
    for depth, item in section.walk():
        counters[depth] += 1
        for d in range(depth + 1, len(counters)):
            counters[d] = 0
        number = ".".join(str(c) for c in counters[: depth + 1]) if section.kind == "sequence" else ""
        out.append({"depth": depth, "number": number,
                    "cells": {lang: _cell(item, lang, game, mark) for lang in langs}})
    return out


def heading(title: str, lang: str) -> str:
    """One heading style (issue 23): English in sentence case, whatever case the data gives (a
    heading the seed prints in capitals, "GROUND COMBAT", reads "Ground combat")."""
    if lang != "en" or not title:
        return title
    if title.upper() == title:
        title = title.lower()
    return title[:1].upper() + title[1:]


SIZES = (9.0, 8.5, 8.0)   # body type tried, largest first: the fewest pages, the largest of those


def summary_html(summary: Summary, game: Game | None, spec: PageSpec, latin: bool = False,
                 size: float = SIZES[0]) -> tuple[str, list[str]]:
    langs = ("ja", "en") if spec.lang == "both" else (spec.lang,)
    shown = marks(summary)
    sections = []
    for s in summary.sections:
        sections.append({
            "id": s.id, "kind": s.kind, "rule": rule_label(game, s.rule, langs[-1]),
            "title": {lang: heading(s.title.get(lang), lang) for lang in langs},
            "intro": {lang: s.intro.get(lang) for lang in langs} if s.intro else None,
            "missing": {lang: s.missing.get(lang) for lang in langs} if s.missing else None,
            "rows": _rows(s, langs, game, shown == "each"),
        })
    game_title = {lang: (game.title.get(lang) if game else summary.game) for lang in langs}
    title = {lang: summary.title.get(lang) for lang in langs}
    words = {"ja": {"rule": "ルール", "gloss": "", "source": "出典"},
             "en": {"rule": "rule", "gloss": f"{GLOSS_MARK} English name given by this aid: the rules print none.",
                    "source": "source"}}
    if shown == "all":
        words["en"]["gloss"] = "The English names are this aid's: the rules print none."
    src = summary.source.get("seed", "")
    footer = f"{' / '.join(game_title[lang] for lang in langs)} · {' / '.join(title[lang] for lang in langs)}"
    heads = {lang: _title_line(game_title[lang], title[lang]) for lang in langs}
    if len(langs) == 2 and one_name(game_title["ja"], game_title["en"]):   # one name, one title
        heads = {"ja": _title_line(game_title["en"], title["ja"]), "en": title["en"]}
    context = dict(
        lang=spec.lang, langs=langs, html_lang="en" if spec.lang == "en" else "ja", heads=heads, size=f"{size:g}",
        page_size=document.page_css(spec), page_print=document.print_css(spec), margin=MARGIN, title=" / ".join(game_title.values()),
        header_colour=spec.colour("header"),
        game_title=game_title, sheet_title=title, sections=sections, words=words, source=src,
        footer=footer, translated=("en" in langs),
        translation_note="The English translates the Japanese rules: the published English rules may word it differently.",
    )
    # the key to the mark under the title, on the first page, when a mark is printed at all
    context["marked"] = "en" in langs and (shown == "all" or any(
        GLOSS_MARK in (c["name"] + c["text"]) for s in sections for r in s["rows"] for c in r["cells"].values()))
    html = document.render_template("summary.html.j2", latin=latin, **context)
    strings = [footer, src, context["translation_note"], *game_title.values(), *title.values(), *heads.values()]
    strings += [v for lang in langs for v in words[lang].values()]
    for s in sections:
        for part in ("title", "intro", "missing"):
            if s[part]:
                strings += list(s[part].values())
        for r in s["rows"]:
            for c in r["cells"].values():
                strings += [c["name"], c["text"], c["rule"]]
    return html, strings


def _title_line(game_title: str, sheet_title: str) -> str:
    """One title style (issue 23: as the turn records'): the game, then the aid, in the aid's
    language (the Japanese summary was headed by the game's name alone)."""
    return f"{game_title} — {sheet_title}"


def fitting_size(summary: Summary, game: Game | None, spec: PageSpec, latin: bool = False,
                 laid: dict | None = None) -> float:
    """The largest body size of those giving the fewest pages: a page that would hold a few
    lines (ASL's, RGI's second page) is not printed."""
    return document.fewest_pages(SIZES, lambda z: document.page_count(summary_html(summary, game, spec, latin, z)[0], laid))


def render(summary: Summary, game: Game | None, spec: PageSpec) -> bytes:
    """The summary's PDF; in English on a machine without IPAex Gothic, set in DejaVu Sans (a
    summary quoting Japanese then says to install IPAex)."""
    latin = spec.lang == "en" and document.latin_only()
    laid: dict = {}   # the layouts tried: the one chosen is not laid out again
    html, strings = summary_html(summary, game, spec, latin, fitting_size(summary, game, spec, latin, laid))
    where = f"{summary.game}/summary"
    document.check_text(strings, where, latin)
    return document.render_pdf(html, where, spec.bleed_mm, spec.crop_marks, latin, laid)
