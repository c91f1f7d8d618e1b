"""The effects a table's legend names, as chances per line of its odds (playaids/odds.py).

A result is read only through the legend: it is split into the parts the table names (`odds:
parts:`, e.g. attacker / defender of "1 / 2DR"), each part into the legend's codes (longest
first, "2DRTG" -> D R T G) after a leading number, which is the legend's '#' (or, in a named
part, that part's number). A result the legend cannot spell is left alone: no effect is read into
it. The effects are: each legend code a result shows ("Defender: R = Stack retreats"), the
number at least n ("# >= 2"; with `odds: eliminated:`, the stack of n steps it eliminates), or,
where a number takes more than five values, its mean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from playaids.model import Table, Text
from playaids.odds import Chances, Line, Reading, results

NUMBER = "#"
NO_EFFECT = {"–", "-", "—", ""}
MAX_AT_LEAST = 5   # more values of a number than this: its mean instead of a line each


@dataclass(frozen=True)
class Effect:
    label: Text
    kind: str              # "code" (the result shows it), "atleast" (its number >= n), "mean"
    part: int | None = None
    code: str | None = None
    n: int | None = None
    rule: str | None = None
    short: Text | None = None    # the label without the legend's words (the card's legend gives them)
    tail: str = ""               # the short label less its part: "R", "# ≥ 2"


def parts(table: Table, t: Text) -> list[str]:
    """The parts of a result: one, or the table's named parts of an 'A / D' cell."""
    named = table.odds.parts if table.odds else ()
    if not named:
        return [t.en.strip()]
    pieces = [p.strip() for p in t.en.split("/")]
    return pieces if len(pieces) == len(named) else [""] * len(named)


def codes(table: Table) -> list[str]:
    return [e.code.en for e in table.legend if e.code.en not in NO_EFFECT and e.code.en != NUMBER]


def spell(part: str, codes: list[str]) -> tuple[int | None, tuple[str, ...]] | None:
    """(number, codes) of one part of a result, or None when the legend cannot spell it."""
    if part in NO_EFFECT:
        return None, ()
    if part in codes:
        return None, (part,)
    m = re.match(r"\d+", part)
    number = int(m.group()) if m else None
    rest = part[m.end():] if m else part
    found = []
    by_length = sorted(codes, key=len, reverse=True)
    while rest:
        code = next((c for c in by_length if rest.startswith(c)), None)
        if code is None:
            return None
        found.append(code)
        rest = rest[len(code):]
    return number, tuple(found)


def _numbered(table: Table) -> bool:
    """Whether a result's number means something: the legend's '#', or a named part."""
    return any(e.code.en == NUMBER for e in table.legend) or bool(table.odds and table.odds.parts)


def effects(reading: Reading) -> list[Effect]:
    """The effects of a table, in the legend's order, part by part."""
    table = reading.table
    known = codes(table)
    named = table.odds.parts if table.odds else ()
    seen: list[dict] = [{"codes": set(), "numbers": set()} for _ in range(len(named) or 1)]
    for line in reading.lines:
        for t in line.results:
            for i, part in enumerate(parts(table, t)):
                spelt = spell(part, known)
                if spelt is None:
                    continue
                if spelt[0] is not None:
                    seen[i]["numbers"].add(spelt[0])
                seen[i]["codes"].update(spelt[1])
    hash_entry = next((e for e in table.legend if e.code.en == NUMBER), None)
    mark = f"{NUMBER} " if hash_entry else ""
    out = []
    for i, s in enumerate(seen):
        pja, pen = (f"{named[i].ja}：", f"{named[i].en}: ") if named else ("", "")
        numbers = sorted(n for n in s["numbers"] if n > 0)
        if _numbered(table) and numbers:
            if len(numbers) > MAX_AT_LEAST:
                out.append(Effect(Text(f"{pja}{mark}平均", f"{pen}mean {mark}".rstrip()), "mean", i,
                                  rule=hash_entry.rule if hash_entry else None))
            for n in (numbers if len(numbers) <= MAX_AT_LEAST else ()):
                ja, en = f"{pja}{mark}≥ {n}", f"{pen}{mark}≥ {n}"
                short = Text(ja, en)
                per = table.odds.eliminated_per if table.odds else None
                rule = hash_entry.rule if hash_entry else None
                if per and n <= per:   # n steps lost from a stack of n <= per steps: all of them
                    ja += f"（{n}ステップのスタックは除去）"
                    en += f" (a {n}-step stack eliminated)"
                    rule = table.odds.eliminated_rule
                out.append(Effect(Text(ja, en), "atleast", i, n=n, rule=rule, short=short, tail=f"{mark}≥ {n}"))
        for e in table.legend:
            if e.code.en in s["codes"]:
                out.append(Effect(Text(f"{pja}{e.code.ja} = {_one_line(e.text.ja)}",
                                       f"{pen}{e.code.en} = {_one_line(e.text.en)}"),
                                  "code", i, code=e.code.en, rule=e.rule,
                                  short=Text(f"{pja}{e.code.ja}", f"{pen}{e.code.en}"), tail=e.code.en))
    return out


def _one_line(s: str) -> str:
    return " ".join(s.split()).rstrip("。.")


def value(effect: Effect, table: Table, t: Text) -> Fraction:
    """1 or 0 whether result `t` has the effect; for a mean, the result's number (0 for none)."""
    part = parts(table, t)[effect.part or 0]
    spelt = spell(part, codes(table))
    if spelt is None:
        return Fraction(0)
    number, found = spelt
    if effect.kind == "code":
        return Fraction(int(effect.code in found))
    if effect.kind == "atleast":
        return Fraction(int(number is not None and number >= effect.n))
    return Fraction(number or 0)


def chance(effect: Effect, table: Table, line: Line, ch: Chances) -> Fraction:
    """The chance of the effect on this line (for a mean: the mean over the rolls on the table)."""
    return sum((p * value(effect, table, t) for t, p in results(line, ch).values()), Fraction(0))
