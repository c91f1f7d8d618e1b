"""The games that add to the shared code (playaids/games/base.py says what a game may add).

Imported normally: an error in a game module is an error, never a game silently left without
its checks. A game not listed here (its data alone) is a plain `GameRules`.
"""
from __future__ import annotations

from playaids.games.amigos_insurrectors import AmigosInsurrectors
from playaids.games.asl_chapter_g import AslChapterG
from playaids.games.base import GameRules
from playaids.games.okinawa import Okinawa
from playaids.games.rgi_macarthur import RgiMacArthur

GAMES: tuple[type[GameRules], ...] = (AmigosInsurrectors, AslChapterG, Okinawa, RgiMacArthur)
_BY_ID = {g.id: g for g in GAMES}


def game(game_id: str) -> GameRules:
    """The rules code of a game id: its class in GAMES, or the plain GameRules."""
    cls = _BY_ID.get(str(game_id))
    return cls() if cls is not None else GameRules(str(game_id))


def scenario_options() -> list:
    """Every game's options of `playaids scenario`."""
    return [o for g in GAMES for o in g.scenario_options]


def commands() -> list:
    """Every game's own commands."""
    return [c for g in GAMES for c in g.commands]


def schemas() -> dict:
    """Every game's own input-file schemas (Game.schemas), by name."""
    return {name: doc for g in GAMES for name, doc in g.schemas.items()}


def setup_keys_of_all() -> list:
    """Every game's own setup keys (the published setup schema allows them all)."""
    return sorted({k for g in GAMES for k in g.setup_keys})
