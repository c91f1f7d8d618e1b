"""Each element and constraint kind of the scenario vocabulary, on a small synthetic game
(not from any seed): one setup that passes, and a mutation that fires the kind's rule."""
import copy
import shutil
from pathlib import Path

import pytest

from playaids.engine import generate as gen
from playaids.engine import verify as ver
from playaids.engine.setupfile import Placement
from playaids.repository import Repository

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "data" / "demo-game"

MAP = """
grid: {digits: 2, columns: vertical, shifted: even, note: "synthetic test grid"}
places:
  - {id: castle, name: {ja: 城, en: Castle}, kind: town, hexes: ["0505"], zones: [north]}
  - {id: mill, name: {ja: 水車, en: Mill}, kind: town, hexes: ["0506"], zones: [north]}
  - {id: marsh, name: {ja: 沼, en: Marsh}, kind: marsh, hexes: ["0909"], zones: [south]}
  - {id: far, name: {ja: 遠方, en: Far}, kind: town, hexes: ["0912"], zones: [south]}
  - {id: edge, name: {ja: 辺境, en: Edge}, kind: town, hexes: ["1920"]}
  - {id: beach-a, name: {ja: 海岸A, en: Beach A}, kind: beach}
  - {id: beach-b, name: {ja: 海岸B, en: Beach B}, kind: beach}
  - {id: villages, name: {ja: 村々, en: Villages}, kind: zone, slots: 3}
"""

SCENARIO = """
id: test
title: {ja: 試験, en: Test, gloss: true}
rule: "1.0"
elements:
  - {id: chit, kind: draw, values: "1-3", rule: "2.1"}
  - {id: roll, kind: roll, dice: 2d6, rule: "2.2"}
  - {id: letter, kind: lookup, table: results, row: roll, column: "1-2", rule: "2.3"}
  - {id: half, kind: lookup, row: chit, mapping: {1: 0, 2: 1, 3: 1}, rule: "2.4"}
  - {id: order, kind: permutation, rule: "2.5", groups: [{items: [a, b, c], values: "1-3"}, {items: [d], values: [9]}]}
  - {id: beaches, kind: choose, count: 2, from: "places:beach", rule: "2.6"}
  - {id: deck, kind: deal, piles: {red: 5, blue: 4}, end-card: {pile: red, position: bottom}, rule: "2.7"}
  - {id: variant, kind: option, default: false, rule: "2.8"}
  - {id: secret, kind: allocate, items: {large: 2, small: 3}, zones: [z1, z2], rule: "2.9"}
  - {id: bonus, kind: draw, values: [7], when: {chit: [3]}, rule: "2.10"}
units:
  - {id: king, side: red, count: 1, type: hq, at: castle, rule: "3.1"}
  - {id: guard, side: red, count: 2, type: infantry, at: {within: 1, of: castle}, rule: "3.2", tags: [army]}
  - {id: scout, side: red, count: 1, type: infantry, at: {zone: south}, rule: "3.3", tags: [army]}
  - {id: villager, side: blue, count: 6, type: militia, at: {zone: villages, per-place: 2}, rule: "3.4"}
  - {id: reserve, side: blue, count: 1, type: infantry, at: any, rule: "3.5", when: {chit: [2, 3]}}
constraints:
  - {kind: stacking, rule: "4.1", limit: 2, measure: units, exempt: [hq]}
  - {kind: count, rule: "4.2", in: north, side: red, min: 2, label: red units}
  - {kind: forbidden, rule: "4.3", places: [marsh], units: {types: [infantry]}}
  - {kind: line, rule: "4.4", line: ["0504", "0904"], direction: greater-row, units: [scout]}
  - {kind: distance-between, rule: "4.5", tags: [army], max: 10}
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("vocab") / "data"
    shutil.copytree(FIXTURE, root / "demo-game")
    (root / "demo-game" / "map.yaml").write_text(MAP, encoding="utf-8")
    (root / "demo-game" / "scenarios").mkdir()
    (root / "demo-game" / "scenarios" / "test.yaml").write_text(SCENARIO, encoding="utf-8")
    repo = Repository(root)
    return repo, repo.scenario("demo-game", "test"), repo.map("demo-game")


def broken(world, setup):
    root, sc, gmap = world
    return {(v.rule, v.check) for v in ver.verify(setup, sc, gmap, root) if v.status == "violation"}


def legal(world, seed=0):
    root, sc, gmap = world
    s = gen.generate(sc, gmap, root, seed)
    assert broken(world, s) == set(), seed
    return s


def test_generated_setups_pass(world):
    for seed in range(300):
        legal(world, seed)


def test_derived_from_table_and_mapping(world):
    s = legal(world)
    assert s.derived["letter"] == {2: "1 / –", 3: "1 / –", 4: "1D / 1"}.get(s.draws["roll"], "Miss")
    assert s.derived["half"] == str({1: 0, 2: 1, 3: 1}[s.draws["chit"]])


@pytest.mark.parametrize("mutate,fired", [
    (lambda s: s.draws.update(chit=4), ("2.1", "range")),
    (lambda s: s.draws.update(roll=13), ("2.2", "range")),
    (lambda s: s.derived.update(letter="x"), ("2.3", "derived")),
    (lambda s: s.derived.update(half="5"), ("2.4", "derived")),
    (lambda s: s.choices["order"].update(b=s.choices["order"]["a"]), ("2.5", "permutation")),
    (lambda s: s.choices["order"].update(d=1), ("2.5", "permutation")),
    (lambda s: s.choices.update(beaches=["beach-a", "beach-a"]), ("2.6", "distinct")),
    (lambda s: s.choices.update(beaches=["beach-a", "castle"]), ("2.6", "choose")),
    (lambda s: s.draws["deck"].update(red=6), ("2.7", "deal")),
    (lambda s: s.draws["deck"].update({"end-card": {"pile": "blue", "position": "bottom"}}), ("2.7", "end-card")),
    (lambda s: s.choices.update(variant="yes"), ("2.8", "type")),
    (lambda s: s.choices["secret"]["z1"].update(large=s.choices["secret"]["z1"]["large"] + 1), ("2.9", "allocate")),
])
def test_element_kinds_fire(world, mutate, fired):
    s = copy.deepcopy(legal(world, 5))
    mutate(s)
    assert fired in broken(world, s)


def test_when_element(world):
    for seed in range(40):
        s = legal(world, seed)
        assert ("bonus" in s.draws) == (s.draws["chit"] == 3)
        if "bonus" not in s.draws:
            m = copy.deepcopy(s)
            m.draws["bonus"] = 7
            assert ("2.10", "draw") in broken(world, m)


def _with(setup, **changes):
    s = copy.deepcopy(setup)
    for unit, at in changes.items():
        for p in s.placements:
            if p.unit == unit.replace("_", "-"):
                p.at = at
    return s


def test_unit_rules_fire(world):
    s = legal(world, 1)
    assert ("3.1", "place") in broken(world, _with(s, king="mill"))
    assert ("3.3", "place") in broken(world, _with(s, scout="castle"))
    wrong_side = copy.deepcopy(s)
    wrong_side.placements[0].side = "blue"
    assert ("3.1", "side") in broken(world, wrong_side)
    dropped = copy.deepcopy(s)
    dropped.placements = [p for p in dropped.placements if p.unit != "king"]
    assert ("3.1", "count") in broken(world, dropped)
    uneven = copy.deepcopy(s)
    v = [p for p in uneven.placements if p.unit == "villager"]
    v[0].count, v[1].count = v[0].count + 1, v[1].count - 1
    assert ("3.4", "per-place") in broken(world, uneven)


def test_within_passes_on_a_neighbour_and_fires_beyond(world):
    s = legal(world, 2)
    g = [p for p in s.placements if p.unit == "guard"]
    s.placements = [p for p in s.placements if p.unit != "guard"] + [
        Placement("red", "guard", "0506", 1), Placement("red", "guard", "0505", 1)]  # 0506 is next to castle
    assert ("3.2", "place") not in broken(world, s)
    s.placements[-2].at = "0508"
    assert ("3.2", "place") in broken(world, s)
    assert g


def test_stacking_fires_and_exempts(world):
    s = legal(world, 3)
    s.placements = [p for p in s.placements if p.unit != "guard"] + [Placement("red", "guard", "mill", 2)]
    assert ("4.1", "stacking") not in broken(world, s)  # 2 guards in the mill: at the limit
    s.placements.append(Placement("blue", "reserve", "mill", 1))
    s.draws["chit"] = 2
    s.derived["half"] = "1"
    s.draws.pop("bonus", None)
    assert ("4.1", "stacking") in broken(world, s)
    king_joins = _with(legal(world, 3), guard="castle")
    assert ("4.1", "stacking") not in broken(world, king_joins)  # the HQ is exempt


def test_count_fires(world):
    s = legal(world, 4)
    s = _with(s, guard="far")
    assert ("4.2", "count") in broken(world, s)


def test_forbidden_fires(world):
    s = _with(legal(world, 6), scout="marsh")
    assert ("4.3", "forbidden") in broken(world, s)
    assert ("4.3", "forbidden") not in broken(world, legal(world, 6))


def test_line_fires(world):
    s = legal(world, 7)
    s.placements = [p for p in s.placements if p.unit != "scout"] + [Placement("red", "scout", "0903", 1)]
    assert ("4.4", "line") in broken(world, s)


def test_distance_between_fires(world):
    s = legal(world, 8)
    assert ("4.5", "distance") not in broken(world, s)
    s = _with(s, scout="edge")  # 1920 is 19 hexes from the castle guards
    found = broken(world, s)
    assert ("4.5", "distance") in found
