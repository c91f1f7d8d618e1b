"""A third independent audit of `verify` (240 hand-made Okinawa, Amigos and ASL setups by a
tester who saw only the seeds and the CLI): each finding, made to fire and made to pass."""
from __future__ import annotations

import yaml

from conftest import ROOT
from playaids.engine import api
from playaids.repository import Repository

DATA = Repository(ROOT / "data")


def _verify(doc, tmp_path, name="s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return api.verify_file(DATA, path)[1]


def _lines(found, check, status=None):
    return [v for v in found if v.check == check and (status is None or v.status == status)]


def _campaign(ija_at_2634: int, **extra):
    """Okinawa's campaign with `ija_at_2634` of the 8 remaining IJA units of the 62nd Division's
    sector in hex 2634 (south of the 2028-3033 diagonal), the rest in the sector as a whole."""
    doc = api.generate(DATA, "okinawa", "campaign", 1).as_dict()
    rest = next(p for p in doc["placements"] if p["unit"] == "remaining-ija-62")
    rest["count"] = 8 - ija_at_2634
    doc["placements"].append({"side": "japan", "unit": "remaining-ija-62", "at": "2634", "count": ija_at_2634, **extra})
    return doc


def test_okinawa_formation_counters_count_for_stacking(tmp_path):
    """9.41 (seed 004 l. 663-665): two units a hex whatever their size; a formation's counters
    are units (three 62nd Division counters in one hex were passed)."""
    doc = _campaign(2)
    assert _lines(_verify(doc, tmp_path), "stacking") == []
    doc["placements"].append({"side": "japan", "unit": "division-62", "at": "2734", "count": 3})
    found = _lines(_verify(doc, tmp_path), "stacking", "violation")
    assert [(v.rule, v.where, v.message) for v in found] == [("9.41", "hex 2734", "3 units, limit 2 (hq and at-gun exempt)")]
    doc["placements"][-1]["count"] = 2
    assert _lines(_verify(doc, tmp_path), "stacking") == []


def test_okinawa_remaining_ija_units_may_be_at_guns(tmp_path):
    """The "remaining IJA units" include AT guns (18.521b, l. 1668), which stack freely (9.41):
    three of them in a hex are unchecked until the placement says which is the AT gun; with
    `type: at-gun` it passes, with a type the unit has no counter of it fails."""
    found = _verify(_campaign(3), tmp_path)
    assert [v.message for v in _lines(found, "stacking")] == [
        "3 units, limit 2 (hq and at-gun exempt), unless 1 of remaining-ija-62 is at-gun: give the placement's `type:`"]
    assert _lines(found, "stacking")[0].status == "unchecked"
    doc = _campaign(2)
    doc["placements"].append({"side": "japan", "unit": "remaining-ija-62", "at": "2634", "count": 1, "type": "at-gun"})
    doc["placements"][-3]["count"] = 5   # the rest of the 8 in the sector
    found = _verify(doc, tmp_path)
    assert _lines(found, "stacking") == [] and _lines(found, "type") == []
    doc["placements"][-1]["type"] = "tank"
    found = _lines(_verify(doc, tmp_path), "type", "violation")
    assert [v.message for v in found] == ["remaining-ija-62 has no counter of type 'tank' (its types: unit, at-gun)"]


def test_a_unit_the_rules_put_on_the_map_is_not_in_a_box(tmp_path):
    """Scenarios 3 and 4 (18.621, 18.721): the Japanese set up south of a hex line; the
    Replacement Box is off the board, so a map unit there breaks the rule (it was 'unchecked:
    needs the hex of this place', which no map file can give)."""
    doc = api.generate(DATA, "okinawa", "scenario-3", 1).as_dict()
    assert _lines(_verify(doc, tmp_path), "line", "violation") == []
    next(p for p in doc["placements"] if p["unit"] == "bde-64-artillery")["at"] = "replacement-box"
    found = _lines(_verify(doc, tmp_path), "line", "violation")
    assert [(v.rule, v.message) for v in found] == [
        ("18.621", "replacement-box is off the board: the rule puts bde-64-artillery on a hex beyond the line 1634-2835")]


def _amigos(scenario, *placements):
    doc = api.generate(DATA, "amigos-insurrectors", scenario, 1).as_dict()
    doc["placements"] += [dict(zip(("side", "unit", "at", "count"), p)) for p in placements]
    return doc


def _violations(found):
    return [(v.rule, v.message) for v in found if v.status == "violation"]


def test_amigos_jungle_warfare_boxes(tmp_path):
    """12.0 (seed 002 l. 428, 443-447): only guerrillas go into the Jungle Warfare boxes; the US
    enters them in the Guerrilla War phase, never in the Stand-Up Fight phase these set-ups start in."""
    assert _violations(_verify(_amigos("stand-up-fight", ("filipino", "filipino-guerrillas", "jungle-warfare-1", 2)),
                               tmp_path)) == []
    found = _verify(_amigos("stand-up-fight", ("filipino", "filipino-regulars", "jungle-warfare-1", 2)), tmp_path)
    assert _violations(found) == [("12.0", "filipino-regulars may not be placed in jungle-warfare")]
    found = _verify(_amigos("campaign", ("us", "us-infantry", "jungle-warfare-2", 2)), tmp_path)
    assert _violations(found) == [("12.0", "us-infantry may not be placed in jungle-warfare")]
    assert _violations(_verify(_amigos("guerrilla-war", ("us", "us-infantry", "jungle-warfare-2", 2)), tmp_path)) == []


def test_amigos_manila_holdbox_is_manila_and_stacking_counts_steps(tmp_path):
    """1.1.1 (l. 46) names the MANILA HOLDBOX, which holds Manila's counters: it is Manila (24),
    whose US stacking is unlimited; 8.3's limits are in combat steps, and say so."""
    found = _verify(_amigos("stand-up-fight", ("us", "us-infantry", "manila-holdbox", 12)), tmp_path)
    assert _violations(found) == []
    found = _verify(_amigos("stand-up-fight", ("filipino", "filipino-regulars", "area-20", 11)), tmp_path)
    (rule, message), = _violations(found)   # the generated set-up has regulars there already
    assert rule == "8.3" and message.endswith(" regular combat steps, limit 10") and int(message.split()[0]) >= 11


def test_amigos_gunboats_stay_at_sea(tmp_path):
    """Gunboats move to and stack in sea spaces (seed 002 l. 163, 281, 285); a numbered area is
    land (l. 35): five gunboats in Manila were passed."""
    found = _verify(_amigos("stand-up-fight", ("us", "gunboats", "area-24", 5)), tmp_path)
    assert _violations(found) == [("8.3, 9.0", "gunboats may not be placed in area-24 (no place of kind area)")]
    assert _violations(_verify(_amigos("stand-up-fight", ("us", "gunboats", "anywhere", 5)), tmp_path)) == []
