"""Japanese line-breaking rules (kinsoku shori, JIS X 4051 in short).

- No line starts with a closing bracket, comma or full stop, the prolonged sound mark ー, the
  middle dot ・, a small kana, an iteration mark, ！？：；, or the ＝ of 「C＝…」.
- No line ends with an opening bracket.

`wrap` breaks every line ReportLab draws (turn-record sheets, chart-card cells and notes,
setup sheets, the CCSS) under these rules; HTML text is broken by Pango, which follows
UAX #14, and `violations` checks the lines of either, read back from the PDF by `pdf_lines`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

NO_START = frozenset(
    "、。，．,.」』）)］]】〕〉》〙〗｝}"  # closing punctuation
    "ー・：；:;！？!?‼⁇"  # prolonged sound mark, middle dot, colon and stops
    "‐〜～"  # hyphens and wave dashes
    "＝"  # an equals sign stays with what it defines (「C＝…」, not 「C」 / 「＝…」)
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"  # small kana
    "ゝゞヽヾ々〻"  # iteration marks
    "％%‰℃°′″"
)
NO_END = frozenset("「『（(［[【〔〈《〘〖｛{“‘")

_CJK = re.compile(r"[\u2e80-\u2fdf\u3000-\u30ff\u3190-\u31ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


_CJK_RANGES = r"\u2e80-\u2fdf\u3000-\u30ff\u3190-\u31ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef"
_SINGLE = "".join(re.escape(c) for c in sorted((NO_START | NO_END) - set(map(chr, range(128)))))
# words no line break splits: the continuation mark of a heading; 終了 (a turn record's
# 「キャンペーンゲーム 終了」 left 「了」 alone on a line)
KEEP = ("（続き）", "終了")
# a katakana word (ルール, ゲーム) is not broken inside, though JIS X 4051 allows it: a reader
# sees ルー / ル as a word cut in two; a break after its ・ stays (ソリテア・ / プレイ)
_KATAKANA = "ァ-ヺー"
# a number keeps its counter: (5枚), 4個, not (5 / 枚)
_COUNTERS = "枚個件隻機台名人回本部輌両門"
_CHARS = rf"|[{_CJK_RANGES}{_SINGLE}]| |[^ {_CJK_RANGES}{_SINGLE}]+"
# a Japanese word a space sets off (a column heading 「攻撃部隊 損傷」): not 攻撃部 / 隊損傷
_SPACED = r"(?:(?<= )|^(?=\S+ ))[\u3040-\u30ff\u3400-\u9fff]{2,8}(?= |$)"
# the seeds' 「へクス」 (a hiragana へ for the katakana ヘ, which look alike) is read as the one word
_UNIT = re.compile("|".join(map(re.escape, KEEP)) + rf"|{_SPACED}|(?:へ(?=[{_KATAKANA}]))?[{_KATAKANA}]{{2,}}"
                   rf"|[^ {_CJK_RANGES}{_SINGLE}]*[0-9][{_COUNTERS}]" + _CHARS)
# the units JIS X 4051 itself requires (a CJK character with its glue): how narrow a column may
# be; a katakana word wider than its column is still cut there (wrap: _split_long)
_LEAST = re.compile("|".join(map(re.escape, KEEP)) + _CHARS)


def _units(text: str, unit: re.Pattern = _UNIT) -> list[str]:
    """Breakable units: a CJK character (a katakana word, a number and its counter), a run of
    other non-space characters, or a space."""
    out = unit.findall(text)
    # glue: a no-start unit joins the unit before it, a no-end unit joins the unit after it
    glued: list[str] = []
    carry = ""
    for u in out:
        if u == " ":
            if carry:  # an opening bracket followed by a space: keep it as is
                glued.append(carry)
                carry = ""
            glued.append(u)
            continue
        if carry:
            u = carry + u
            carry = ""
        if all(c in NO_END for c in u):  # opening brackets stay with what follows them
            carry = u
            continue
        if glued and u[0] in NO_START and glued[-1] != " ":
            glued[-1] += u
        elif len(glued) >= 2 and u[0] in NO_START:  # 「Luna 」: a space before a closing mark is no break
            glued.pop()
            glued[-1] += " " + u
        else:
            glued.append(u)
    if carry:
        glued.append(carry)
    return glued


def pieces(text: str) -> list[str]:
    """What no line break may split: a CJK character with its kinsoku glue, or a Latin word (a
    katakana word may be, in a column narrower than it)."""
    return [u for u in _units(text, _LEAST) if u != " "]


def words(text: str) -> list[str]:
    """What a line break keeps whole where the column allows (`wrap` with `phrases`): a
    Japanese phrase (BudouX), a katakana word, a word a space sets off, a number with its
    counter, a Latin word."""
    return [t for para in text.split("\n") for group in _phrases(para) if (t := "".join(group)) != " "]


def word_runs(text: str) -> list[str]:
    """The narrowest pieces a reader still takes for words: each phrase's script runs (a kanji
    compound, a katakana word, 「の」), a Latin word."""
    return [r for para in text.split("\n") for group in _phrases(para) if group != (" ",) for r in _runs(group)]


@functools.lru_cache(maxsize=1)
def _parser():
    import budoux

    return budoux.load_default_japanese_parser()


@functools.lru_cache(maxsize=1 << 16)
def _phrases(para: str) -> tuple[tuple[str, ...], ...]:
    """`_units` of `para` grouped into its phrases (BudouX: the bunsetsu a Japanese reader sees
    as one word, 「台湾飛行場チャート」, 「陸海共同作戦の」); a space is a group of its own."""
    bounds, pos, before = set(), 0, ""
    for phrase in _parser().parse(para):
        if before and _script(before[-1]) == _script(phrase[0]) == 0 and _script(phrase[1:2] or " ") != 0:
            bounds.discard(pos)   # a kanji BudouX leaves alone after a kanji is the word's end (精度 / 表)
        pos += len(phrase)
        bounds.add(pos)
        before = phrase
    groups, cur, pos = [], [], 0
    for u in _units(para):
        pos += len(u)
        if u == " ":
            if cur:
                groups.append(tuple(cur))
                cur = []
            groups.append((" ",))
            continue
        cur.append(u)
        if pos in bounds:
            groups.append(tuple(cur))
            cur = []
    if cur:
        groups.append(tuple(cur))
    return tuple(groups)


_SCRIPT = (re.compile(r"[\u3400-\u9fff々〆]"), re.compile(rf"[{_KATAKANA}]"), re.compile(r"[ぁ-ゖ]"))


def _script(u: str) -> int:
    return next((k for k, rx in enumerate(_SCRIPT) if rx.match(u)), len(_SCRIPT))


def _runs(group) -> list[str]:
    """A phrase too wide for its line cut where its script changes or after ・／/ (「日本軍待機」
    「ボックス／」「台湾飛行場」「チャート」), never inside a kanji compound if it can be helped."""
    runs: list[list[str]] = []
    for u in group:
        if runs and _script(u) == _script(runs[-1][-1]) and not runs[-1][-1].endswith(("・", "／", "/")):
            runs[-1].append(u)
        else:
            runs.append([u])
    return ["".join(r) for r in runs]


def _tokens(para: str, width: float, w, phrases: bool = True) -> list[str]:
    """The pieces `wrap` keeps whole in `phrases` mode: each phrase where the line takes it,
    else its script runs, else its units (`phrases` False: script runs at most)."""
    out: list[str] = []
    for group in _phrases(para):
        whole = "".join(group)
        if len(group) == 1 or (phrases and w(whole) <= width):
            out.append(whole)
            continue
        for run in _runs(group):
            if w(run) <= width:
                out.append(run)
            else:
                out.extend(_units(run))
    return out


def wrap(text: str, width: float, measure, phrases: bool = False, spare_from: int = 0) -> list[str]:
    """Greedy line filling within `width` (measure(s) -> width, additive: no kerning) that
    keeps the kinsoku rules. A unit wider than the line is split by character, still without
    a forbidden line start. `phrases` (a table cell, a title, a label: text a reader takes in
    as words): each paragraph breaks between phrases (「台湾飛行場チャート」 whole), else between
    words (「陸海共同作戦 / の」), where that costs it no line over breaking by character, as
    prose may (「台湾飛 / 行場チャート」). `spare_from`: a paragraph that many lines long or more
    may take one line more to keep its words whole (a title: 1; a cell of a few lines: 3)."""
    sizes: dict = {}

    def w(u: str) -> float:
        if u not in sizes:
            sizes[u] = measure(u)
        return sizes[u]

    lines: list[str] = []
    for para in text.split("\n"):
        plain = _fill(_units(para), width, measure, w, False)
        if phrases and len(plain) > 1 and _CJK.search(para):   # Latin words are units already
            spare = 0 < spare_from <= len(plain)   # a line more, for whole phrases only
            plain = next((ln for whole in (True, False)
                          for ln in [_fill(_tokens(para, width, w, whole), width, measure, w, True)]
                          if len(ln) <= len(plain) or spare and whole and len(ln) == len(plain) + 1
                          and min(map(len, ln)) > 1), plain)   # a line more, none of one character
        lines += plain
    return [ln for ln in lines if ln] or [""]


def _fill(tokens: list[str], width: float, measure, w, phrases: bool) -> list[str]:
    """One paragraph's `tokens` set greedily into lines (`wrap`)."""
    lines: list[str] = []
    at_space = False   # the last line break fell at a space: between words, no orphan moved
    parts: list[str] = []  # the tokens of the current line, spaces included
    before: list[str] = []   # the tokens of the line before
    used = 0.0  # width of the line without a trailing space
    for u in tokens:
        if u == " ":
            if parts and parts[-1] != " ":
                parts.append(" ")
            continue
        gap = w(" ") if parts and parts[-1] == " " else 0.0
        if not parts or (len(parts) == 1 and parts[0] == " "):
            parts, used = [], 0.0
        if parts and used + gap + w(u) > width:
            lines.append("".join(parts).rstrip())
            at_space = parts[-1] == " "
            before, parts, used, gap = parts, [], 0.0, 0.0
        if not parts and w(u) > width:
            pieces = _split_long(u, width, measure)
            lines.extend(pieces[:-1])
            u = pieces[-1]
        parts.append(u)
        used += gap + w(u)
    lines.append("".join(parts).rstrip())
    if len(lines) >= 2 and not at_space:
        if phrases:   # the orphan takes the phrase before it along, whole
            last = lines[-1]
            if len(last) <= 2 and len(before) >= 2 and before[-2] != " " and w(before[-1] + last) <= width:
                lines[-2:] = ["".join(before[:-1]).rstrip(), before[-1] + last]
        else:
            lines[-2:] = _no_orphan(lines[-2], lines[-1], width, w)
    return lines


def _no_orphan(prev: str, last: str, width: float, w) -> list[str]:
    """A paragraph does not end on a line of one or two characters (「先」, 「所)」) when the
    Japanese unit before it can join them: the units are those of `_units`, so no kinsoku rule
    is broken by the move."""
    if len(last) > 2 or " " in last:
        return [prev, last]
    units = _units(prev)
    if len(units) < 3 or units[-1] == " " or not _CJK.match(units[-1][0]) or units[-2] == " ":
        return [prev, last]
    moved = units[-1] + last
    if w(moved) > width:
        return [prev, last]
    return ["".join(units[:-1]).rstrip(), moved]


def _split_long(unit: str, width: float, measure) -> list[str]:
    """`unit` cut by character into lines of at most `width`: a character that may not start a
    line takes the one before it along to the next line, or else stays on the line (a run of
    such characters over two lines wide is cut inside). Widths are added up character by character (measure is
    additive, as `wrap` assumes), so a 4,000-character word costs 4,000 measures, not 8 million."""
    if unit in KEEP:   # a continuation mark is one piece, whatever the width
        return [unit]
    parts, cur, used = [], [], 0.0
    sizes: dict = {}
    for ch in unit:
        if ch not in sizes:
            sizes[ch] = measure(ch)
        if cur and used + sizes[ch] > width:
            carry: list = []
            if ch in NO_START:
                # the last character that may start a line goes on with the ones after it
                k = next((i for i in range(len(cur) - 1, 0, -1) if cur[i] not in NO_START), 0)
                if k and sum(sizes[c] for c in cur[k:]) + sizes[ch] <= width:
                    carry = cur[k:]
                    del cur[k:]
                elif used + sizes[ch] <= 2 * width:   # no such break: the line runs over a little
                    cur.append(ch)
                    used += sizes[ch]
                    continue
            parts.append("".join(cur))
            cur, used = carry, sum(sizes[c] for c in carry)
        cur.append(ch)
        used += sizes[ch]
    parts.append("".join(cur))
    return parts


def violations(lines) -> list[str]:
    """The lines that start with a no-break-before character or end with an opening bracket."""
    bad = []
    for ln in lines:
        s = ln.strip()
        if not s:
            continue
        # 「・」 opening a line is a list item's mark (the seeds list so): `wrap` never breaks
        # before a middle dot inside a word, nor does Pango (UAX #14 class NS)
        item = s[0] == "・" and len(s) > 1 and s[1] not in NO_START
        if s[0] in NO_START and _cjk_context(s) and not item:
            bad.append(f"starts with {s[0]!r}: {s[:40]!r}")
        elif s[-1] in NO_END:
            bad.append(f"ends with {s[-1]!r}: {s[-40:]!r}")
    return bad


def _cjk_context(s: str) -> bool:
    """ASCII punctuation opening an all-Latin segment ('. ', ': ') is not a JA line break."""
    return bool(_CJK.match(s[0])) or bool(_CJK.search(s[:6]))


def pdf_lines(pdf_path, gap: float = 1.2) -> list[str]:
    """The visual lines of a PDF, split where a horizontal gap wider than `gap` × the font
    size separates characters (side-by-side columns, boxes and cells are separate lines)."""
    import pdfplumber

    with pdfplumber.open(pdf_path) as pdf:
        return [ln.text for page in pdf.pages for ln in page_lines(page, gap)]


@dataclass(frozen=True)
class Line:
    """A visual line of a page: its text, left edge, top and font size (pdfplumber's points)."""
    text: str
    x0: float
    top: float
    size: float


def page_lines(page, gap: float = 1.2) -> list[Line]:
    """The visual lines of a pdfplumber page, top to bottom, left to right. Characters are
    put in lines by their baselines: faces differ in where their boxes' tops are (DejaVu's
    parenthesis stands higher than IPAex Gothic's kana on one line)."""
    return [_line(seg) for row in row_segments(page, gap) for seg in row]


def row_segments(page, gap: float = 1.2) -> list[list[list]]:
    """Each row's visual lines (page_lines), left to right, as their characters: a row is cut
    where two characters stand more than `gap` times their size apart (a column's or a cell's
    edge)."""
    out = []
    for row in rows(page):
        segs, seg = [], [row[0]]
        for a, b in zip(row, row[1:]):
            if b["x0"] - a["x1"] > gap * max(a["size"], b["size"]):
                segs.append(seg)
                seg = []
            seg.append(b)
        out.append(segs + [seg])
    return out


def rows(page) -> list[list]:
    """The page's drawn characters in rows, one per baseline band, each left to right."""
    chars = sorted((c for c in page.chars if c["text"].strip()), key=lambda c: (baseline(c), c["x0"]))
    out: list[list] = []
    for c in chars:
        if out and baseline(c) - baseline(out[-1][0]) < 0.4 * c["size"]:
            out[-1].append(c)
        else:
            out.append([c])
    for row in out:
        row.sort(key=lambda c: c["x0"])
    return out


def baseline(c) -> float:
    """A character's baseline, down the page (the text matrix's origin; its box's bottom for
    an object without one)."""
    m = c.get("matrix")
    return -m[5] if m and m[0] > 0 and not m[1] and not m[2] else c["bottom"]


def _line(chars) -> Line:
    return Line(_join(chars), chars[0]["x0"], min(c["top"] for c in chars), max(c["size"] for c in chars))


def _join(chars) -> str:
    s = ""
    for a, b in zip([None] + chars[:-1], chars):
        if a is not None and b["x0"] - a["x1"] > 0.15 * b["size"]:
            s += " "
        s += b["text"]
    return s
