"""Parse a game's scenarios/*.yaml and map.yaml into engine objects (repository.Repository
reads the files): the data layer above the engine, which never reads or validates files itself."""
from __future__ import annotations

from playaids import load, schemas
from playaids.engine.hexgrid import HexGrid
from playaids.engine import vocabulary
from playaids.engine.model import GameMap, Place, Scenario, Unit


def scenario_from(located, game, scenario_id: str, tables: list[str]) -> Scenario:
    """A scenario document of `game` (games.base.GameRules: its own checks); `tables`: the ids of
    the game's tables (a lookup names one)."""
    game_id = game.id
    load.validate(located, "scenario")
    doc = located.data
    if doc["id"] != scenario_id:
        raise located.error(("id",), f"id {doc['id']!r} does not match the file name {scenario_id!r}")
    for where, problem in vocabulary.problems(doc):
        raise located.error(where, problem)
    for i, e in enumerate(doc.get("elements", [])):
        for key in ("table", "names-from"):   # a lookup's table; the table naming the values
            if (key == "names-from" or e["kind"] == "lookup") and key in e and e[key] not in tables:
                raise located.error(("elements", i, key), f"elements.{i}: {game_id} has no table {e[key]!r}")
    for i, n in enumerate(doc.get("notes", [])):   # a table a note's set-up follows
        if "table" in n and n["table"] not in tables:
            raise located.error(("notes", i, "table"), f"notes.{i}: {game_id} has no table {n['table']!r}")
    _check_game_constraints(located, game)
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
                          u.get("generate-at"), u.get("face"), u.get("back"), u.get("pool"),
                          bool(u.get("split")), tuple(u.get("may-be", ()))))
    _check_pools(located, units)
    return Scenario(game_id, doc["id"], doc["title"], doc["rule"], list(doc.get("elements", [])), units,
                    list(doc.get("constraints", [])), doc.get("turns", {}), list(doc.get("notes", [])),
                    doc.get("missing"), located.path, raw=doc, located=located, solo=doc.get("solo"))


def check_solo(scenario: Scenario, sides: list[str]) -> None:
    """A solitaire scenario's player commands one of the game's sides."""
    if scenario.solo is not None and scenario.solo["side"] not in sides:
        raise scenario.located.error(("solo", "side"), f"solo.side: unknown side {scenario.solo['side']!r} "
                                     f"(game.yaml sides: {', '.join(sides)})")


def _check_pools(located, units) -> None:
    """The units of a pool are one kind of counter: one side, one type, one set of tags, and a
    stated number each (a pool is matched counter by counter)."""
    first: dict = {}
    for i, u in enumerate(units):
        if u.pool is None:
            continue
        if u.unstated:
            raise located.error(("units", i, "pool"), f"units.{i}: a unit of unstated number cannot be in a pool")
        head = first.setdefault(u.pool, u)
        if (u.side, u.type, set(u.tags)) != (head.side, head.type, set(head.tags)):
            raise located.error(("units", i, "pool"), f"units.{i}: pool {u.pool!r} holds {head.id} "
                                f"({head.side}, {head.type}); {u.id} is {u.side}, {u.type}: not the same counter")


def _check_game_constraints(located, game) -> None:
    """A {kind: game} constraint names a check of its game and only the keys that check declares."""
    for i, c in enumerate(located.data.get("constraints", [])):
        if c["kind"] != "game":
            continue
        if c["check"] not in game.checks:
            raise located.error(("constraints", i, "check"), f"constraints.{i}: {game.id} has no check "
                                f"{c['check']!r} (known: {', '.join(sorted(game.checks)) or 'none'})")
        schema = {**game.check_schema(c["check"]), "definitions": schemas.DEFINITIONS}
        errors = schemas.errors(schemas.validator(schema), c)
        if errors:
            raise load.schema_error(located, errors, ("constraints", i))


def map_from(documents) -> GameMap:
    """The map facts of the game's map.yaml and then of a user's map file (--map), each adding
    or replacing places."""
    gmap = GameMap()
    for located in documents:
        load.validate(located, "map")
        doc = located.data
        if doc.get("numbered-hexes"):
            gmap.numbered_hexes = True
        if "grid" in doc:
            g = doc["grid"]
            gmap.grid = HexGrid(g.get("digits", 2), g.get("columns", "vertical"), g.get("shifted", "even"))
        gmap.areas = list(doc.get("areas", gmap.areas))
        for p in doc.get("places", []):
            gmap.places[p["id"]] = Place(p["id"], p["name"], p.get("kind", "place"), tuple(p.get("hexes", [])),
                                         tuple(p.get("zones", [])), p.get("rule"), p.get("slots"),
                                         tuple(p.get("doubtful-zones", [])), tuple(p.get("not-zones", [])),
                                         bool(p.get("unlisted-members", False)), tuple(p.get("aliases", [])))
        gmap.path = str(located.path)
        for i, p in enumerate(doc.get("places", [])):
            for alias in p.get("aliases", []):
                if alias in gmap.places:
                    raise located.error(("places", i, "aliases"), f"places.{i}: alias {alias!r} is the id of a place")
    return gmap


def _named_places(doc: dict):
    """(key path, place id) of every place a scenario names: units' `at` and `generate-at`, and the
    places of its constraints (`in`, `places`, `overrides`, `of`)."""
    def ids(value, path):
        if isinstance(value, str):
            yield path, value
        elif isinstance(value, list):
            for j, v in enumerate(value):
                if isinstance(v, str):
                    yield path + (j,), v
    for i, u in enumerate(doc.get("units", [])):
        at = u.get("at")
        if isinstance(at, dict):
            if "zone" in at:
                yield from ids(at["zone"], ("units", i, "at", "zone"))
            if "of" in at:
                yield from ids(at["of"], ("units", i, "at", "of"))
        elif at is not None:
            yield from ids(at, ("units", i, "at"))
        gen = u.get("generate-at")
        if not (isinstance(gen, str) and gen.startswith("element:")):
            yield from ids(gen, ("units", i, "generate-at"))
    for i, c in enumerate(doc.get("constraints", [])):
        if c.get("kind") == "game":
            continue
        for key in ("in", "places", "of"):
            if key in c:
                yield from ids(c[key], ("constraints", i, key))
        for place in c.get("overrides") or {}:
            yield ("constraints", i, "overrides", place), place


def check_places(scenario: Scenario, gmap: GameMap) -> None:
    """Every place the scenario names is one its game's map.yaml knows (a typo or a blank `at:` is
    an error at its line with the ids it may have meant, never a rule that can only be unchecked),
    and a choose `from: places:<kind>` names a kind of place the map has."""
    from playaids.engine import placement

    located = scenario.located
    for path, place in _named_places(scenario.raw):
        problem = placement.place_problem(place.strip(), gmap)
        if problem:
            raise located.error(path, f"{'.'.join(map(str, path[:2]))}: {problem}")
    kinds = {p.kind for p in gmap.places.values()}
    for i, e in enumerate(scenario.elements):
        src = e.get("from")
        if isinstance(src, str) and src.startswith("places:") and src[7:] not in kinds:
            raise located.error(("elements", i, "from"), f"elements.{i}: the map has no place of kind {src[7:]!r} "
                                f"(kinds: {', '.join(sorted(kinds)) or 'none'})")
