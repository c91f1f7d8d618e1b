"""The terrain of the hexes a cave set-up uses, as the user describes it (the boards are not in
the seed): base level, crest level, terrain words and hexside features. Format in README
("ASL caves"); tests/fixtures/asl/ holds the worked examples' conditions.

```yaml
board: "25"                 # default board of bare hex ids
hexes:
  F6: {level: 1, crest: 2, terrain: [gully]}
  H3: {level: -1, crest: 0, terrain: [stream], stream: flooded, feature-level: 0}
hexsides:
  F7-E7: {crest: true}
  I7-H7: {cliff: 2}
  F6-G7: {depression: true}
```
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from playaids import yamlsafe
from playaids.errors import DataError
from playaids.load import schema_error
from playaids.games.asl_chapter_g import geometry as geo

# depression terrain: G11.1 names depressions (峡谷地) incl. sunken road (B4.2) and hillside
# gully (B19.5); a stream has a bottom (「乾燥していない小川の底」, G11.1), so it is one too.
DEPRESSION = {"depression", "gully", "sunken-road", "stream"}
# G11.1: never in building, rubble, marsh, swamp or water-obstacle hexes
NO_CAVE = {"building", "rubble", "marsh", "swamp", "water"}
# G11.1 (entrance hex) and G11.2 (complex): in-season paddy, sand, marsh, swamp, water
WET = {"sand", "marsh", "swamp", "water"}
TERRAIN_WORDS = DEPRESSION | NO_CAVE | WET | {"open", "causeway", "paddy", "road", "jungle", "kunai", "bamboo",
                                              "woods", "brush", "hill"}
PADDY = ("in-season", "out-of-season")
STREAM = ("dry", "wet", "flooded")

_WORDS = {"type": "string", "maxLength": 100, "description": "A terrain word (parse names the known ones)."}
_HEX = {"type": "object", "additionalProperties": False, "required": ["level"],
        "description": "A hex's base level and what is in it (G11.1: where a cave may go).",
        "properties": {"level": {"type": "integer"}, "crest": {"type": "integer"},
                       "terrain": {"anyOf": [_WORDS, {"type": "array", "items": _WORDS, "maxItems": 50}]},
                       "paddy": {"enum": list(PADDY)}, "stream": {"enum": list(STREAM)},
                       "feature-level": {"type": "integer"}, "note": {"type": "string", "maxLength": 4000}}}
_SIDE = {"type": "object", "additionalProperties": False,
         "description": "A hexside's features: crest, cliff (its height in levels), depression, road, pond.",
         "properties": {"crest": {"type": "boolean"}, "cliff": {"type": "integer", "minimum": 0},
                        "depression": {"type": "boolean"}, "road": {"type": "boolean"}, "pond": {"type": "integer"},
                        "note": {"type": "string", "maxLength": 4000}}}
# The terrain file `scenario asl-chapter-g caves --terrain` reads, or a setup's inline `terrain:`
# (published by `playaids data schema terrain`).
SCHEMA = {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://playaids.invalid/schema/terrain.json",
          "title": "playaids ASL terrain file (asl-chapter-g)", "type": "object", "additionalProperties": False,
          "properties": {"board": {"type": ["string", "integer"]}, "note": {"type": "string", "maxLength": 4000},
                         "source": {}, "hexes": {"type": "object", "additionalProperties": _HEX},
                         "hexsides": {"type": "object", "additionalProperties": _SIDE}}}


@dataclass(frozen=True)
class HexTerrain:
    level: int
    crest: int | None = None
    terrain: frozenset = frozenset()
    paddy: str | None = None
    stream: str | None = None
    feature_level: int | None = None

    @property
    def depression(self) -> bool:
        return bool(self.terrain & DEPRESSION)

    @property
    def top(self) -> int:
        """Base level or crest level, whichever is higher (G11.1, G11.112)."""
        return self.level if self.crest is None else max(self.level, self.crest)

    def wet(self) -> list[str]:
        """The in-season paddy / sand / marsh / swamp / water this hex holds (G11.1, G11.2)."""
        out = sorted(self.terrain & WET)
        if "paddy" in self.terrain and self.paddy == "in-season":
            out.append("in-season paddy")
        if self.non_dry_stream:  # a non-dry stream holds water (at feature-level when flooded)
            out.append(f"{self.stream} stream")
        return out

    @property
    def wet_level(self) -> int:
        """Elevation of that paddy/sand/marsh/swamp/water: `feature-level`, else the base level."""
        return self.level if self.feature_level is None else self.feature_level

    @property
    def non_dry_stream(self) -> bool:
        return "stream" in self.terrain and self.stream != "dry"


@dataclass(frozen=True)
class Side:
    crest: bool = False
    cliff: int = 0          # height in levels; 0 = no cliff
    depression: bool | None = None  # None: both hexes are depressions
    road: bool = False
    pond: int | None = None  # a pond on the hexside: its water level


@dataclass
class Terrain:
    board: str = ""
    hexes: dict = field(default_factory=dict)   # Hex -> HexTerrain
    sides: dict = field(default_factory=dict)   # frozenset{Hex, Hex} -> Side
    path: str = ""

    def hex(self, h) -> HexTerrain | None:
        return self.hexes.get(h)

    def side(self, a, b) -> Side:
        return self.sides.get(geo.hexside_key(a, b), Side())

    def depression_side(self, a, b) -> bool:
        """A depression hexside (小峡谷ヘクスサイド, G11.1): as stated, else both hexes depressions."""
        s = self.side(a, b)
        if s.depression is not None:
            return s.depression
        ta, tb = self.hex(a), self.hex(b)
        return bool(ta and tb and ta.depression and tb.depression)

    def parse(self, text: str):
        return geo.parse_hex(text, self.board)


def _int(located, keys, v, what):
    if not isinstance(v, int) or isinstance(v, bool):
        raise located.error(keys, f"{what} must be a whole number")
    return v


@functools.lru_cache(maxsize=1)
def _validator():
    from playaids import schemas

    return schemas.validator(SCHEMA)


def parse(located: yamlsafe.Located) -> Terrain:
    doc = located.data
    if not isinstance(doc, dict):
        raise located.error((), "a terrain file is a mapping with board, hexes, hexsides")
    from playaids import schemas

    errors = schemas.errors(_validator(), doc)
    if errors:
        raise schema_error(located, errors)
    board = str(doc.get("board", ""))
    t = Terrain(board=board, path=located.path)
    hexes = doc.get("hexes", {})
    if not isinstance(hexes, dict):
        raise located.error(("hexes",), "hexes must be a mapping of hex id to terrain")
    for hid, spec in hexes.items():
        h = geo.parse_hex(hid, board)
        if h is None or not h.board:
            raise located.error(("hexes", hid), f"{hid!r} is not a hex id like 25F7 (or F7 with board:)")
        if h in t.hexes:
            raise located.error(("hexes", hid), f"hex {h} given twice")
        if not isinstance(spec, dict):
            raise located.error(("hexes", hid), "a hex is a mapping {level, crest, terrain, ...}")
        if "level" not in spec:
            raise located.error(("hexes", hid), "a hex needs its base level (level: N)")
        level = _int(located, ("hexes", hid, "level"), spec["level"], "level")
        crest = spec.get("crest")
        if crest is not None:
            _int(located, ("hexes", hid, "crest"), crest, "crest")
        words = spec.get("terrain", [])
        if isinstance(words, str):
            words = [words]
        if not isinstance(words, list):
            raise located.error(("hexes", hid, "terrain"), "terrain must be a list of words")
        for w in words:
            if w not in TERRAIN_WORDS:
                raise located.error(("hexes", hid, "terrain"), f"unknown terrain {w!r} (known: "
                                    f"{', '.join(sorted(TERRAIN_WORDS))})")
        paddy, stream = spec.get("paddy"), spec.get("stream")
        if "paddy" in words and paddy not in PADDY:
            raise located.error(("hexes", hid), "a paddy hex needs paddy: in-season or out-of-season")
        if "stream" in words and stream not in STREAM:
            raise located.error(("hexes", hid), "a stream hex needs stream: dry, wet or flooded")
        fl = spec.get("feature-level")
        if fl is not None:
            _int(located, ("hexes", hid, "feature-level"), fl, "feature-level")
        t.hexes[h] = HexTerrain(level, crest, frozenset(words), paddy, stream, fl)
    sides = doc.get("hexsides", {})
    if not isinstance(sides, dict):
        raise located.error(("hexsides",), "hexsides must be a mapping of hexside id (F7-G7) to features")
    for sid, spec in sides.items():
        pair = geo.parse_hexside(sid, board)
        if pair is None or not pair[0].board:
            raise located.error(("hexsides", sid), f"{sid!r} is not a hexside of two adjacent hexes (like F7-G7)")
        if not isinstance(spec, dict):
            raise located.error(("hexsides", sid), "a hexside is a mapping {crest, cliff, depression, road, pond}")
        for k in ("crest", "road", "depression"):
            if k in spec and not isinstance(spec[k], bool):
                raise located.error(("hexsides", sid, k), f"{k} must be true or false")
        cliff = spec.get("cliff", 0)
        if cliff is True:
            raise located.error(("hexsides", sid, "cliff"), "cliff is its height in levels (cliff: 2)")
        _int(located, ("hexsides", sid, "cliff"), cliff, "cliff")
        pond = spec.get("pond")
        if pond is not None:
            _int(located, ("hexsides", sid, "pond"), pond, "pond (its water level)")
        key = geo.hexside_key(*pair)
        if key in t.sides:
            raise located.error(("hexsides", sid), f"hexside {sid} given twice")
        t.sides[key] = Side(bool(spec.get("crest", False)), cliff, spec.get("depression"),
                            bool(spec.get("road", False)), pond)
    return t


def load(path) -> Terrain:
    try:
        located = yamlsafe.load(path)
    except FileNotFoundError:
        raise DataError(path, "terrain file not found") from None
    return parse(located)
