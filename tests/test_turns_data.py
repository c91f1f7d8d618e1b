"""turns.yaml of each game against the seeds (inventory sections 000.2, 001.2, 002.2, 004.2)."""
import datetime

import pytest

from docs import record
from playaids.errors import UnknownId


def events(rec, turn, scenario):
    return [e.text.en for e in rec.events_in(turn, scenario)]


def has(rec, turn, scenario, *words):
    return any(all(w in t for w in words) for t in events(rec, turn, scenario))


# --- MacArthur: The Road to Bataan ----------------------------------------------------------

def test_macarthur_track():
    rec = record("macarthur-bataan")
    assert rec.turns == 13 and rec.turn_length.ja == "史実の3日間"
    assert rec.calendar is None and rec.date(1) is None
    assert "no calendar date" in rec.dates_note.en
    assert [(s.id, s.first, s.last) for s in rec.scenarios] == [("historical", 1, 13), ("main-assault", 5, 13), ("solitaire", 1, 13)]
    assert {x.code.en: x.text.en for x in rec.legend} == {
        "B": "Bataan airfield", "C": "Clark airfield", "K": "Fort McKinley", "M": "Manila"}


def test_macarthur_withdrawals_and_arrivals():
    rec = record("macarthur-bataan")
    assert has(rec, 7, "historical", "Naval air withdrawal", "2 Nell and 3 Betty")
    assert has(rec, 10, "historical", "Naval air withdrawal", "1 Betty and 1 Nell")
    assert has(rec, 10, "historical", "4th Tank Regiment")
    assert has(rec, 11, "historical", "Army air withdrawal", "2 Nate, 1 Ann, 1 Sonia and 1 Ida")
    assert has(rec, 11, "historical", "Manila (M)", "Fort McKinley (K)")
    assert has(rec, 2, "historical", "Clark airfield (C)")
    assert has(rec, 9, "historical", "65th Brigade", "#1-#3")
    assert not has(rec, 9, "main-assault", "65th Brigade")  # chits are a standard-game matter
    assert has(rec, 5, "historical", "Strategic transport") and has(rec, 6, "historical", "strategic transport")
    assert has(rec, 13, "historical", "end of turn 13")
    for t in (2, 4, 6, 8, 10, 12):
        assert has(rec, t, "historical", "submarines may move")
    assert not has(rec, 3, "historical", "submarines may move")
    army = [e for e in rec.events if "Army air" in e.text.en][0]
    assert "2 (「２つの九七式軽爆撃機」" in army.note  # the TRC/14.5 conflict is noted


def test_macarthur_illegible_trc_boxes_are_kept():
    rec = record("macarthur-bataan")
    undated = [e.text.en for e in rec.events_at("unknown", "historical")]
    assert any("48th Division" in t and "24 SP" in t for t in undated)
    assert "Landings allowed" in undated and "Japanese withdrawal" in undated
    assert any("K or B" in t for t in undated)


def test_macarthur_planning_pads():
    rec = record("macarthur-bataan")
    tracks = {t.id: t for t in rec.tracks}
    assert [c.ja for c in tracks["transport"].columns] == ["使用可能", "使用済", "沈没", "帰還ターン"]
    assert [c.en for c in tracks["submarines"].columns] == ["Stick Ray", "Sculpin", "S-38", "S-39", "Shark"]
    assert [r.en for r in tracks["submarines"].rows][:3] == ["1", "2, 3", "4, 5"]
    assert (tracks["corregidor"].min, tracks["corregidor"].max) == (1, 26)
    assert tracks["cavite"].kind == "record"
    ret = rec.per_turn[0]
    assert ret.value(1).text.en == "turn 5" and ret.value(9).text.en == "turn 13"


# --- Major Campaigns of General Douglas MacArthur ---------------------------------------------

def test_rgi_campaign_lengths_and_decks():
    rec = record("rgi-macarthur")
    assert {s.id: s.last for s in rec.scenarios} == {"korea": 15, "new-guinea": 20, "bataan-retreat": 36}
    decks = {p.id: p for p in rec.per_turn}
    assert decks["korea-deck"].value(9).text.en == "UN pass 1, NK pass 2"
    assert decks["bataan-deck"].value(25).text.en == "Allies pass 3, Japan pass 3"
    reserve = decks["bataan-reserve"]
    assert reserve.value(24) is None and "veteran" in reserve.value(25).text.en
    assert "6 = armour" in decks["korea-reserve"].value(15).text.en
    assert has(rec, 25, "bataan-retreat", "second time") and has(rec, 11, "new-guinea", "Game End card")


# --- Amigos & Insurrectors -------------------------------------------------------------------

def test_amigos_track():
    rec = record("amigos-insurrectors")
    assert rec.turns == 15
    assert [(s.id, s.first, s.last) for s in rec.scenarios] == [
        ("campaign", 1, 15), ("stand-up-fight", 1, 8), ("guerrilla-war", 9, 15)]
    assert rec.date(1).ja == "1898年秋" and rec.date(2).ja == "1899年春" and rec.date(15).ja == "1902年春"
    assert rec.date(3) is None  # the seed dates no other turn
    monsoon = [c for c in rec.checkboxes if c.id == "monsoon"][0]
    assert monsoon.marked == {4}
    ops = [p for p in rec.per_turn if p.id == "us-operations"][0]
    assert [ops.value(t).text.ja for t in (1, 3, 9, 14)] == [
        "2地上作戦+1陸海共同作戦", "3地上作戦+1陸海共同作戦", "4地上作戦+1陸海共同作戦", "5地上作戦+1陸海共同作戦"]
    assert "8〜13" in ops.value(8).note and "none" in ops.value(4).text.en
    assert has(rec, 4, "campaign", "no US operations phase")
    assert has(rec, 2, "campaign", "Mabini") and has(rec, 9, "guerrilla-war", "Jungle Warfare box 2")
    vp = [t for t in rec.tracks if t.id == "vp"][0]
    assert (vp.min, vp.max) == (0, 8)
    assert {t.id for t in rec.tracks} >= {"vp", "end-of-turn", "luna"}


# --- Okinawa ---------------------------------------------------------------------------------

def test_okinawa_dates_run_to_21_june():
    rec = record("okinawa")
    assert rec.turns == 28 and rec.calendar == (datetime.date(1945, 4, 1), 3)
    assert (rec.date(1).ja, rec.date(1).en) == ("4月1日", "1 April")
    assert [rec.date(t).en for t in (2, 3, 12, 22)] == ["4 April", "7 April", "4 May", "3 June"]
    assert (rec.date(28).ja, rec.date(28).en) == ("6月21日", "21 June")
    assert "19 June" in rec.dates_note.en and "6月19日" in rec.calendar_note


def test_okinawa_scenarios_and_arrivals():
    rec = record("okinawa")
    assert [(s.id, s.first, s.last) for s in rec.scenarios] == [
        ("campaign", 1, 28), ("historical-variant", 1, 28), ("free-variant", 1, 28), ("scenario-1", 1, 5), ("scenario-2", 6, 14), ("scenario-3", 15, 21), ("scenario-4", 22, 28)]
    # landings and arrivals: 1, 13, 16, 19, 28 April
    assert has(rec, 1, "campaign", "Landing at Toguchi", "2215")
    assert has(rec, 5, "campaign", "27th Infantry Division")
    assert has(rec, 6, "campaign", "77th Infantry Division", "Ie Shima") and has(rec, 6, "campaign", "Boeitai")
    assert has(rec, 7, "campaign", "706th Tank")
    assert has(rec, 10, "campaign", "whole 77th Infantry Division")
    assert has(rec, 12, "campaign", "4 May conference") and has(rec, 12, "campaign", "Naval Base Force")
    for t, n in ((2, "1 game turn"), (3, "2 game turns"), (4, "3 game turns")):
        assert has(rec, t, "campaign", "Japanese air may fly", n)
    assert has(rec, 22, "campaign", "amphibious operation")
    assert has(rec, 11, "campaign", "May counteroffensive")
    tracks = {t.id: t for t in rec.tracks}
    assert len(tracks["fatigue"].rows) == 6 and tracks["vp"].kind == "record" and "air" in tracks


def test_unknown_scenario_is_a_clean_error():
    with pytest.raises(UnknownId):
        record("okinawa").scenario("nope")
