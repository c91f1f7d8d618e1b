"""Amigos & Insurrectors set-up rules the shared vocabulary does not express (seed 002, rule 4.0).

4.0: a player may not take an objective chit whose goal cannot be met when the turn begins;
the rule's example: with 3 or fewer POA markers on the map, "Eliminate 4 POA" (Filipino
objective #10) may not be chosen. At the turn-1 set-up the POA markers on the map are those
the set-up places (units of type `poa`); the US places more only during play (11.0).
"""
from __future__ import annotations

from playaids.engine.model import Violation
from playaids.games.base import GameRules

POA_CHIT = 10  # Filipino objective #10 「一回のターンで「POA」を4枚除去」 (Eliminate 4 POA)
POA_NEEDED = 4  # the chit's own number of markers: with 3 or fewer on the map it cannot be met (4.0)


def poa_on_map(setup, ctx) -> int:
    return sum(p.count for p in setup.placements if ctx.scenario.unit(p.unit).type == "poa")


def _chosen(value) -> list:
    return value if isinstance(value, list) else [] if value is None else [value]


def objectives_achievable(c: dict, setup, ctx) -> list[Violation]:
    """4.0: no "Eliminate 4 POA" chit while 3 or fewer POA markers are on the map."""
    picked = _chosen(ctx.value(c["element"]))
    n = poa_on_map(setup, ctx)
    if any(str(x) == str(POA_CHIT) for x in picked) and n < POA_NEEDED:
        return [Violation(c["rule"], f"choices.{c['element']}",
                          f"objective #{POA_CHIT} (Eliminate 4 POA) may not be chosen with {n} POA markers on the "
                          f"map (3 or fewer)", check="objective", key=("choices", c["element"]))]
    return []


def redraw_impossible_chits(setup, ctx, rng) -> None:
    """Take the chits again, without #10, where 4.0 forbids it (the pool minus the impossible chit)."""
    for c in ctx.scenario.constraints:
        if c["kind"] != "game" or c.get("check") != "objectives-achievable":
            continue
        eid = c["element"]
        picked = _chosen(setup.choices.get(eid))
        if not any(str(x) == str(POA_CHIT) for x in picked) or poa_on_map(setup, ctx) >= POA_NEEDED:
            continue
        e = ctx.scenario.element(eid)
        repeatable = {str(x) for x in e.get("repeatable", [])}
        pool = [x for x in e["from"] if str(x) != str(POA_CHIT)
                and (str(x) in repeatable or x not in picked)]
        setup.choices[eid] = [x if str(x) != str(POA_CHIT) else rng.choice(pool) for x in picked]
        ctx.values[eid] = setup.choices[eid]


CHECKS = {"objectives-achievable": objectives_achievable}


class AmigosInsurrectors(GameRules):
    id = "amigos-insurrectors"
    checks = CHECKS
    check_keys = {"objectives-achievable": {"element": {"type": "string", "description": "The choose element of "
                                                                                         "the objective chits."}}}

    def generate(self, setup, ctx, rng, options: dict) -> None:
        super().generate(setup, ctx, rng, options)
        redraw_impossible_chits(setup, ctx, rng)
