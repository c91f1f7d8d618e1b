"""GameMap.in_zone with zones whose places the source does not all name (issue 21): a place not
listed in such a zone is unknown (None), not outside it, unless the source says otherwise
(`not-zones`, a disjoint zone, the board around the zone); membership carries through zones."""
from playaids.engine.model import GameMap, Place


def _map(*places):
    return GameMap(places={p.id: p for p in places})


def _p(pid, kind="town", zones=(), not_zones=(), unlisted=False):
    return Place(pid, {"en": pid}, kind, zones=tuple(zones), not_zones=tuple(not_zones), unlisted_members=unlisted)


BOARD = _map(
    _p("board-a", "zone"), _p("board-b", "zone"),
    _p("perimeter", "zone", zones=["board-a"], not_zones=["adjacent"], unlisted=True),
    _p("adjacent", "zone", zones=["board-a"], not_zones=["perimeter"], unlisted=True),
    _p("listed", "zone", zones=["board-a"]),
    _p("pusan", zones=["board-a"]),
    _p("capital", zones=["board-a", "listed"]),
    _p("inside", zones=["perimeter"]),
    _p("elsewhere", zones=["board-b"]),
    _p("reserve", "off-map"),
)


def test_a_named_town_may_be_in_a_zone_of_unnamed_towns():
    assert BOARD.in_zone("pusan", "perimeter") is None


def test_a_zone_with_every_place_listed_is_decided():
    assert BOARD.in_zone("capital", "listed") is True
    assert BOARD.in_zone("pusan", "listed") is False


def test_membership_carries_through_zones():
    assert BOARD.in_zone("inside", "board-a") is True
    assert BOARD.in_zone("inside", "board-b") is False


def test_what_the_source_says_decides():
    assert BOARD.in_zone("adjacent", "perimeter") is False          # not-zones of the zone
    assert BOARD.in_zone("inside", "adjacent") is False             # in a zone disjoint from it
    assert BOARD.in_zone("elsewhere", "perimeter") is False         # on another board
    assert BOARD.in_zone("reserve", "perimeter") is False           # off the map


def test_unlisted_members_are_read_from_map_yaml():
    from playaids.repository import Repository
    gmap = Repository.builtin().map("rgi-macarthur")
    assert gmap.in_zone("pusan", "pusan-perimeter") is None         # l. 68: the 7 towns are not named
    assert gmap.in_zone("uberi", "port-moresby-adjacent") is None   # l. 134
    assert gmap.in_zone("port-moresby", "port-moresby-adjacent") is False
    assert gmap.in_zone("olongapo", "bataan-peninsula") is False    # l. 178
    assert gmap.in_zone("mariveles", "bataan-map") is True
    assert gmap.in_zone("seoul", "bataan-map") is False


def test_a_forbidden_zone_the_place_may_be_in_is_unchecked_not_passed():
    from types import SimpleNamespace

    from playaids.engine import placement
    from playaids.engine.model import Unit
    from playaids.engine.setupfile import Placement, Setup

    unit = Unit("inf", "blue", 3)
    ctx = SimpleNamespace(map=BOARD, scenario=SimpleNamespace(unit=lambda uid: unit))
    c = {"kind": "forbidden", "rule": "x", "places": ["perimeter"]}
    setup = Setup("g", "s", placements=[Placement("blue", "inf", "inside"), Placement("blue", "inf", "pusan"),
                                        Placement("blue", "inf", "elsewhere")])
    found = placement.check_forbidden(c, setup, ctx)
    assert [(v.key, v.status) for v in found] == [(("placements", 0), "violation"), (("placements", 1), "unchecked")]
