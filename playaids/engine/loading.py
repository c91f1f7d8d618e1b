"""Read scenarios/*.yaml and map.yaml of a game folder into engine objects."""
from __future__ import annotations

from pathlib import Path

from playaids import games, load, schemas, yamlsafe
from playaids.engine.hexgrid import HexGrid
from playaids.engine import vocabulary
from playaids.engine.model import GameMap, Place, Scenario, Unit
from playaids.errors import DataError, UnknownId


def scenario_ids(root, game_id: str) -> list[str]:
    d = load.game_dir(root, game_id) / "scenarios"
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


def load_scenario(root, game_id: str, scenario_id: str) -> Scenario:
    load.load_game(root, game_id, with_tables=False)  # unknown game -> UnknownId
    path = load.game_dir(root, game_id) / "scenarios" / f"{scenario_id}.yaml"
    if not path.is_file():
        raise UnknownId(f"scenario of {game_id}", scenario_id, scenario_ids(root, game_id))
    located = yamlsafe.load(path)
    load.validate(located, "scenario")
    doc = located.data
    if doc["id"] != scenario_id:
        raise located.error(("id",), f"id {doc['id']!r} does not match the file name {scenario_id!r}")
    for where, problem in vocabulary.problems(doc):
        raise located.error(where, problem)
    tables = None
    for i, e in enumerate(doc.get("elements", [])):
        if e["kind"] == "lookup" and "table" in e:
            tables = load.table_ids(root, game_id) if tables is None else tables
            if e["table"] not in tables:
                raise located.error(("elements", i, "table"), f"elements.{i}: {game_id} has no table {e['table']!r}")
    _check_game_constraints(located, games.game(game_id))
    seen: set = set()
    for i, e in enumerate(doc.get("elements", [])):
        if e["id"] in seen:
            raise located.error(("elements", i, "id"), f"duplicate element id {e['id']!r}")
        seen.add(e["id"])
    units = []
    for i, u in enumerate(doc.get("units", [])):
        if u["id"] in seen:
            raise located.error(("units", i, "id"), f"duplicate unit id {u['id']!r}")
        seen.add(u["id"])
        per = u["at"].get("per-place") if isinstance(u.get("at"), dict) else None
        if per is not None and (not isinstance(per, int) or isinstance(per, bool) or not 1 <= per <= vocabulary.MAX_COUNT):
            raise located.error(("units", i, "at", "per-place"), f"units.{i}: per-place must be a whole number "
                                f"1-{vocabulary.MAX_COUNT}")
        units.append(Unit(u["id"], u["side"], u["count"], u.get("type", "unit"), tuple(u.get("tags", [])),
                          u.get("at"), u["rule"], u.get("unless"), u.get("when"), u.get("name"), u.get("sp"),
                          u.get("generate-at")))
    return Scenario(game_id, doc["id"], doc["title"], doc["rule"], list(doc.get("elements", [])), units,
                    list(doc.get("constraints", [])), doc.get("turns", {}), list(doc.get("notes", [])),
                    doc.get("missing"), str(path), doc, located)


def _check_game_constraints(located, game) -> None:
    """A {kind: game} constraint names a check of its game and only the keys that check declares."""
    import jsonschema

    for i, c in enumerate(located.data.get("constraints", [])):
        if c["kind"] != "game":
            continue
        if c["check"] not in game.checks:
            raise located.error(("constraints", i, "check"), f"constraints.{i}: {game.id} has no check "
                                f"{c['check']!r} (known: {', '.join(sorted(game.checks)) or 'none'})")
        schema = {**game.check_schema(c["check"]), "definitions": schemas.DEFINITIONS}
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(c))
        if errors:
            raise load.schema_error(located, errors, ("constraints", i))


def load_map(root, game_id: str, override=None) -> GameMap:
    """The game's map.yaml, with a user's map file (--map) adding or replacing places."""
    gmap = GameMap()
    for path in [load.game_dir(root, game_id) / "map.yaml"] + ([Path(override)] if override else []):
        if not path.is_file():
            if path == Path(override or ""):
                raise DataError(path, "map file not found")
            continue
        located = yamlsafe.load(path)
        load.validate(located, "map")
        doc = located.data
        if "grid" in doc:
            g = doc["grid"]
            gmap.grid = HexGrid(g.get("digits", 2), g.get("columns", "vertical"), g.get("shifted", "even"))
        for p in doc.get("places", []):
            gmap.places[p["id"]] = Place(p["id"], p["name"], p.get("kind", "place"), tuple(p.get("hexes", [])),
                                         tuple(p.get("zones", [])), p.get("rule"), p.get("slots"),
                                         tuple(p.get("doubtful-zones", [])))
        gmap.path = str(path)
    return gmap
