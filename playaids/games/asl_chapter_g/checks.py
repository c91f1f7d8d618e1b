"""The cave set-up checks of a setup file (G11.1, G11.11, G11.2, G11.32), each a small function
citing its rule; `caves` and `cave-complexes` are the CHECKS a scenario names."""
from __future__ import annotations

import dataclasses

from playaids.engine.model import Violation
from playaids.games.asl_chapter_g import caves as cv
from playaids.games.asl_chapter_g import geometry as geo
from playaids.games.asl_chapter_g.cavesetup import parse

CONTENT_TYPES = ("infantry", "sw", "gun")


def _v(rule, where, message, check, status="violation") -> Violation:
    return Violation(rule, where, message, status=status, check=check)


def japanese_only(cs) -> list[Violation]:
    """G11.1, G11.2: caves and cave complexes are Japanese only."""
    return [_v("G11.1", c.where, f"caves are Japanese only (side {c.side})", "japanese-only")
            for c in cs.caves if c.side != "japanese"]


def setup_only(cs) -> list[Violation]:
    """G11.1: cave counters are placed only during initial set-up."""
    return [_v("G11.1", c.where, f"caves are placed only at set-up (placed: {c.placed})", "setup-only")
            for c in cs.caves if c.placed != "setup"]


def unique_ids(cs) -> list[Violation]:
    """G11.32: each cave's ID names its Cloaking box; two caves, or a cave and a complex, cannot
    share one, and a cave without an ID has none."""
    seen, out = {x.id: f"complex {x.id}" for x in cs.complexes}, []
    for c in cs.caves:
        if not c.id.strip():
            out.append(_v("G11.32", c.where, "a cave needs an ID (it names its Cloaking box)", "cave-id"))
        elif c.id in seen:
            out.append(_v("G11.32", c.where, f"cave ID {c.id} is also {seen[c.id]}", "cave-id"))
        seen.setdefault(c.id, c.where)
    return out


def one_per_hexside(cs) -> list[Violation]:
    """G11.1: one cave per hexside; two caves of a hex never share a CA hexside."""
    seen, out = {}, []
    for c in cs.caves:
        key = (c.hex, c.ca)
        if key in seen:
            out.append(_v("G11.1", c.where, f"shares its CA hexside with cave {seen[key]}", "one-per-hexside"))
        seen.setdefault(key, c.id)
    return out


def placement(cs) -> list[Violation]:
    """G11.1, G11.111-113: terrain, arrow, opposite hexside, entrance hex and level of each cave."""
    out = []
    for c in cs.caves:
        for p in cv.placement(cs.terrain, c.hex, c.ca, c.level):
            out.append(_v(p.rule, c.where, p.message, p.check, p.status))
    return out


def contents(cs) -> list[Violation]:
    """G11.1, G11.2: only Infantry, SW and non-vehicular Guns set up in a cave or complex."""
    out = []
    for kind, items in (("cave", cs.caves), ("complex", cs.complexes)):
        for x in items:
            where = x.where if kind == "cave" else f"complex {x.id}"
            for u in x.contents:
                if u["type"] not in CONTENT_TYPES or (u["type"] == "gun" and u.get("vehicular")):
                    what = "a vehicular gun" if u["type"] == "gun" else f"type {u['type']}"
                    out.append(_v("G11.1" if kind == "cave" else "G11.2", where, f"{u['unit']} is {what}; only "
                                  "Infantry, SW and non-vehicular Guns may be set up inside", "contents"))
    return out


def keyed(cs, found: list[Violation]) -> list[Violation]:
    """Each violation with its key path in the setup file (the cave, the complex, ob.caves), so
    that `verify` names its line."""
    caves_at = {c.where: ("caves", c.index) for c in cs.caves}
    complexes_at = {f"complex {x.id}": ("complexes", x.index) for x in cs.complexes}
    out = []
    for v in found:
        head = " ".join(v.where.split()[:2])
        key = caves_at.get(v.where) or complexes_at.get(head) or \
            {"ob.caves": ("ob", "caves"), "terrain": ("terrain",)}.get(v.where, ())
        out.append(v if v.key or not key else dataclasses.replace(v, key=key))
    return out


def caves(c: dict, setup, ctx) -> list[Violation]:
    cs = parse(setup, ctx.repo)
    if cs.terrain is None:
        return keyed(cs, [_v("G11.1", "terrain", "needs the terrain of the hexes used (terrain: FILE in the setup)",
                             "terrain", "unchecked")] + japanese_only(cs) + setup_only(cs))
    return keyed(cs, japanese_only(cs) + setup_only(cs) + unique_ids(cs) + one_per_hexside(cs) + placement(cs)
                 + contents(cs))


# --- G11.2 cave complexes --------------------------------------------------------------------


def restricted(t, h) -> list[str]:
    """G11.2: in-season paddy / sand / marsh / swamp / water obstacle (pond hexside included)
    / non-dry stream: no complex under such a hex."""
    ht = t.hex(h)
    out = ht.wet()
    if any(t.side(h, m).pond is not None for m in geo.neighbours(h)):
        out.append("pond hexside")
    return out


def cuts(t, h) -> bool:
    """G11.2: restricted, sunken-road and causeway hexes cut a complex."""
    ht = t.hex(h)
    return bool(restricted(t, h)) or bool(ht.terrain & {"sunken-road", "causeway"})


def ob_count(cs) -> list[Violation]:
    """G11.1 (see G11.91), G11.2: the OB gives the number of caves; no more may be set up."""
    if not cs.caves:
        return []
    if cs.ob_caves is None:
        return [_v("G11.1, G11.2", "ob.caves", "needs the number of caves the OB grants (G11.91, not in the rules) to "
                   "check how many may be set up", "cave-count", "unchecked")]
    if len(cs.caves) > cs.ob_caves:
        return [_v("G11.1, G11.2", "ob.caves", f"{len(cs.caves)} caves set up; the OB grants {cs.ob_caves}", "cave-count")]
    return []


def primary_share(cs) -> list[Violation]:
    """G11.2: up to 25 % (FRD) of the OB's caves may be Primary Caves."""
    n = sum(c.primary for c in cs.caves)
    if not n:
        return []
    if cs.ob_caves is None:
        return [_v("G11.2", "ob.caves", "needs the number of caves the OB grants to check the 25 % (FRD) of "
                   "Primary Caves", "primary-share", "unchecked")]
    limit = cs.ob_caves * 25 // 100
    if n > limit:
        return [_v("G11.2", "ob.caves", f"{n} Primary Caves; at most 25 % (FRD) of {cs.ob_caves} = {limit}",
                   "primary-share")]
    return []


def primary_not_causeway(cs) -> list[Violation]:
    """G11.2: a Primary Cave is never placed in a causeway hex."""
    out = []
    for c in cs.caves:
        ht = cs.terrain.hex(c.hex)
        if c.primary and ht is not None and "causeway" in ht.terrain:
            out.append(_v("G11.2", c.where, "a Primary Cave may not be placed in a causeway hex", "primary-causeway"))
    return out


def complex_shape(cs) -> list[Violation]:
    """G11.2, G11.32: a complex belongs to one Primary Cave, lies under its hex and hexes within
    2 of it, never under restricted hexes nor past a cut, and has a 2-letter ID holding the
    Primary Cave's ID."""
    t, out = cs.terrain, []
    by_id = {c.id: c for c in cs.caves}
    owners: dict = {}
    for x in cs.complexes:
        where = f"complex {x.id}"
        if not (len(x.id) == 2 and x.id.isalpha() and x.primary in x.id):
            out.append(_v("G11.32", where, f"a complex ID is 2 letters, one the Primary Cave's ID ({x.primary})",
                          "complex-id"))
        p = by_id.get(x.primary)
        if p is None or not p.primary:
            out.append(_v("G11.2", where, f"{x.primary} is not a Primary Cave of this set-up", "complex-primary"))
            continue
        if x.primary in owners:
            out.append(_v("G11.2", where, f"Primary Cave {x.primary} already has complex {owners[x.primary]}",
                          "complex-primary"))
        owners.setdefault(x.primary, x.id)
        if p.hex not in x.hexes:
            out.append(_v("G11.2", where, f"a complex lies under its Primary Cave's hex {p.hex}", "complex-range"))
        for h in x.hexes:
            d = geo.distance(p.hex, h)
            if d is None or d > 2:
                out.append(_v("G11.2", f"{where} {h}", f"more than 2 hexes from Primary Cave {p.id} ({p.hex})",
                              "complex-range"))
                continue
            if t.hex(h) is None:
                out.append(_v("G11.2", f"{where} {h}", f"needs hex {h} in the terrain file", "terrain", "unchecked"))
                continue
            bad = restricted(t, h)
            if bad:
                out.append(_v("G11.2", f"{where} {h}", f"never under a hex with {' / '.join(bad)}", "complex-terrain"))
            elif d == 2:
                out += hexside_cut(t, p.hex, h, where)
    return out


def hexside_cut(t, origin, h, where) -> list[Violation]:
    """A hex 2 away is reachable when a hex adjacent to both is not a cutting hex."""
    between = [m for m in geo.neighbours(h) if geo.distance(origin, m) == 1]
    unknown = [m for m in between if t.hex(m) is None]
    if any(t.hex(m) is not None and not cuts(t, m) for m in between):
        return []
    if unknown:
        return [_v("G11.2", f"{where} {h}", f"needs hex {', '.join(map(str, unknown))} in the terrain file to tell "
                   "whether it is cut off", "terrain", "unchecked")]
    return [_v("G11.2", f"{where} {h}", f"cut off from {origin} by {', '.join(map(str, between))} (restricted, "
               "sunken-road or causeway hexes)", "complex-cut")]


def no_overlap(cs) -> list[Violation]:
    """G11.2: complexes never overlap; each hex belongs to one complex on the CCSS."""
    seen, out = {}, []
    for x in cs.complexes:
        for h in x.hexes:
            if h in seen and seen[h] != x.id:
                out.append(_v("G11.2", f"complex {x.id} {h}", f"also under complex {seen[h]}", "complex-overlap"))
            seen.setdefault(h, x.id)
    return out


def complexes(c: dict, setup, ctx) -> list[Violation]:
    cs = parse(setup, ctx.repo)
    if cs.terrain is None:
        return []  # `caves` already says the terrain is missing
    return keyed(cs, ob_count(cs) + primary_share(cs) + primary_not_causeway(cs) + complex_shape(cs)
                 + no_overlap(cs))


CHECKS = {"caves": caves, "cave-complexes": complexes}
