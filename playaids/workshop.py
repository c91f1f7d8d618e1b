"""Text meant for the makers of an aid, not its players (issue 22): one lexicon, used by the
print preflight on every page and by the data tests on every printed string. A maker's remark
(the designer's Q&A, a translator's note, a critique of the source, an unreadable mark, an id
or a YAML path) belongs to the sources appendix (render/sources.py), never on a player's aid."""
from __future__ import annotations

import re

# (name, pattern): each names what it finds in a preflight line
LEXICON: tuple[tuple[str, str], ...] = (
    ("the designer's Q&A", r"\bQ\s?&\s?A\b|\bI'm sorry\b|\bQ\.\s|質疑応答"),
    ("a translator's note", r"\btranslator'?s?\b|訳注|訳者注|\(訳\)|（訳）"),
    ("a note on the source's publisher", r"\bConsim\b|\bBG:"),
    ("an unreadable mark", r"\[illegible\]|\[symbol\]|\billegible\b|判読不能|判読できない"),
    ("workshop words", r"\bgarbled\b|symbol lost|\bextraction\b|\.txt\b|欠落|文字化け"),
    ("a remark on the source", r"\bthis source\b|\bthe source text\b|\bnot in this text\b"
                               r"|\bthe seed\b|\b(?:in|from) the translation\b"
                               r"|\bsentence cut off\b|\bpresumably\b|このソース|このテキスト|ルール翻訳に収録|この出典"
                               r"|この抜粋|翻訳で"),
    ("a data id", r"\(see [a-z0-9]+(?:-[a-z0-9]+)+\)|(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+){2,}(?![\w-])"),
    ("a YAML path", r"\b[a-z_]{3,}\.\d+(?:\.[a-z_]+)*\b"),
)
_PATTERN = re.compile("|".join(f"(?P<k{i}>{p})" for i, (_, p) in enumerate(LEXICON)))
# hyphenated English that is no id: a compound joined by a small word ("air-to-air",
# "order-of-battle"), with no digit
_JOINERS = frozenset("a an and at by for in of on or over the to".split())


def _english(words: str) -> bool:
    parts = words.split("-")
    return not any(ch.isdigit() for ch in words) and any(p in _JOINERS for p in parts[1:-1])


def find(text: str) -> tuple[str, str] | None:
    """(what it is, the words) of the first maker's text in `text`, or None."""
    for m in _PATTERN.finditer(text):
        if LEXICON[int(m.lastgroup[1:])][0] == "a data id" and _english(m.group()):
            continue
        return LEXICON[int(m.lastgroup[1:])][0], m.group()
    return None


# a remark the translator, the publisher (Consim) or a forum (BG) inserted into a rule's text,
# in brackets after its label: the aid prints the rule without it, the sources appendix keeps it
_LABELLED = re.compile(r"[(（]\s*(?:訳注|訳者注|translator(?:'?s note)?|Consim|BG)\s*[:：]", re.IGNORECASE)
_OPEN, _CLOSE = "(（", ")）"


def _close(s: str, start: int) -> int:
    """The end of the bracket opened at `start` (brackets nest), or the end of `s`."""
    depth = 0
    for i in range(start, len(s)):
        if s[i] in _OPEN:
            depth += 1
        elif s[i] in _CLOSE:
            depth -= 1
            if depth == 0:
                return i + 1
    return len(s)


def split(text: str) -> tuple[str, list[str]]:
    """(the text a player reads, the labelled remarks taken out of it)."""
    removed = []
    while m := _LABELLED.search(text):
        end = _close(text, m.start())
        removed.append(text[m.start():end])
        head, tail = text[:m.start()].rstrip(" "), text[end:]
        if head.endswith(("\n", " / ")) or not head:
            tail = tail.lstrip(" ")
        text = head + tail
    text = re.sub(r"[ \t]+\n|\n{2,}", "\n", text).strip()
    return re.sub(r"\s*/\s*$|^\s*/\s*", "", text), removed


# the mark a printed text carries where a maker's remark was taken out of it (a value a
# translator doubts, a publisher's or a forum's ruling): the sources appendix prints the remark
# under the same mark (issue 22)
MARK = "†"


def remarked(*texts: str) -> bool:
    """Whether a labelled remark was taken out of any of the texts (one per language)."""
    return any(_LABELLED.search(t or "") for t in texts)


def mark(*texts: str) -> str:
    """" †" after a printed text a remark was taken out of, else ""."""
    return f" {MARK}" if remarked(*texts) else ""


def for_players(text: str) -> str:
    """`text` without the makers' labelled remarks."""
    return split(text)[0] if _LABELLED.search(text) else text


def remark_only(*texts: str) -> bool:
    """Whether a note is wholly a maker's remark (in any of its languages): nothing is left once
    its labelled remarks are out, or what is left is still maker's text (the designer's Q&A)."""
    return any(not (s := for_players(t)).strip() or find(s) is not None for t in texts)
