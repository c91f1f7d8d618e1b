"""Value sets as the rules write them: "1-7", [1, 2, 3], "1, 2, 3", "2-3"."""
from __future__ import annotations

import functools
import re
import unicodedata

_RANGE = re.compile(r"^\s*(-?\d+)\s*[-–～〜~]\s*(-?\d+)\s*$")


def expand(spec) -> list:
    """A list of allowed values from a range string, a list, or a single value (a fresh list)."""
    if isinstance(spec, (str, int)) and not isinstance(spec, bool):
        return list(_expand_scalar(spec))
    return _expand(spec)


@functools.lru_cache(maxsize=4096)
def _expand_scalar(spec) -> tuple:
    """A pure function of a range string or number, worked out once per value."""
    return tuple(_expand(spec))


def _expand(spec) -> list:
    if isinstance(spec, list):
        out = []
        for x in spec:
            out.extend(expand(x) if isinstance(x, str) and _RANGE.match(x) else [x])
        return out
    if isinstance(spec, str):
        m = _RANGE.match(unicodedata.normalize("NFKC", spec))
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            return list(range(lo, hi + 1))
    return [spec]


def size(spec) -> int:
    """How many values `spec` stands for, without listing them (a range of a billion is
    refused by its size, never expanded)."""
    if isinstance(spec, list):
        return sum(size(x) if isinstance(x, str) and _RANGE.match(x) else 1 for x in spec)
    if isinstance(spec, str):
        m = _RANGE.match(unicodedata.normalize("NFKC", spec))
        if m:
            return max(0, int(m.group(2)) - int(m.group(1)) + 1)
    return 1


def label_covers(label: str, value) -> bool:
    """Whether a printed row or column label ("1, 2, 3", "6-9", "4") stands for `value`."""
    s = unicodedata.normalize("NFKC", label).replace("、", ",").replace("&", ",")
    for part in s.split(","):
        part = part.strip()
        if not part:
            continue
        m = _RANGE.match(part)
        if m and isinstance(value, int) and int(m.group(1)) <= value <= int(m.group(2)):
            return True
        if part == str(value):
            return True
    return False


def when_words(when: dict | None) -> str:
    """A `when:` condition as words: {'allied-chit': [4, 5]} -> "only when allied-chit is 4 or 5"."""
    parts = []
    for eid, allowed in (when or {}).items():
        vals = [("on" if v is True else "off" if v is False else str(v))
                for v in (allowed if isinstance(allowed, list) else [allowed])]
        if vals in (["on"], ["off"]):
            parts.append(f"{eid} is {vals[0]}")
        else:
            parts.append(f"{eid} is {' or '.join(vals) if len(vals) < 3 else ', '.join(vals[:-1]) + ' or ' + vals[-1]}")
    return "only when " + " and ".join(parts) if parts else ""
