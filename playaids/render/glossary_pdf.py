"""The glossary of a game as a PDF table (Jinja2 template, WeasyPrint): JA, EN, rule, other JA
spellings. The source notes of the terms stay in the Markdown and CSV exports: the printed
glossary is for the table."""
from __future__ import annotations

from playaids import collation
from playaids.model import Game
from playaids.render import document
from playaids.render.page import PageSpec

GLOSS_MARK = "†"


def _row(t) -> dict:
    return {"ja": t.ja, "en": t.en + (GLOSS_MARK if t.gloss else ""), "rule": t.rule or "",
            "aliases": "、".join(t.aliases)}


def glossary_html(game: Game, spec: PageSpec) -> tuple[str, list[str]]:
    """Two lists, so a term can be looked up from either language: Japanese in gojūon order of
    the reading, then English alphabetically (issue 13); --lang ja or en prints one of them."""
    rows = [_row(t) for t in collation.by_reading(game.glossary)] if spec.lang != "en" else []
    rows_en = [_row(t) for t in collation.alphabetical(game.glossary)] if spec.lang != "ja" else []
    title = {"ja": game.title.ja, "en": game.title.en}
    context = dict(
        lang="both", html_lang="ja", page_size=document.page_css(spec), page_print=document.print_css(spec), margin="12mm 12mm 15mm 12mm",
        title=f"{title['en']} — glossary", game_title=title, rows=rows, rows_en=rows_en,
        header_colour=spec.colour("header"),
        footer=f"{title['ja']} / {title['en']} · 用語集 / glossary" if title["ja"] != title["en"] else f"{title['en']} · 用語集 / glossary",
        legend=f"{GLOSS_MARK} 訳語は当方による（原文に英語の記載なし） / our English rendering: the source prints no original",
    )
    html = document.render_template("glossary.html.j2", **context)
    strings = [context["footer"], context["legend"], *title.values()]
    strings += [v for r in rows + rows_en for v in r.values()]
    return html, strings


def render(game: Game, spec: PageSpec) -> bytes:
    html, strings = glossary_html(game, spec)
    where = f"{game.id}/glossary"
    document.check_text(strings, where)
    return document.render_pdf(html, where, spec.bleed_mm, spec.crop_marks)
