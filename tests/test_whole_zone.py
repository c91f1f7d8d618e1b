"""Units placed in a zone as a whole whose towns the rules count but do not name (RGI Korea,
l. 70: 4 North Korean units in each of the 5 towns next to the perimeter): the count per town
cannot be made, and `verify` says so once, not once per town; a count the certain placements
already break is still a violation."""
from __future__ import annotations

import yaml

from conftest import ROOT
from playaids.engine import api
from playaids.repository import Repository

DATA = Repository(ROOT / "data")
KOREA = ROOT / "tests" / "fixtures" / "setups" / "rgi-macarthur-korea-legal.yaml"


def _verify(doc, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return api.verify_file(DATA, path)[1]


def _korea():
    doc = yaml.safe_load(KOREA.read_text(encoding="utf-8"))
    nk = [p for p in doc["placements"] if p["unit"] == "nk-force"]
    assert sum(p["count"] for p in nk) == 20 and len(nk) == 5
    return doc, nk


def test_the_force_in_the_zone_as_a_whole_is_one_unchecked_line(tmp_path):
    doc, nk = _korea()
    for p in nk:
        p["at"] = "pusan-adjacent"
    found = [v for v in _verify(doc, tmp_path) if not v.ref.startswith("ledger:")]
    assert not [v for v in found if v.status != "unchecked"], found
    per_town = [v for v in found if "4 in each" in v.message]
    assert len(per_town) == 1 and "pusan-adjacent#1-5" in per_town[0].message, found
    assert not [v for v in found if "#" in v.where], found


def test_a_town_already_over_its_four_is_a_violation(tmp_path):
    doc, nk = _korea()
    nk[0]["at"], nk[0]["count"] = "pusan-adjacent#1", 8
    for p in nk[1:]:
        p["at"] = "pusan-adjacent"
    doc["placements"].remove(nk[1])
    found = [v for v in _verify(doc, tmp_path) if v.status == "violation"]
    assert any(v.where == "pusan-adjacent#1" and "must be exactly 4" in v.message for v in found), found
