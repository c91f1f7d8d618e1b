"""What generation and verification consult: the scenario, its tables, the map, the values so far."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playaids import load
from playaids.engine.model import GameMap, Scenario


@dataclass
class Context:
    root: object
    scenario: Scenario
    map: GameMap
    values: dict = field(default_factory=dict)  # element id -> value
    _tables: dict = field(default_factory=dict)

    def value(self, eid: str):
        return self.values.get(eid)

    def table(self, tid: str):
        if tid not in self._tables:
            self._tables[tid] = _cached_table(str(self.root), self.scenario.game, tid)
        return self._tables[tid]

    def option_on(self, eid: str | None) -> bool:
        return bool(eid) and self.values.get(eid) is True


_TABLES: dict = {}


def _cached_table(root: str, game: str, tid: str):
    """Tables are immutable: reuse them across setups while their file is unchanged."""
    path = Path(root) / game / "tables" / f"{tid}.yaml"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = None
    key = (root, game, tid)
    hit = _TABLES.get(key)
    if hit and hit[0] == stamp:
        return hit[1]
    table = load.load_table(root, game, tid)
    _TABLES[key] = (stamp, table)
    return table
