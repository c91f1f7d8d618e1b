"""Cave placement legality (G11.1, G11.11-G11.113): where a cave counter may go, which hexside
its arrow may point at (the CA hexside) and the cave's level. Each rule is one small function
returning problems (rule, check, message, status); verify and generation share them.
"""
from __future__ import annotations

from dataclasses import dataclass

from playaids.games.asl_chapter_g import geometry as geo
from playaids.games.asl_chapter_g.terrain import NO_CAVE, Terrain


@dataclass(frozen=True)
class Problem:
    rule: str
    check: str
    message: str
    status: str = "violation"


def _need(t: Terrain, *hexes) -> list[Problem]:
    missing = [str(h) for h in hexes if h is not None and t.hex(h) is None]
    return [Problem("G11.1", "terrain", f"needs hex {', '.join(missing)} in the terrain file", "unchecked")] if missing else []


def forbidden_terrain(t: Terrain, h) -> list[Problem]:
    """G11.1: never in building, rubble, marsh, swamp or water-obstacle hexes, nor at the
    bottom of a non-dry stream."""
    ht = t.hex(h)
    bad = sorted(ht.terrain & NO_CAVE)
    out = [Problem("G11.1", "cave-terrain", f"no cave in a {' / '.join(bad)} hex")] if bad else []
    if ht.non_dry_stream:
        out.append(Problem("G11.1", "cave-terrain", f"no cave at the bottom of a non-dry stream ({ht.stream})"))
    return out


def levels(t: Terrain, h, n) -> tuple[list[int], str]:
    """The levels a cave in h with its CA hexside toward n may have, and the rule giving them."""
    ht, nt = t.hex(h), t.hex(n)
    if ht.depression:
        return [ht.level], "G11.111"  # the Entrance hex is h itself: its base level
    side = t.side(h, n)
    if side.cliff >= 2:  # owner's choice: Entrance base/crest (higher) <= level < base of h, and a
        # level the counter can show: its corners read L0, L1, L2 or L3 (G11.113)
        return [lv for lv in range(nt.top, ht.level) if 0 <= lv <= 3], "G11.113"
    return [nt.top], "G11.112"


def upper_cliff(t: Terrain, h, n, level: int) -> bool:
    """G11.113: a cave above the Entrance hex's base/crest level is an Upper-Cliff cave."""
    return not t.hex(h).depression and level > t.hex(n).top


def depression_arrow(t: Terrain, h, n) -> list[Problem]:
    """G11.1: at a depression bottom the arrow passes through a depression hexside into the
    adjacent depression hex."""
    nt = t.hex(n)
    if nt.depression and t.depression_side(h, n):
        return []
    return [Problem("G11.1", "depression-ca", f"{geo.hexside_id(h, n)} is not a depression hexside into a "
                    "depression hex; a cave at a depression bottom points through one")]


def depression_back(t: Terrain, h, n, level: int) -> list[Problem]:
    """G11.1: the hexside opposite the CA hexside is a non-depression hexside, and the hex across
    it has base (or crest, whichever higher) level > the cave level."""
    o = geo.opposite(h, n)
    miss = _need(t, o)
    if miss:
        return miss
    side = geo.hexside_id(h, o)
    if t.depression_side(h, o):
        return [Problem("G11.1", "opposite-hexside", f"the opposite hexside {side} is a depression hexside")]
    if not t.hex(o).top > level:
        return [Problem("G11.1", "opposite-hexside", f"{o} across the opposite hexside {side} is at level "
                        f"{t.hex(o).top}, not higher than the cave level {level}")]
    return []


def crest_or_cliff(t: Terrain, h, n) -> list[Problem]:
    """G11.1: a cave in a non-depression hex points at a crest-line or cliff hexside shared with
    a hex of lower base level."""
    side = t.side(h, n)
    out = []
    if not (side.crest or side.cliff):
        out.append(Problem("G11.1", "crest-or-cliff", f"{geo.hexside_id(h, n)} is not a crest-line or cliff hexside"))
    if not t.hex(n).level < t.hex(h).level:
        out.append(Problem("G11.1", "lower-hex", f"{n} (base level {t.hex(n).level}) is not lower than {h} "
                           f"(base level {t.hex(h).level})"))
    return out


def entrance_dry(t: Terrain, h, n, level: int) -> list[Problem]:
    """G11.1: the lower adjacent hex may not hold in-season paddy / sand / marsh / swamp /
    water (a pond on a hexside included) at an elevation >= the cave level."""
    nt = t.hex(n)
    out = []
    wet = nt.wet()
    if wet and nt.wet_level >= level:
        out.append(Problem("G11.1", "entrance-water", f"{n} holds {' / '.join(wet)} at level {nt.wet_level}, "
                           f">= the cave level {level}"))
    for m in geo.neighbours(n):
        pond = t.side(n, m).pond
        if pond is not None and pond >= level:
            out.append(Problem("G11.1", "entrance-water", f"pond on hexside {geo.hexside_id(n, m)} at level {pond}, "
                               f">= the cave level {level}"))
    return out


def placement(t: Terrain, h, n, level: int | None) -> list[Problem]:
    """Every G11.1/G11.11 problem of one cave in h with CA hexside h-n and the given level
    (None: the level the rules fix, if they fix one)."""
    if not geo.adjacent(h, n):
        return [Problem("G11.1", "ca-hexside", f"the CA hexside must be a hexside of {h}")]
    miss = _need(t, h, n)
    if miss:
        return miss
    out = forbidden_terrain(t, h)
    allowed, rule = levels(t, h, n)
    if level is None:
        if len(allowed) != 1:
            if not allowed:
                return out + [Problem(rule, "cave-level", "no level is possible for this cave")]
            # G11.113: the owner's choice - a missing input, not a broken rule
            return out + [Problem(rule, "cave-level", "the owner chooses the level ("
                                  f"{', '.join(map(str, allowed))}): give level", "unchecked")]
        level = allowed[0]
    elif level not in allowed:
        what = {"G11.111": "the Entrance hex's base level", "G11.112": "the Entrance hex's base or crest level",
                "G11.113": "from the Entrance hex's base/crest level to below the cave hex's base level, "
                           "one the counter shows (L0-L3)"}[rule]
        out.append(Problem(rule, "cave-level", f"level {level}; must be {what}: "
                           f"{', '.join(map(str, allowed)) or 'none possible'}"))
    if t.hex(h).depression:
        out += depression_arrow(t, h, n) + depression_back(t, h, n, level)
    else:
        out += crest_or_cliff(t, h, n) + entrance_dry(t, h, n, level)
    return out


def options(t: Terrain, h) -> list[tuple]:
    """The legal caves of hex h: (neighbour across the CA hexside, [levels]), clockwise from N."""
    if t.hex(h) is None:
        return []
    out = []
    for n in geo.neighbours(h):
        if t.hex(n) is None:
            continue
        allowed, _ = levels(t, h, n)
        ok = [lv for lv in allowed if not any(p.status == "violation" or p.check == "terrain"
                                                for p in placement(t, h, n, lv))]
        if ok:
            out.append((n, ok))
    return out
