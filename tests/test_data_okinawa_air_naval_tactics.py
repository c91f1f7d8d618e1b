"""Spot-checks of Okinawa (seed 004_6cffc3deca95117c.txt), inventory 004.1.1-004.1.13: air and naval
tables (5.1, 5.3), tactics tables (7.1) and the legends/modifiers of the map tables (8.0, 10.0, 11.0).
Every assertion cites the seed line it checks."""
import pytest

from datahelp import cell, note_of, raw_table, text, row

GAME = "okinawa"
SEED = "004_6cffc3deca95117c.txt"

IDS = ["allied-air-strike", "japanese-air-defense", "japanese-delay", "allied-air-defense", "kamikaze-hits",
       "fleet-damage", "fleet-targets", "carrier-critical-hit", "carrier-critical-damage", "tactics-fire",
       "tactics", "bombardment", "fire-combat", "assault"]


def _row(grid, label):
    return row(grid, label)


def _mod(table, label, col=0):
    c = _row(table["modifiers"], label)["cells"][col]
    return text(c, "ja") if isinstance(c, dict) and "ja" in c else text(c)


def _raw_cell(table, row, col_index):
    return _row(table, row)["cells"][col_index]


@pytest.mark.parametrize("tid", IDS)
def test_common_fields(tid):
    t = raw_table(GAME, tid)
    assert t["id"] == tid
    assert t["source"]["seed"] == SEED
    assert t["rule"]
    for c in t["columns"]:
        assert text(c, "ja")


# --- 5.1 air strike ---------------------------------------------------------------------

def test_allied_air_strike_cells():
    t = raw_table(GAME, "allied-air-strike")
    assert t["dice"] == "2d6"  # 5.14 「ダイスを2つ振る」 l. 344
    assert [text(r["label"]) for r in t["rows"]] == [str(i) for i in range(15)]  # l. 1847-1861
    assert cell(t, "7", "四国") == "10 / 20"  # l. 1854; 5.14b example l. 346
    assert cell(t, "14", "九州") == "50 / 110"  # l. 1861
    assert cell(t, "0", "先島諸島") == "0 / 0"  # l. 1847
    assert cell(t, "13", "九州") == "45 / 90"  # l. 1860
    assert cell(t, "4", "奄美諸島") == "5 / 5"  # l. 1851


def test_allied_air_strike_slip_and_modifiers():
    t = raw_table(GAME, "allied-air-strike")
    c = _raw_cell(t, "3", 0)
    assert text(c) == "0 / 5" and "1850" in note_of(c)  # printed '0 / 5_' l. 1850
    lab = _row(t["modifiers"], "50航空機値未満が攻撃")["label"]
    assert "1865" in note_of(lab)  # the -1 line sits in the legend, l. 1865
    assert _mod(t, "50航空機値未満が攻撃") == "-1"  # l. 1865, 5.14a l. 345
    assert _mod(t, "200航空機値以上が攻撃") == "+1"  # l. 1871
    assert _mod(t, "B-29が参加") == "+1"  # l. 1872
    assert _mod(t, "目標上の退避マーカー") == "-#"  # l. 1872


def test_japanese_air_defense():
    t = raw_table(GAME, "japanese-air-defense")
    assert cell(t, "1", "九州") == "–"  # blank, l. 1877
    assert cell(t, "3", "四国") == "1"  # l. 1879
    assert cell(t, "5", "九州") == "3*"  # l. 1881
    assert cell(t, "6", "先島諸島") == "2*"  # l. 1882
    assert cell(t, "4", "先島諸島") == "–"  # l. 1880 (first cell blank)
    assert _mod(t, "200航空機値以上が攻撃") == "+1"  # l. 1890
    assert {text(x["code"]) for x in t["legend"]} == {"–", "#", "*"}  # l. 1888-1894


def test_japanese_delay():
    t = raw_table(GAME, "japanese-delay")
    assert t["dice"] == "none"
    assert cell(t, "201-400", "遅延期間", lang="ja") == "2ゲームターン遅延、4月7日に飛行可能"  # l. 1901
    assert cell(t, "100未満", "遅延期間", lang="ja") == "遅延はなし"  # l. 1899
    assert text(t["rows"][-1]["label"]) == "401-700"  # l. 1902 '401 ~ 700'


# --- 5.3 naval tables --------------------------------------------------------------------

def test_allied_air_defense():
    t = raw_table(GAME, "allied-air-defense")
    assert t["dice"] == "1d6"  # 5.34 「ダイスを1つ振り」 l. 379
    assert cell(t, "1", "ピケット駆逐艦") == "5 / 0"  # l. 1929
    assert cell(t, "6", "高速空母群") == "60 / 35"  # l. 1934
    assert cell(t, "4", "艦砲支援") == "35 / 20"  # l. 1932
    assert _mod(t, "同一ターンに大和が出撃") == "-1"  # l. 1940
    assert _mod(t, "沖縄の複数の飛行場が機能している") == "+1"  # l. 1944
    clamp = [n for n in t["notes"] if text(n["text"], "ja").startswith("6を超える")]
    assert clamp and "1971" in note_of(clamp[0]["text"])  # l. 1971, placed here


def test_kamikaze_hits():
    t = raw_table(GAME, "kamikaze-hits")
    assert t["columns"][0] == "5 / 10" and t["columns"][-1] == "50 / 70"  # l. 1979-1980
    assert t["columns"][3] == "20 / 35"  # l. 1979-1980
    assert cell(t, "2", "50 / 70") == "8"  # l. 1981
    assert cell(t, "7", "5 / 10") == "–"  # blank, l. 1986
    assert cell(t, "7", "10 / 20") == "1"  # l. 1986
    assert cell(t, "12", "35 / 50") == "1"  # l. 1991
    assert cell(t, "12", "30 / 45") == "–"  # l. 1991
    assert [text(r["label"]) for r in t["rows"]] == [str(i) for i in range(2, 13)]  # stray '1' (l. 1992) dropped
    assert "1992" in t["note"]
    assert _mod(t, "英国空母群") == "+2"  # l. 2002
    assert _mod(t, "ピケット駆逐艦") == "-1"  # l. 1998


def test_fleet_damage():
    t = raw_table(GAME, "fleet-damage")
    c = _raw_cell(t, "ピケット駆逐艦 S", 7)
    assert text(c) == "3S" and "38" in note_of(c)  # OCR '38', l. 2008
    assert cell(t, "攻擊部隊 S", "8") == "2S"  # l. 2014; 5.35d example l. 396-398
    assert cell(t, "攻擊部隊 D", "8") == "3D"  # l. 2015
    assert cell(t, "艦砲支援部隊 S", "7") == "–"  # l. 2016
    assert cell(t, "艦砲支援部隊 D", "9") == "4D"  # l. 2017
    assert cell(t, "高速空母群または上陸支援 S", "5") == "S"  # l. 2010
    assert cell(t, "ピケット駆逐艦 D", "9") == "5D"  # l. 2009


def test_fleet_targets():
    t = raw_table(GAME, "fleet-targets")
    assert t["dice"] == "2d6"  # 5.36 l. 400
    assert len(t["columns"]) == 10
    assert "1906" in note_of(t["columns"][0])  # garbled header, l. 1906-1911
    c = _raw_cell(t, "2", 1)
    assert text(c) == "–" and "1914" in note_of(c)  # blank attack-force sunk cell, l. 1914
    assert cell(t, "7", "攻撃部隊 損傷") == "LST"  # l. 1919
    assert cell(t, "3", "艦砲支援 沈没") == "CA"  # l. 1915
    assert cell(t, "2", "英国空母群 沈没") == "CVL"  # l. 1914
    assert cell(t, "3", "高速空母群 沈没") == "CVL"  # l. 1956
    assert cell(t, "7", "上陸支援 沈没") == "MS"  # l. 1960
    assert cell(t, "5", "上陸支援 沈没") == "DD"  # l. 1958
    assert {x["code"] for x in t["legend"]} == {"BB", "CA", "CL", "CV", "CVL", "DD", "G", "LST", "MS", "T"}  # l. 1969


def test_carrier_tables():
    hit = raw_table(GAME, "carrier-critical-hit")
    assert cell(hit, "5-6", "結果", lang="ja") == "致命的命中"  # l. 2027
    assert cell(hit, "1-4", "結果", lang="ja") == "なし"  # l. 2026
    assert _mod(hit, "全てのCVL目標") == "+1"  # l. 2031
    assert _mod(hit, "英国艦") == "-1"  # l. 2033
    dmg = raw_table(GAME, "carrier-critical-damage")
    assert cell(dmg, "6", "VP") == "12"  # l. 2047
    assert cell(dmg, "3", "空母の致命的損傷", lang="ja") == "喫水線、燃料タンク"  # l. 2044
    assert _mod(dmg, "全てのCVL目標") == "+1"  # l. 2051


# --- 7.1 tactics -------------------------------------------------------------------------

def test_tactics_fire():
    t = raw_table(GAME, "tactics-fire")
    assert cell(t, "米軍/準備", "温存") == "0 / -1"  # '0/ - 1', l. 2058
    assert cell(t, "米軍/迂回", "反擊") == "2 / 1"  # l. 2060
    assert cell(t, "米軍/突擊", "隠蔽") == "-1 / 2"  # l. 2061
    assert cell(t, "米軍/浸透", "撤退") == "0 / 2"  # l. 2059
    assert text(t["corner"], "ja") == "日本軍"  # l. 2057


def test_tactics():
    t = raw_table(GAME, "tactics")
    c = _row(t, "日本軍/温存")["cells"][0]
    assert "1-3で成功、4-6で失敗" in c["ja"]  # '$1 \sim 3$', l. 2080
    assert "7.24" in note_of(c)  # conflict with 7.24, l. 482
    assert _row(t, "米軍/準備")["cells"][0]["ja"] == "砲爆撃のダイスの目、自動的補給。指揮範囲に有利"  # l. 2075
    assert len(t["rows"]) == 8  # l. 2075-2082


# --- map tables: no grid -----------------------------------------------------------------

@pytest.mark.parametrize("tid", ["bombardment", "fire-combat", "assault"])
def test_map_tables_have_no_grid(tid):
    t = raw_table(GAME, tid)
    assert t["rows"] == [] and t["columns"] == []
    assert "not reproduced here" in text(t["missing"]) or "is on the map" in text(t["missing"])


def test_bombardment():
    t = raw_table(GAME, "bombardment")
    assert t["dice"] == "2d6"  # 8.3 l. 514
    assert [x["code"] for x in t["legend"]] == ["Pin", "Dis", "S", "S2", "S3"]  # l. 2088-2096
    assert _mod(t, "同一ターンに米軍の航空攻撃", 0) == "-2"  # l. 2100
    assert _mod(t, "同一ターンに米軍の航空攻撃", 1) == "–"
    assert _mod(t, "準備チット", 0) == "+2"  # l. 2108
    assert _mod(t, "第六十二師団戦区内の目標", 1) == "+2"  # l. 2116
    assert _mod(t, "隠蔽チット", 1) == "-1"  # l. 2112


def test_fire_combat():
    t = raw_table(GAME, "fire-combat")
    assert t["dice"] == "1d6"
    assert _mod(t, "米軍戦車隊の射撃(速射砲への射撃を除く)", 0) == "-1"  # l. 2124 + 2126
    assert _mod(t, "米軍が非補給下で射撃", 0) == "+1"  # l. 2134
    assert _mod(t, "機関銃隊の射撃", 1) == "右に1"  # l. 2138
    assert _mod(t, "米軍が疲労レヴェル[3]の射撃", 1) == "左に2"  # l. 2142
    lab = _row(t["modifiers"], "米軍が疲労レヴェル[2]の射撃")["label"]
    assert "2140" in note_of(lab)  # level mark lost, l. 2140
    assert [x["code"] for x in t["legend"]] == ["D", "DR", "P", "R", "S", "S2"]  # l. 2124-2134


def test_assault():
    t = raw_table(GAME, "assault")
    assert t["dice"] == "1d6"  # 11.4 l. 1080
    assert len(t["legend"]) == 10 and t["legend"][2]["code"] == "ADis"  # l. 2174-2192
    assert _mod(t, "米軍が疲労レベル[3]で攻撃", 0) == "左に3"  # l. 2208
    assert _mod(t, "首里、稜線、陣地をもつ地形", 0) == "左に2"  # l. 2204
    assert _mod(t, "平地地形", 0) == "右に1"  # l. 2198
    mg = _row(t["modifiers"], "日本軍の機関銃部隊が防御")["cells"][1]
    assert text(mg) == "-1" and "2219" in note_of(mg)  # printed '- 1', l. 2219
    hq = _row(t["modifiers"], "日本軍司令部の支援")["cells"][2]
    assert text(hq) == "-1" and "2230" in note_of(hq)  # printed '- 1', l. 2230
    assert _mod(t, "米軍が迂回チットを使用", 2) == "+1"  # l. 2229
    fl = _row(t["modifiers"], "米軍の火災放射攻撃")["label"]
    assert "火炎" in note_of(fl)  # sic 火災, l. 2221
    n3 = [n for n in t["notes"] if "11.53" in text(n["text"], "ja")]
    assert n3 and "11.52" in note_of(n3[0]["text"])  # printed cross-reference, l. 2214
