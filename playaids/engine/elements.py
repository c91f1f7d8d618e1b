"""What the element kinds of the vocabulary (engine/vocabulary.py) share: when an element
applies, dice, the pool of a choose, table lookups, and the longer verifications."""
from __future__ import annotations

from playaids.engine import values


def dice(spec: str) -> tuple[int, int]:
    n, sides = spec.lower().split("d")
    return int(n or 1), int(sides)


def active(e: dict, ctx) -> bool:
    """An element with `when: {element: [values]}` exists only when that holds."""
    when = e.get("when")
    if not when:
        return True
    for other, allowed in when.items():
        v = ctx.value(other)
        if v is None or v not in values.expand(allowed if isinstance(allowed, list) else [allowed]):
            return False
    return True


def choose_pool(e: dict, ctx) -> list:
    src = e["from"]
    if isinstance(src, list):
        return list(src)
    if isinstance(src, str) and src.startswith("element:"):
        v = ctx.value(src.split(":", 1)[1])
        return list(v) if isinstance(v, list) else [] if v is None else [v]
    if isinstance(src, str) and src.startswith("places:"):
        kind = src.split(":", 1)[1]
        return [p.id for p in ctx.map.places.values() if p.kind == kind]
    return values.expand(src)


def lookup(e: dict, ctx) -> tuple[str | None, str | None]:
    """(derived value, problem) for a lookup element: the table cell its inputs select."""
    rv = ctx.value(e["row"])
    if rv is None:
        return None, None
    if "mapping" in e:  # a rule's own arithmetic, written out (e.g. 17.5.2: 1d6 / 2, rounded down)
        m = {str(k): v for k, v in e["mapping"].items()}
        return (str(m[str(rv)]), None) if str(rv) in m else (None, f"no value for {rv!r}")
    table = ctx.table(e["table"])
    col = e.get("column")
    cv = ctx.value(col) if col and ctx.scenario.element(col) else col
    if col and cv is None:
        return None, None
    key = (table.game, table.id, repr(rv), repr(cv))   # the memo goes with the tables on refresh()
    memo = ctx.repo.memo.lookups
    if key not in memo:
        memo[key] = _cell_of(table, rv, cv)
    return memo[key]


def _cell_of(table, rv, cv) -> tuple[str | None, str | None]:
    rows = [r for r in table.grid.rows if values.label_covers(r.label.en, rv) or values.label_covers(r.label.ja, rv)]
    if len(rows) != 1:
        return None, f"table {table.id} has {len(rows)} rows for {rv!r}"
    if cv is None:
        ci = 0
    else:
        cols = [i for i, c in enumerate(table.grid.columns)
                if str(cv) in (c.en, c.ja) or values.label_covers(c.en, cv)]
        if len(cols) != 1:
            return None, f"table {table.id} has {len(cols)} columns for {cv!r}"
        ci = cols[0]
    cell = table.grid.expanded(rows[0])[ci]
    return (cell.en if cell is not None else None), None


def show(vals) -> str:
    vals = list(vals)
    if len(vals) > 3 and all(isinstance(v, int) for v in vals) and vals == list(range(vals[0], vals[-1] + 1)):
        return f"{vals[0]}-{vals[-1]}"
    return ", ".join(map(str, vals))


def verify_permutation(e, value, bad):
    if not isinstance(value, dict):
        return bad("must map each item to its number", "type")
    out = []
    items = [i for g in e["groups"] for i in g["items"]]
    for item in items:
        if item not in value:
            out += bad(f"{item} has no number", "permutation")
    for item in value:
        if item not in items:
            out += bad(f"{item!r} is not one of the items", "permutation")
    seen: dict = {}
    for item, num in value.items():
        if isinstance(num, (list, dict)) or num is None:
            out += bad(f"{item} has {num!r}: must be one number", "permutation")
            continue
        if num in seen:
            out += bad(f"number {num} given to both {seen[num]} and {item}", "permutation")
        seen[num] = item
    for g in e["groups"]:
        allowed = values.expand(g["values"])
        for item in g["items"]:
            if item in value and not isinstance(value[item], (list, dict)) and value[item] is not None \
                    and value[item] not in allowed:
                out += bad(f"{item} has {value[item]!r}, must be in {show(allowed)}", "permutation")
    return out


def verify_choose(e, value, ctx, bad):
    k = e.get("count", 1)
    low = e.get("min-count", k)  # "up to k": min-count below count
    picked = value if isinstance(value, list) else [value]
    out = []
    if not low <= len(picked) <= k:
        out += bad(f"{len(picked)} chosen, must be {k if low == k else f'{low}-{k}'}", "choose")
    pool = choose_pool(e, ctx)
    for p in picked:
        if p not in pool:
            out += bad(f"{p!r} is not one of {show(pool)}", "choose")
    repeatable = set(map(str, e.get("repeatable", [])))  # e.g. dummy chits, any number of them
    unique = [str(p) for p in picked if str(p) not in repeatable]
    if e.get("distinct", True) and len(set(unique)) != len(unique):
        dup = sorted({p for p in unique if unique.count(p) > 1})
        out += bad(f"chosen more than once: {', '.join(dup)}", "distinct")
    return out


def verify_deal(e, value, bad):
    if not isinstance(value, dict):
        return bad("must give the cards of each pile", "type")
    out = []
    for pile, n in e["piles"].items():
        if value.get(pile) != n:
            out += bad(f"pile {pile} has {value.get(pile)!r} cards, the rules deal {n}", "deal")
    extra = [k for k in value if k not in e["piles"] and k != "end-card"]
    for k in extra:
        out += bad(f"unknown pile {k!r}", "deal")
    end = e.get("end-card")
    if end:
        got = value.get("end-card") or {}
        if not isinstance(got, dict):
            return out + bad(f"end-card must give its pile and position, not {got!r}", "end-card")
        if got.get("pile") != end["pile"] or got.get("position") != end["position"]:
            out += bad(f"Game End card at {got.get('pile')!r} {got.get('position')!r}, "
                       f"the rules put it at {end['pile']} {end['position']}", "end-card")
    return out


def verify_allocate(e, value, bad):
    if not isinstance(value, dict):
        return bad("must map each zone to its counts", "type")
    out = []
    for z in value:
        if z not in e["zones"]:
            out += bad(f"{z!r} is not one of the zones {', '.join(e['zones'])}", "allocate")
    for item, total in e["items"].items():
        got = 0
        for z, counts in value.items():
            n = counts.get(item, 0) if isinstance(counts, dict) else None
            if not isinstance(n, int) or n < 0:
                return out + bad(f"zone {z}: {item} must be a whole number", "type")
            got += n
        if got != total:
            out += bad(f"{got} {item} allotted, the force has {total}", "allocate")
    return out
