"""The glossary of a game (data/<game>/glossary.yaml): exports and the key-term check.

The key-term check is the one translation QA tools make: for every aligned JA/EN pair, each
glossary term found in the JA must appear, in the glossary's English, in the EN. JA terms are
matched longest first, without overlap (戦略移動 is one term, not 戦略 + 移動); a term's
`aliases` are other JA spellings. The English is matched case-insensitively, ignoring dots
and hyphens, word by word with inflections allowed (MOVEMENT matches "move", "moves";
Stacks matches "stacked"); a trailing parenthesis (an abbreviation such as "(PW)") may be
left out or used on its own; a term printed with a misspelling whose note reads
"sic, for X" may be written X.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from playaids.model import Term

COLUMNS = ("ja", "en", "rule", "gloss", "note")


def to_csv(terms) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for t in terms:
        w.writerow([t.ja, t.en, t.rule or "", "yes" if t.gloss else "", t.note or ""])
    return buf.getvalue()


def ordered(terms, lang: str) -> list:
    """The terms for --lang: ja in gojuon order of their readings, en alphabetically, both as
    the data lists them."""
    from playaids import collation

    if lang == "ja":
        return collation.by_reading(terms)
    if lang == "en":
        return collation.alphabetical(terms)
    return list(terms)


def _md(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def to_markdown(terms, title: str = "") -> str:
    out = [f"## {title}", ""] if title else []
    out += ["| JA | EN | rule | note |", "|---|---|---|---|"]
    for t in terms:
        en = t.en + (" †" if t.gloss else "")
        note = t.note or ""
        if t.aliases:
            note = ("also " + "、".join(t.aliases) + (". " + note if note else "")).strip()
        out.append(f"| {_md(t.ja)} | {_md(en)} | {_md(t.rule or '')} | {_md(note)} |")
    out += ["", "† English given by this glossary: the rules print none for this term.", ""]
    return "\n".join(out)


# --- key-term check --------------------------------------------------------------------------

@dataclass(frozen=True)
class Mismatch:
    where: str
    ja_term: str
    en_term: str
    ja: str
    en: str

    def __str__(self) -> str:
        return f"{self.where}: JA has {self.ja_term!r}, EN lacks {self.en_term!r}: {self.en!r}"


def _norm(s: str) -> str:
    s = s.lower().replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    s = s.replace(".", "").replace("-", " ").replace("–", " ")
    return " ".join(s.split())


def english_forms(en: str, note: str | None = None) -> list[str]:
    """The ways an English glossary term may be written: whole, without a trailing
    parenthesis, the abbreviation in it, the part before a colon, the corrected form of a
    misspelling ("sic, for X" in the note)."""
    forms = [en]
    m = re.match(r"^(.*?)\s*\(([^()]*)\)\s*$", en)
    if m and m.group(1):
        forms += [m.group(1), m.group(2)]
    if ":" in en:
        forms.append(en.split(":", 1)[0])
    if note:
        m = re.search(r"\bsic, for ([^(;,]+)", note)
        if m:
            forms.append(m.group(1).strip())
    out = []
    for f in forms:
        f = _norm(f).strip("\"' ")
        if f and f not in out:
            out.append(f)
    return out


_SUFFIXES = ("ations", "ation", "ments", "ment", "ings", "ing", "ies", "es", "ed", "s")


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if len(word) - len(suffix) >= 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]  # move / moving / movement
    return word


def _pattern(form: str):
    words = form.split()
    parts = []
    for w in words:
        st = _stem(w)
        if len(w) < 4:
            parts.append(re.escape(st) + "(?:s|es|'s)?")
        elif st.endswith("y"):  # supply / supplies
            parts.append(re.escape(st[:-1]) + "(?:y|i)[a-z']*")
        else:
            parts.append(re.escape(st) + "[a-z']*")
    return re.compile(r"(?<![a-z0-9])" + r"\s+".join(parts) + r"(?![a-z0-9])")


def _found(form: str, text: str) -> bool:
    return bool(_pattern(form).search(text))


class TermIndex:
    """JA spellings of the glossary, for longest-first matching."""

    def __init__(self, terms):
        self.by_ja: dict[str, Term] = {}
        for t in terms:
            for ja in (t.ja, *t.aliases):
                self.by_ja.setdefault(ja, t)
        self.spellings = sorted(self.by_ja, key=len, reverse=True)

    def find(self, ja_text: str) -> list[tuple[str, Term]]:
        """(spelling, term) for each term occurrence, longest match first, no overlaps."""
        taken = [False] * len(ja_text)
        found = []
        for sp in self.spellings:
            start = 0
            while True:
                i = ja_text.find(sp, start)
                if i < 0:
                    break
                if not any(taken[i:i + len(sp)]):
                    taken[i:i + len(sp)] = [True] * len(sp)
                    found.append((i, sp, self.by_ja[sp]))
                start = i + 1
        return [(sp, t) for _, sp, t in sorted(found, key=lambda x: x[0])]


def mismatches(pairs, terms) -> list[Mismatch]:
    """Every glossary term of a JA text whose English is missing from the aligned EN text.
    `pairs` yields (where, ja, en)."""
    index = TermIndex(terms)
    out = []
    for where, ja, en in pairs:
        if ja == en:  # language-neutral text
            continue
        en_n = _norm(en)
        seen = set()
        for sp, term in index.find(ja):
            if term.en in seen:
                continue
            seen.add(term.en)
            if not any(_found(f, en_n) for f in english_forms(term.en, term.note)):
                out.append(Mismatch(where, sp, term.en, ja, en))
    return out
