"""Comparison-time normalisation of table text (the data keeps the text as printed).

Two strings are the same value when they normalise to the same key:

- NFKC: full-width digits, letters, signs and spaces become ASCII (`１２` -> `12`, `＋１` -> `+1`);
- lines are joined (a break between CJK characters vanishes, others become one space),
  runs of spaces collapse, spaces next to CJK characters and around `/` go;
- a dash standing alone (`–`, `—`, `-`, `－`, `ー`, ...) is the no-effect dash `–`;
  a dash, wave dash or tilde between two numbers is the range dash (`３～１０`, `3–10`,
  `3〜10` -> `3-10`); a minus sign before a number is `-` (`−1` -> `-1`); `+ 2` -> `+2`;
- `a、b` for consecutive numbers is the range `a-b` (the seeds print `11、12`);
- case is folded (result codes `2drtg` = `2DRTG`);
- old character forms are the modern ones (擊 = 撃, 戰 = 戦: OpenCC's kyujitai table).
"""
from __future__ import annotations

import functools
import re
import unicodedata

from playaids.model import Text
from playaids.pdfread import join_lines

NO_EFFECT = "–"
_DASH = "\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u30fc\uff0d"   # hyphens, dashes, minus, ー
_WAVE = "~\u301c\uff5e"                                                # tilde, wave dash
_CJK = "\u2e80-\u30ff\u3400-\u9fff\uf900-\ufaff"
_SPACE_BY_CJK = re.compile(rf"(?<=[{_CJK}]) | (?=[{_CJK}])")
_LONE_DASH = re.compile(rf"(?<![^\s/(])[{_DASH}]+(?![^\s/)])")
_SIGN = re.compile(rf"(?<![^\s/(])[{_DASH}](?=\d)")
_RANGE = re.compile(rf"(?<=\d)\s*[{_DASH}{_WAVE}]\s*(?=\d)")
_PLUS = re.compile(r"\+\s+(?=\d)")
_SLASH = re.compile(r"\s*/\s*")
_LIST = re.compile(r"(?<!\d)(\d+)\s*[、,]\s*(\d+)(?!\d)")
_PLAIN = re.compile(r"[A-Za-z0-9]*")


def _consecutive(m: re.Match) -> str:
    a, b = int(m.group(1)), int(m.group(2))
    return f"{a}-{b}" if b == a + 1 else m.group(0)


_IDEOGRAPH = re.compile("[\u3400-\u9fff\uf900-\ufaff]")


@functools.lru_cache(maxsize=1)
def _shinjitai():
    import opencc   # OpenCC's Traditional (kyujitai) -> Japanese shinjitai table

    return opencc.OpenCC("t2jp").convert


def _old_forms(s: str) -> str:
    return _shinjitai()(s) if _IDEOGRAPH.search(s) else s


def _spaces(s: str) -> str:
    return _SPACE_BY_CJK.sub("", " ".join(s.split()))


# the normalisations, in order, each with the words the report uses when it changed a text
STEPS = (
    ("full-width digits, letters and signs", lambda s: unicodedata.normalize("NFKC", s)),
    ("old character forms (擊 = 撃)", _old_forms),
    ("line breaks", lambda s: join_lines(s) if "\n" in s else s),
    ("spacing", _spaces),
    ("dashes (– = - = ー)", lambda s: _LONE_DASH.sub(NO_EFFECT, s)),
    ("minus signs", lambda s: _SIGN.sub("-", s)),
    ("range dashes (3～10 = 3-10)", lambda s: _RANGE.sub("-", s)),
    ("plus signs", lambda s: _PLUS.sub("+", s)),
    ("slashes", lambda s: _SLASH.sub("/", s)),
    ("number lists as ranges (11、12 = 11-12)", lambda s: _LIST.sub(_consecutive, s)),
    ("letter case", str.casefold),
)


@functools.lru_cache(maxsize=1 << 17)
def norm(s: str | None) -> str:
    """The comparison key of a label or cell text."""
    if not s:
        return ""
    if _PLAIN.fullmatch(s):
        return s.casefold()
    for _, step in STEPS:
        s = step(s)
    return s


def _norm_without(s: str, skip: int) -> str:
    for k, (_, step) in enumerate(STEPS):
        if k != skip:
            s = step(s)
    return s


@functools.lru_cache(maxsize=1 << 16)
def needed(found: str, expected: str) -> tuple[str, ...]:
    """The normalisations without which `found` would not equal `expected` (for the report)."""
    if found == expected or norm(found) != norm(expected):
        return ()
    return tuple(name for k, (name, _) in enumerate(STEPS)
                 if _norm_without(found, k) != _norm_without(expected, k))


def norm_cell(s: str | None) -> str:
    """A cell's key: an empty cell and a lone dash both mean "no effect"."""
    return norm(s) or NO_EFFECT


_RANGE_LABEL = re.compile(r"(-?\d+)(?:-(-?\d+))?")


def parse_range(s: str) -> tuple[int, int] | None:
    """(low, high) of a die-roll label (`11`, `11-12`, `３～１０`), else None."""
    m = _RANGE_LABEL.fullmatch(norm(s))
    if not m:
        return None
    lo = int(m.group(1))
    hi = int(m.group(2)) if m.group(2) is not None else lo
    return (lo, hi) if lo <= hi else (hi, lo)


class Glossary:
    """JA <-> EN terms of a game, by comparison key."""

    def __init__(self, terms=()):
        self._other: dict[str, set[str]] = {}
        for t in terms:
            self._other.setdefault(norm(t.ja), set()).add(t.en)
            self._other.setdefault(norm(t.en), set()).add(t.ja)

    def translations(self, s: str) -> set[str]:
        return self._other.get(norm(s), set())


def text_forms(t: Text, glossary: Glossary | None = None) -> tuple[str, ...]:
    """Every way a source Text may be printed: ja, en, bilingual `ja / en` or `ja<br>en`,
    `ja (en)`, and the glossary's translations of either. Not yet normalised."""
    if t.neutral or t.ja == t.en:
        forms = [t.ja]
    else:
        forms = [t.ja, t.en, f"{t.ja}\n{t.en}", f"{t.ja} / {t.en}", f"{t.en} / {t.ja}", f"{t.ja} ({t.en})"]
    if glossary is not None:
        for s in (t.ja, t.en):
            forms.extend(sorted(glossary.translations(s)))
    # a line break may be printed as a break or as " / " (our bilingual exports)
    forms.extend([f.replace("\n", " / ") for f in forms if "\n" in f])
    # an aid prints a rule's text without the makers' labelled remarks ("(translator's note:
    # ...)", workshop.for_players), marked † where the sources appendix prints the remark: our
    # own cards and chart sets match the source as printed
    from playaids import workshop

    forms.extend([p for f in forms if (p := workshop.for_players(f)) != f])
    if workshop.remarked(t.ja, t.en):
        ja, en = (f"{workshop.for_players(x)}{workshop.mark(t.ja, t.en)}" for x in (t.ja, t.en))
        forms.extend([ja, en, f"{ja}\n{en}", f"{ja} / {en}"])
        # a bilingual cell (`both`) marks the pair once, after its English (render.cards._cell)
        pair = workshop.for_players(t.get("both")) + workshop.mark(t.ja, t.en)
        forms.extend([pair, pair.replace("\n", " / ")])
    return tuple(forms)


class Keyer:
    """How texts become comparison keys for one comparison: `norm`, the game's glossary, and
    for text read from a PDF no spaces at all (a narrow cell wraps words anywhere:
    `Encircleme|nt`)."""

    def __init__(self, glossary: Glossary | None = None, squash_spaces: bool = False, codec: str | None = None):
        self.glossary = glossary
        self.squash = squash_spaces
        # a file saved in a legacy encoding (Excel's CP932) holds "?" for every character the
        # encoding lacks ("–", "擊"): a source text also matches as that encoding kept it
        self.codec = codec
        # a big table repeats a few texts: each is keyed once per comparison
        self._cells: dict = {}
        self._forms: dict = {}

    def label(self, s: str | None) -> str:
        k = norm(s)
        return k.replace(" ", "") if self.squash else k

    def cell(self, s: str | None) -> str:
        k = self._cells.get(s)
        if k is None:
            k = self._cells[s] = self.label(s) or NO_EFFECT
        return k

    def of(self, t: Text | None, cell: bool = False) -> frozenset[str]:
        """The keys a found text may have to equal `t`."""
        keys = self._forms.get((t, cell))
        if keys is None:
            if t is None:
                keys = frozenset({NO_EFFECT} if cell else {""})
            else:
                f = self.cell if cell else self.label
                forms = text_forms(t, self.glossary)
                if self.codec:   # also as the file's encoding kept it, "?" for what it lacks
                    forms = (*forms, *(s.encode(self.codec, "replace").decode(self.codec) for s in forms))
                keys = frozenset(f(s) for s in forms)
            self._forms[(t, cell)] = keys
        return keys


CJK_CHAR = re.compile(rf"[{_CJK}\uff00-\uffef]")


def display(s: str | None) -> str:
    """A found string on one line: CJK lines joined directly, others with a space."""
    if not s:
        return ""
    lines = [ln.strip() for ln in s.splitlines() if ln.strip()]
    out = lines[0] if lines else ""
    for ln in lines[1:]:
        out += ("" if CJK_CHAR.match(out[-1]) and CJK_CHAR.match(ln[0]) else " ") + ln
    return out
