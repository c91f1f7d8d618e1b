"""The glossary of a game as a PDF (Jinja2 template, WeasyPrint): two lists in two columns each,
JA with its reading | EN | rule (other JA spellings beside the term), then EN | JA | rule. The source notes of the terms stay in the Markdown and CSV exports: the printed
glossary is for the table."""
from __future__ import annotations

import functools
import re

from playaids import collation, kinsoku
from playaids.model import Game, Term
from playaids.render import document
from playaids.render.page import PageSpec

GLOSS_MARK = "†"


def _reading(t) -> str:
    """The reading printed beside a term: its hiragana, unless the term is kana already (or has
    no reading: a user's glossary need not give one)."""
    r = collation.reading(t)
    return "" if r == collation.reading(Term(t.ja, t.en)) else r


def reading_words(term: str, reading: str) -> list[str]:
    """The reading cut where the term changes script, each piece a line may not break: a kana
    run of the term is its own piece of the reading, a kanji run the reading between them
    (暗殺トラック: あんさつ | とらっく, not 「あんさつとらっ / く」). One piece when the reading does
    not follow the term's kana."""
    runs = re.findall(r"[\u3041-\u309f\u30a1-\u30fa\u30fc]+|[^\u3041-\u309f\u30a1-\u30fa\u30fc]+", term)
    pattern = "".join(re.escape(collation.hiragana(r)) if _KANA.match(r) else "(.+?)" for r in runs)
    m = re.fullmatch(pattern, reading) if runs and reading else None
    if m is None:
        return [reading] if reading else []
    out, groups = [], iter(m.groups())
    for r in runs:
        out.append(collation.hiragana(r) if _KANA.match(r) else next(groups))
    # a piece wider than a column could hold goes on in even parts, never past the column
    return [w[k:k + n] for w in out for n in [-(-len(w) // -(-len(w) // LONGEST_WORD))]
            for k in range(0, len(w), n)]


LONGEST_WORD = 15   # kana of a reading kept on one line (an A4 or Letter JA column holds 16 at 6.5 pt)


_KANA = re.compile(r"[\u3041-\u309f\u30a1-\u30fa\u30fc]")


def term_words(text: str) -> list[tuple[str, bool]]:
    """A term cut into its words (kinsoku.words: BudouX's phrases), each with whether a line may
    not break inside it (no word longer than a column holds), the spaces between kept: 「沖縄の
    飛行場が機能してい / る」 no more."""
    out, pos = [], 0
    for w in kinsoku.words(text):
        at = text.find(w, pos)
        if at < 0:   # (words are the text's own characters, in order)
            break
        if at > pos:
            out.append((text[pos:at], False))
        for part in _shorter(w):
            out.append((part, len(part) <= LONGEST_TERM_WORD))
        pos = at + len(w)
    if pos < len(text):
        out.append((text[pos:], False))
    return out


LONGEST_TERM_WORD = 10   # characters of a term's word kept on one line (a column holds 13 at 8.5 pt)


def _shorter(word: str) -> list[str]:
    """A word too long for a column cut where a reader still sees words: between its script
    runs (日本軍 | プレイヤー・セグメント), then after a ・ (プレイヤー・ | セグメント)."""
    if len(word) <= LONGEST_TERM_WORD:
        return [word]
    return [p for run in kinsoku.word_runs(word) for p in re.findall(r"[^・]+・?|・", run)]


def _row(t, mark: bool = True) -> dict:
    reading = _reading(t)
    aliases = "、".join(t.aliases)
    return {"ja": t.ja, "ja_words": term_words(t.ja), "reading": reading, "reading_words": reading_words(t.ja, reading),
            "en": t.en + (GLOSS_MARK if t.gloss and mark else ""), "rule": t.rule or "",
            "aliases": aliases, "alias_words": term_words(aliases)}


def legend(terms) -> tuple[bool, str]:
    """(mark each gloss, the key): a † beside each English rendering of ours when some are
    ours; when all are (a seed with no English), no mark but one line saying so; none: no key."""
    glossed = [t.gloss for t in terms]
    if glossed and all(glossed):
        return False, "訳語はすべてこの用語集による（ルールに英語の記載なし） / all English here is this glossary's: the rules print none"
    if any(glossed):
        return True, f"{GLOSS_MARK} この用語集による訳語（ルールに英語の記載なし） / English given by this glossary: the rules print none"
    return False, ""


# Type sizes tried, largest first: the glossary takes the one giving the fewest pages (the
# largest of those), so a list spilling a few lines onto one more page is set a little smaller
# (7 pt only when it saves a page: RGI's 54 terms on one page, not a second of 20 lines)
SIZES = (8.5, 8.0, 7.5, 7.0)
# a list on a page of its own is set as large as its page takes (A3: 93 terms at 8.5 pt left
# 40 % of the page empty), never under the lists' smallest but one
APART_SIZES = (11.0, 10.0, 9.0, 8.5, 8.0, 7.5)


def glossary_html(game: Game, spec: PageSpec, size: float = SIZES[0], apart: bool = False) -> tuple[str, list[str]]:
    """Two lists, so a term can be looked up from either language: Japanese in gojūon order of
    the reading, then English alphabetically (issue 13); --lang ja or en prints one of them."""
    mark, key = legend(game.glossary)
    rows = [_row(t, mark) for t in collation.by_reading(game.glossary)] if spec.lang != "en" else []
    rows_en = [_row(t, mark) for t in collation.alphabetical(game.glossary)] if spec.lang != "ja" else []
    title = {"ja": game.title.ja, "en": game.title.en}
    context = dict(
        lang="both", html_lang="ja", page_size=document.page_css(spec), page_print=document.print_css(spec), margin="12mm 12mm 15mm 12mm",
        title=f"{title['en']} — glossary", game_title=title, rows=rows, rows_en=rows_en,
        header_colour=spec.colour("header"), size=f"{size:g}",
        footer=f"{title['ja']} / {title['en']} · 用語集 / glossary" if title["ja"] != title["en"] else f"{title['en']} · 用語集 / glossary",
        legend=key, rules=any(t.rule for t in game.glossary), apart=apart,
    )
    html = document.render_template("glossary.html.j2", **context)
    strings = [context["footer"], context["legend"], *title.values()]
    strings += [v for r in rows + rows_en for v in r.values() if isinstance(v, str)]
    return html, strings


def layout(game: Game, spec: PageSpec, laid: dict | None = None) -> tuple[float, bool]:
    """(type size, each list on a page of its own): the fewest pages, the largest size of those;
    two lists on two pages each take one (the English one no longer a sparse last page)."""
    count = functools.cache(lambda z: document.page_count(glossary_html(game, spec, z)[0], laid))
    size = document.fewest_pages(SIZES[:-1], count)
    pages = count(size)
    if pages > 1 and count(SIZES[-1]) < pages:
        pages, size = count(SIZES[-1]), SIZES[-1]
    if pages == 2 and spec.lang == "both":
        apart = functools.cache(lambda z: document.page_count(glossary_html(game, spec, z, True)[0], laid))
        z = document.fewest_pages(APART_SIZES, apart)
        if apart(z) == 2:
            return z, True
    return size, False


def render(game: Game, spec: PageSpec) -> bytes:
    where = f"{game.id}/glossary"
    laid: dict = {}   # the layouts tried: the one chosen is not laid out again
    html, strings = glossary_html(game, spec, *layout(game, spec, laid))
    document.check_text(strings, where)
    return document.render_pdf(html, where, spec.bleed_mm, spec.crop_marks, laid=laid)
