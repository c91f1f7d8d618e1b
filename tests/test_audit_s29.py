"""An independent audit of `verify` against the MacArthur and RGI seeds (191 hand-made setups):
each finding, made to fire and made to pass."""
from __future__ import annotations

import yaml

from conftest import ROOT, run_in
from playaids.engine import api
from playaids.repository import Repository

DATA = Repository(ROOT / "data")


def _verify(doc, tmp_path, name="s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return api.verify_file(DATA, path)[1]


def _wrong(found):
    return [v for v in found if v.status in ("violation", "error")]


def _historical(seed=1, scenario="historical"):
    return api.generate(DATA, "macarthur-bataan", scenario, seed).as_dict()


def _unit(doc, uid):
    return next(p for p in doc["placements"] if p["unit"] == uid)


def test_free_deployment_keeps_the_allies_on_the_board(tmp_path):
    """16.3 frees the 16.2 set-up; the board (16.2.4, 2.1.1) stays: not Formosa, not off the map."""
    doc = _historical()
    doc["choices"]["free-deployment"] = True
    _unit(doc, "91-pa")["at"] = "lingayen"   # freed from Cabanatuan: anywhere on the board
    assert _wrong(_verify(doc, tmp_path)) == []
    for far in ("takao", "del-monte"):
        _unit(doc, "91-pa")["at"] = far
        found = _wrong(_verify(doc, tmp_path))
        assert [v.message for v in found] == ["must be in board"], found


def test_free_deployment_generates_setups_on_the_board(tmp_path):
    """With the option on, generation spreads the freed units over the board's places."""
    import copy

    from playaids.engine import generate as gen

    scenario = copy.deepcopy(DATA.scenario("macarthur-bataan", "historical"))
    scenario.element("free-deployment")["default"] = True
    gmap = DATA.map("macarthur-bataan")
    setup = gen.generate(scenario, gmap, DATA, 5, None)
    assert setup.choices["free-deployment"] is True
    freed = [p for p in setup.placements if scenario.unit(p.unit).unless == "free-deployment"]
    assert freed and all(gmap.in_zone(p.at.split("#")[0], "board") is not False and p.at != "anywhere"
                         for p in freed), freed
    assert _wrong(_verify(setup.as_dict(), tmp_path)) == []


def test_a_division_may_be_placed_in_several_pieces(tmp_path):
    """16.2.4: the PH Division and all other units within 2 hexes of Manila, San Fernando, ...;
    16.3: historically at Manila and San Fernando: one entry, several placements."""
    doc = _historical()
    ph = _unit(doc, "ph-division-and-rest")
    doc["placements"].append({**ph, "at": "manila"})
    doc["placements"].append({**ph, "at": "san-fernando"})
    assert _wrong(_verify(doc, tmp_path)) == []
    doc["placements"] = [p for p in doc["placements"] if p["unit"] != "ph-division-and-rest"]
    found = _wrong(_verify(doc, tmp_path))
    assert [(v.ref, v.message) for v in found] == [("unit:ph-division-and-rest", "none placed (a group of counters: "
                                                    "place it in one piece or several)")]


def test_trucks_are_not_counted_by_the_rules(tmp_path):
    """16.2.4 gives no number of truck units (16.2.5 adds two more): two pieces are legal."""
    doc = _historical()
    doc["placements"].append({**_unit(doc, "trucks"), "at": "manila"})
    assert _wrong(_verify(doc, tmp_path)) == []


def test_fort_wint_may_be_named_olongapo(tmp_path):
    """16.2.4 (l. 1733) ウイント要塞（オロンガポ）; 10.3 Fort Wint is at Olongapo."""
    doc = _historical()
    _unit(doc, "marine-bn-fort-wint")["at"] = "olongapo"
    assert _wrong(_verify(doc, tmp_path)) == []
    _unit(doc, "marine-bn-fort-wint")["at"] = "manila"
    assert any(v.ref == "unit:marine-bn-fort-wint" for v in _wrong(_verify(doc, tmp_path)))


def test_a_named_luzon_field_for_a_northern_airfield_is_unchecked_not_failed(tmp_path):
    """17.5.2: 'the four northern airfields', not named: Aparri may be one of them."""
    for seed in range(30):
        doc = api.generate(DATA, "macarthur-bataan", "main-assault", seed).as_dict()
        north = [p for p in doc["placements"] if str(p["at"]).startswith("northern-airfields")]
        if north:
            break
    north[0]["at"] = "aparri-airfield"
    found = _verify(doc, tmp_path)
    assert not _wrong(found), _wrong(found)
    assert any(v.status == "unchecked" and "doubtful whether aparri-airfield is in northern-airfields" in v.message
               for v in found), found
    north[0]["at"] = "manila"   # not an airfield at all
    assert _wrong(_verify(doc, tmp_path))


def test_a_blank_place_is_its_error_alone(tmp_path):
    doc = _historical()
    _unit(doc, "p-40e-iba")["at"] = ""
    found = _verify(doc, tmp_path)
    assert [v.message for v in _wrong(found)] == ["missing: give a place or hex"]
    assert not [v for v in found if "zones of  in" in v.message or "needs the zones of" in v.message]


def test_conditions_are_words_not_python(tmp_path):
    doc = _historical()
    chit = doc["draws"]["allied-chit"]
    if chit in (4, 5):
        doc["draws"]["allied-chit"] = 3
    doc["placements"].append({"side": "allied", "unit": "p-40e-polk-coolidge", "count": 3, "at": "nichols"})
    found = _wrong(_verify(doc, tmp_path))
    msg = next(v.message for v in found if v.check == "presence")
    assert "only when allied-chit is 5" in msg and "{" not in msg, msg


def test_a_full_airfield_is_shown_at_a_placement_there(tmp_path):
    """8.2.5: the line points at a placement at the full airfield, not at the first aircraft."""
    doc = _historical()
    doc["placements"].append({"side": "allied", "unit": "p-40e-iba", "count": 1, "at": "iba"})
    _unit(doc, "p-40e-nichols")["count"] = 1
    found = [v for v in _wrong(_verify(doc, tmp_path)) if v.where == "iba"]
    assert found and all(doc["placements"][v.key[1]]["at"] == "iba" for v in found), found


def test_a_unit_another_scenario_has_is_named_so(tmp_path, capsys):
    doc = api.generate(DATA, "macarthur-bataan", "main-assault", 1).as_dict()
    doc["placements"].append({"side": "allied", "unit": "11-pa-3rd-regiment", "count": 1, "at": "tuguegarao"})
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    code, out = run_in(capsys, "verify", tmp_path / "s.yaml")
    assert code == 2 and "11-pa-3rd-regiment is not in scenario main-assault (it sets up in historical" in out, out


def test_korea_a_wrong_town_is_said_once(tmp_path):
    doc = yaml.safe_load((ROOT / "tests/fixtures/setups/rgi-macarthur-korea-legal.yaml").read_text(encoding="utf-8"))
    nk = [p for p in doc["placements"] if p["unit"] == "nk-force"]
    nk[0]["at"] = nk[1]["at"]
    found = _wrong(_verify(doc, tmp_path))
    assert len([v for v in found if v.where == nk[1]["at"]]) == 1, found


def test_bataan_suggests_bataan_airfield(tmp_path):
    doc = _historical()
    _unit(doc, "p-40e-iba")["at"] = "bataan"
    msg = _wrong(_verify(doc, tmp_path))[0].message
    assert "did you mean 'bataan-airfield'" in msg, msg
