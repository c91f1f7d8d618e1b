"""What a game adds to the shared engine, build and CLI, stated as class attributes and
overrides (the pattern of python-chess's chess/variant.py): its rules' code, `GameRules`, beside
its data (model.Game, read from game.yaml). A game that adds nothing (its data alone) is a plain
`GameRules`; one that does is a subclass listed in `playaids.games.GAMES`."""
from __future__ import annotations

from playaids.engine.vocabulary import GameCheck
from playaids.errors import PlayaidsError


class GameRules:
    id = ""
    # Checks no shared vocabulary expresses: name -> fn(constraint, setup, ctx) -> [Violation];
    # a scenario names one with {kind: game, check: name}.
    checks: dict = {}
    # The further keys of each check's constraint, as JSON Schemas: name -> {key: schema}.
    check_keys: dict = {}
    # Extra top-level keys of the game's setup files (kept in Setup.extra).
    setup_keys: tuple = ()
    # JSON Schemas of the game's own input files, published by `playaids data schema NAME`.
    schemas: dict = {}
    # click options added to `playaids scenario`; their values (when given) reach generate().
    scenario_options: tuple = ()
    # click commands added to `playaids`.
    commands: tuple = ()
    # Whether `build` writes an example setup (and its sheet) for each scenario: not when
    # generation needs an input the data cannot give.
    example_setups = True
    # The game's own kinds of aid (plugin.aids.AidKind subclasses), built after the shared ones.
    aid_kinds: tuple = ()

    def __init__(self, game_id: str | None = None):
        if game_id is not None:
            self.id = game_id

    def generate(self, setup, ctx, rng, options: dict) -> None:
        """Run after the shared generation: the game's own part of a setup."""
        if options:
            raise PlayaidsError(f"{self.id} takes no {', '.join('--' + k for k in sorted(options))}")

    def sheet_secrets(self, setup) -> list[dict]:
        """What a side keeps hidden in the game's own part of a setup (setup_keys), for its slip
        on the setup sheet: [{side, title, rule, head, rows}], texts {ja, en} or plain strings."""
        return []

    def check_schema(self, name: str) -> dict:
        """The JSON Schema of a {kind: game, check: name} constraint of this game."""
        out = GameCheck.schema()
        out["properties"] = {**out["properties"], **self.check_keys.get(name, {})}
        out["additionalProperties"] = False
        return out
