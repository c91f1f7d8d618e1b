"""Okinawa set-up checks the shared vocabulary does not express (seed 004, rules 9.61, 18.321),
and the facing generation gives each position marker (9.61c).

The Okinawa class lists them; a scenario refers to one with `{kind: game, check: <name>}`.
"""
from __future__ import annotations

from playaids.engine.model import Violation
from playaids.engine.placement import slot_owner
from playaids.games.base import GameRules

MARKER_TYPES = ("position", "minefield")


def _spot(ctx, where: str) -> str:
    """One key per map location: a place with a single hex and that hex number are the same spot."""
    hexes = ctx.map.hexes_of(slot_owner(where))
    return hexes[0] if hexes and len(hexes) == 1 else where


def positions_on_units(c: dict, setup, ctx) -> list[Violation]:
    """9.61a: a position marker always lies on a Japanese unit or stack, never in an empty hex."""
    hosts = set()
    for p in setup.placements:
        u = ctx.scenario.unit(p.unit)
        if u.side == c.get("side", "japan") and u.type not in MARKER_TYPES:
            hosts.add(_spot(ctx, p.at))
    out = []
    for i, p in enumerate(setup.placements):
        if ctx.scenario.unit(p.unit).type == "position" and _spot(ctx, p.at) not in hosts:
            out.append(Violation(c["rule"], f"placements.{i} ({p.unit} at {p.at})",
                                 "a position marker must lie on a Japanese unit, not in an empty hex",
                                 check="position-on-unit"))
    return out


# 9.61c: a marker faces one hexside. Hexes stand in vertical columns (map.yaml grid), so the six
# hexsides are named by compass point; a placement may instead name the adjacent hex it faces.
HEXSIDES = ("N", "NE", "SE", "S", "SW", "NW")


def positions_face_hexside(c: dict, setup, ctx) -> list[Violation]:
    """9.61c: each position marker must face a particular hexside: the placement's `facing` is one of
    N, NE, SE, S, SW, NW or the number of a hex adjacent to the marker's hex."""
    out = []
    for i, p in enumerate(setup.placements):
        if ctx.scenario.unit(p.unit).type != "position":
            continue
        where = f"placements.{i} ({p.unit} at {p.at})"
        facing = p.extra.get("facing")
        if facing is None or str(facing).strip() == "":
            out.append(Violation(c["rule"], where, "a position marker must face a hexside: give its facing "
                                 f"({', '.join(HEXSIDES)} or the adjacent hex it faces)", check="position-facing"))
            continue
        facing = str(facing)
        if facing.upper() in HEXSIDES:
            continue
        here, grid = ctx.map.hexes_of(slot_owner(p.at)), ctx.map.grid
        if grid is not None and grid.parse(facing) is not None:
            if here is None:
                out.append(Violation(c["rule"], where, f"needs the hex of {p.at} in map.yaml to check that it "
                                     f"faces {facing}", status="unchecked", check="position-facing"))
            elif not any(grid.distance(h, facing) == 1 for h in here):
                out.append(Violation(c["rule"], where, f"faces {facing}, which is not adjacent to its hex",
                                     check="position-facing"))
            continue
        out.append(Violation(c["rule"], where, f"facing {facing!r} is not a hexside ({', '.join(HEXSIDES)} "
                             "or an adjacent hex number)", check="position-facing"))
    return out


def positions_not_on(c: dict, setup, ctx) -> list[Violation]:
    """18.12c: the outposts set up without positions (陣地なしの前哨部隊): no position marker shares a
    map location with a unit of `units`."""
    spots = {_spot(ctx, p.at) for p in setup.placements if p.unit in c.get("units", ())}
    out = []
    for i, p in enumerate(setup.placements):
        if ctx.scenario.unit(p.unit).type == "position" and _spot(ctx, p.at) in spots:
            out.append(Violation(c["rule"], f"placements.{i} ({p.unit} at {p.at})",
                                 f"no position marker with {' or '.join(c.get('units', ()))}", check="position-not-on"))
    return out


def boeitai_next_to_us(c: dict, setup, ctx) -> list[Violation]:
    """9.42: a Boeitai unit (tag `boeitai`) in a hex adjacent to a US-occupied hex stacks with a regular
    Japanese Army unit: a Japanese unit without any of the tags `irregular` (Boeitai, navy)."""
    grid = ctx.map.grid
    us, unknown_us = [], []
    for p in setup.placements:
        if ctx.scenario.unit(p.unit).side == "us":
            hexes = ctx.map.hexes_of(slot_owner(p.at))
            if hexes:
                us.extend(hexes)
            else:
                unknown_us.append(p.at)
    if not us and not unknown_us:
        return []
    irregular = set(c.get("irregular", ["boeitai"]))
    regular = set()
    for p in setup.placements:
        u = ctx.scenario.unit(p.unit)
        if u.side == "japan" and u.type not in MARKER_TYPES and not irregular & set(u.tags):
            regular.add(_spot(ctx, p.at))
    out = []
    for i, p in enumerate(setup.placements):
        u = ctx.scenario.unit(p.unit)
        if u.side != "japan" or "boeitai" not in u.tags or _spot(ctx, p.at) in regular:
            continue
        where = f"placements.{i} ({p.unit} at {p.at})"
        here = ctx.map.hexes_of(slot_owner(p.at))
        if here and grid and any(grid.distance(a, b) == 1 for a in here for b in us):
            out.append(Violation(c["rule"], where, "a Boeitai unit next to a US unit must stack with a regular "
                                 "Japanese Army unit", check="boeitai-stacked"))
        elif not here or unknown_us:
            missing = f"the hexes of {p.at}" if not here else f"the hexes of {', '.join(sorted(set(unknown_us)))}"
            out.append(Violation(c["rule"], where, f"needs {missing} in map.yaml to tell whether it is next to a US "
                                 "unit (then it must stack with a regular army unit)", status="unchecked",
                                 check="boeitai-stacked"))
    return out


def with_or_adjacent(c: dict, setup, ctx) -> list[Violation]:
    """18.321b: each unit tagged `tag` sets up with or adjacent to a unit of one of the groups
    `to-tags` (the parent formations). While a group has no unit placed (its counters are on the
    counter sheet; generation places none), a unit far from the others may be next to it: the
    rule is then reported unchecked, not passed."""
    groups = list(c.get("to-tags", ()))
    anchors = [p for p in setup.placements if set(groups) & set(ctx.scenario.unit(p.unit).tags)]
    missing = [g for g in groups if not any(g in ctx.scenario.unit(p.unit).tags for p in anchors)]
    grid = ctx.map.grid
    spots = {_spot(ctx, a.at) for a in anchors}
    hexes = [h for a in anchors for h in (ctx.map.hexes_of(slot_owner(a.at)) or ())]
    unknown = any(not ctx.map.hexes_of(slot_owner(a.at)) for a in anchors)
    far = []
    for i, p in enumerate(setup.placements):
        if c.get("tag") not in ctx.scenario.unit(p.unit).tags or _spot(ctx, p.at) in spots:
            continue
        here = ctx.map.hexes_of(slot_owner(p.at))
        if not (here and grid and any(grid.distance(a, b) is not None and grid.distance(a, b) <= 1
                                      for a in here for b in hexes)):
            far.append((i, p, here))
    if far and missing:
        names = [(u.name or {}).get("en") or u.id for u in ctx.scenario.units
                 if set(missing) & set(u.tags) and not set(groups) - set(missing) & set(u.tags)]
        return [Violation(c["rule"], f"{len(far)} placements", f"needs the units of {', '.join(names)} placed (their "
                          f"counters are on the counter sheet) to check that {len(far)} placements are with or "
                          "adjacent to a parent formation", status="unchecked", check="with-or-adjacent")]
    out = []
    for i, p, here in far:
        where = f"placements.{i} ({p.unit} at {p.at})"
        if not here or unknown:
            out.append(Violation(c["rule"], where, "needs the hexes of the places used in map.yaml to check 'with or "
                                 "adjacent to a parent formation'", status="unchecked", check="with-or-adjacent"))
        else:
            out.append(Violation(c["rule"], where, "must set up with or adjacent to a unit of a parent formation",
                                 check="with-or-adjacent"))
    return out


def adjacent_to_enemy(c: dict, setup, ctx) -> list[Violation]:
    """18.522: the divisions `units` (one unit id each; its placements are its units) start adjacent
    to Japanese forces: at least one unit of each division placed stands next to a Japanese unit.
    Whether every unit must is not said; this weaker reading never fails a setup the stronger passes."""
    grid = ctx.map.grid
    enemy = [h for p in setup.placements
             if ctx.scenario.unit(p.unit).side == c.get("enemy", "japan") and ctx.scenario.unit(p.unit).type
             not in MARKER_TYPES for h in (ctx.map.hexes_of(slot_owner(p.at)) or ())]
    out = []
    for uid in c.get("units", ()):
        placed = [(i, p) for i, p in enumerate(setup.placements) if p.unit == uid]
        if not placed:
            continue
        known = [(i, p, ctx.map.hexes_of(slot_owner(p.at))) for i, p in placed]
        if any(h and grid and any(grid.distance(a, b) == 1 for a in h for b in enemy) for _, _, h in known):
            continue
        i, p = placed[0]
        where = f"placements.{i} ({p.unit} at {p.at})"
        if any(not h for _, _, h in known):
            out.append(Violation(c["rule"], where, f"needs the hexes of the places {uid} uses in map.yaml to tell "
                                 "whether it starts next to Japanese units", status="unchecked",
                                 check="division-adjacent"))
        else:
            out.append(Violation(c["rule"], where, f"no unit of {uid} starts adjacent to a Japanese unit",
                                 check="division-adjacent"))
    return out


def give_facings(setup, ctx) -> None:
    """Generation: every position placement faces the hexside its scenario's facing check names
    for it (`generate-facing`, or `generate-facing-by-tag` for a unit carrying the tag)."""
    cs = [c for c in ctx.scenario.constraints if c["kind"] == "game" and c.get("check") == "positions-face-hexside"]
    if not cs:
        return
    c = cs[0]
    for p in setup.placements:
        unit = ctx.scenario.unit(p.unit)
        if unit.type != "position" or "facing" in p.extra:
            continue
        by_tag = [f for t, f in c.get("generate-facing-by-tag", {}).items() if t in unit.tags]
        p.extra["facing"] = by_tag[0] if by_tag else c.get("generate-facing", "N")


def near_key_points(c: dict, setup, ctx) -> list[Violation]:
    """18.321e: position markers on or adjacent to (within `within` of) a key point - any of the 11 of
    18.321c (map places of kind `place-kind`), not only the 8 chosen in secret (18.321d): the check
    must neither reject a legal marker nor reveal which points were chosen."""
    points = [p.id for p in ctx.map.places.values() if p.kind == c.get("place-kind", "key-point")]
    within = c.get("within", 1)
    grid = ctx.map.grid
    out = []
    for i, p in enumerate(setup.placements):
        if ctx.scenario.unit(p.unit).type != "position":
            continue
        where = f"placements.{i} ({p.unit} at {p.at})"
        if slot_owner(p.at) in points:
            continue
        here = ctx.map.hexes_of(slot_owner(p.at))
        unknown = [k for k in points if not ctx.map.hexes_of(k)]
        near = here and grid and any(grid.distance(a, b) is not None and grid.distance(a, b) <= within
                                     for k in points for a in here for b in (ctx.map.hexes_of(k) or ()))
        if near:
            continue
        if not here or unknown:
            missing = "the hex of this place" if not here else f"hexes of {', '.join(unknown)}"
            out.append(Violation(c["rule"], where, f"needs {missing} in map.yaml to check 'within {within} of a "
                                 "key point'", status="unchecked", check="near-key-point"))
        else:
            out.append(Violation(c["rule"], where, f"must be on or within {within} hex of a key point", check="near-key-point"))
    return out


def key_points_held(c: dict, setup, ctx) -> list[Violation]:
    """18.321c: every key point occupied by a Japanese unit or in Japanese ZOC. Occupation is
    checked; a key point not occupied needs the map's terrain and ZOC to be judged."""
    occupied = set()
    for p in setup.placements:
        u = ctx.scenario.unit(p.unit)
        if u.side == "japan" and u.type not in MARKER_TYPES:
            occupied.add(slot_owner(p.at))
            occupied.update(ctx.map.hexes_of(slot_owner(p.at)) or ())
    out = []
    for kp in (p for p in ctx.map.places.values() if p.kind == c.get("place-kind", "key-point")):
        if kp.id in occupied or (kp.hexes and any(h in occupied for h in kp.hexes)):
            continue
        out.append(Violation(c["rule"], kp.id, "not occupied by a Japanese unit; whether it lies in Japanese ZOC "
                             "needs the map", status="unchecked", check="key-point-held"))
    return out


CHECKS = {"positions-on-units": positions_on_units, "near-key-points": near_key_points,
          "key-points-held": key_points_held, "positions-face-hexside": positions_face_hexside,
          "positions-not-on": positions_not_on, "boeitai-next-to-us": boeitai_next_to_us,
          "with-or-adjacent": with_or_adjacent, "adjacent-to-enemy": adjacent_to_enemy}


class Okinawa(GameRules):
    id = "okinawa"
    checks = CHECKS
    check_keys = {"positions-on-units": {"side": {"type": "string", "description": "The side whose units host "
                                                                                   "positions (default japan)."}},
                  "near-key-points": {"element": {"type": "string", "description": "The choose element of the "
                                                                                    "key points."},
                                      "within": {"type": "integer", "minimum": 0, "maximum": 99}},
                  "key-points-held": {"place-kind": {"type": "string"}},
                  "positions-not-on": {"units": {"type": "array", "minItems": 1, "items": {"type": "string"},
                                                 "description": "Unit ids no position marker may stand with."}},
                  "boeitai-next-to-us": {"irregular": {"type": "array", "items": {"type": "string"},
                                                       "description": "Tags of Japanese units that are not "
                                                                      "regular army (default boeitai)."}},
                  "with-or-adjacent": {"tag": {"type": "string", "description": "The tag of the units the rule "
                                                                               "binds."},
                                       "to-tags": {"type": "array", "minItems": 1, "items": {"type": "string"},
                                                   "description": "Tags of the groups they set up with or next to."}},
                  "adjacent-to-enemy": {"units": {"type": "array", "minItems": 1, "items": {"type": "string"},
                                                  "description": "Unit ids of the divisions that start next to "
                                                                 "the enemy."},
                                        "enemy": {"type": "string", "description": "The enemy side (default "
                                                                                   "japan)."}},
                  "positions-face-hexside": {
                      "generate-facing": {"type": "string", "enum": list(HEXSIDES),
                                          "description": "The hexside generation makes a position face."},
                      "generate-facing-by-tag": {"type": "object", "additionalProperties": {
                          "type": "string", "enum": list(HEXSIDES)},
                          "description": "Tag -> the hexside generation makes a position with that tag face."}}}

    def generate(self, setup, ctx, rng, options: dict) -> None:
        super().generate(setup, ctx, rng, options)
        give_facings(setup, ctx)
