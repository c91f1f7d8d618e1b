"""The coverage ledger of a game (`data/<game>/coverage.yaml`): every set-up sentence of the
seed, quoted with its rule number, and what enforces it (the refs of the checks), or what
checking it needs (`unchecked`), or why it is no set-up rule (`not-setup`).

`playaids coverage` prints it, so a player sees what "legal" covers; `verify` says each
unchecked entry of a setup's scenario as an `unchecked:` line; the tests make every ref of a
checked entry fire on an illegal setup (tests/test_coverage_ledger.py).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from playaids import yamlsafe
from playaids.engine import vocabulary

FILE = "coverage.yaml"
STATUSES = ("checked", "unchecked", "not-setup")


@dataclass(frozen=True)
class Entry:
    rule: str
    scenarios: tuple[str, ...] | None   # None: every scenario of the game
    ja: str
    en: str
    status: str
    checks: tuple[str, ...] = ()
    needs: str = ""
    why: str = ""
    note: str = ""
    line: int | None = None             # the seed's line
    index: int = 0                      # its place in the ledger file

    def applies(self, scenario_id: str) -> bool:
        return self.scenarios is None or scenario_id in self.scenarios

    def as_dict(self) -> dict:
        d = {"rule": self.rule, "scenarios": list(self.scenarios) if self.scenarios else "all",
             "status": self.status, "en": self.en, "ja": self.ja}
        for key in ("checks", "needs", "why", "note", "line"):
            value = getattr(self, key)
            if value:
                d[key] = list(value) if isinstance(value, tuple) else value
        return d


@dataclass(frozen=True)
class Ledger:
    game: str
    seed: str
    entries: tuple[Entry, ...]

    def of(self, scenario_id: str) -> list[Entry]:
        return [e for e in self.entries if e.applies(scenario_id)]

    def refs(self) -> set[str]:
        return {r for e in self.entries for r in e.checks}


def refs_of(scenario) -> set[str]:
    """The refs a scenario's own entries give: its units, elements and constraints."""
    return ({f"unit:{u.id}" for u in scenario.units} | {f"element:{e['id']}" for e in scenario.elements} |
            {f"constraint:{c}" for c in vocabulary.constraint_ids(scenario.constraints)})


def ledger_from(located: yamlsafe.Located, game_id: str, scenarios: dict) -> Ledger:
    """The ledger of a validated coverage.yaml; `scenarios`: id -> Scenario of the game. Every
    scenario an entry names exists, and every unit, element or constraint ref resolves in one of
    the scenarios the entry applies to (a misspelt ref is an error at its line, never a check that
    silently covers nothing). A check:<name> ref is a game's own check: its test makes it fire."""
    doc = located.data
    entries = []
    for i, raw in enumerate(doc["entries"]):
        listed = raw["scenarios"]
        if listed != "all":
            for j, sid in enumerate(listed):
                if sid not in scenarios:
                    raise located.error(("entries", i, "scenarios", j),
                                        f"entries.{i}: {game_id} has no scenario {sid!r}{_near(sid, scenarios)}")
        applies = list(scenarios) if listed == "all" else listed
        known = set().union(*(refs_of(scenarios[s]) for s in applies)) if applies else set()
        for j, ref in enumerate(raw.get("checks", [])):
            if not ref.startswith("check:") and ref not in known:
                raise located.error(("entries", i, "checks", j), f"entries.{i}: {ref} is no unit, element or "
                                    f"constraint of {', '.join(applies)}{_near(ref, known)}")
        entries.append(Entry(rule=raw["rule"], scenarios=None if listed == "all" else tuple(listed),
                             ja=raw["ja"], en=raw["en"], status=raw["status"], checks=tuple(raw.get("checks", ())),
                             needs=raw.get("needs", ""), why=raw.get("why", ""), note=raw.get("note", ""),
                             line=raw.get("line"), index=i))
    return Ledger(game_id, doc.get("seed", ""), tuple(entries))


def _near(word: str, known) -> str:
    near = difflib.get_close_matches(word, sorted(known), n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""


def unchecked_lines(ledger: Ledger | None, scenario_id: str) -> list:
    """The Violations (status unchecked) that `verify` says for a scenario's unchecked entries."""
    from playaids.engine.model import Violation

    if ledger is None:
        return []
    return [Violation(e.rule, "set-up rule", f"{e.en} (needs {e.needs})", status="unchecked",
                      check="ledger", key=("scenario",), ref=f"ledger:{e.index}")
            for e in ledger.of(scenario_id) if e.status == "unchecked"]


def counts(entries) -> dict:
    return {s: sum(e.status == s for e in entries) for s in STATUSES}
