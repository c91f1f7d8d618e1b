"""Line breaking for mixed Japanese and Latin text: Latin words stay whole, Japanese may
break between any two characters, except before closing marks (、。」）ー・ and small
kana: kinsoku) and after opening marks (「（)."""
from __future__ import annotations

import re

NO_BREAK_BEFORE = set("、。，．・：；？！ー‐–—〜～」』）］｝〕〉》】’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ,.:;!?)]}%")
NO_BREAK_AFTER = set("「『（［｛〔〈《【‘“([{")
_CJK = r"\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_PIECE = re.compile(rf"[{_CJK}]|[^\s{_CJK}]+|\s+")


def _pieces(s: str) -> list[str]:
    """Unbreakable pieces: one CJK character or one Latin word, with kinsoku glue applied."""
    raw = _PIECE.findall(s)
    out: list[str] = []
    for p in raw:
        glue_prev = out and (p[0] in NO_BREAK_BEFORE or out[-1][-1] in NO_BREAK_AFTER) and not p.isspace() \
            and not out[-1].isspace()
        if glue_prev:
            out[-1] += p
        else:
            out.append(p)
    return out


def wrap(s: str, measure, avail: float) -> list[str]:
    """Greedy lines of `s` no wider than `avail` (a piece wider than a line stands alone)."""
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for p in _pieces(para):
            if p.isspace():
                if line:
                    line += " "
                continue
            cand = line + p
            if line and measure(cand.rstrip()) > avail:
                lines.append(line.rstrip())
                line = p
            else:
                line = cand
        lines.append(line.rstrip())
    return lines
