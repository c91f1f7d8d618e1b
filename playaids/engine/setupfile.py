"""The setup file people exchange: game, scenario, seed, draws, choices, placements."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import yaml

from playaids import schemas, yamlsafe
from playaids.load import schema_error


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


def no_keys(game_id: str) -> tuple:
    return ()


def parse(located: yamlsafe.Located, setup_keys=no_keys) -> Setup:
    """Structure only, by the setup file's JSON Schema (schemas.setup: unknown keys, types,
    ranges); whether game, scenario and units exist is checked against the data.
    `setup_keys(game id)`: the top-level keys that game adds (Repository.setup_keys)."""
    doc = located.data
    if not isinstance(doc, dict):
        raise located.error((), "a setup file is a mapping with game, scenario, draws, choices, placements")
    keys = tuple(setup_keys(doc["game"])) if isinstance(doc.get("game"), str) else ()
    errors = schemas.errors(schemas.setup_validator(keys), doc)
    if errors:
        raise schema_error(located, errors)
    game, scenario, seed = doc["game"], doc["scenario"], doc.get("seed")
    placements = []
    for i, p in enumerate(doc.get("placements", [])):
        count = p.get("count", 1)
        sp = p.get("sp")
        if isinstance(sp, float) and math.isnan(sp):   # the schema's range lets NaN through: no comparison holds
            raise located.error(("placements", i, "sp"), f"sp must be a number from 0 to 1000, not {sp!r}")
        extra = {k: v for k, v in p.items() if k not in ("side", "unit", "at", "count")}
        placements.append(Placement(str(p["side"]), str(p["unit"]), str(p["at"]), count, extra))
    extra = {k: v for k, v in doc.items() if k not in {"game", "scenario", "seed", "draws", "derived",
                                                        "choices", "placements", "note"}}
    return Setup(game, scenario, seed, dict(doc.get("draws", {})), dict(doc.get("derived", {})),
                 dict(doc.get("choices", {})), placements, located, extra)


def load(path, setup_keys=no_keys) -> Setup:
    return parse(yamlsafe.load(path), setup_keys)


def iter_all(path, setup_keys=no_keys):
    """Every setup of a file, one at a time: one YAML document, a `---` stream of them, or JSON
    lines (a stream of any length, in bounded memory)."""
    return (parse(doc, setup_keys) for doc in yamlsafe.iter_all(path))
