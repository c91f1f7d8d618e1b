"""verify(setup) -> [Violation]: every rule a setup breaks, named with its rule number."""
from __future__ import annotations

import dataclasses
import difflib

from playaids.engine import placement, pools, vocabulary
from playaids.engine.context import Context
from playaids.engine.model import Violation
from playaids.errors import DataError


def _values(setup) -> dict:
    out = {}
    for part in (setup.draws, setup.derived, setup.choices):
        out.update(part)
    return out


def check_structure(setup, scenario, root=None) -> None:
    """Unknown element ids and unknown units are unreadable input (exit 2), not violations."""
    ids = {e["id"]: e for e in scenario.elements}
    for part in ("draws", "derived", "choices"):
        for eid in getattr(setup, part):
            path, line = setup.where(part, eid)
            if eid not in ids:
                raise DataError(path or "setup", f"{part}.{eid}: unknown element (known: "
                                f"{', '.join(sorted(ids)) or 'none'})", line)
            if vocabulary.bucket(ids[eid]["kind"]) != part:
                raise DataError(path or "setup", f"{part}.{eid}: belongs under "
                                f"{vocabulary.bucket(ids[eid]['kind'])}", line)
    for i, p in enumerate(setup.placements):
        if scenario.unit(p.unit) is None:
            path, line = setup.where("placements", i, "unit")
            elsewhere = _scenarios_with(root, scenario, p.unit)
            if elsewhere:
                raise DataError(path or "setup", f"placement {i + 1}: {p.unit} is not in scenario {scenario.id} "
                                f"(it sets up in {', '.join(elsewhere)}; `playaids list {scenario.game} --units "
                                f"{scenario.id}` lists this scenario's units)", line)
            own = [u.id for u in scenario.units if u.side == p.side] or [u.id for u in scenario.units]
            near = difflib.get_close_matches(p.unit, own, n=3, cutoff=0.5)
            hint = f"did you mean {' or '.join(repr(n) for n in near)}?" if near else \
                f"`playaids list {scenario.game} --units {scenario.id}` lists them"
            raise DataError(path or "setup", f"placement {i + 1}: unknown unit {p.unit!r} in scenario "
                            f"{scenario.id} ({hint})", line)


def _scenarios_with(root, scenario, uid: str) -> list[str]:
    """The other scenarios of the game that have unit `uid` (a unit a scenario leaves out)."""
    if root is None:
        return []
    out = []
    for sid in root.scenario_ids(scenario.game):
        if sid != scenario.id:
            try:
                if root.scenario(scenario.game, sid).unit(uid) is not None:
                    out.append(sid)
            except DataError:
                continue
    return out


def check_places(setup, gmap) -> list[Violation]:
    """Every place a placement names is one the map knows: a place id, a slot `zone#n` of a
    place the rules count, a hex number the map's grid reads (any number where the map's grid is
    not given: its hexes are printed on the map, not in the rules), or `anywhere` for a unit its
    rule lets go anywhere. A blank or unknown place is an error (status `error`: the CLI exits 2)
    naming the places it may have meant; never `unchecked`."""
    out = []
    for i, p in enumerate(setup.placements):
        problem = placement.place_problem(str(p.at).strip() if p.at is not None else "", gmap, placement=True)
        if problem:
            shown = f"{p.unit} at {p.at}" if str(p.at or "").strip() else p.unit
            out.append(Violation("", f"placements.{i} ({shown})", problem, status="error",
                                 check="known-place", key=("placements", i, "at"), ref="setup:place"))
    return out


def verify(setup, scenario, gmap, root, game_checks=()) -> list[Violation]:
    check_structure(setup, scenario, root)
    setup = dataclasses.replace(setup, placements=[dataclasses.replace(p, at=gmap.canonical(p.at))
                                                   for p in setup.placements])   # aliases: the place's id
    ctx = Context(root, scenario, gmap, _values(setup), dict(game_checks))
    out: list[Violation] = check_places(setup, gmap)
    bad_places = {v.key[:2] for v in out}
    for e in scenario.elements:
        out += _ref(vocabulary.element(e["kind"]).check(e, ctx.value(e["id"]), ctx), f"element:{e['id']}")
    if bad_places:   # a rule over several placements (stacking, counts, distances) would only echo the typo
        out += [_ref([v], f"unit:{setup.placements[v.key[1]].unit}")[0] for v in placement.check_units(setup, ctx)
                if v.status != "unchecked" and v.check in ("side", "presence", "face", "place")
                and v.key[:2] not in bad_places]
        out.append(Violation("", "placements", "the rules over several placements (stacking, numbers, "
                             "distances) are checked once every place is known", status="unchecked",
                             check="known-place", key=("placements",), ref="setup:place"))
        return _said_once(out, bad_places)
    for v in placement.check_units(setup, ctx, pools.pool_verdicts(setup, ctx)):
        out += _ref([v], f"unit:{setup.placements[v.key[1]].unit}" if len(v.key) >= 2 else "")
    ids = dict(zip(map(id, scenario.constraints), vocabulary.constraint_ids(scenario.constraints)))
    shared = [c for c in scenario.constraints if c["kind"] != "game"]
    own = [c for c in scenario.constraints if c["kind"] == "game"]  # the game's checks come last
    for c in shared + own:
        if c["kind"] != "game" and c.get("unless") and ctx.option_on(c["unless"]):
            continue
        out += _ref(vocabulary.constraint(c["kind"]).check(c, setup, ctx), f"constraint:{ids[id(c)]}")
    return _said_once(out, bad_places)


def _said_once(out: list[Violation], bad_places: set) -> list[Violation]:
    # an unknown place breaks no rule (it is not a place at all): its error alone is said; a rule
    # a unit's entry and a constraint both state is said once
    said = set()
    kept = []
    for v in out:
        if v.status != "error" and v.key[:2] in bad_places or (v.rule, v.where, v.message, v.status) in said:
            continue
        said.add((v.rule, v.where, v.message, v.status))
        kept.append(v)
    return kept


def _ref(found: list[Violation], ref: str) -> list[Violation]:
    """Each violation named by what enforces it (unless its check named it already)."""
    return [v if v.ref else dataclasses.replace(v, ref=ref) for v in found]


def violations_only(found) -> list[Violation]:
    return [v for v in found if v.status == "violation"]
