"""verify(setup) -> [Violation]: every rule a setup breaks, named with its rule number."""
from __future__ import annotations

from playaids.engine import placement, vocabulary
from playaids.engine.context import Context
from playaids.engine.model import Violation
from playaids.errors import DataError


def _values(setup) -> dict:
    out = {}
    for part in (setup.draws, setup.derived, setup.choices):
        out.update(part)
    return out


def check_structure(setup, scenario) -> None:
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
            import difflib

            near = difflib.get_close_matches(p.unit, [u.id for u in scenario.units], n=3, cutoff=0.5)
            hint = f"did you mean {' or '.join(repr(n) for n in near)}?" if near else \
                f"`playaids list {scenario.game} --units {scenario.id}` lists them"
            raise DataError(path or "setup", f"placement {i + 1}: unknown unit {p.unit!r} in scenario "
                            f"{scenario.id} ({hint})", line)


def verify(setup, scenario, gmap, root, game_checks=()) -> list[Violation]:
    check_structure(setup, scenario)
    ctx = Context(root, scenario, gmap, _values(setup), dict(game_checks))
    out: list[Violation] = []
    for e in scenario.elements:
        out += vocabulary.element(e["kind"]).check(e, ctx.value(e["id"]), ctx)
    out += placement.check_units(setup, ctx)
    shared = [c for c in scenario.constraints if c["kind"] != "game"]
    own = [c for c in scenario.constraints if c["kind"] == "game"]  # the game's checks come last
    for c in shared + own:
        if c["kind"] != "game" and c.get("unless") and ctx.option_on(c["unless"]):
            continue
        out += vocabulary.constraint(c["kind"]).check(c, setup, ctx)
    return out


def violations_only(found) -> list[Violation]:
    return [v for v in found if v.status == "violation"]
