"""Major Campaigns of General Douglas MacArthur (seed 001): checks the shared vocabulary lacks."""
from __future__ import annotations

from collections import defaultdict

from playaids.engine.model import Violation
from playaids.engine.placement import first_key, whole_zone
from playaids.games.base import GameRules


def one_side_per_town(c: dict, setup, ctx) -> list[Violation]:
    """§ユニットの配置場所 (l. 13): the units in a town all belong to one side.
    Off-map boxes (reserves) are not towns."""
    sides: dict = defaultdict(set)
    for p in setup.placements:
        place = ctx.map.place(p.at.split("#", 1)[0])
        if place is not None and place.kind == "off-map":
            continue
        sides[p.at].add(p.side)
    return [Violation(c["rule"], where, f"needs the towns of {where} (not named in the source): units of "
                      f"{' and '.join(sorted(s))} placed in the zone as a whole", status="unchecked", check="one-side",
                      key=first_key(setup, lambda p, w=where: p.at == w))
            if whole_zone(ctx, where) else
            Violation(c["rule"], where, f"units of {' and '.join(sorted(s))} in one town; all must be of one side",
                      check="one-side", key=first_key(setup, lambda p, w=where: p.at == w))
            for where, s in sorted(sides.items()) if len(s) > 1]


CHECKS = {"one-side-per-town": one_side_per_town}


class RgiMacArthur(GameRules):
    id = "rgi-macarthur"
    checks = CHECKS
