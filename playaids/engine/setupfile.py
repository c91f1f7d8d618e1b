"""The setup people exchange: game, scenario, seed, draws, choices, placements (read from a file,
checked by its schema, by playaids.setupreader)."""
from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from playaids import yamlsafe


@dataclass
class Placement:
    side: str
    unit: str
    at: str
    count: int = 1
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        d = {"side": self.side, "unit": self.unit, "count": self.count, "at": self.at}
        d.update(self.extra)
        return d


@dataclass
class Setup:
    game: str
    scenario: str
    seed: int | None = None
    draws: dict = field(default_factory=dict)
    derived: dict = field(default_factory=dict)
    choices: dict = field(default_factory=dict)
    placements: list[Placement] = field(default_factory=list)
    located: yamlsafe.Located | None = field(default=None, repr=False, compare=False)
    extra: dict = field(default_factory=dict)  # a game's own top-level keys (Repository.setup_keys)

    def as_dict(self) -> dict:
        d = {"game": self.game, "scenario": self.scenario}
        if self.seed is not None:
            d["seed"] = self.seed
        d["draws"] = dict(self.draws)
        if self.derived:
            d["derived"] = dict(self.derived)
        d["choices"] = dict(self.choices)
        d["placements"] = [p.as_dict() for p in self.placements]
        d.update(self.extra)
        return d

    def where(self, *keys) -> tuple[str, int | None]:
        if self.located is None:
            return "", None
        return self.located.path, self.located.where(keys)[0]


def dump(setup: Setup) -> str:
    return yaml.safe_dump(setup.as_dict(), allow_unicode=True, sort_keys=False, width=100)
