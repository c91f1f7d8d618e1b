"""The engine's entry points as the CLI and the renderers use them."""
from __future__ import annotations

import re

from playaids.engine import generate as gen
from playaids.engine import verify as ver
from playaids.errors import DataError, UnknownId


def generate(root, game_id: str, scenario_id: str, seed: int, map_file=None, options=None):
    scenario = root.scenario(game_id, scenario_id)
    gmap = root.map(game_id, map_file)
    return gen.generate(scenario, gmap, root, seed, options)


def verify_setup(root, setup, map_file=None):
    """(scenario, violations) for a parsed setup; unknown game/scenario/unit -> DataError."""
    path = setup.located.path if setup.located else "setup"
    try:
        scenario = root.scenario(setup.game, setup.scenario)
    except DataError:
        raise
    except UnknownId as e:  # say which file asked for it, at the line of the unknown id

        key = "scenario" if setup.game in root.game_ids() else "game"
        line = setup.located.where((key,))[0] if setup.located else None
        raise DataError(path, str(e), line) from None
    gmap = root.map(setup.game, map_file)
    found = ver.verify(setup, scenario, gmap, root, dict(root.rules(setup.game).checks).items())
    return scenario, found + root.unchecked_lines(setup.game, scenario.id)


def verify_file(root, path, map_file=None):
    return verify_setup(root, root.read_setup(path), map_file)


_PLACE = re.compile(r"^placements\.(\d+)(.*)$")
_VALUE = re.compile(r"^(draws|derived|choices)\.([^\s(]+)(.*)$")


def locate(setup, v) -> tuple[str, int | None, str]:
    """(file, 1-based line, where in a person's words) of a violation in its setup file:
    `placements.8 (b-17 at nichols)` is the 9th placement, at its line."""
    path = setup.located.path if setup.located else ""
    keys, where = None, v.where
    if v.key:
        keys = v.key
    if m := _PLACE.match(v.where):
        i = int(m.group(1))
        keys, where = keys or ("placements", i), f"placement {i + 1}{m.group(2)}"
    elif m := _VALUE.match(v.where):
        keys = keys or (m.group(1), m.group(2))
    if not keys:   # a violation of the setup as a whole: at its scenario line
        keys = ("scenario",)
    line = setup.located.where(keys)[0] if setup.located is not None else None
    return path, line, where


def root_causes(scenario, found: list) -> list:
    """The violations less those a wrong value upstream explains: a lookup (derived value) whose
    row, column or condition element is itself wrong is not reported again."""
    wrong = {m.group(2) for v in found if v.status == "violation" and (m := _VALUE.match(v.where))}
    if not wrong:
        return found
    refs = {}
    for e in scenario.elements:
        used = set()
        for value in e.values():
            items = value if isinstance(value, list) else list(value) if isinstance(value, dict) else [value]
            used |= {x for x in items if isinstance(x, str)}
        refs[e["id"]] = used

    def explained(v):
        m = _VALUE.match(v.where)
        return bool(m and m.group(1) == "derived" and refs.get(m.group(2), set()) & (wrong - {m.group(2)}))

    return [v for v in found if not explained(v)]
