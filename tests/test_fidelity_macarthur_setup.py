"""Issue 21, MacArthur: The Road to Bataan - the set-up rules of the seed (000) that verify enforces,
the solitaire turn record (19.5, 19.6) and the movement summary (4.1.8, 7.4)."""
import re
from pathlib import Path

import pytest
import yaml

from playaids.engine import api
from playaids.engine import verify as ver
from playaids.repository import DEFAULT_DATA, Repository

ROOT = Repository.builtin()
GAME = "macarthur-bataan"
CONVOYS = 5  # generation seed whose Allied chit is 5: both convoys (16.1)


def _found(scenario, moves, seed=CONVOYS, add=()):
    """Violations (status, check, rule, where) after moving the first placement of each unit."""
    s = api.generate(ROOT, GAME, scenario, seed)
    assert s.draws["allied-chit"] == 5 or seed != CONVOYS or scenario == "main-assault"
    for unit, where in moves:
        next(p for p in s.placements if p.unit == unit).at = where
    s.placements += list(add)
    return ver.verify(s, ROOT.scenario(GAME, scenario), ROOT.map(GAME), ROOT)


def _place(scenario, unit, where):
    return [(v.status, v.message) for v in _found(scenario, [(unit, where)]) if v.check == "place" and unit in v.where]


@pytest.mark.sample
@pytest.mark.parametrize("scenario", ["historical", "solitaire"])
def test_convoy_aircraft_go_anywhere_on_luzon(scenario):
    # 16.2.2 「船団からの追加の P-40E、A-24、ABSU は、ルソンの望むどこかに置かれなければなりません」
    for unit in ("p-40e-pensacola", "a-24-pensacola", "p-40e-polk-coolidge"):
        for off in ("koshun", "takao", "del-monte", "batan"):  # Formosa, off-map Mindanao, the island north of Luzon
            assert _place(scenario, unit, off) == [("violation", "must be in luzon")], (unit, off)
        for on in ("nichols", "clark", "tuguegarao", "lingayen", "manila", "bicol"):
            assert _place(scenario, unit, on) == [], (unit, on)
        status, message = _place(scenario, unit, "corregidor")[0]  # an island, yet on the Luzon Airfield Chart
        assert status == "unchecked" and "doubtful" in message
        # a hex number: the seed gives no hex of Luzon (no grid in map.yaml)
        assert _place(scenario, unit, "2514") == [("unchecked",
                                                   "needs the zones of 2514 in map.yaml to check 'in luzon'")]


def test_convoy_aircraft_are_generated_at_luzon_fields():
    gmap = ROOT.map(GAME)
    seen = set()
    for seed in range(60):
        s = api.generate(ROOT, GAME, "historical", seed)
        for p in s.placements:
            if p.unit in ("p-40e-pensacola", "a-24-pensacola", "p-40e-polk-coolidge"):
                assert gmap.in_zone(p.at, "luzon") is True and gmap.place(p.at).kind in ("airfield", "town"), p
                seen.add(p.at)
    assert {"nichols", "tuguegarao", "nielsen"} <= seen


def test_trucks_and_ph_artillery_anywhere_on_the_board():
    # 16.2.4 「ゲーム・ボード上のどこにでも」; 2.1.1 the play area is the Luzon map
    for unit in ("trucks", "ph-artillery-bn"):
        assert _place("main-assault", unit, "koshun") == [("violation", "must be in board")]
        assert _place("main-assault", unit, "del-monte") == [("violation", "must be in board")]
        assert _place("main-assault", unit, "corregidor") == []
        assert _place("main-assault", unit, "batan")[0][0] == "unchecked"


def _capacity(scenario, field, n, unit="p-40e-polk-coolidge"):
    from playaids.engine.setupfile import Placement
    found = _found(scenario, [], add=[Placement("allied", unit, field, n)])
    return [v for v in found if v.check in ("count", "forbidden") and v.status == "violation"
            and (v.where == field or field in v.where)]


def test_airfield_capacity_is_the_number_of_boxes():
    # 8.2.5 each airfield holds as many air units as its boxes on the Luzon Airfield Chart
    assert _capacity("historical", "iba", 1)  # F F, two P-40E already there (16.2.1)
    assert _capacity("historical", "legaspi", 4) and not _capacity("historical", "legaspi", 3)  # F, or B B F
    sc = ROOT.scenario(GAME, "historical")
    base = sum(p.count for p in api.generate(ROOT, GAME, "historical", CONVOYS).placements
               if p.at == "clark" and sc.unit(p.unit).type == "aircraft")
    assert base == 6  # 2 P-40B, 2 P-40E, 2 B-17 (16.2.1): Clark's six certain B boxes are full
    assert not _capacity("historical", "clark", 12 - base)  # 12: the larger reading of the garbled chart
    [v] = _capacity("historical", "clark", 13 - base)
    assert v.rule == "8.2.5" and "at most 12" in v.message


def test_bombers_need_b_boxes():
    # 8.2.5 爆撃機ユニットは、使用可能な「B」ボックスを持たない飛行場へ着陸できない; 8.2.6 names the fighters
    [v] = [v for v in _found("solitaire", [("a-24-pensacola", "bataan-airfield")]) if v.check == "forbidden"]
    assert v.check == "forbidden" and v.rule == "8.2.5, 8.2.6"
    assert not [v for v in _found("solitaire", [("p-40e-pensacola", "bataan-airfield")]) if v.check == "forbidden"]
    bombers = _capacity("historical", "nichols", 1, unit="a-24-pensacola")  # B B: two bombers at most
    assert [v.message for v in bombers if v.rule == "8.2.5, 8.2.6"] == ["3 bombers, at most 2"]


def test_solitaire_turn_record_follows_19_5_and_19_6():
    rec = ROOT.turns(GAME)
    solo = {e.rule for e in rec.events_at("setup", "solitaire")}
    assert "11.1" not in solo and "10.2.3" not in solo and {"19.5", "19.6"} <= solo
    assert {"11.1", "10.2.3"} <= {e.rule for e in rec.events_at("setup", "historical")}
    assert not any(e.rule in ("11.1", "11.2") for t in range(1, 14) for e in rec.events_in(t, "solitaire"))
    assert any(e.rule == "11.2" for e in rec.events_in(2, "historical"))
    tracks = {t.id: t for t in rec.in_scope(rec.tracks, "solitaire")}
    assert "submarines" not in tracks and "corregidor" not in tracks
    assert (tracks["corregidor-solitaire"].min, tracks["corregidor-solitaire"].max) == (1, 24)
    assert {t.id for t in rec.in_scope(rec.tracks, "historical")} >= {"submarines", "corregidor"}
    ev19_5 = next(e for e in rec.events_at("setup", "solitaire") if e.rule == "19.5")
    assert "Submarine Presence" in ev19_5.text.en and "+1" in ev19_5.text.en and "-1" in ev19_5.text.en


def test_strategic_transport_turns_name_the_optional_roll():
    # 4.4.2.3 turns 5 and 6; 18.1 (optional) rolls them in secret
    rec = ROOT.turns(GAME)
    for scenario, turn in (("historical", 5), ("solitaire", 6), ("main-assault", 5)):
        ev = [e for e in rec.events_in(turn, scenario) if "4.4.2.3" in e.rule]
        assert ev and "18.1" in ev[0].rule and "18.1" in ev[0].text.en and "18.1" in ev[0].text.ja


def test_summary_has_4_1_8_and_the_7_4_exception():
    from docs import summary_of
    items = [i for sec in summary_of(GAME).sections for i in sec.items if i.text]
    one_hex = [i for i in items if i.rule == "4.1.8"]
    assert one_hex and "always move one hex" in one_hex[0].text.en and "prohibited terrain" in one_hex[0].text.en
    assert "禁止地形を除き" in one_hex[0].text.ja
    no_combat = [i for i in items if "4.1.3" in i.rule][0]
    assert "exception: 7.4" in no_combat.text.en and "例外：7.4" in no_combat.text.ja


def test_ledger_counts():
    ledger = yaml.safe_load((DEFAULT_DATA / GAME / "coverage.yaml").read_text(encoding="utf-8"))
    counts = {s: sum(e["status"] == s for e in ledger["entries"]) for s in ("checked", "unchecked", "not-setup")}
    assert counts["checked"] >= 50 and counts["unchecked"] >= 15
