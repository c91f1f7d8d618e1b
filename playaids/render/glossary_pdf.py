"""The glossary of a game as a PDF (Jinja2 template, WeasyPrint): two lists in two columns each,
JA with its reading | EN | rule (other JA spellings beside the term), then EN | JA | rule. The source notes of the terms stay in the Markdown and CSV exports: the printed
glossary is for the table."""
from __future__ import annotations

from playaids import collation
from playaids.model import Game, Term
from playaids.render import document
from playaids.render.page import PageSpec

GLOSS_MARK = "†"


def _reading(t) -> str:
    """The reading printed beside a term: its hiragana, unless the term is kana already (or has
    no reading: a user's glossary need not give one)."""
    r = collation.reading(t)
    return "" if r == collation.reading(Term(t.ja, t.en)) else r


def _row(t) -> dict:
    return {"ja": t.ja, "reading": _reading(t), "en": t.en + (GLOSS_MARK if t.gloss else ""),
            "rule": t.rule or "", "aliases": "、".join(t.aliases)}


# Type sizes tried, largest first: the glossary takes the one giving the fewest pages (the
# largest of those), so a list spilling a few lines onto one more page is set a little smaller
SIZES = (8.5, 8.0, 7.5)


def glossary_html(game: Game, spec: PageSpec, size: float = SIZES[0]) -> tuple[str, list[str]]:
    """Two lists, so a term can be looked up from either language: Japanese in gojūon order of
    the reading, then English alphabetically (issue 13); --lang ja or en prints one of them."""
    rows = [_row(t) for t in collation.by_reading(game.glossary)] if spec.lang != "en" else []
    rows_en = [_row(t) for t in collation.alphabetical(game.glossary)] if spec.lang != "ja" else []
    title = {"ja": game.title.ja, "en": game.title.en}
    context = dict(
        lang="both", html_lang="ja", page_size=document.page_css(spec), page_print=document.print_css(spec), margin="12mm 12mm 15mm 12mm",
        title=f"{title['en']} — glossary", game_title=title, rows=rows, rows_en=rows_en,
        header_colour=spec.colour("header"), size=f"{size:g}",
        footer=f"{title['ja']} / {title['en']} · 用語集 / glossary" if title["ja"] != title["en"] else f"{title['en']} · 用語集 / glossary",
        legend=f"{GLOSS_MARK} 訳語は当方による（原文に英語の記載なし） / our English rendering: the source prints no original",
    )
    html = document.render_template("glossary.html.j2", **context)
    strings = [context["footer"], context["legend"], *title.values()]
    strings += [v for r in rows + rows_en for v in r.values()]
    return html, strings


def render(game: Game, spec: PageSpec) -> bytes:
    where = f"{game.id}/glossary"
    fits = [(document.page_count(glossary_html(game, spec, size)[0]), -size) for size in SIZES]
    html, strings = glossary_html(game, spec, -min(fits)[1])
    document.check_text(strings, where)
    return document.render_pdf(html, where, spec.bleed_mm, spec.crop_marks)
