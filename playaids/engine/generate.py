"""generate(scenario, seed) -> Setup: the draws, deals and secret choices a solitaire
player lets the tool make, and placements that satisfy the scenario's rules."""
from __future__ import annotations

import random

from playaids.engine import placement, vocabulary
from playaids.engine.context import Context
from playaids.engine.model import Unit
from playaids.engine.setupfile import Placement, Setup


def _spots(unit: Unit, ctx) -> list[str]:
    """Where the unit may go, as place ids or named slots; the rule's own anchor place
    for `within N of X` (distance 0 always satisfies it without guessing hexes)."""
    at = ctx.freed_at(unit.unless) if ctx.option_on(unit.unless) else unit.at
    free = at in (None, "any")
    if unit.generate_at and (free or isinstance(at, dict) and "zone" in at and "per-place" not in at):
        ga = unit.generate_at  # the scenario's hint where to spread a unit free to go anywhere (in a zone)
        return [s for a in (ga if isinstance(ga, list) else [ga]) for s in _expand(a, ctx)]
    if free:
        return [unit.id and "anywhere"]
    if isinstance(at, str):
        return _expand(at, ctx)
    if isinstance(at, list):
        return [s for a in at for s in _expand(a, ctx)]
    if isinstance(at, dict) and "within" in at:
        of = at["of"]
        return list(of) if isinstance(of, list) else [of]
    if isinstance(at, dict) and "zone" in at:
        return _expand(at["zone"], ctx)
    return ["anywhere"]


def _expand(pid: str, ctx) -> list[str]:
    """A zone or place counted in slots becomes its members or its slots;
    "element:<id>" the places an element chose (a generation hint)."""
    if isinstance(pid, str) and pid.startswith("element:"):
        v = ctx.value(pid.split(":", 1)[1])
        return [s for x in (v if isinstance(v, list) else [] if v is None else [v]) for s in _expand(str(x), ctx)]
    p = ctx.map.place(pid)
    if p is not None and p.slots:
        return [f"{pid}#{i}" for i in range(1, p.slots + 1)]
    members = [m.id for m in ctx.map.members(pid) if m.id != pid]
    return members or [pid]


def _neighbour_hexes(unit: Unit, ctx) -> list[str]:
    """For `within N of X` (N >= 1) when X's own hexes are full: the hexes adjacent to X
    (grid geometry from map.yaml), the nearest legal spots after X itself."""
    at = unit.at
    if not (isinstance(at, dict) and "within" in at and at["within"] >= 1 and ctx.map.grid):
        return []
    of = at["of"] if isinstance(at["of"], list) else [at["of"]]
    out: list[str] = []
    for a in of:
        for h in ctx.map.hexes_of(a) or ():
            out += [n for n in ctx.map.grid.neighbours(h) if n not in out]
    return out


def _allowed(unit: Unit, spots: list[str], ctx) -> list[str]:
    """Spots left after the scenario's `forbidden` constraints (all of them, if none is left,
    so that verification names the conflict)."""
    bans = [c for c in ctx.scenario.constraints if c["kind"] == "forbidden" and placement.selected(c, unit)]
    ok = [s for s in spots if not any(placement.in_place(ctx, s, pl) for c in bans for pl in c["places"])]
    return ok or spots


def _per_place(unit: Unit) -> int | None:
    return unit.at.get("per-place") if isinstance(unit.at, dict) else None


def _limits(ctx):
    """The constraints generation keeps: stacking in units, and counts with a `max` in one place or
    zone (an airfield's capacity)."""
    return [c for c in ctx.scenario.constraints
            if c["kind"] == "stacking" and c.get("measure", "units") == "units"
            or c["kind"] == "count" and "max" in c and not c.get("each")]


def _bin(c: dict, unit: Unit, spot: str, ctx) -> tuple[tuple, int | None] | None:
    """(load key, limit) of a spot under one constraint; None when the constraint does not reach it."""
    side = unit.side if c.get("side") == "each" else ""
    if c["kind"] == "stacking":
        return (id(c), spot, side), placement.place_limit(c, spot, ctx)
    if placement.in_place(ctx, spot, c["in"]) is True:
        return (id(c), c["in"], side), c["max"]
    return None


def _fits(unit: Unit, spot: str, load: dict, ctx) -> bool:
    ckey = ("applies", unit.id)  # the limits over this unit, worked out once
    if ckey not in load:
        load[ckey] = [c for c in _limits(ctx) if placement.selected(c, unit)
                      and not (c.get("unless") and ctx.option_on(c["unless"]))]
    for c in load[ckey]:
        b = _bin(c, unit, spot, ctx)
        if b is not None and b[1] is not None and load.get(b[0], 0) + 1 > b[1]:
            return False
    return True


def _add(unit: Unit, spot: str, load: dict, ctx) -> None:
    for c in _limits(ctx):
        if placement.selected(c, unit):
            b = _bin(c, unit, spot, ctx)
            if b is not None:
                load[b[0]] = load.get(b[0], 0) + 1


def _place_units(ctx, rng: random.Random) -> list[Placement]:
    load: dict = {}
    counts: dict = {}
    occupied: dict = {}
    for unit in ctx.scenario.units:
        if not placement.present(unit, ctx) or unit.unstated:  # unstated: the source gives no count
            continue
        spots = _allowed(unit, _spots(unit, ctx), ctx)
        per = _per_place(unit)
        if per:
            for s in spots:
                counts[(unit.id, unit.side, s)] = per
                for _ in range(per):
                    _add(unit, s, load, ctx)
            continue
        for _ in range(unit.count):
            free = [s for s in spots if _fits(unit, s, load, ctx)]
            if not free:
                free = [s for s in _neighbour_hexes(unit, ctx) if _fits(unit, s, load, ctx)]
            if unit.generate_at and free:  # spread hinted units: the least occupied spots first
                least = min(occupied.get(s, 0) for s in free)
                free = [s for s in free if occupied.get(s, 0) == least]
            s = rng.choice(free or spots)
            occupied[s] = occupied.get(s, 0) + 1
            _add(unit, s, load, ctx)
            counts[(unit.id, unit.side, s)] = counts.get((unit.id, unit.side, s), 0) + 1
    return [Placement(side, uid, at, n) for (uid, side, at), n in counts.items()]


def generate(scenario, gmap, root, seed: int, options: dict | None = None) -> Setup:
    """`options`: inputs of a game's generation hook (e.g. {"terrain": FILE})."""
    rng = random.Random(seed)
    ctx = Context(root, scenario, gmap)
    setup = Setup(scenario.game, scenario.id, seed)
    for e in scenario.elements:
        kind = vocabulary.element(e["kind"])
        v = kind.produce(e, rng, ctx)
        if v is None:
            continue
        ctx.values[e["id"]] = v
        getattr(setup, kind.bucket)[e["id"]] = v
    setup.placements = _place_units(ctx, rng)
    root.rules(scenario.game).generate(setup, ctx, rng, dict(options or {}))
    return setup
