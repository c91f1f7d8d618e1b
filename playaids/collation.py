"""Dictionary order for glossaries (issue 13): English alphabetically, Japanese in gojūon
order of the reading. A term's reading is the one its data gives (`reading:`, proposed by
tools/propose_readings.py and checked by hand), a kana-only term is its own reading; katakana
read as hiragana; voiced and small kana sort with their plain kana first, then after it
(か < が, や < ゃ), as Japanese dictionaries do."""
from __future__ import annotations

import re
import unicodedata

from playaids.model import Term

_KANJI = re.compile(r"[\u3400-\u9fff々〆]")


def hiragana(s: str) -> str:
    """Katakana as hiragana, the rest as it is."""
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in s)


def reading(term: Term) -> str:
    """The reading a term sorts by (a term with kanji and no reading sorts by its characters,
    after every read term: data validate does not require readings of a user's glossary)."""
    if term.reading:
        return hiragana(term.reading)
    return hiragana(term.ja)


_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎ", "あいうえおつやゆよわ")


def _plain(s: str) -> str:
    """Dakuten and handakuten off, small kana made full size, the long-vowel mark dropped."""
    s = unicodedata.normalize("NFKD", s).translate(_SMALL)
    return "".join(c for c in s if c not in "\u3099\u309aー・ ")


def ja_key(term: Term) -> tuple:
    r = reading(term)
    unread = bool(_KANJI.search(r))
    latin = not ("\u3041" <= (r[:1] or " ") <= "\u309f")
    return (unread, latin, _plain(r).casefold(), r, term.ja)   # Latin-initial terms, then unread ones, last


def en_key(term: Term) -> tuple:
    en = term.en.casefold().lstrip("'\"([「")
    return (en, term.en)


def by_reading(terms) -> list[Term]:
    return sorted(terms, key=ja_key)


def alphabetical(terms) -> list[Term]:
    return sorted(terms, key=en_key)
