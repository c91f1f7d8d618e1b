"""A dice table's odds under each modifier asked for, as one record (what the card prints) and as
JSON and CSV with the same numbers: exact fractions beside percentages."""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from fractions import Fraction

from playaids import effects as fx
from playaids import odds
from playaids.model import Table, Text


@dataclass(frozen=True)
class Analysis:
    reading: odds.Reading
    drms: tuple[int, ...]
    chances: tuple[odds.Chances, ...]          # one per drm
    effects: tuple[fx.Effect, ...]
    by_line: dict                               # id(line) -> per drm: {result key: (Text, chance)}

    @property
    def table(self) -> Table:
        return self.reading.table

    def result_chance(self, line: odds.Line, k: int, i: int) -> Fraction:
        """The chance, under drms[k], of the result line shows on roll label i (all the labels
        printing that result added)."""
        return self.by_line[id(line)][k][odds.result_key(line.results[i])][1]

    def effect_value(self, e: fx.Effect, line: odds.Line, k: int) -> Fraction:
        values = (p * fx.value(e, self.table, t) for t, p in self.by_line[id(line)][k].values())
        return sum(values, Fraction(0))

    def beyond(self) -> bool:
        """Whether some modifier sends rolls beyond the table's ends (no rule for them)."""
        return any(c.below or c.above for c in self.chances)


def analyse(table: Table, drm_spec: str | None = None) -> Analysis:
    reading = odds.read(table)
    drms = odds.parse_drms(drm_spec, table)
    every = fx.effects(reading)
    kept = tuple(e for e in every if not _just_a_result(e, reading))
    chances = tuple(odds.chances(reading, d) for d in drms)
    by_line = {id(line): tuple(odds.results(line, c) for c in chances) for line in reading.lines}
    return Analysis(reading, drms, chances, kept, by_line)


def _just_a_result(e: fx.Effect, reading: odds.Reading) -> bool:
    """A code that is only ever a whole result (the results grid already gives its chance)."""
    if e.kind != "code" or (reading.table.odds and reading.table.odds.parts):
        return False
    showing = {t.en.strip() for line in reading.lines for t in line.results
               if e.code in (fx.spell(t.en.strip(), fx.codes(reading.table)) or (None, ()))[1]}
    return showing == {e.code}


def _frac(p: Fraction) -> dict:
    return {"fraction": f"{p.numerator}/{p.denominator}", "percent": round(float(p * 100), 4)}


def _mean(v: Fraction) -> dict:
    return {"fraction": f"{v.numerator}/{v.denominator}", "value": round(float(v), 4)}


def _text(t: Text) -> dict:
    return {"ja": t.ja, "en": t.en}


def _drm(d: int) -> str:
    return f"{d:+d}" if d else "0"


def as_dict(a: Analysis) -> dict:
    t, r = a.table, a.reading
    lines = []
    for line in r.lines:
        res = []
        for key, (text, _) in odds.results(line, a.chances[0]).items():
            labels = [r.labels[i].en for i, x in enumerate(line.results) if odds.result_key(x) == key]
            res.append({"result": _text(text), "rolls": labels,
                        "chance": {_drm(d): _frac(odds.results(line, c)[key][1]) for d, c in zip(a.drms, a.chances)}})
        eff = [{"effect": _text(e.label), "kind": e.kind, "rule": e.rule,
                ("mean" if e.kind == "mean" else "chance"):
                    {_drm(d): (_mean if e.kind == "mean" else _frac)(a.effect_value(e, line, k))
                     for k, d in enumerate(a.drms)}}
               for e in a.effects]
        lines.append({"line": _text(line.label), "results": res, "effects": eff})
    return {
        "game": t.game, "table": t.id, "title": _text(t.title), "rule": t.rule, "dice": t.dice,
        "rolls_are": r.axis, "drms": [_drm(d) for d in a.drms],
        "clamp": {"rule": t.odds.clamp_rule} if r.clamped else None,
        "rolls": [{"label": lab.en, "lo": rr.lo, "hi": rr.hi,
                   "chance": {_drm(d): _frac(c.rolls[i]) for d, c in zip(a.drms, a.chances)}}
                  for i, (lab, rr) in enumerate(zip(r.labels, r.rolls))],
        "beyond_table": {_drm(d): {"below": _frac(c.below), "above": _frac(c.above)} for d, c in zip(a.drms, a.chances)},
        "lines": lines,
    }


def to_json(a: Analysis) -> str:
    return json.dumps(as_dict(a), ensure_ascii=False, indent=2) + "\n"


def to_csv(a: Analysis, lang: str = "en") -> str:
    """One row per line, item (result, effect, beyond the table) and modifier."""
    def pick(t: dict) -> str:
        return t["ja"] if lang == "ja" else t["en"]

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["line", "kind", "item", "drm", "fraction", "percent", "mean"])
    d = as_dict(a)
    for line in d["lines"]:
        for res in line["results"]:
            for drm, v in res["chance"].items():
                w.writerow([pick(line["line"]), "result", pick(res["result"]), drm, v["fraction"], v["percent"], ""])
        for e in line["effects"]:
            mean = e["kind"] == "mean"
            for drm, v in e["mean" if mean else "chance"].items():
                w.writerow([pick(line["line"]), "mean" if mean else "effect", pick(e["effect"]), drm, v["fraction"],
                            "" if mean else v["percent"], v["value"] if mean else ""])
    for drm, v in d["beyond_table"].items():
        for side in ("below", "above"):
            if v[side]["fraction"] != "0/1":
                w.writerow(["", "beyond", side, drm, v[side]["fraction"], v[side]["percent"], ""])
    return buf.getvalue()
