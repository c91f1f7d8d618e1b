"""The scenario vocabulary, one class per kind: its keys (typed, ranged), its JSON Schema
(derived from the keys, no other key allowed), the bounds that keep it safe to run, and how it
is generated and verified.

`ELEMENTS` and `CONSTRAINTS` list every kind; the scenario schema, generation and verification
all read them, so a kind exists in one place. A misspelt key (`limt:` for `limit:`) is an
unknown key at load, never a rule that silently switches itself off.
"""
from __future__ import annotations

import random

from playaids.engine import elements as el
from playaids.engine import placement, values
from playaids.engine.model import Violation

MAX_POOL = 10_000  # values a draw, choose or permutation may range over
MAX_COUNT = 10_000  # pieces a choose, allocate or unit entry may count

RULE = {"$ref": "#/definitions/rule"}
NOTE = {"$ref": "#/definitions/note"}
_ID = {"type": "string", "pattern": "^[a-z0-9]+([-/][a-z0-9]+)*$"}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_NAT = {"type": "integer", "minimum": 0, "maximum": MAX_COUNT}
VALUES = {"description": "A range \"1-7\", a single value, or a list of values and ranges.",
          "type": ["string", "integer", "array"], "minItems": 1, "items": {"type": ["string", "integer"]}}
WHEN = {"type": "object", "minProperties": 1, "description": "{element: [values]}: exists only for those values.",
        "additionalProperties": {"type": ["array", "string", "integer", "boolean"]}}
# A unit's placement rule (engine/placement.allowed_at); per-place is bounded by the loader.
UNIT_AT = {"description": "any | a place id | [place ids] | {zone, per-place} | {within, of}.",
           "anyOf": [{"type": ["string", "null"]}, {**_STRINGS, "minItems": 1},
                     {"type": "object", "properties": {"zone": {"type": "string"}, "per-place": {"type": "integer"}},
                      "required": ["zone"], "additionalProperties": False},
                     {"type": "object", "properties": {"within": {"type": "integer", "minimum": 0, "maximum": 99},
                                                       "of": {"type": ["string", "array"], "minItems": 1,
                                                              "items": {"type": "string"}}},
                      "required": ["within", "of"], "additionalProperties": False}]}
GENERATE_AT = {"type": ["string", "array"], "minItems": 1, "items": {"type": "string"},
               "description": "Where generation spreads a unit free to go anywhere (or anywhere in a zone): "
                              "place ids or \"element:<id>\"."}


class Kind:
    """A kind of the vocabulary. `keys`: the JSON Schema of each key of the kind;
    `required`: the keys it cannot go without."""

    kind = ""
    doc = ""
    common: dict = {}
    keys: dict = {}
    required: tuple = ()

    @classmethod
    def schema(cls) -> dict:
        out = {"type": "object", "description": cls.doc,
               "properties": {"kind": {"const": cls.kind}, **cls.common, **cls.keys},
               "required": ["kind", *cls.required], "additionalProperties": False}
        return out

    @classmethod
    def bounds(cls, entry: dict, doc: dict):
        """(key path inside the entry, problem) for each value that is well typed but unsafe
        or meaningless in this scenario; `doc` is the whole scenario."""
        return []


def _pool_bounds(spec, where: tuple, what: str):
    n = values.size(spec)
    if n > MAX_POOL:
        yield where, f"{what} {spec!r} has {n} values, at most {MAX_POOL} are allowed"
    elif n == 0:
        yield where, f"{what} {spec!r} has no values"


def _element_ids(doc: dict) -> list[str]:
    return [e.get("id") for e in doc.get("elements", []) if isinstance(e, dict)]


def _when_bounds(entry: dict, doc: dict):
    for other in entry.get("when") or {}:
        if other not in _element_ids(doc):
            yield ("when", other), f"when: {other!r} is not an element of this scenario"


# --- elements -------------------------------------------------------------------------------

class Element(Kind):
    """A random draw, derived value or choice; `bucket` is the part of the setup file holding it."""

    bucket = "choices"
    common = {"id": _ID, "rule": RULE, "note": NOTE, "title": {"$ref": "#/definitions/bilingual"},
              "side": {"type": "string"}, "secret": {"type": "boolean"}, "when": WHEN,
              "optional": {"type": "boolean", "description": "May be left out of a setup."},
              "names": {"type": "object", "additionalProperties": {"$ref": "#/definitions/bilingual"},
                        "description": "What a setup sheet prints for a value or key of this element "
                                       "(a chosen id, an allocate zone or item, a permutation item)."},
              "names-from": {"type": "string", "description": "A table of the game whose rows name this "
                                                             "element's values (row label N or #N): the "
                                                             "sheet prints #N and the row's first cell."}}
    required = ("id", "rule")

    @classmethod
    def bounds(cls, entry, doc):
        yield from _when_bounds(entry, doc)
        yield from cls.own_bounds(entry, doc)

    @classmethod
    def own_bounds(cls, entry, doc):
        return []

    @classmethod
    def produce(cls, e: dict, rng: random.Random, ctx):
        """The element's value in a new setup (None: it does not apply)."""
        return cls.generate(e, rng, ctx) if el.active(e, ctx) else None

    @classmethod
    def check(cls, e: dict, value, ctx) -> list[Violation]:
        """Violations of the element's value in a setup."""
        where = f"{cls.bucket}.{e['id']}"

        def bad(msg, check=cls.kind):
            return [Violation(e["rule"], where, msg, check=check, key=(cls.bucket, e["id"]))]

        if not el.active(e, ctx):
            return bad(f"given, but this element does not apply ({values.when_words(e.get('when'))})") if value is not None else []
        if value is None:
            return [] if e.get("optional") or cls.may_be_absent(e, ctx) else bad("missing")
        return cls.verify(e, value, ctx, bad)

    @classmethod
    def may_be_absent(cls, e, ctx) -> bool:
        return False

    @classmethod
    def generate(cls, e, rng, ctx):
        raise NotImplementedError

    @classmethod
    def verify(cls, e, value, ctx, bad) -> list[Violation]:
        raise NotImplementedError


class Draw(Element):
    kind, bucket, doc = "draw", "draws", "A chit drawn from a pool."
    keys = {"values": VALUES}
    required = Element.required + ("values",)

    @classmethod
    def own_bounds(cls, e, doc):
        yield from _pool_bounds(e["values"], ("values",), "values")

    @classmethod
    def generate(cls, e, rng, ctx):
        return rng.choice(values.expand(e["values"]))

    @classmethod
    def verify(cls, e, value, ctx, bad):
        allowed = values.expand(e["values"])
        return [] if value in allowed else bad(f"{value!r} is not one of {el.show(allowed)}", "range")


class Roll(Element):
    kind, bucket, doc = "roll", "draws", "A roll of dice: 1d6, 2d6, d10."
    keys = {"dice": {"type": "string", "pattern": "^([1-9][0-9]?)?[dD][1-9][0-9]{0,2}$"}}
    required = Element.required + ("dice",)

    @classmethod
    def generate(cls, e, rng, ctx):
        n, sides = el.dice(e["dice"])
        return sum(rng.randint(1, sides) for _ in range(n))

    @classmethod
    def verify(cls, e, value, ctx, bad):
        n, sides = el.dice(e["dice"])
        ok = isinstance(value, int) and not isinstance(value, bool) and n <= value <= n * sides
        return [] if ok else bad(f"{value!r} cannot be rolled on {e['dice']} ({n}-{n * sides})", "range")


class Lookup(Element):
    kind, bucket, doc = "lookup", "derived", "A value a table (or the rule's own mapping) gives for other elements."
    keys = {"row": {"type": "string"}, "table": {"type": "string"}, "column": {"type": ["string", "integer"]},
            "mapping": {"type": "object", "minProperties": 1}}
    required = Element.required + ("row",)

    @classmethod
    def own_bounds(cls, e, doc):
        if "table" not in e and "mapping" not in e:
            yield (), "a lookup needs table: (with column:) or mapping:"
        if e["row"] not in _element_ids(doc):
            yield ("row",), f"row: {e['row']!r} is not an element of this scenario"

    @classmethod
    def generate(cls, e, rng, ctx):
        return el.lookup(e, ctx)[0]

    @classmethod
    def may_be_absent(cls, e, ctx):
        return el.lookup(e, ctx)[0] is None

    @classmethod
    def verify(cls, e, value, ctx, bad):
        want, problem = el.lookup(e, ctx)
        if problem:
            return bad(problem, "derived")
        source = f"table {e['table']}" if "table" in e else f"rule {e['rule']}"
        return [] if str(value) == str(want) else bad(f"{value!r}, but {source} gives {want!r} for these draws",
                                                      "derived")


class Permutation(Element):
    kind, doc = "permutation", "Numbers assigned to items, each number once."
    keys = {"groups": {"type": "array", "minItems": 1, "items": {
        "type": "object", "properties": {"items": {**_STRINGS, "minItems": 1}, "values": VALUES},
        "required": ["items", "values"], "additionalProperties": False}}}
    required = Element.required + ("groups",)

    @classmethod
    def own_bounds(cls, e, doc):
        for i, g in enumerate(e["groups"]):
            yield from _pool_bounds(g["values"], ("groups", i, "values"), "values")

    @classmethod
    def generate(cls, e, rng, ctx):
        out = {}
        for g in e["groups"]:
            nums = values.expand(g["values"])
            rng.shuffle(nums)
            out.update(zip(g["items"], nums))
        return out

    @classmethod
    def verify(cls, e, value, ctx, bad):
        return el.verify_permutation(e, value, bad)


class Choose(Element):
    kind, doc = "choose", "k of n: from a list, a range, the places of a kind or another element's value."
    keys = {"from": {"type": ["string", "array"], "minItems": 1, "items": {"type": ["string", "integer"]},
                     "description": "[...], \"1-9\", \"places:<kind>\" or \"element:<id>\"."},
            "count": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
            "min-count": {"type": "integer", "minimum": 0, "maximum": MAX_COUNT},
            "distinct": {"type": "boolean"}, "repeatable": {"type": "array"},
            "list": {"type": "boolean", "description": "A list even when count is 1."},
            "by-player": {"type": "boolean", "description": "The rules let the player choose (a generated "
                                                           "setup picks for him at random, and its sheet says so)."}}
    required = Element.required + ("from",)

    @classmethod
    def own_bounds(cls, e, doc):
        src, k = e["from"], e.get("count", 1)
        if e.get("min-count", 0) > k:
            yield ("min-count",), f"min-count {e['min-count']} is more than count {k}"
        if isinstance(src, str) and src.startswith("element:"):
            other = src.split(":", 1)[1]
            if other not in _element_ids(doc):
                yield ("from",), f"from: {other!r} is not an element of this scenario"
            return
        if isinstance(src, str) and src.startswith("places:"):
            return  # the map (and a user's --map) says how many: checked when generating
        problems = list(_pool_bounds(src, ("from",), "from"))
        yield from problems
        n = len(src) if isinstance(src, list) else values.size(src)  # a list is taken as written
        if not problems and e.get("distinct", True) and k > n:
            yield ("count",), f"count {k} is more than the {n} values of from"

    @classmethod
    def generate(cls, e, rng, ctx):
        pool = el.choose_pool(e, ctx)
        k = e.get("count", 1)
        if not pool or (e.get("distinct", True) and k > len(pool)):
            raise ctx.scenario.error(e, "count", f"cannot choose {k} of the {len(pool)} values of "
                                     f"from: {e['from']!r} in this setup")
        picked = rng.sample(pool, k) if e.get("distinct", True) else [rng.choice(pool) for _ in range(k)]
        return picked[0] if k == 1 and not e.get("list") else picked

    @classmethod
    def verify(cls, e, value, ctx, bad):
        return el.verify_choose(e, value, ctx, bad)


class Deal(Element):
    kind, bucket, doc = "deal", "draws", "Cards dealt to piles, the Game End card placed."
    keys = {"piles": {"type": "object", "minProperties": 1, "additionalProperties": _NAT},
            "end-card": {"type": "object", "properties": {"pile": {"type": "string"},
                                                          "position": {"type": "string"}},
                         "required": ["pile", "position"], "additionalProperties": False}}
    required = Element.required + ("piles",)

    @classmethod
    def own_bounds(cls, e, doc):
        end = e.get("end-card")
        if end and end["pile"] not in e["piles"]:
            yield ("end-card", "pile"), f"end-card pile {end['pile']!r} is not one of the piles"

    @classmethod
    def generate(cls, e, rng, ctx):
        out = dict(e["piles"])
        end = e.get("end-card")
        if end:
            out["end-card"] = {"pile": end["pile"], "position": end["position"]}
        return out

    @classmethod
    def verify(cls, e, value, ctx, bad):
        return el.verify_deal(e, value, bad)


class Option(Element):
    kind, doc = "option", "An optional rule, on or off."
    keys = {"default": {"type": "boolean"}, "random": {"type": "boolean", "description": "Generation tosses a coin."},
            "frees-to": {"description": "Where the units whose rule this option lifts (their `unless`) may go "
                                        "when it is on (e.g. {zone: board}); without it, anywhere."}}

    @classmethod
    def generate(cls, e, rng, ctx):
        return rng.choice([True, False]) if e.get("random") else e.get("default", False)

    @classmethod
    def verify(cls, e, value, ctx, bad):
        return [] if isinstance(value, bool) else bad(f"{value!r} is not true or false", "type")


class Allocate(Element):
    kind, doc = "allocate", "Counts of pieces spread over zones."
    keys = {"items": {"type": "object", "minProperties": 1, "additionalProperties": _NAT},
            "zones": {**_STRINGS, "minItems": 1}}
    required = Element.required + ("items", "zones")

    @classmethod
    def generate(cls, e, rng, ctx):
        zones = e["zones"]
        out = {z: {k: 0 for k in e["items"]} for z in zones}
        for item, total in e["items"].items():
            for _ in range(total):
                out[rng.choice(zones)][item] += 1
        return out

    @classmethod
    def verify(cls, e, value, ctx, bad):
        return el.verify_allocate(e, value, bad)


# --- constraints ----------------------------------------------------------------------------

SELECTION = {
    "units": {"description": "[unit ids] or {types, tags, except}.",
              "oneOf": [_STRINGS, {"type": "object", "properties": {"types": _STRINGS, "tags": _STRINGS,
                                                                    "except": _STRINGS},
                                   "additionalProperties": False}]},
    "side": {"type": "string", "description": "A side id, or each (stacking per side)."},
    "exempt": {**_STRINGS, "description": "Unit types the constraint leaves out."},
}


class Constraint(Kind):
    """A rule over the placements of a setup."""

    common = {"rule": RULE, "note": NOTE,
              "id": {**_ID, "description": "How the coverage ledger names it (constraint:<id>); default: its "
                                           "check (kind game) or kind, -2, -3... when repeated."},
              "unless": {"type": "string", "description": "An option element that lifts the rule when on."}}
    required = ("rule",)

    @classmethod
    def check(cls, c: dict, setup, ctx) -> list[Violation]:
        raise NotImplementedError


class Stacking(Constraint):
    kind, doc = "stacking", "At most `limit` units, stacking points or steps per place."
    keys = {**SELECTION, "limit": _NAT, "measure": {"enum": ["units", "sp", "steps"]},
            "label": {"type": "string", "description": "What a placement's count counts, in the rules' "
                                                       "words (combat steps), where it is not units."},
            "overrides": {"type": "object", "additionalProperties": {"oneOf": [_NAT, {"type": "null"}]}}}
    required = ("rule", "limit")
    check = staticmethod(placement.check_stacking)


class Count(Constraint):
    kind, doc = "count", "Units of a selection in a place or zone: min, max or exact."
    keys = {**SELECTION, "in": {"type": "string", "description": "A place or zone id, or anywhere (the whole set-up)."},
            "each": {"type": "boolean"}, "exact": _NAT, "min": _NAT,
            "max": _NAT, "label": {"type": "string"}}
    required = ("rule", "in")
    check = staticmethod(placement.check_count)

    @classmethod
    def bounds(cls, c, doc):
        if not {"exact", "min", "max"} & set(c):
            yield (), "a count needs exact:, min: or max:"


class Forbidden(Constraint):
    kind, doc = "forbidden", "Units a selection may never be placed in: `places`, or any place of `place-kinds`."
    keys = {**SELECTION, "places": {**_STRINGS, "minItems": 1},
            "place-kinds": {**_STRINGS, "minItems": 1, "description": "Kinds of place (map.yaml `kind`), "
                                                                    "every place of which is forbidden."}}
    required = ("rule",)
    check = staticmethod(placement.check_forbidden)

    @classmethod
    def bounds(cls, entry: dict, doc: dict):
        if "places" not in entry and "place-kinds" not in entry:
            yield (), "a forbidden constraint names its places or place-kinds"


class Line(Constraint):
    kind, doc = "line", "On or beyond a hex line (needs the map's grid)."
    keys = {**SELECTION, "line": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "^[0-9]+$"}},
            "direction": {"enum": ["greater-row", "less-row"]}, "strict": {"type": "boolean"},
            "min-distance": {**_NAT, "description": "Beyond the line and at least this many hexes from every "
                                                    "hex of it."}}
    required = ("rule", "line")
    check = staticmethod(placement.check_line)


class DistanceBetween(Constraint):
    kind, doc = "distance-between", "All units with a tag within `max` hexes of each other."
    keys = {"tags": {**_STRINGS, "minItems": 1}, "max": _NAT}
    required = ("rule", "tags", "max")
    check = staticmethod(placement.check_distance_between)


class GameCheck(Constraint):
    """A check of the game's own (playaids/games/<game>): its name, and the keys that check
    declares (validated against the game's declaration when the scenario is loaded)."""

    kind, doc = "game", "A check of the game's own; its further keys are the ones that check declares."
    keys = {"check": {"type": "string"}}
    required = ("rule", "check")

    @classmethod
    def schema(cls) -> dict:
        out = super().schema()
        out["additionalProperties"] = True  # the game's check says which (games.base.GameRules.check_keys)
        return out

    @classmethod
    def check(cls, c, setup, ctx):
        fn = ctx.checks.get(c["check"])
        if fn is None:  # a scenario loaded without its game's checks (load_scenario refuses the name)
            return [Violation(c["rule"], c["check"], "no check of this name is registered for the game",
                              status="unchecked", check="game")]
        return fn(c, setup, ctx)


ELEMENTS = (Draw, Roll, Lookup, Permutation, Choose, Deal, Option, Allocate)
CONSTRAINTS = (Stacking, Count, Forbidden, Line, DistanceBetween, GameCheck)
_ELEMENT = {k.kind: k for k in ELEMENTS}
_CONSTRAINT = {k.kind: k for k in CONSTRAINTS}


def element(kind: str) -> type[Element]:
    return _ELEMENT[kind]


def constraint(kind: str) -> type[Constraint]:
    return _CONSTRAINT[kind]


def bucket(kind: str) -> str:
    """Which part of the setup file holds an element's value."""
    return _ELEMENT[kind].bucket


def constraint_ids(constraints) -> list[str]:
    """The id of each constraint: its own `id`, else its game check's name or its kind, numbered
    -2, -3... from the second of a kind."""
    out, seen = [], {}
    for c in constraints:
        if c.get("id"):
            out.append(c["id"])
            continue
        base = c.get("check") if c.get("kind") == "game" else c.get("kind")
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return out


def item_schema(classes) -> dict:
    """One list item: its kind picks the class whose schema applies."""
    return {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": [k.kind for k in classes]}},
            "allOf": [{"if": {"properties": {"kind": {"const": k.kind}}, "required": ["kind"]},
                       "then": k.schema()} for k in classes]}


def problems(doc: dict):
    """(path in the scenario, problem) for every element or constraint out of its bounds, and
    each unit whose `when:` names no element (it would silently never be present)."""
    for part, find in (("elements", _ELEMENT), ("constraints", _CONSTRAINT)):
        for i, entry in enumerate(doc.get(part, [])):
            for sub, msg in find[entry["kind"]].bounds(entry, doc):
                yield (part, i, *sub), f"{part}.{i}: {msg}"
    for i, unit in enumerate(doc.get("units", [])):
        for sub, msg in _when_bounds(unit, doc):
            yield ("units", i, *sub), f"units.{i}: {msg}"
    ids = constraint_ids(doc.get("constraints", []))
    for i, cid in enumerate(ids):
        if cid in ids[:i]:
            yield ("constraints", i), f"constraints.{i}: id {cid!r} is also constraints.{ids.index(cid)}"
