"""Placement rules: which units a scenario has and where they go, and the constraint
vocabulary over placements (stacking, counts in a zone, hex lines, forbidden places,
distance between a formation's units)."""
from __future__ import annotations

import difflib
from collections import defaultdict

from playaids.engine import values
from playaids.engine.model import Unit, Violation


ANYWHERE = {"any", "anywhere"}


def present(unit: Unit, ctx) -> bool:
    """Whether the unit is in this setup (`when: {chit: [4, 5]}` conditions)."""
    for eid, allowed in (unit.when or {}).items():
        v = ctx.value(eid)
        if v is None or v not in values.expand(allowed if isinstance(allowed, list) else [allowed]):
            return False
    return True


def slot_owner(where: str) -> str:
    """"pusan-perimeter#3" -> "pusan-perimeter": a named slot of a place the rules count."""
    return where.split("#", 1)[0]


def in_place(ctx, where: str, target: str) -> bool | None:
    if slot_owner(where) == target or where == target:
        return True
    return ctx.map.in_zone(slot_owner(where), target)


def allowed_at(unit: Unit, where: str, ctx) -> tuple[bool | None, str]:
    """(True/False/None when unknowable, description of the rule)."""
    at = ctx.freed_at(unit.unless) if ctx.option_on(unit.unless) else unit.at
    if at in (None, "any"):
        return True, "anywhere"
    if isinstance(at, str):
        return in_place(ctx, where, at), f"at {at}"
    if isinstance(at, list):
        results = [in_place(ctx, where, a) for a in at]
        ok = True if any(r is True for r in results) else None if any(r is None for r in results) else False
        return ok, f"at one of {', '.join(at)}"
    if isinstance(at, dict) and "zone" in at:
        return in_place(ctx, where, at["zone"]), f"in {at['zone']}"
    if isinstance(at, dict) and "within" in at:
        targets = at["of"] if isinstance(at["of"], list) else [at["of"]]
        desc = f"within {at['within']} hexes of {' or '.join(targets)}"
        if any(slot_owner(where) == t for t in targets):
            return True, desc
        grid = ctx.map.grid
        here = ctx.map.hexes_of(slot_owner(where))
        if grid is None or not here:
            return None, desc
        unknown = False
        for t in targets:
            there = ctx.map.hexes_of(t)
            if not there:
                unknown = True
                continue
            if any(grid.distance(a, b) is not None and grid.distance(a, b) <= at["within"] for a in here for b in there):
                return True, desc
        return (None if unknown else False), desc
    return None, f"rule {at!r}"


def place_problem(at: str, gmap, placement: bool = False) -> str:
    """What is wrong with a place a setup or scenario names ("" when the map knows it): blank,
    an unknown id (with the ids it may have meant), a slot the place does not have, a hex number
    the map's grid does not read, a bare number on a map of towns or areas. A placement
    (`placement`) cannot stand in a zone as a whole when the map lists all its places."""
    if not at:
        return "missing: give a place or hex"
    if at in ANYWHERE:
        return ""
    owner, _, slot = gmap.canonical(at).partition("#")
    place = gmap.place(owner)
    if placement and not slot and place is not None and place.kind == "zone" and \
            not place.unlisted_members and not place.slots:
        members = [p.id for p in gmap.members(owner) if p.id != owner]
        if members:
            return (f"{owner} is a zone of {len(members)} places: give the one the unit is in "
                    f"({', '.join(members[:6])}{', ...' if len(members) > 6 else ''})")
    key = ("zones", len(gmap.places))   # once per map (keyed like its other memos): asked per placement
    if key not in gmap.memo:
        gmap.memo[key] = {z for p in gmap.places.values() for z in (*p.zones, *p.doubtful_zones)}
    zones = gmap.memo[key]
    if place is None and owner in zones and not slot:   # a zone its places name, with no entry of its own
        return ""
    if place is not None:
        if not slot:
            return ""
        if place.slots and slot.isdigit() and 1 <= int(slot) <= place.slots:
            return ""
        return (f"{owner} has {place.slots} slots (#1-#{place.slots})" if place.slots else
                f"{owner} has no numbered slots")
    if at.isdigit() and gmap.grid is not None:
        if gmap.grid.parse(at) is not None:
            return ""
        return f"hex {at} is not a hex number of this map ({2 * gmap.grid.digits} digits)"
    if at.isdigit() and gmap.numbered_hexes:
        return ""
    names = {z: z for z in zones}
    for pid, pl in gmap.places.items():
        names[pid] = pid
        if pid.rpartition("-")[2].isdigit():   # "21" for area-21
            names.setdefault(pid.rpartition("-")[2], pid)
        for text in (pl.name or {}).values():
            if isinstance(text, str):
                names[text.lower()] = pid
    prefixed = sorted(pid for pid in gmap.places if pid.startswith(at.lower() + "-"))  # bataan -> bataan-airfield
    near = list(dict.fromkeys([*prefixed, *(names[n] for n in difflib.get_close_matches(at.lower(), list(names), n=3,
                                                                                        cutoff=0.6))]))[:3]
    hint = f"did you mean {' or '.join(repr(n) for n in near)}?" if near else \
        "not a place of the map data; a place the map shows but the rules do not name can be given with --map"
    return f"unknown place {at!r} ({hint})"


def _missing_fact(unit_rule_at, where: str) -> str:
    if isinstance(unit_rule_at, dict) and "of" in unit_rule_at:
        of = unit_rule_at["of"]
        return f"hexes of {', '.join(of) if isinstance(of, list) else of}"
    if isinstance(unit_rule_at, dict) and "zone" in unit_rule_at:
        return f"the zones of {where}"
    return f"membership of {unit_rule_at}"


def _unknowable(at, where: str, desc: str, ctx) -> str:
    """Why a place rule cannot be decided: a doubtful reading of the source, or a missing map fact."""
    place = ctx.map.place(slot_owner(where))
    zone = at.get("zone") if isinstance(at, dict) else None
    if isinstance(at, list):   # one of several places: the one whose membership is in doubt
        zone = next((a for a in at if place is not None and a in place.doubtful_zones), None) or \
            next((a for a in at if (ctx.map.place(a) or place) is not place and ctx.map.place(a) is not None
                  and ctx.map.place(a).unlisted_members), None)
        if zone is None:
            return f"needs whether {slot_owner(where)} is in {' or '.join(at)} in map.yaml to check '{desc}'"
    if place is not None and zone in place.doubtful_zones:
        return f"the source is doubtful whether {place.id} is in {zone} (see the note in map.yaml): '{desc}' unchecked"
    target = ctx.map.place(zone) if zone else None
    if target is not None and target.unlisted_members:
        return (f"needs the places of {zone} (not named in the source; give them with --map) to check "
                f"whether {slot_owner(where)} is one of them ('{desc}')")
    return f"needs {_missing_fact(at, where)} in map.yaml to check '{desc}'"


def check_units(setup, ctx, pooled: dict | None = None) -> list[Violation]:
    """Every unit present is placed with its full count, on a side and place its rule allows.
    `pooled` (engine/pools.py): pools whose counters match their entries whatever their labels;
    their labels' places and numbers are not held against them (an undecided pool keeps its
    unchecked lines)."""
    pooled = pooled or {}
    out = []
    placed = defaultdict(int)
    for i, p in enumerate(setup.placements):
        unit = ctx.scenario.unit(p.unit)
        where = f"placements.{i} ({p.unit} at {p.at})"
        if p.side != unit.side:
            out.append(Violation(unit.rule, where, f"{p.unit} belongs to {unit.side}, not {p.side}", check="side",
                                 key=("placements", i)))
        placed[p.unit] += p.count
        if not present(unit, ctx):
            out.append(Violation(unit.rule, where, f"{p.unit} is not in this setup ({values.when_words(unit.when)})", check="presence",
                                 key=("placements", i)))
            continue
        face = p.extra.get("face")
        if unit.face and face is not None and str(face) != unit.face:
            out.append(Violation(unit.rule, where, f"{p.unit} sets up face-{unit.face}, not {face}", check="face",
                                 key=("placements", i, "face")))
        kind = p.extra.get("type")
        if kind is not None and str(kind) not in (unit.type, *unit.may_be):
            kinds = ", ".join((unit.type, *unit.may_be))
            out.append(Violation(unit.rule, where, f"{p.unit} has no counter of type {kind!r} (its types: {kinds})",
                                 check="type", key=("placements", i, "type")))
        ok, desc = allowed_at(unit, p.at, ctx)
        if unit.pool in pooled and (ok is False or pooled[unit.pool] == "matched"):
            continue
        if ok is False:
            out.append(Violation(unit.rule, where, f"must be {desc}", check="place", key=("placements", i)))
        elif ok is None:
            out.append(Violation(unit.rule, where, _unknowable(unit.at, p.at, desc, ctx),
                                 status="unchecked", check="place", key=("placements", i)))
    unplaced = [u for u in ctx.scenario.units if u.unstated and not placed[u.id] and present(u, ctx)]
    if unplaced:   # how many is a counter fact: never a violation, never a silent pass
        names = [(u.name or {}).get("en") or u.id for u in unplaced]
        out.append(Violation("", "units of unstated number",
                             f"none placed of {', '.join(names)} (how many set up is printed on the counters, "
                             "not in the rules)", status="unchecked", check="unstated-count",
                             key=("placements",), ref="setup:unstated"))
    for unit in ctx.scenario.units:
        per = unit.at.get("per-place") if isinstance(unit.at, dict) else None
        if per and present(unit, ctx) and not ctx.option_on(unit.unless):
            out += _check_per_place(unit, per, setup, ctx)
        if unit.split and present(unit, ctx):
            if not placed[unit.id]:
                out.append(Violation(unit.rule, f"unit {unit.id}", "none placed (a group of counters: place it "
                                     "in one piece or several)", check="count",
                                     key=("placements",), ref=f"unit:{unit.id}"))
        elif present(unit, ctx) and not unit.unstated and placed[unit.id] != unit.count and unit.pool not in pooled:
            out.append(Violation(unit.rule, f"unit {unit.id}",
                                 f"{placed[unit.id]} placed, the scenario has {unit.count}", check="count",
                                 key=first_key(setup, lambda p: p.unit == unit.id), ref=f"unit:{unit.id}"))
    return out


def first_key(setup, test) -> tuple:
    """The key of the first placement passing `test` (a violation about several placements is
    shown at the first), else the placements list itself."""
    i = next((i for i, p in enumerate(setup.placements) if test(p)), None)
    return ("placements",) if i is None else ("placements", i)


def _check_per_place(unit: Unit, per: int, setup, ctx) -> list[Violation]:
    """`at: {zone: z, per-place: n}`: exactly n of the unit in each member (or slot) of z."""
    zone = unit.at["zone"]
    place = ctx.map.place(zone)
    spots = [p.id for p in ctx.map.members(zone) if p.id != zone]
    if not spots and place is not None and place.slots:
        spots = [f"{zone}#{i}" for i in range(1, place.slots + 1)]
    out = []
    key = first_key(setup, lambda p: p.unit == unit.id)
    whole = sum(p.count for p in setup.placements if p.unit == unit.id and p.at == zone)
    for s in spots:
        n = sum(p.count for p in setup.placements if p.unit == unit.id and p.at == s)
        if n > per or (n != per and not whole):   # units in the zone as a whole may be in any of its spots
            out.append(Violation(unit.rule, s, f"{n} {unit.id}, must be exactly {per}", check="per-place",
                                 key=key, ref=f"unit:{unit.id}"))
    if whole and not out:
        out.append(Violation(unit.rule, zone, _whole_zone_words(zone, whole, spots, f"{per} in each"),
                             status="unchecked", check="per-place", key=key, ref=f"unit:{unit.id}"))
    return out


def _whole_zone_words(zone: str, n: int, spots: list, rule: str) -> str:
    """Why a count per place cannot be made: units placed in a zone as a whole."""
    shown = f"{spots[0]}-{spots[-1].rpartition('#')[2]}" if "#" in spots[0] else ", ".join(spots[:4])
    return (f"{n} placed in {zone} as a whole: give each placement its place ({shown}) "
            f"to check {rule}")


def selected(c: dict, unit: Unit) -> bool:
    sel = c.get("units")
    if sel is None:
        ok = True
    elif isinstance(sel, list):
        ok = unit.id in sel
    else:
        ok = (unit.type in sel.get("types", [unit.type]) and
              all(t in unit.tags for t in sel.get("tags", [])) and
              unit.id not in sel.get("except", []))
    if c.get("side") not in (None, "each", "all") and unit.side != c["side"]:
        ok = False
    return ok and unit.type not in c.get("exempt", [])


def _maybe_exempt(c: dict, unit: Unit, p) -> bool:
    """Counters of a unit that may be of an exempt type (its `may-be`) whose placement does not
    say which type they are: whether they count depends on it."""
    kind = p.extra.get("type")
    return kind is None and any(t in c.get("exempt", []) for t in unit.may_be)


def _exempt_here(c: dict, unit: Unit, p) -> bool:
    """The placement says its counters are of an exempt type the unit may be."""
    kind = p.extra.get("type")
    return kind is not None and str(kind) in unit.may_be and str(kind) in c.get("exempt", [])


def _measure(c: dict, unit: Unit, p) -> int | None:
    m = c.get("measure", "units")
    if m == "units":
        return p.count
    if m == "sp":
        sp = p.extra.get("sp", unit.sp)
        return None if sp is None else sp * p.count
    if m == "steps":
        st = p.extra.get("steps")
        return None if st is None else st * p.count
    return p.count


def whole_zone(ctx, where: str) -> bool:
    """A placement in a zone as a whole whose places the source does not name (no slot of it):
    not one place, so a per-place limit cannot be counted there."""
    place = ctx.map.place(where)
    return place is not None and place.kind == "zone" and place.unlisted_members


def place_limit(c: dict, where: str, ctx):
    """A place's stacking limit under one constraint: `limit`, or the last override whose place
    holds it (None = unlimited); worked out once per map."""
    overrides = c.get("overrides", {})
    key = ("limit", c["limit"], tuple(overrides.items()), where)
    memo = ctx.map.memo
    if key not in memo:
        memo[key] = c["limit"]
        for place, lim in overrides.items():
            if in_place(ctx, where, place):
                memo[key] = lim
    return memo[key]


def check_stacking(c: dict, setup, ctx) -> list[Violation]:
    """At most `limit` (units, SP or steps) per place; per side when side: each;
    exempt types; `overrides: {place: limit}` (None = unlimited)."""
    totals: dict = defaultdict(int)
    unknown: dict = defaultdict(list)
    wholes: dict = defaultdict(list)
    maybe: dict = defaultdict(lambda: [0, set()])   # counters that count unless they are of an exempt type
    for p in setup.placements:
        unit = ctx.scenario.unit(p.unit)
        if not selected(c, unit) or p.at in ANYWHERE or _exempt_here(c, unit, p):
            continue
        key = (p.at, unit.side if c.get("side") == "each" else "")
        if whole_zone(ctx, p.at):
            wholes[key].append(p.unit)
        m = _measure(c, unit, p)
        if m is None:
            unknown[key].append(p.unit)
        else:
            totals[key] += m
            if _maybe_exempt(c, unit, p):
                maybe[key][0] += m
                maybe[key][1].add(p.unit)
    out = []
    what = c.get("label") or {"units": "units", "sp": "stacking points", "steps": "steps"}[c.get("measure", "units")]
    exempt = f" ({' and '.join(c['exempt'])} exempt)" if c.get("exempt") else ""
    for (where, side), total in sorted(totals.items()):
        if (where, side) in wholes:
            continue
        limit = place_limit(c, where, ctx)
        if limit is not None and total > limit:
            owner = f"{side} " if side else ""
            n, units = maybe.get((where, side), (0, ()))
            if total - n <= limit:   # within the limit if enough of them are of the exempt type
                kinds = sorted({t for u in units for t in ctx.scenario.unit(u).may_be if t in c.get("exempt", [])})
                out.append(Violation(c["rule"], f"{_where_word(where)}", f"{total} {owner}{what}, limit {limit}"
                                     f"{exempt}, unless {total - limit} of {', '.join(sorted(units))} "
                                     f"{'is' if total - limit == 1 else 'are'} {' or '.join(kinds)}: give the "
                                     f"placement's `type:`", status="unchecked", check="stacking",
                                     key=first_key(setup, lambda p, w=where, us=units: p.at == w and p.unit in us)))
                continue
            out.append(Violation(c["rule"], f"{_where_word(where)}", f"{total} {owner}{what}, limit {limit}{exempt}",
                                 check="stacking", key=first_key(setup, lambda p, w=where: p.at == w)))
    for (zone, side), units in sorted(wholes.items()):
        # units in a zone as a whole may share a town with any units placed where the zone may be:
        # within the limit even if all of them were in one town, the zone passes
        worst = sum(t for (w, s), t in totals.items() if s == side and (w == zone or in_place(ctx, w, zone) is not False))
        limit = place_limit(c, zone, ctx)
        if limit is not None and worst > limit:
            out.append(Violation(c["rule"], zone, f"needs the places of {zone} (not named in the source) to count "
                                 f"{', '.join(sorted(set(units)))} per place: placed in the zone as a whole",
                                 status="unchecked", check="stacking", key=first_key(setup, lambda p, z=zone: p.at == z)))
    if unknown:
        units = sorted({u for us in unknown.values() for u in us})
        places = sorted({w for w, _ in unknown})
        n = len(places)
        out.append(Violation(c["rule"], f"{n} place{'s' if n != 1 else ''} ({', '.join(places[:6])}"
                             f"{', ...' if n > 6 else ''})",
                             f"needs the {what} of {', '.join(units)} (counter values, not in the source: give "
                             f"`{c.get('measure')}:` in the placement)", status="unchecked", check="stacking",
                             key=first_key(setup, lambda p: p.unit in units)))
    return out


def _where_word(where: str) -> str:
    return f"hex {where}" if where.isdigit() else where


def check_count(c: dict, setup, ctx) -> list[Violation]:
    """Units of a selection in a place or zone (`anywhere`: the whole set-up): min / max / exact,
    optionally for each member."""
    targets = [c["in"]]
    if c.get("each"):
        targets = [p.id for p in ctx.map.members(c["in"]) if p.id != c["in"]]
        slots = ctx.map.place(c["in"]).slots if ctx.map.place(c["in"]) else None
        if not targets and slots:
            targets = [f"{c['in']}#{i}" for i in range(1, slots + 1)]
    out, opened = [], False
    whole = c.get("each") and sum(p.count for p in setup.placements
                                  if p.at == c["in"] and selected(c, ctx.scenario.unit(p.unit)))
    for t in targets:
        n, k, unknown, first_in = 0, 0, [], None
        for i, p in enumerate(setup.placements):
            unit = ctx.scenario.unit(p.unit)
            if not selected(c, unit):
                continue
            if t in ANYWHERE:   # `in: anywhere`: the whole set-up (a counter limit: 5 gunboats)
                inside = True
            elif whole and p.at == c["in"]:
                inside = None   # in the zone as a whole: in any one of its places
            else:
                inside = p.at == t or in_place(ctx, p.at, t) if "#" in t else in_place(ctx, p.at, t)
            if inside is None:
                unknown.append(p.at)
                k += p.count
            elif inside:
                n += p.count
                first_in = i if first_in is None else first_in
        label = c.get("label", "units")
        key = ("placements", first_in) if first_in is not None else \
            first_key(setup, lambda p: selected(c, ctx.scenario.unit(p.unit)))
        # units whose place may or may not be in t: a bound the certain ones already break or
        # meet whatever the others are is decided; otherwise it is unchecked
        bad, open_ = [], False
        if "exact" in c:
            v = c["exact"]
            if n > v or n + k < v:
                bad.append(f"{n if n > v else n + k} {label}, must be {v}")
            open_ |= k > 0
        if "min" in c:
            if n + k < c["min"]:
                bad.append(f"{n + k} {label}, at least {c['min']}")
            open_ |= n < c["min"]
        if "max" in c:
            if n > c["max"]:
                bad.append(f"{n} {label}, at most {c['max']}")
            open_ |= n + k > c["max"]
        out += [Violation(c["rule"], t, m, check="count", key=key) for m in dict.fromkeys(bad)]
        if open_ and not bad and whole:
            opened = True
        elif open_ and not bad:
            out.append(Violation(c["rule"], t, f"needs the zones of {', '.join(sorted(set(unknown)))} in map.yaml",
                                 status="unchecked", check="count", key=key))
    if opened and not any(v.status == "violation" for v in out):   # once, not once per place
        out.append(Violation(c["rule"], c["in"], _whole_zone_words(c["in"], whole, targets, _bound_words(c)),
                             status="unchecked", check="count", key=first_key(setup, lambda p: p.at == c["in"])))
    return out


def _bound_words(c: dict) -> str:
    bound = ("", c["exact"]) if "exact" in c else ("at least ", c["min"]) if "min" in c else ("at most ", c.get("max"))
    return f"{bound[0]}{bound[1]} in each"


def check_forbidden(c: dict, setup, ctx) -> list[Violation]:
    out = []
    for i, p in enumerate(setup.placements):
        unit = ctx.scenario.unit(p.unit)
        if not selected(c, unit):
            continue
        spot = ctx.map.place(slot_owner(p.at))
        if spot is not None and spot.kind in c.get("place-kinds", ()):
            out.append(Violation(c["rule"], f"placements.{i} ({p.unit} at {p.at})",
                                 f"{p.unit} may not be placed in {p.at} (no place of kind {spot.kind})",
                                 check="forbidden", key=("placements", i)))
        for place in c.get("places", ()):
            inside = in_place(ctx, p.at, place)
            if inside:
                out.append(Violation(c["rule"], f"placements.{i} ({p.unit} at {p.at})",
                                     f"{p.unit} may not be placed in {place}", check="forbidden", key=("placements", i)))
            elif inside is None:   # may be there: never a silent pass
                out.append(Violation(c["rule"], f"placements.{i} ({p.unit} at {p.at})",
                                     f"needs whether {slot_owner(p.at)} is in {place} (map.yaml) to check that "
                                     f"{p.unit} is not there", status="unchecked", check="forbidden",
                                     key=("placements", i)))
    return out


def check_line(c: dict, setup, ctx) -> list[Violation]:
    """On or beyond a hex line: for the line hex in the placement's column, the row must be
    greater (direction: greater-row) or smaller; the map's grid note says which is south. A hex
    outside the line's columns is reported unchecked: the line names no hex there, and whether
    the hex is beyond it depends on where the coast runs past the line's ends. `min-distance`:
    beyond the line and at least that many hexes from every hex of it."""
    line: dict = {}  # column -> rows of the line in it (a line may run along a column: 2029, 2030)
    grid = ctx.map.grid
    bad = [h for h in c["line"] if grid is None or grid.parse(h) is None]
    if bad:
        return [Violation(c["rule"], f"line {c['line'][0]}-{c['line'][-1]}",
                          f"needs a grid in map.yaml whose hex numbers read {bad[0]}", status="unchecked",
                          check="line", key=("placements",))]
    for h in c["line"]:
        col, row = grid.parse(h)
        line.setdefault(col, []).append(row)
    out = []
    for i, p in enumerate(setup.placements):
        unit = ctx.scenario.unit(p.unit)
        if not selected(c, unit):
            continue
        hexes = ctx.map.hexes_of(slot_owner(p.at))
        where = f"placements.{i} ({p.unit} at {p.at})"
        if not hexes and ctx.map.off_board(slot_owner(p.at)):
            out.append(Violation(c["rule"], where, f"{p.at} is off the board: the rule puts {p.unit} on a hex "
                                 f"beyond the line {c['line'][0]}-{c['line'][-1]}", check="line", key=("placements", i)))
            continue
        if not hexes:
            out.append(Violation(c["rule"], where, "needs the hex of this place in map.yaml", status="unchecked",
                                 check="line", key=("placements", i)))
            continue
        for h in hexes:
            col, row = grid.parse(h) or (None, None)
            if col not in line:  # which side it lies on depends on the coast beyond the line's ends
                out.append(Violation(c["rule"], where, f"needs the map: hex {h} lies outside the columns "
                                     f"{min(line)}-{max(line)} of the line {c['line'][0]}-{c['line'][-1]}, "
                                     "so which side of it the hex is on is not known", status="unchecked",
                                     check="line", key=("placements", i)))
                continue
            rows = line[col]
            if row in rows:
                ok = not c.get("strict")
            else:
                ok = row > max(rows) if c.get("direction", "greater-row") == "greater-row" else row < min(rows)
            if not ok:
                out.append(Violation(c["rule"], where, f"hex {h} is not beyond the line "
                                     f"{c['line'][0]}-{c['line'][-1]}", check="line", key=("placements", i)))
            elif c.get("min-distance"):
                near = min(grid.distance(h, x) for x in c["line"])
                if near < c["min-distance"]:
                    out.append(Violation(c["rule"], where, f"hex {h} is {near} hexes from the line "
                                         f"{c['line'][0]}-{c['line'][-1]}, at least {c['min-distance']}", check="line",
                                         key=("placements", i)))
    return out


def check_distance_between(c: dict, setup, ctx) -> list[Violation]:
    """All units carrying a tag lie within `max` hexes of each other (a formation together)."""
    grid = ctx.map.grid
    if grid is None:
        return [Violation(c["rule"], ", ".join(c["tags"]), "needs a grid in map.yaml to measure distances",
                          status="unchecked", check="distance", key=("placements",))]
    out = []
    for tag in c["tags"]:
        spots = []
        group = [(i, p) for i, p in enumerate(setup.placements) if tag in ctx.scenario.unit(p.unit).tags]
        for i, p in group:
            hexes = ctx.map.hexes_of(slot_owner(p.at))
            if not hexes:
                if len(group) > 1 or p.count > 1:  # a lone counter is within any distance of itself
                    out.append(Violation(c["rule"], f"{p.unit} at {p.at}", "needs the hex of this place in map.yaml",
                                         status="unchecked", check="distance", key=("placements", i)))
                continue
            spots.append((p.unit, hexes[0], i))
        for i in range(len(spots)):
            for j in range(i + 1, len(spots)):
                d = grid.distance(spots[i][1], spots[j][1])
                if d is not None and d > c["max"]:
                    out.append(Violation(c["rule"], f"{tag}", f"{spots[i][0]} ({spots[i][1]}) and {spots[j][0]} "
                                         f"({spots[j][1]}) are {d} hexes apart, at most {c['max']}", check="distance",
                                         key=("placements", spots[j][2])))
    return out

