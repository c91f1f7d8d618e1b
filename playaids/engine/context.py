"""What generation and verification consult: the scenario, its tables, the map, the values so far."""
from __future__ import annotations

from dataclasses import dataclass, field

from playaids import load
from playaids.engine.model import GameMap, Scenario


@dataclass
class Context:
    root: object
    scenario: Scenario
    map: GameMap
    values: dict = field(default_factory=dict)  # element id -> value
    checks: dict = field(default_factory=dict)  # the game's own checks, name -> fn
    _tables: dict = field(default_factory=dict)

    def value(self, eid: str):
        return self.values.get(eid)

    def table(self, tid: str):
        if tid not in self._tables:
            self._tables[tid] = _cached_table(self.root, self.scenario.game, tid)
        return self._tables[tid]

    def option_on(self, eid: str | None) -> bool:
        return bool(eid) and self.values.get(eid) is True


_TABLES: dict = {}


def _cached_table(root, game: str, tid: str):
    """Tables are immutable data: load each once per process."""
    key = (root, game, tid)
    if key not in _TABLES:
        _TABLES[key] = load.load_table(root, game, tid)
    return _TABLES[key]
