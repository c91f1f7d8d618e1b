"""The checker against text cut from the seed itself (tests/fixtures/seed-cuts/SOURCES.md):
Okinawa's kamikaze hit table and fleet damage table as the extraction prints them. Every slip
of the extraction is reported, with its cell; the values the data reads correctly are equal."""
from conftest import FIXTURES
from playaids.checker import check_file
from playaids.repository import Repository

CUTS = FIXTURES / "seed-cuts"
ROOT = Repository.builtin()
def check(table_id, name):
    return check_file(ROOT.table("okinawa", table_id), CUTS / name)


def test_kamikaze_hits_as_extracted():
    cmp = check("kamikaze-hits", "okinawa-kamikaze-hits.txt")
    assert (cmp.found.header_rows, cmp.found.label_col, cmp.lang) == (2, 1, "ja")
    assert [(d.kind, d.row, d.column, d.expected, d.found, d.where) for d in cmp.differences] == [
        # 攻撃機の勢: 勢 for 数 (l. 1980); the vertical header took the corner's place
        ("corner", None, None, "ダイスの目", "特攻機の数 / 攻撃機の勢", "line 1"),
        # the vertical header ダイスの目 split down a column of its own, with the slip ż (l. 1981-1983)
        ("extra-column", None, "神風 / 通常", None, "ダイスの目 | ż | 目 | 1", "column 1"),
        # stray 数 before the first numbers of both header rows (l. 1979-1980)
        ("column-label", None, "5 / 10", "5 / 10", "数 5 / 数10", "column 3"),
        # the stray row "1" with no cells (l. 1992)
        ("extra-row", "", None, None, "1", "line 14"),
    ]
    # all 110 cells of the 11 die-roll rows read as the data has them (blank = no effect)
    assert len(cmp.cell_status) == 110 and all(cmp.cell_status.values())


def test_fleet_damage_as_extracted():
    cmp = check("fleet-damage", "okinawa-fleet-damage.txt")
    assert (cmp.found.header_rows, cmp.found.group_rows, cmp.lang) == (2, [0], "ja")
    diffs = cmp.differences
    # the OCR slip 38 for 3S, at its cell (l. 2008)
    cells = [(d.row, d.column, d.expected, d.found, d.where) for d in diffs if d.kind == "cell"]
    assert cells == [("ピケット駆逐艦 S", "8", "3S", "38", "line 3, column 9")]
    # the group header 命中ナンバー split as 命中 ナ ンバ _ (l. 2006)
    assert [(d.kind, d.found, d.where) for d in diffs if d.kind == "header-row"] == [
        ("header-row", "命中 ナ ンバ _", "line 1")]
    # the S lines carry no label, the D lines the fleet's name only: rows paired by their cells
    labels = [(d.row, d.found) for d in diffs if d.kind == "row-label"]
    fleets = ["ピケット駆逐艦", "高速空母群または上陸支援", "英国空母群", "攻擊部隊", "艦砲支援部隊"]
    assert labels == [x for f in fleets for x in ((f"{f} S", ""), (f"{f} D", f))]
    assert len(diffs) == 12
    assert len(cmp.cell_status) == 90
