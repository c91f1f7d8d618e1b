"""Interchangeable counters (engine/pools.py): where the rules give units by kind and number, a
setup's label is only a guess at which group a counter fills. A relabelled legal setup is legal;
a pool whose counters cannot fill their groups is still caught."""
from __future__ import annotations

import shutil

import pytest
import yaml

from conftest import ROOT, run_in
from playaids.engine import api
from playaids.repository import Repository

DATA = Repository(ROOT / "data")
BATAAN = ROOT / "tests" / "fixtures" / "setups" / "rgi-macarthur-bataan-legal.yaml"


def _verify(doc: dict, tmp_path, name="s.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return [v for v in api.verify_file(DATA, path)[1] if v.status in ("violation", "error")]


def _bataan() -> dict:
    return yaml.safe_load(BATAAN.read_text(encoding="utf-8"))


def _relabel_one_zone_i_us_unit(doc: dict) -> None:
    """l. 178: 3 US units in zone I ... the rest as the Allies like: one of zone I's three is
    labelled us-rest, one of the rest (in zone III) us-zone-i. The same counters stand in the
    same places."""
    ps = doc["placements"]
    zi = next(p for p in ps if p["unit"] == "us-zone-i")
    rest = next(p for p in ps if p["unit"] == "us-rest")
    zi["count"], rest["count"] = 2, rest["count"] - 1
    ps += [{"side": "blue", "unit": "us-rest", "count": 1, "at": zi["at"]},
           {"side": "blue", "unit": "us-zone-i", "count": 1, "at": rest["at"]}]


def test_a_relabelled_rgi_bataan_setup_is_legal(tmp_path):
    doc = _bataan()
    assert _verify(doc, tmp_path, "base.yaml") == []
    _relabel_one_zone_i_us_unit(doc)
    assert _verify(doc, tmp_path) == []


def test_a_pool_that_cannot_fill_its_groups_is_caught(tmp_path):
    """Zone I holds 2 US counters, whatever their labels: 3 are required (l. 178)."""
    doc = _bataan()
    _relabel_one_zone_i_us_unit(doc)
    extra = next(p for p in doc["placements"] if p["unit"] == "us-rest" and p["at"] == "bataan-zone-i")
    extra["at"] = "bataan-zone-iii"
    found = _verify(doc, tmp_path)
    assert any(v.ref == "unit:us-zone-i" and "bataan-zone-i" in v.message for v in found), found
    assert any(v.ref == "constraint:zone-i-us-min" for v in found), found


def _macarthur(tmp_path) -> dict:
    doc = api.generate(DATA, "macarthur-bataan", "historical", 1).as_dict()
    assert _verify(doc, tmp_path, "base.yaml") == []
    return doc


@pytest.mark.slow
def test_macarthur_p40e_labels_may_be_swapped(tmp_path):
    """16.2.1 gives P-40Es by number (2 at Nichols, 2 at Iba, 2 at Clark): which label a counter
    carries does not matter."""
    doc = _macarthur(tmp_path)
    at = {p["unit"]: p for p in doc["placements"] if p["unit"] in ("p-40e-nichols", "p-40e-iba")}
    at["p-40e-nichols"]["at"], at["p-40e-iba"]["at"] = "iba", "nichols"
    assert _verify(doc, tmp_path) == []


def test_macarthur_three_p40e_at_nichols_is_caught(tmp_path):
    """16.2.1: two P-40Es at Nichols, two at Iba; three and one is illegal whatever the labels."""
    doc = _macarthur(tmp_path)
    at = {p["unit"]: p for p in doc["placements"] if p["unit"] in ("p-40e-nichols", "p-40e-iba")}
    at["p-40e-nichols"]["count"], at["p-40e-iba"]["count"] = 3, 1
    found = _verify(doc, tmp_path)
    assert {v.ref for v in found} >= {"unit:p-40e-nichols", "unit:p-40e-iba"}, found
    assert all(v.rule.startswith("16.2.1") for v in found), found


@pytest.mark.sample
@pytest.mark.parametrize("field,value,words", [("side", "red", "not the same counter"),
                                               ("count", "unstated", "unstated number")])
def test_a_pool_of_different_counters_is_a_data_error(tmp_path, capsys, field, value, words):
    game = tmp_path / "data" / "rgi-macarthur"
    shutil.copytree(ROOT / "data" / "rgi-macarthur", game)
    path = game / "scenarios" / "bataan-retreat.yaml"
    text = path.read_text(encoding="utf-8")
    old = "{id: us-rest, pool: us-large, name: {ja: 米軍 大型ユニット, en: US large unit, gloss: true}, side: blue, count: 9,"
    assert old in text
    new = old.replace("side: blue", f"side: {value}") if field == "side" else old.replace("count: 9", "count: unstated")
    path.write_text(text.replace(old, new), encoding="utf-8")
    code, err = run_in(capsys, "--no-builtin", "--data", tmp_path / "data", "data", "validate")
    assert code == 2 and words in err and "bataan-retreat.yaml:" in err, err
