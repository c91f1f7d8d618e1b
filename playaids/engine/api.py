"""The engine's entry points as the CLI and the renderers use them."""
from __future__ import annotations

from playaids import games
from playaids.engine import generate as gen
from playaids.engine import loading, setupfile
from playaids.engine import verify as ver
from playaids.errors import DataError


def generate(root, game_id: str, scenario_id: str, seed: int, map_file=None, options=None):
    scenario = loading.load_scenario(root, game_id, scenario_id)
    gmap = loading.load_map(root, game_id, map_file)
    return gen.generate(scenario, gmap, root, seed, options)


def verify_setup(root, setup, map_file=None):
    """(scenario, violations) for a parsed setup; unknown game/scenario/unit -> DataError."""
    path = setup.located.path if setup.located else "setup"
    try:
        scenario = loading.load_scenario(root, setup.game, setup.scenario)
    except DataError:
        raise
    except Exception as e:  # UnknownId: say which file asked for it
        line = setup.located.where(("game",))[0] if setup.located else None
        raise DataError(path, str(e), line) from None
    gmap = loading.load_map(root, setup.game, map_file)
    return scenario, ver.verify(setup, scenario, gmap, root, games.checks(setup.game).items())


def verify_file(root, path, map_file=None):
    return verify_setup(root, setupfile.load(path), map_file)
