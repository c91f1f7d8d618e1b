"""Game-specific rules that no shared vocabulary expresses, registered per game.

A module `playaids/games/<game_id with _>.py` may define CHECKS = {name: fn(constraint,
setup, ctx) -> [Violation]}; a scenario refers to one with `{kind: game, check: name}`.
"""
from __future__ import annotations

import importlib


def checks(game_id: str) -> dict:
    try:
        mod = importlib.import_module(f"playaids.games.{game_id.replace('-', '_')}")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(mod, "CHECKS", {}))
