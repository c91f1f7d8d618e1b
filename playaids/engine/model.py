"""Scenario, map and verdict objects shared by generation and verification."""
from __future__ import annotations

from dataclasses import dataclass, field

from playaids.engine.hexgrid import HexGrid


@dataclass(frozen=True)
class Violation:
    """One broken (or, with status `unchecked`, uncheckable) rule of a setup."""

    rule: str
    where: str
    message: str
    status: str = "violation"  # or "unchecked"
    check: str = ""
    # where it is in the setup file, as a key path: ("placements", 0), ("draws", "allied-chit"),
    # ("caves", 2); () for the setup as a whole. Words for a person are made from it once, in the
    # reader's language (engine/words.py).
    key: tuple = ()
    # what in the scenario enforces it: unit:<id>, element:<id>, constraint:<id>, ledger:<rule>
    # (the coverage ledger's refs; a game's own check is also matched as check:<check>)
    ref: str = ""

    def refs(self) -> tuple[str, ...]:
        return (self.ref, f"check:{self.check}") if self.check else (self.ref,)

    def line(self) -> str:
        head = "unchecked: " if self.status == "unchecked" else ""
        return f"{self.rule}  {self.where}: {head}{self.message}"

    def as_dict(self) -> dict:
        return {"rule": self.rule, "where": self.where, "message": self.message,
                "status": self.status, "check": self.check, "ref": self.ref, "key": list(self.key)}


# place kinds beside the board: a record box, a holding box, an off-map area
OFF_BOARD = ("box", "off-map")


@dataclass(frozen=True)
class Place:
    id: str
    name: dict
    kind: str = "place"
    hexes: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    rule: str | None = None
    slots: int | None = None  # a place the rules count but do not name: N named slots
    doubtful_zones: tuple[str, ...] = ()  # zones it is in under one reading of a damaged source only
    not_zones: tuple[str, ...] = ()  # zones the source says it is not in (Olongapo: not in the peninsula)
    unlisted_members: bool = False  # a zone whose places the source does not all name: a place
    #                                 not listed in it may still be in it (unknown, not outside)
    aliases: tuple[str, ...] = ()   # other names the rules give the place (a setup may use them)


@dataclass
class GameMap:
    places: dict = field(default_factory=dict)  # id -> Place
    grid: HexGrid | None = None
    path: str = ""
    # a hex map whose geometry the rules do not give (no grid): a bare number names one of its
    # hexes; on a map of towns or areas a number names nothing
    numbered_hexes: bool = False
    # how a setup sheet groups placements: [{name, kinds, places}] in order (map.yaml `areas`)
    areas: list = field(default_factory=list)
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # in_zone answers

    def canonical(self, at):
        """The place id an alias stands for (Ft. Wint's `olongapo`), else `at` itself."""
        key = ("aliases", len(self.places))
        if key not in self.memo:
            self.memo[key] = {a: p.id for p in self.places.values() for a in p.aliases}
        owner, sep, slot = str(at).partition("#")
        return self.memo[key][owner] + sep + slot if owner in self.memo[key] else at

    def place(self, pid: str) -> Place | None:
        return self.places.get(pid)

    def members(self, zone: str) -> list[Place]:
        key = ("members", zone, len(self.places))
        if key not in self.memo:
            self.memo[key] = [p for p in self.places.values() if zone in p.zones or p.id == zone]
        return list(self.memo[key])

    def off_board(self, where: str) -> bool:
        """A place beside the map (a box, a holding box, an off-map area): no hex of it is on the
        board, so a rule that puts a unit on a hex, a line or a distance never holds there."""
        p = self.places.get(where)
        return p is not None and p.kind in OFF_BOARD and not p.hexes

    def hexes_of(self, where: str) -> tuple[str, ...] | None:
        """The map hexes of a place id or a hex number; None when the map does not say."""
        p = self.places.get(where)
        if p is not None:
            return p.hexes or None
        if self.grid is not None and self.grid.parse(where) is not None:
            return (where,)
        return None

    def in_zone(self, where: str, zone: str) -> bool | None:
        """Whether a placement location lies in a zone/place; None when unknowable."""
        key = (where, zone, len(self.places), id(self.grid))
        if key not in self.memo:
            self.memo[key] = self._in_zone(where, zone)
        return self.memo[key]

    def _in_zone(self, where: str, zone: str, seen: frozenset = frozenset()) -> bool | None:
        if where == zone:
            return True
        p = self.places.get(where)
        if p is not None:
            if zone in p.zones:
                return True
            if zone in p.not_zones:
                return False
            if zone in p.doubtful_zones:
                return None
            # a zone's zones are the place's too (a town of Bataan's zone III is on the Bataan board)
            if any(z not in seen and self._in_zone(z, zone, seen | {where}) is True for z in p.zones):
                return True
            z = self.places.get(zone)
            # a zone disjoint from one the place is in (Mariveles, in the peninsula, is in no zone
            # the source says lies outside the peninsula)
            if z is not None and any(n not in seen and self._in_zone(where, n, seen | {zone}) is True
                                     for n in z.not_zones):
                return False
            if z is not None and z.unlisted_members:
                # not in the zone around it (another campaign's board, an off-map box): not in it
                if any(a not in seen and self._in_zone(where, a, seen | {zone}) is False for a in z.zones):
                    return False
                return None
            if p.zones or p.kind != "hex":
                return False
        zhexes = self.hexes_of(zone)
        whexes = self.hexes_of(where)
        if zhexes and whexes:
            return set(whexes) <= set(zhexes)
        return None


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    count: int
    type: str = "unit"
    tags: tuple[str, ...] = ()
    at: object = None  # placement rule: None/"any", place id, list of ids, {within, of}, {zone}
    rule: str | None = None
    unless: str | None = None  # an option element id that lifts the placement rule
    when: dict | None = None   # only present when an element has one of these values
    name: dict | None = None
    sp: int | None = None
    generate_at: object = None  # where generation puts a unit its rule lets go anywhere
    face: str | None = None     # "down": sets up face-down (a placement's `face:` must agree)
    back: dict | None = None    # a face-down counter as the opponent sees it (its back)
    pool: str | None = None     # interchangeable counters: see engine/pools.py
    split: bool = False         # a group of counters the rules do not count: placed in one piece or several
    may_be: tuple[str, ...] = ()  # other types some of its counters may be (a placement's `type:` says)

    @property
    def unstated(self) -> bool:
        """The source omits how many (count: unstated): any number may be placed."""
        return self.count == "unstated"


@dataclass
class Scenario:
    game: str
    id: str
    title: dict
    rule: str
    elements: list  # list of dicts, each with id and kind
    units: list[Unit]
    constraints: list  # list of dicts with kind
    turns: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    missing: dict | None = None
    path: str = ""
    solo: dict | None = None    # solitaire play: {side, rule} of the side the one player commands
    raw: dict = field(default_factory=dict)
    located: object = field(default=None, repr=False, compare=False)  # yamlsafe.Located of the file

    def error(self, entry: dict, key: str, message: str):
        """A DataError at `key` of an element or constraint of this scenario's file."""
        from playaids.errors import DataError

        for part in ("elements", "constraints"):
            for i, e in enumerate(getattr(self, part)):
                if e is entry:
                    if self.located is not None:
                        return self.located.error((part, i, key), f"{part}.{i}: {message}")
                    return DataError(self.path or "scenario", f"{part}.{i}: {message}")
        return DataError(self.path or "scenario", message)

    def element(self, eid: str) -> dict | None:
        return next((e for e in self.elements if e["id"] == eid), None)

    def unit(self, uid: str) -> Unit | None:
        index = self.__dict__.get("_unit_index")
        if index is None or index[0] != len(self.units):  # built once (rebuilt if units change)
            index = (len(self.units), {})
            for u in self.units:
                index[1].setdefault(u.id, u)
            self.__dict__["_unit_index"] = index
        return index[1].get(uid)
