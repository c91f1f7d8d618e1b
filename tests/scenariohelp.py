"""Shared helpers of the scenario tests: load a game's scenario and map once, generate and verify
without re-reading the YAML for every seed (api.generate/verify_setup re-load and re-validate
each call, ~0.1 s, too slow for 1000 seeds)."""
from __future__ import annotations

import copy

from playaids.repository import Repository
from playaids.engine import generate as gen
from playaids.engine import verify as ver
from playaids.engine.setupfile import Placement

from conftest import ROOT

DATA = Repository(ROOT / "data")


class Game:
    def __init__(self, game_id: str):
        self.id = game_id
        self.map = DATA.map(game_id)
        self.checks = dict(DATA.rules(game_id).checks).items()
        self.scenarios = {s: DATA.scenario(game_id, s) for s in DATA.scenario_ids(game_id)}

    def generate(self, scenario: str, seed: int):
        return gen.generate(self.scenarios[scenario], self.map, DATA, seed)

    def verify(self, setup):
        return ver.verify(setup, self.scenarios[setup.scenario], self.map, DATA, self.checks)

    def violations(self, setup):
        return ver.violations_only(self.verify(setup))


def mutated(setup):
    return copy.deepcopy(setup)


def place(setup, side, unit, at, count=1, **extra):
    setup.placements.append(Placement(side, unit, at, count, dict(extra)))
    return setup


def rules(found) -> set:
    return {v.rule for v in found}


def checks_of(found) -> set:
    return {(v.rule, v.check) for v in found}
