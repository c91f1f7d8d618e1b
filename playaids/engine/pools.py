"""Interchangeable counters. Where the rules give units by kind and number ("3 US units in
zone I, 3 in zone II, 1 at Mariveles, the rest as the Allies like"), the scenario lists one
entry per group with a common `pool`; the counters are the same, so a setup's label is only a
guess at which group a counter fills. A pool is legal when its counters can be matched to the
entries, each counter to an entry whose place rule it meets, each entry filled to its number
(a bipartite matching; the pools are a few dozen counters)."""
from __future__ import annotations

from collections import defaultdict

from playaids.engine.placement import allowed_at, present

MATCHED, UNDECIDED = "matched", "undecided"


def pool_verdicts(setup, ctx) -> dict[str, str]:
    """pool -> MATCHED (every counter fits an entry), UNDECIDED (it fits only where the map
    cannot tell) for each pool whose counters can be matched; a pool absent here is decided
    entry by entry, as if it were none."""
    entries = defaultdict(list)
    for u in ctx.scenario.units:
        if u.pool and present(u, ctx) and not ctx.option_on(u.unless):
            entries[u.pool].append(u)
    verdicts = {}
    for pool, units in entries.items():
        ids = {u.id for u in units}
        spots = [(p.at, p.side) for p in setup.placements if p.unit in ids for _ in range(_bounded(p.count))]
        if len(spots) != sum(u.count for u in units):
            continue   # a wrong total is the count check's to report
        if _matches(spots, units, ctx, lenient=False):
            verdicts[pool] = MATCHED
        elif _matches(spots, units, ctx, lenient=True):
            verdicts[pool] = UNDECIDED
    return verdicts


def _bounded(count) -> int:
    return count if isinstance(count, int) and 0 <= count <= 10_000 else 0


def _matches(spots, units, ctx, lenient: bool) -> bool:
    """Whether every counter (place, side) can be given an entry whose rule allows the place,
    no entry given more counters than its number (Kuhn's augmenting paths)."""
    fits = {}
    for at, side in set(spots):
        fits[at, side] = []
        for k, u in enumerate(units):
            ok = allowed_at(u, at, ctx)[0]
            if u.side == side and (ok is True or (lenient and ok is None)):
                fits[at, side].append(k)
    load = [[] for _ in units]   # counters given to each entry

    def place(c: int, seen: set) -> bool:
        for k in fits[spots[c]]:
            if k in seen:
                continue
            seen.add(k)
            if len(load[k]) < units[k].count:
                load[k].append(c)
                return True
            for j, other in enumerate(load[k]):
                if place(other, seen):
                    load[k][j] = c
                    return True
        return False

    return all(place(c, set()) for c in range(len(spots)))
