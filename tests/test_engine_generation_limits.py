"""Generation keeps a count's `max` in a place (an airfield's capacity) and spreads a unit that may go
anywhere in a zone over its `generate-at` places; a small synthetic game (not from any seed)."""
import shutil
from collections import Counter
from pathlib import Path

import pytest

from playaids.engine import generate as gen
from playaids.engine import verify as ver
from playaids.repository import Repository

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "data" / "demo-game"

MAP = """
places:
  - {id: isle, name: {ja: 島, en: Isle}, kind: zone}
  - {id: field-a, name: {ja: 飛行場A, en: Field A}, kind: airfield, zones: [isle]}
  - {id: field-b, name: {ja: 飛行場B, en: Field B}, kind: airfield, zones: [isle]}
  - {id: town, name: {ja: 町, en: Town}, kind: town, zones: [isle]}
  - {id: abroad, name: {ja: 外国, en: Abroad}, kind: airfield}
"""

SCENARIO = """
id: test
title: {ja: 試験, en: Test, gloss: true}
rule: "1.0"
units:
  - {id: old-plane, side: red, count: 1, type: aircraft, at: field-a, rule: "3.1"}
  - {id: plane, side: red, count: 4, type: aircraft, at: {zone: isle}, generate-at: [field-a, field-b], rule: "3.2"}
constraints:
  - {id: cap-a, kind: count, rule: "4.1", in: field-a, units: {types: [aircraft]}, max: 2}
  - {id: cap-b, kind: count, rule: "4.2", in: field-b, units: {types: [aircraft]}, max: 3}
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("limits") / "data"
    shutil.copytree(FIXTURE, root / "demo-game")
    (root / "demo-game" / "map.yaml").write_text(MAP, encoding="utf-8")
    (root / "demo-game" / "scenarios").mkdir()
    (root / "demo-game" / "scenarios" / "test.yaml").write_text(SCENARIO, encoding="utf-8")
    repo = Repository(root)
    return repo, repo.scenario("demo-game", "test"), repo.map("demo-game")


def test_generation_keeps_count_maxima_and_generate_at_in_a_zone(world):
    root, sc, gmap = world
    for seed in range(40):
        s = gen.generate(sc, gmap, root, seed)
        at = Counter()
        for p in s.placements:
            at[p.at] += p.count
        # 1 + 4 aircraft into 2 + 3 places: only one way fits, whatever the seed
        assert at == Counter({"field-a": 2, "field-b": 3}), seed
        assert [v for v in ver.verify(s, sc, gmap, root) if v.status == "violation"] == []


def test_a_count_maximum_still_fires_on_a_hand_made_setup(world):
    root, sc, gmap = world
    s = gen.generate(sc, gmap, root, 1)
    for p in s.placements:
        if p.unit == "plane":
            p.at = "field-b"
    found = [(v.rule, v.message) for v in ver.verify(s, sc, gmap, root) if v.status == "violation"]
    assert found == [("4.2", "4 units, at most 3")]
    for p in s.placements:
        if p.unit == "plane":
            p.at = "abroad"
    assert {v.check for v in ver.verify(s, sc, gmap, root) if v.status == "violation"} == {"place"}
