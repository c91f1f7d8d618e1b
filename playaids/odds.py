"""Exact odds of a dice table: the chance of every result of each column (or row) of a table whose
rows (or columns) are rolls, under a die-roll modifier, as fractions of the dice distribution.

A table's roll labels are ranges: "7", "2-3", "12+", "-1 or less", "≤2". A modified roll beyond
the table's ends reads the end row where the table says so (`odds: clamp:` in its file, with the
rule); where it says nothing, its chance is kept apart as "beyond the table", never guessed.
Effects named by the legend (retreats, step losses) are in playaids/effects.py.
"""
from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from playaids.errors import PlayaidsError
from playaids.model import Table, Text

# each die's faces, and how a roll of several dice is read (d66: tens die then units die)
DICE = {"1d6": ((range(1, 7),), sum), "2d6": ((range(1, 7),) * 2, sum), "3d6": ((range(1, 7),) * 3, sum),
        "1d10": ((range(1, 11),), sum), "d66": ((range(1, 7),) * 2, lambda f: 10 * f[0] + f[1])}


def distribution(dice: str) -> dict[int, Fraction]:
    """Every roll of `dice` and its chance, in roll order."""
    faces, read = DICE[dice]
    counts: dict[int, int] = {}
    for f in itertools.product(*faces):
        counts[read(f)] = counts.get(read(f), 0) + 1
    total = sum(counts.values())
    return {v: Fraction(n, total) for v, n in sorted(counts.items())}


@dataclass(frozen=True)
class Rolls:
    """The rolls one label stands for: lo..hi, None for an open end ("12+", "-1 or less")."""
    lo: int | None
    hi: int | None

    def __contains__(self, roll: int) -> bool:
        return (self.lo is None or roll >= self.lo) and (self.hi is None or roll <= self.hi)


_N = r"([+-]?\d+)"
_FORMS = [(re.compile(rf"^{_N}$"), lambda a: (a, a)),
          (re.compile(rf"^{_N}-{_N}$"), lambda a, b: (a, b)),
          (re.compile(rf"^{_N}(?:\+|or more|以上)$"), lambda a: (a, None)),
          (re.compile(rf"^(?:{_N}or less|{_N}以下|≤{_N})$"), None)]


def parse_rolls(label: str) -> Rolls | None:
    """The rolls of a roll label, or None when the label is not a roll."""
    s = unicodedata.normalize("NFKC", label).replace("≦", "≤").replace("−", "-").replace("–", "-")
    s = re.sub(r"\s+", "", s.replace("~", "-").replace("〜", "-").replace("～", "-"))
    s = s.replace("ormore", "or more").replace("orless", "or less")
    for rx, make in _FORMS:
        m = rx.match(s)
        if not m:
            continue
        if make is None:
            hi = next(int(g) for g in m.groups() if g is not None)
            return Rolls(None, hi)
        lo, hi = make(*(int(g) for g in m.groups()))
        if hi is not None and lo > hi:
            return None
        return Rolls(lo, hi)
    return None


@dataclass(frozen=True)
class Line:
    """One column of a table whose rows are rolls (or one row of a table whose columns are):
    its label and its result on each roll label, in the table's order."""
    label: Text
    results: tuple[Text, ...]


@dataclass(frozen=True)
class Reading:
    """A table read as rolls: which axis holds them, their labels and ranges, its lines."""
    table: Table
    axis: str                      # "rows" or "columns"
    labels: tuple[Text, ...]
    rolls: tuple[Rolls, ...]
    lines: tuple[Line, ...]

    @property
    def clamped(self) -> bool:
        return bool(self.table.odds and self.table.odds.clamp_rule)


class NotDice(PlayaidsError):
    """A table that has no odds: no dice, no grid, or labels that are not rolls."""


def _axis(labels, dist) -> tuple[Rolls, ...] | str:
    """The ranges of roll labels, or why they are not rolls of the dice."""
    rolls = []
    for t in labels:
        r = parse_rolls(t.en)
        if r is None:
            return f"{t.en!r} is not a roll"
        rolls.append(r)
    order = sorted(range(len(rolls)), key=lambda i: (rolls[i].lo is not None, rolls[i].lo or 0))
    if order != list(range(len(rolls))):
        return "the rolls are not in order"
    for i, (a, b) in enumerate(zip(rolls, rolls[1:])):
        if a.hi is None or b.lo is None or b.lo != a.hi + 1:
            return f"the rolls skip or repeat between {labels[i].en!r} and {labels[i + 1].en!r}"
    lo, hi = min(dist), max(dist)
    if not all(any(v in r for r in rolls) for v in (lo, hi)):
        return f"the rolls do not cover {lo}-{hi}"
    return tuple(rolls)


def read(table: Table) -> Reading:
    """The table read as rolls, or NotDice naming why it has no odds."""
    where = f"{table.game}/{table.id}"
    spec = table.odds
    if not table.dice:
        raise NotDice(f"{where}: no odds: the table names no dice")
    if spec and spec.rolls == "none":
        why = spec.why.en if spec.why else "the table says so"
        raise NotDice(f"{where}: no odds: {why}")
    if not table.grid.rows:
        raise NotDice(f"{where}: no odds: the table's grid is not in the source")
    dist = distribution(table.dice)
    g = table.grid
    row_labels = tuple(r.label for r in g.rows)
    tries = [spec.rolls] if spec and spec.rolls else ["rows", "columns"]
    why = {}
    for axis in tries:
        found = _axis(row_labels if axis == "rows" else g.columns, dist)
        if isinstance(found, str):
            why[axis] = found
            continue
        grid = [_filled(g.expanded(r)) for r in g.rows]
        if axis == "rows":
            lines = tuple(Line(c, tuple(row[j] for row in grid)) for j, c in enumerate(g.columns))
            return Reading(table, axis, row_labels, found, lines)
        lines = tuple(Line(r.label, tuple(row)) for r, row in zip(g.rows, grid))
        return Reading(table, axis, g.columns, found, lines)
    if len(why) == 1:   # the table named the axis of its rolls
        (axis, w), = why.items()
        raise NotDice(f"{where}: no odds: its {axis} are not rolls of {table.dice} ({w})")
    detail = "; ".join(f"{axis}: {w}" for axis, w in why.items())
    raise NotDice(f"{where}: no odds: neither its rows nor its columns are rolls of {table.dice} ({detail})")


def _filled(cells) -> list[Text]:
    """The cells of a row one per column, a spanning cell repeated over the columns it covers."""
    out: list[Text] = []
    for c in cells:
        out.append(c if c is not None else out[-1])
    return out


@dataclass(frozen=True)
class Chances:
    """The chance of each roll label under one modifier, and of a roll beyond the table's ends
    (when the table gives no rule for it)."""
    drm: int
    rolls: tuple[Fraction, ...]
    below: Fraction = Fraction(0)
    above: Fraction = Fraction(0)


def chances(reading: Reading, drm: int = 0) -> Chances:
    """Where each natural roll plus `drm` lands: a label's range, the end label (the table's
    clamp rule), or beyond the table."""
    out = [Fraction(0)] * len(reading.rolls)
    below = above = Fraction(0)
    first, last = reading.rolls[0], reading.rolls[-1]
    for v, p in distribution(reading.table.dice).items():
        r = v + drm
        i = next((k for k, rr in enumerate(reading.rolls) if r in rr), None)
        if i is None and reading.clamped:
            i = 0 if first.lo is not None and r < first.lo else len(out) - 1
        if i is not None:
            out[i] += p
        elif first.lo is not None and r < first.lo:
            below += p
        else:
            above += p
    return Chances(drm, tuple(out), below, above)


def result_key(t: Text) -> tuple[str, str]:
    return (t.ja, t.en)


def results(line: Line, ch: Chances) -> dict[tuple[str, str], tuple[Text, Fraction]]:
    """Each distinct result of a line (in roll order) and its chance: a result printed on several
    roll labels adds their chances."""
    out: dict = {}
    for t, p in zip(line.results, ch.rolls):
        k = result_key(t)
        out[k] = (t, out[k][1] + p if k in out else p)
    return out


_SIGNED = re.compile(r"[+-]\d+")


def listed_drms(table: Table) -> tuple[int, ...]:
    """The whole-number modifiers the table's own modifier list prints ('+1', '-2'; a symbolic
    one such as '+ bomb value' or '-#' has no fixed value), without 0."""
    if table.modifiers is None:
        return ()
    out = set()
    for row in table.modifiers.rows:
        for c in row.cells:
            v = unicodedata.normalize("NFKC", c.en or c.ja or "").replace("\u2212", "-").strip()
            if _SIGNED.fullmatch(v) and int(v):
                out.add(int(v))
    return tuple(sorted(out))


def default_drms(table: Table) -> tuple[int, ...]:
    """The card's modifiers when none are asked for: none (0) and, on each side of it, the
    listed modifier nearest to it: bombing's only modifier -2 gives -2, 0; the CRT's -2..+3
    give -1, 0, +1. A modifier the table never prints is not shown."""
    listed = listed_drms(table)
    below = [v for v in listed if v < 0]
    above = [v for v in listed if v > 0]
    return tuple(([max(below)] if below else []) + [0] + ([min(above)] if above else []))


def parse_drms(spec: str | None, table: Table) -> tuple[int, ...]:
    """The modifiers to show: "all" (-2..+2), a list "-1,0,+1", or (None) the card's default
    (default_drms)."""
    if spec is None:
        return default_drms(table)
    if spec.strip() == "all":
        return (-2, -1, 0, 1, 2)
    out = []
    for part in spec.split(","):
        try:
            v = int(part.strip().replace("−", "-"))
        except ValueError:
            raise PlayaidsError(f"--drm {spec}: {part.strip()!r} is not a whole number (e.g. --drm -1,0,+1 or all)") \
                from None
        if not -6 <= v <= 6:
            raise PlayaidsError(f"--drm {spec}: {v} is outside -6..+6")
        if v not in out:
            out.append(v)
    return tuple(sorted(out))


def percent(p: Fraction) -> str:
    """A chance as the card prints it: one decimal, '0' and '100' exact."""
    if p == 0:
        return "0"
    if p == 1:
        return "100"
    s = f"{float(p * 100):.1f}"
    return "<0.1" if s == "0.0" else (">99.9" if s == "100.0" else s)
