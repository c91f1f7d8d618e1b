"""The cave part of an asl-chapter-g setup file: keys `terrain`, `ob`, `caves`, `complexes`.

```yaml
game: asl-chapter-g
scenario: caves
terrain: board25.yaml          # a terrain file (relative to this file) or the terrain inline
ob: {side: japanese, caves: 8} # caves the OB grants (G11.91; input: the count is not in the seed)
caves:
  - {id: A, hex: 25F7, ca: F7-E7, level: 2, primary: true,
     contents: [{unit: 4-4-7, type: infantry}, {unit: LMG, type: sw}]}
complexes:
  - {id: AB, primary: A, hexes: [25F7, 25F8, 25G8]}
```
Optional per cave: `side` (default ob.side), `placed` (setup | play; default setup).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playaids import yamlsafe
from playaids.errors import DataError
from playaids.games.asl_chapter_g import geometry as geo
from playaids.games.asl_chapter_g import terrain as terrain_mod

SETUP_KEYS = ("terrain", "ob", "caves", "complexes", "fortifications")
FORT_KEYS = {"kind", "hex", "box", "level", "strength", "toward", "note"}
CAVE_KEYS = {"id", "hex", "ca", "level", "primary", "side", "placed", "contents", "note"}
COMPLEX_KEYS = {"id", "primary", "hexes", "contents", "note"}
CONTENT_KEYS = {"unit", "type", "vehicular", "note"}


@dataclass
class Cave:
    id: str
    hex: geo.Hex
    ca: geo.Hex           # the hex across the CA hexside
    level: int | None
    primary: bool = False
    side: str = "japanese"
    placed: str = "setup"
    contents: list = field(default_factory=list)
    index: int = 0

    @property
    def where(self) -> str:
        return f"cave {self.id} ({self.hex}, CA {geo.hexside_id(self.hex, self.ca)})"

    def as_dict(self) -> dict:
        d = {"id": self.id, "hex": str(self.hex), "ca": geo.hexside_id(self.hex, self.ca)}
        if self.level is not None:
            d["level"] = self.level
        if self.primary:
            d["primary"] = True
        if self.contents:
            d["contents"] = list(self.contents)
        return d


@dataclass
class Complex:
    id: str
    primary: str
    hexes: list
    contents: list = field(default_factory=list)
    index: int = 0

    def as_dict(self) -> dict:
        d = {"id": self.id, "primary": self.primary, "hexes": [str(h) for h in self.hexes]}
        if self.contents:
            d["contents"] = list(self.contents)
        return d


@dataclass
class CaveSetup:
    terrain: terrain_mod.Terrain | None
    side: str = "japanese"
    ob_caves: int | None = None
    caves: list = field(default_factory=list)
    complexes: list = field(default_factory=list)
    fortifications: list = field(default_factory=list)  # other G18 symbols, for the CCSS only


def _terrain(setup, located, repo=None):
    ref = setup.extra.get("terrain")
    if ref is None:
        return None
    if isinstance(ref, dict):  # inline: errors point into the setup file
        if located is None:
            return terrain_mod.parse(yamlsafe.Located(ref, "setup", {}))
        n = len(("terrain",))
        marks = {k[n:]: v for k, v in located.marks.items() if k[:n] == ("terrain",)}
        return terrain_mod.parse(yamlsafe.Located(ref, located.path, marks))
    if not isinstance(ref, str):
        raise _err(located, ("terrain",), "terrain must be a file name or a mapping")
    # a terrain file named by a setup lies in the setup's folder or below it: a setup from
    # elsewhere cannot make the command read any other file
    base = (Path(located.path).parent if located is not None and located.path else Path(".")).resolve()
    path = (base / ref).resolve()
    if Path(ref).is_absolute() or not path.is_relative_to(base):
        raise _err(located, ("terrain",), f"terrain file {ref!r} must be in the setup file's folder or below it "
                                          "(or give the terrain inline)")
    if not path.is_file():
        raise _err(located, ("terrain",), f"terrain file {ref!r} not found beside the setup file")
    # read once while unchanged when a repository keeps it (both checks, and 1,000-seed runs)
    return repo.input(path, terrain_mod.load) if repo is not None else terrain_mod.load(path)


def _err(located, keys, msg) -> DataError:
    if located is None:
        return DataError("setup", f"{'.'.join(map(str, keys))}: {msg}")
    return located.error(keys, msg)


def _contents(located, keys, raw) -> list:
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise _err(located, keys, "contents must be a list of {unit, type}")
    for i, c in enumerate(raw):
        if not isinstance(c, dict) or "unit" not in c or "type" not in c:
            raise _err(located, keys + (i,), "a content is a mapping {unit, type}")
        for k in c:
            if k not in CONTENT_KEYS:
                raise _err(located, keys + (i, k), f"unknown content key {k!r} (known: {', '.join(sorted(CONTENT_KEYS))})")
    return [dict(c) for c in raw]


def parse(setup, repo=None) -> CaveSetup:
    """Structure errors are DataErrors (exit 2); rule breaches are left to the checks. `repo`:
    the repository that keeps a terrain file read while it is unchanged."""
    located = setup.located
    t = _terrain(setup, located, repo)
    board = t.board if t else ""
    ob = setup.extra.get("ob", {}) or {}
    if not isinstance(ob, dict):
        raise _err(located, ("ob",), "ob must be a mapping {side, caves}")
    n = ob.get("caves")
    if n is not None and (not isinstance(n, int) or isinstance(n, bool) or n < 0):
        raise _err(located, ("ob", "caves"), "ob.caves must be a whole number")
    cs = CaveSetup(t, str(ob.get("side", "japanese")), n)
    raw = setup.extra.get("caves", []) or []
    if not isinstance(raw, list):
        raise _err(located, ("caves",), "caves must be a list")
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise _err(located, ("caves", i), "a cave is a mapping {id, hex, ca, level}")
        for k in c:
            if k not in CAVE_KEYS:
                raise _err(located, ("caves", i, k), f"unknown cave key {k!r} (known: {', '.join(sorted(CAVE_KEYS))})")
        for k in ("id", "hex", "ca"):
            if k not in c:
                raise _err(located, ("caves", i), f"a cave needs {k!r}")
        h = geo.parse_hex(c["hex"], board)
        if h is None or not h.board:
            raise _err(located, ("caves", i, "hex"), f"{c['hex']!r} is not a hex id like 25F7")
        if not geo.on_board(h):
            raise _err(located, ("caves", i, "hex"), f"{c['hex']!r} is on no board (columns A-GG, rows 1-10; "
                       "0-10 in the B, D, F ... columns)")
        ca = geo.parse_hexside(c["ca"], h.board) if "-" in str(c["ca"]) else None
        if ca is None:
            other = geo.parse_hex(c["ca"], h.board)
            if other is None or not geo.adjacent(h, other):
                raise _err(located, ("caves", i, "ca"), f"{c['ca']!r} is not a hexside of {h} (like "
                           f"{geo.hexside_id(h, geo.neighbours(h)[0])})")
            ca = (h, other)
        if h not in ca:
            raise _err(located, ("caves", i, "ca"), f"hexside {c['ca']} is not a hexside of {h}")
        level = c.get("level")
        if level is not None and (not isinstance(level, int) or isinstance(level, bool)):
            raise _err(located, ("caves", i, "level"), "level must be a whole number")
        if "primary" in c and not isinstance(c["primary"], bool):
            raise _err(located, ("caves", i, "primary"), "primary must be true or false")
        cs.caves.append(Cave(str(c["id"]), h, ca[1] if ca[0] == h else ca[0], level, bool(c.get("primary", False)),
                             str(c.get("side", cs.side)), str(c.get("placed", "setup")),
                             _contents(located, ("caves", i, "contents"), c.get("contents")), i))
    raw = setup.extra.get("complexes", []) or []
    if not isinstance(raw, list):
        raise _err(located, ("complexes",), "complexes must be a list")
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise _err(located, ("complexes", i), "a complex is a mapping {id, primary, hexes}")
        for k in c:
            if k not in COMPLEX_KEYS:
                raise _err(located, ("complexes", i, k), f"unknown complex key {k!r} (known: "
                           f"{', '.join(sorted(COMPLEX_KEYS))})")
        for k in ("id", "primary", "hexes"):
            if k not in c:
                raise _err(located, ("complexes", i), f"a complex needs {k!r}")
        if not isinstance(c["hexes"], list) or not c["hexes"]:
            raise _err(located, ("complexes", i, "hexes"), "hexes must be a list of hex ids")
        hexes = []
        for j, x in enumerate(c["hexes"]):
            h = geo.parse_hex(x, board)
            if h is None or not h.board:
                raise _err(located, ("complexes", i, "hexes", j), f"{x!r} is not a hex id like 25F7")
            if not geo.on_board(h):
                raise _err(located, ("complexes", i, "hexes", j), f"{x!r} is on no board (columns A-GG, rows "
                           "1-10; 0-10 in the B, D, F ... columns)")
            hexes.append(h)
        cs.complexes.append(Complex(str(c["id"]), str(c["primary"]), hexes,
                                    _contents(located, ("complexes", i, "contents"), c.get("contents")), i))
    cs.fortifications = _fortifications(located, setup.extra.get("fortifications", []) or [], board)
    return cs


def _fortifications(located, raw, board) -> list:
    """`fortifications: [{kind: pillbox, hex: 25F8, box: C, toward: G8}]`: drawn on the CCSS
    with their G18 symbol; the seed gives no placement rules for them, so none are checked."""
    from playaids.games.asl_chapter_g.ccss import ARROWED, FORT_SYMBOLS

    if not isinstance(raw, list):
        raise _err(located, ("fortifications",), "fortifications must be a list")
    out = []
    for i, f in enumerate(raw):
        if not isinstance(f, dict) or "kind" not in f or "hex" not in f:
            raise _err(located, ("fortifications", i), "a fortification is a mapping {kind, hex, box}")
        for k in f:
            if k not in FORT_KEYS:
                raise _err(located, ("fortifications", i, k), f"unknown key {k!r} (known: {', '.join(sorted(FORT_KEYS))})")
        if f["kind"] not in FORT_SYMBOLS:
            raise _err(located, ("fortifications", i, "kind"), f"unknown kind {f['kind']!r} (known: "
                       f"{', '.join(sorted(FORT_SYMBOLS))})")
        h = geo.parse_hex(f["hex"], board)
        if h is None or not h.board:
            raise _err(located, ("fortifications", i, "hex"), f"{f['hex']!r} is not a hex id like 25F7")
        toward = None
        if "toward" in f:
            if f["kind"] not in ARROWED:
                raise _err(located, ("fortifications", i, "toward"), f"a {f['kind']} has no arrow")
            toward = geo.parse_hex(f["toward"], h.board)
            if toward is None or not geo.adjacent(h, toward):
                raise _err(located, ("fortifications", i, "toward"), f"{f['toward']!r} is not a hex next to {h}")
        symbol = FORT_SYMBOLS[f["kind"]].format(box=f.get("box", "?"), level=f.get("level", "#"),
                                                strength=f.get("strength", "#"))
        out.append({"kind": f["kind"], "hex": h, "symbol": symbol, "toward": toward})
    return out
