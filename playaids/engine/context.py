"""What generation and verification consult: the scenario, its tables, the map, the values so far."""
from __future__ import annotations

from dataclasses import dataclass, field

from playaids.engine.model import GameMap, Scenario


@dataclass
class Context:
    repo: object   # repository.Repository: the tables a lookup reads, and what is worked out once
    scenario: Scenario
    map: GameMap
    values: dict = field(default_factory=dict)  # element id -> value
    checks: dict = field(default_factory=dict)  # the game's own checks, name -> fn

    def value(self, eid: str):
        return self.values.get(eid)

    def table(self, tid: str):
        return self.repo.table(self.scenario.game, tid)

    def option_on(self, eid: str | None) -> bool:
        return bool(eid) and self.values.get(eid) is True

    def freed_at(self, eid: str):
        """Where a unit whose rule option `eid` lifts may go: the option's `frees-to`, else anywhere."""
        e = self.scenario.element(eid)
        return (e or {}).get("frees-to", "any")
