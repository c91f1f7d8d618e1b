"""Random legal caves and cave complexes for solitaire play (G11.1, G11.2), checked afterwards
by the same checks as `playaids verify`.

The number of caves the OB grants (G11.91) is not in the seed: it is an input (--caves N, written
as ob.caves), never drawn. The generator places that many caves, or stops with a clear message
when the terrain has fewer legal spots. Contents are left to the player (the OB is not in the seed)."""
from __future__ import annotations

import string

from playaids.errors import PlayaidsError
from playaids.games.asl_chapter_g import caves as cv
from playaids.games.asl_chapter_g import checks
from playaids.games.asl_chapter_g import geometry as geo
from playaids.games.asl_chapter_g import terrain as terrain_mod
from playaids.games.asl_chapter_g.cavesetup import Cave, Complex

def spots(t, memo: dict | None = None) -> list[tuple]:
    """Every legal (hex, CA neighbour, levels) of the terrain, in hex order (worked out once
    per terrain object in `memo`, the repository's: it keeps a terrain file while unchanged)."""
    memo = {} if memo is None else memo
    hit = memo.get(("cave-spots", id(t)))
    if hit is None or hit[0] is not t:
        out = []
        for h in sorted(t.hexes):
            out += [(h, n, lv) for n, lv in cv.options(t, h)]
        hit = memo[("cave-spots", id(t))] = (t, out)
    return list(hit[1])


def complex_hexes(t, primary: geo.Hex, taken: set, rng) -> list[geo.Hex]:
    """The Primary Cave's hex and a random choice of the hexes within 2 a complex may reach."""
    ok = []
    for h in sorted(t.hexes):
        d = geo.distance(primary, h)
        if d is None or d > 2 or h in taken or h == primary or checks.restricted(t, h):
            continue
        if d == 2 and checks.hexside_cut(t, primary, h, ""):
            continue
        ok.append(h)
    keep = [h for h in ok if rng.random() < 0.6]
    return [primary] + keep


def place(t, rng, ob: int, memo: dict | None = None) -> tuple[list[Cave], list[Complex], int]:
    """`ob`: the caves the OB grants (G11.91), an input."""
    legal = spots(t, memo)
    if not legal:
        raise PlayaidsError(f"{t.path}: no hex of this terrain can hold a cave (G11.1)")
    if ob > len(legal):
        raise PlayaidsError(f"{t.path}: the OB grants {ob} caves (--caves) but this terrain has only {len(legal)} "
                            "legal cave spots (G11.1)")
    n = ob
    chosen = rng.sample(legal, n)  # distinct (hex, hexside): one cave per hexside (G11.1)
    chosen.sort(key=lambda s: (s[0], geo.direction(s[0], s[1])))
    primaries = rng.randint(0, ob * 25 // 100)  # 25 % FRD (G11.2)
    eligible = [i for i, (h, _, _) in enumerate(chosen) if "causeway" not in t.hex(h).terrain]
    prim = set(rng.sample(eligible, min(primaries, len(eligible))))
    caves = [Cave(string.ascii_uppercase[i], h, nb, rng.choice(lv), i in prim)
             for i, (h, nb, lv) in enumerate(chosen)]
    complexes, taken, used = [], set(), set()
    for c in caves:
        if not c.primary or c.hex in taken or c.hex in used:
            continue
        hexes = complex_hexes(t, c.hex, taken, rng)
        taken.update(hexes)
        used.add(c.hex)
        other = next(x for x in string.ascii_uppercase if x != c.id)
        complexes.append(Complex(c.id + other, c.id, hexes))
    return caves, complexes, ob


def generate(setup, ctx, rng, options: dict) -> None:
    if setup.scenario != "caves":
        return
    path = options.get("terrain")
    if not path:
        raise PlayaidsError("scenario asl-chapter-g caves needs --terrain FILE (the hexes the caves may use)")
    from pathlib import Path

    from playaids import yamlsafe

    yamlsafe.require_file(path, "terrain file")
    n = options.get("caves")
    if n is None:
        raise PlayaidsError("scenario asl-chapter-g caves needs --caves N: the number of caves the OB grants "
                            "(G11.91; it is not in the rules)")
    if not isinstance(n, int) or n < 1:
        raise PlayaidsError(f"--caves must be a whole number of 1 or more, not {n!r}")
    t = ctx.repo.input(Path(path), terrain_mod.load)
    caves, complexes, ob = place(t, rng, n, ctx.repo.memo.of("asl-chapter-g/cave-spots"))
    from playaids import yamlsafe

    # the terrain goes into the setup itself: a setup file is exchanged alone, and a path in it
    # would only be read inside its own folder
    setup.extra.update({"terrain": yamlsafe.load(path).data, "ob": {"side": "japanese", "caves": ob},
                        "caves": [c.as_dict() for c in caves], "complexes": [x.as_dict() for x in complexes]})


__all__ = ["generate", "place", "spots", "terrain_mod"]
