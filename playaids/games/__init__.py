"""Game-specific rules that no shared vocabulary expresses, registered per game.

A module `playaids/games/<game_id with _>.py` may define CHECKS = {name: fn(constraint,
setup, ctx) -> [Violation]}; a scenario refers to one with `{kind: game, check: name}`.
A game may be a package; it may also define SETUP_KEYS (extra top-level keys of its setup
files) and GENERATE (a generation hook), see setup_keys() and generator().
"""
from __future__ import annotations

import importlib


def _module(game_id: str):
    try:
        return importlib.import_module(f"playaids.games.{str(game_id).replace('-', '_')}")
    except ModuleNotFoundError:
        return None


def checks(game_id: str) -> dict:
    return dict(getattr(_module(game_id), "CHECKS", {}))


def setup_keys(game_id: str) -> tuple:
    """Extra top-level keys a game's setup files may carry (SETUP_KEYS), kept in Setup.extra."""
    return tuple(getattr(_module(game_id), "SETUP_KEYS", ()))


def needs_inputs(game_id: str) -> bool:
    """Whether generating a setup needs user inputs the data cannot give (NEEDS_INPUTS)."""
    return bool(getattr(_module(game_id), "NEEDS_INPUTS", False))


def generator(game_id: str):
    """The game's GENERATE(setup, ctx, rng, options) hook, run after the shared generation."""
    return getattr(_module(game_id), "GENERATE", None)
