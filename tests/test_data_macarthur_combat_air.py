"""Spot-checks of the MacArthur: The Road to Bataan combat and air tables (inventory 000.1.1-000.1.10,
000.1.18-000.1.20) against seed 000_f089f1f260971f6c.txt. Line numbers in the comments are seed lines."""

import pytest

from datahelp import cell, note_of, raw_table, text

GAME = "macarthur-bataan"
SEED = "000_f089f1f260971f6c.txt"
COMBAT_AIR_TABLES = ["crt", "terrain-effects", "air-to-air", "aa", "strafing", "dive-bombing", "bombing",
        "corregidor-bombardment", "corregidor-batteries", "submarine-attack", "scramble",
        "luzon-airfields", "formosa-airfields"]


def row(table, label, grid=None):
    g = table if grid is None else table[grid]
    for r in g["rows"]:
        if label in (text(r["label"], "ja"), text(r["label"], "en")):
            return r
    raise KeyError(label)


def raw_cell(table, label, index):
    return row(table, label)["cells"][index]


@pytest.mark.parametrize("tid", COMBAT_AIR_TABLES)
def test_tables_cite_seed_and_lines(tid):
    t = raw_table(GAME, tid)
    assert t["id"] == tid
    assert t["source"]["seed"] == SEED
    assert t["source"]["lines"]
    assert t["rule"]


# ---- CRT (7.3), grid rebuilt from l. 2757-3167

def test_crt_shape():
    t = raw_table(GAME, "crt")
    assert [text(c) for c in t["columns"]] == ["1-4", "1-3", "1-2", "1-1.5", "1-1", "1.5-1", "2-1", "2.5-1",
                                               "3-1", "4-1", "5-1"]   # l. 2753
    assert [text(r["label"]) for r in t["rows"]] == [str(n) for n in range(2, 13)]
    assert all(len(r["cells"]) == 11 for r in t["rows"])
    assert t["dice"] == "2d6"


def test_crt_corner_cells():
    t = raw_table(GAME, "crt")
    assert cell(t, "2", "1-4") == "1 / 1"            # l. 2758-2760
    assert cell(t, "2", "5-1") == "– / 4DRTG"        # l. 2790-2792
    assert cell(t, "12", "1-4") == "4DRTG / –"       # l. 3134-3135
    assert cell(t, "12", "5-1") == "1 / 1D"          # l. 3166-3167 ("1", "1D １２")


def test_crt_inner_cells():
    t = raw_table(GAME, "crt")
    assert cell(t, "3", "1-4") == "1D / 1"           # l. 2795-2796
    assert cell(t, "5", "1-4") == "1DR / –"          # l. 2870-2871
    assert cell(t, "5", "3-1") == "– / 1DRTG"        # l. 2896-2898
    assert cell(t, "6", "2.5-1") == "1 / 1DRT"       # l. 2929-2932 (1D, 1 | 1DRT)
    assert cell(t, "7", "1-3") == "1DRT / –"         # l. 2947-2948
    assert cell(t, "7", "3-1") == "1 / 1DR"          # l. 2970-2972
    assert cell(t, "8", "1-2") == "1DT / 1"          # l. 2987-2988
    assert cell(t, "9", "4-1") == "1 / 1DR"          # l. 3050-3052
    assert cell(t, "11", "1-4") == "3DRTG / –"       # l. 3096-3097
    assert cell(t, "12", "1-1.5") == "2DRTG / –"     # l. 3143-3144
    assert cell(t, "12", "1.5-1") == "1DR / 1"       # l. 3149-3150


def test_crt_g_cells_read_in_token_order_and_carry_notes():
    t = raw_table(GAME, "crt")
    expected = {("5", "1-1.5"): "1G / 1",   # l. 2880-2881
                ("6", "1-1.5"): "1 / 1G",   # l. 2917-2919
                ("6", "1-1"): "1G / 1",     # l. 2920-2921
                ("7", "1-1"): "1 / 1G",     # l. 2957-2959
                ("7", "1.5-1"): "1G / 1",   # l. 2960-2961
                ("8", "1.5-1"): "1 / 1G"}   # l. 2997-2999
    cols = [text(c) for c in t["columns"]]
    for (r, c), v in expected.items():
        assert cell(t, r, c) == v
        n = note_of(raw_cell(t, r, cols.index(c)))
        assert n and "uncertain" in n and "l. 2" in n
    # these six are the only cells with a lone "1G"
    lone = [text(c) for r in t["rows"] for c in r["cells"] if text(c) in ("1G / 1", "1 / 1G")]
    assert len(lone) == 6


def test_crt_note_explains_reconstruction():
    t = raw_table(GAME, "crt")
    assert "22 tokens" in t["note"]


def test_crt_modifiers_and_legend():
    t = raw_table(GAME, "crt")
    assert cell(t, "*ユニット", "Defence", grid="modifiers") == "+1"             # l. 2733
    assert cell(t, "** unit", "Attack", grid="modifiers") == "-2"               # l. 2735
    assert cell(t, "諸兵科連合効果", "攻撃", grid="modifiers") == "-1"             # l. 2737-2738
    assert cell(t, "4+サイドから攻撃", "Attack", grid="modifiers") == "-2"        # l. 2740
    garbled = row(t, "4+サイドに敵がいる／と共に攻撃", grid="modifiers")             # l. 2742
    assert garbled["cells"] == ["+3", "0"] and "garbled" in garbled["note"]
    assert [e["code"] for e in t["legend"]] == ["#", "D", "R", "T", "G"]         # l. 2725-2729
    assert "対都市" in t["legend"][1]["text"]["ja"] and t["legend"][1]["note"]
    rules = {n.get("rule") for n in t["notes"]}
    assert {"7.3.1", "7.3.1.2", "7.3.2", "7.2.4.3", "15.4", "12.3"} <= rules
    assert any("12として扱い" in n["text"]["ja"] for n in t["notes"])               # l. 3169


# ---- Terrain Effects Chart, l. 2638-2722

def test_terrain_effects():
    t = raw_table(GAME, "terrain-effects")
    assert cell(t, "Manila", "Combat effect") == "+3 DM"                       # l. 2647
    assert cell(t, "Rough", "MP cost (6 or 8+ MF)") == "2"                     # l. 2643
    assert cell(t, "Road (see 4.2)", "MP cost (6 or 8+ MF)") == "1/2"          # l. 2696
    assert cell(t, "Strategic Movement", "MP cost (4, 5, 7 MF)") == "1/2"      # l. 2705
    assert cell(t, "Rough Hexside", "MP cost (6 or 8+ MF)") == "P（P）"          # l. 2689
    swamp = raw_cell(t, "Swamp", 2)                                             # l. 2657-2661
    assert "symbol" in note_of(swamp)
    amph = raw_cell(t, "Amphibious Assault", 0)                                 # l. 2714
    assert amph["span"] == 2 and "4.4" in amph["note"]
    assert note_of(raw_cell(t, "Minor River", 1))                               # l. 2678 "+－0"


# ---- Air to Air, l. 2309-2319 (d66)

def test_air_to_air():
    t = raw_table(GAME, "air-to-air")
    assert t["dice"] == "d66"
    assert cell(t, "-3", "E (eliminated)") == "12"     # l. 2311 "－3 1 2 1 6"
    assert cell(t, "-3", "A (return)") == "16"
    assert cell(t, "0", "A（帰還）") == "42"            # l. 2314
    assert cell(t, "5", "E (eliminated)") == "55"      # l. 2319
    assert cell(t, "-5", "E (eliminated)") == "–"      # l. 2309 "－5   1 2"
    assert cell(t, "-5", "A (return)") == "12"
    assert "three spaces" in note_of(raw_cell(t, "-5", 0))


# ---- AA table, body at l. 2361-2373

def test_aa():
    t = raw_table(GAME, "aa")
    assert cell(t, "1-8", "Result") == "Miss"          # l. 2363 はずれ
    assert cell(t, "10", "Result") == "2A"             # l. 2366
    assert cell(t, "12", "Result") == "2E"             # l. 2368
    mod = row(t, "Turn 1, Allied AA", grid="modifiers")  # l. 2370-2373
    assert mod["cells"] == ["-1"] and "reconstruction" in mod["note"]
    assert any(n.get("rule") == "8.7.2" for n in t["notes"])


# ---- Strafing and dive bombing, l. 2342-2359 and 2375-2393

def test_strafing():
    t = raw_table(GAME, "strafing")
    assert cell(t, "1-2", "結果", lang="ja") == "撃墜される"   # l. 2346
    assert cell(t, "10-11", "Result") == "D"                  # l. 2350
    assert cell(t, "14-16", "Result") == "2E"                 # l. 2352
    assert cell(t, "対飛行場", "DRM", grid="modifiers") == "+2"  # l. 2357
    assert cell(t, "AAが存在すると。", "DRM", grid="modifiers") == "-1"  # l. 2354
    assert any("8.5.2.1" == n.get("rule") and n.get("note") for n in t["notes"])  # l. 2359


def test_dive_bombing():
    t = raw_table(GAME, "dive-bombing")
    assert cell(t, "3-8", "Result") == "No effect"            # l. 2381
    assert cell(t, "15-16", "Result") == "3E"                 # l. 2386
    assert cell(t, "輸送船に対して。", "DRM", grid="modifiers") == "+1"   # l. 2391
    assert cell(t, "飛行場に対して", "DRM", grid="modifiers") == "+2"     # l. 2393


# ---- Bombing, l. 2397-2410 (right-aligned rows)

def test_bombing():
    t = raw_table(GAME, "bombing")
    assert cell(t, "0", "1") == "E"                    # l. 2399
    assert cell(t, "0", "6") == "2E"
    assert cell(t, "3", "4") == "E"                    # l. 2402
    assert cell(t, "4", "1") == "–"                    # l. 2403 double space
    assert cell(t, "4", "4") == "2D"
    assert cell(t, "5", "6") == "2D"                   # l. 2404
    assert cell(t, "5", "2") == "–"
    assert cell(t, "7", "4") == "–" and cell(t, "7", "5") == "D"   # l. 2406
    assert cell(t, "8-11", "3") == "–"                 # l. 2407
    assert cell(t, "12", "1") == "Bomber shot down"    # l. 2408
    assert raw_cell(t, "12", 0)["span"] == 6
    for lab in ("4", "5", "6", "7"):
        assert row(t, lab)["note"]
    assert cell(t, "飛行場を攻撃しているとき。", "DRM", grid="modifiers") == "-2"   # l. 2410


# ---- Corregidor bombardment, l. 2327-2340

def test_corregidor_bombardment():
    t = raw_table(GAME, "corregidor-bombardment")
    assert [text(c) for c in t["columns"]] == ["1", "2", "3", "4", "7", "8", "10", "12"]  # l. 2328
    assert cell(t, "2", "12") == "5E"                  # l. 2329
    assert cell(t, "3", "7") == "2E"                   # l. 2330
    assert cell(t, "4", "1") == "–" and cell(t, "4", "4") == "2D"   # l. 2331
    assert cell(t, "5", "3") == "D" and cell(t, "5", "12") == "3E"  # l. 2332
    assert cell(t, "9", "10") == "2D"                  # l. 2336
    assert cell(t, "11", "12") == "D" and cell(t, "11", "10") == "–"  # l. 2338
    assert set(row(t, "12")["cells"]) == {"–"}         # l. 2339
    for lab in ("5", "7", "9", "11"):
        assert "no spacing clue" in row(t, lab)["note"]
    assert cell(t, "高高度を飛行中", "DRM", grid="modifiers") == "+1"   # l. 2340


# ---- Corregidor battery condition, l. 2495-2524

def test_corregidor_batteries():
    t = raw_table(GAME, "corregidor-batteries")
    assert cell(t, "Geary I", "DF") == "40"                        # l. 2497
    assert cell(t, "Geary I", "Battery (DF** column)") == "Croskett"
    assert cell(t, "Morrison", "DF**") == "10"                     # l. 2503 (Smith 10)
    assert cell(t, "155 mm C", "DF**") == "3"                      # l. 2509
    assert cell(t, "Stockade", "Battery (DF** column)") == "Ft. Hughes I"   # l. 2517
    assert cell(t, "Kysor", "DF") == "1"                           # l. 2521
    mts = row(t, "Ft. Hughes Mts.")                                # l. 2524
    assert mts["cells"][0] == "40 *" and "10.2.1" in mts["note"]
    names = [text(r["label"]) for r in t["rows"]] + [
        text(r["cells"][1]) for r in t["rows"] if text(r["cells"][1])]
    assert len(names) == 26                                        # 10.2.1: 26 batteries
    assert "blank forms" in t["note"]
    assert [e["code"] for e in t["legend"]] == ["*", "**"]         # l. 2521-2522


# ---- Submarine attack and scramble, l. 2209-2228 and 2258-2271

def test_submarine_attack():
    t = raw_table(GAME, "submarine-attack")
    assert cell(t, "2", "結果", lang="ja") == "潜水艦が沈没"          # l. 2214
    assert cell(t, "3-10", "結果", lang="ja") == "はずれ、不発"       # l. 2216
    assert cell(t, "15", "結果", lang="ja") == "5ステップと輸送船が沈没"  # l. 2226
    assert row(t, "選択ルールを使用していたら", grid="modifiers")["cells"] == ["+3"]  # l. 2228


def test_scramble():
    t = raw_table(GAME, "scramble")
    assert t["dice"] == "1d6"
    assert cell(t, "1-3", "結果", lang="ja") == "全て緊急発進"        # l. 2262
    assert cell(t, "5", "Result") == "Fighters (only) scramble and must fly CAP."   # l. 2266
    assert note_of(raw_cell(t, "4", 0))                               # 8.4.1
    m = t["modifiers"]["rows"][0]                                     # l. 2269-2271
    assert m["cells"] == ["+2"] and m["rule"] == "8.4.5"


# ---- Airfield charts, l. 2411-2491 and 2525-2551

def test_luzon_airfields():
    t = raw_table(GAME, "luzon-airfields")
    assert len(t["rows"]) == 16
    assert cell(t, "Iba", "Boxes") == "F F"                              # l. 2431-2434
    assert cell(t, "Iba", "Aircraft marked on the chart") == "P-40E, P-40E"
    assert cell(t, "Nichols", "Boxes") == "B B F F F F"                  # l. 2473-2479
    assert cell(t, "Corregidor", "Boxes") == "F"                         # l. 2470
    clark = row(t, "クラーク（B-17 唯一の飛行場）")                         # l. 2437-2448
    assert text(clark["cells"][0]) == "B B B B B B" and "Clark" in note_of(clark["cells"][0])
    assert "uncertain" in note_of(raw_cell(t, "Del Carmen", 0)).lower()  # l. 2457
    assert "Uncertain" in note_of(raw_cell(t, "Batangas", 0))            # l. 2488
    assert row(t, "John Hay")["label"]["note"]                           # l. 2423 [Jahn Hay]
    assert [e["code"] for e in t["legend"]] == ["F", "B"]                # l. 2414-2415


def test_formosa_airfields():
    t = raw_table(GAME, "formosa-airfields")
    assert t["rows"] == [] and t["columns"] == [] and t["missing"]["en"]
    assert [e["code"] for e in t["legend"]] == ["F", "B", "*"]           # l. 2533-2535
    turn7 = next(n for n in t["notes"] if n["text"]["ja"].startswith("ターン7"))   # l. 2537-2541
    assert "14.5" in turn7["note"]
    assert any("屏東は33" in n["text"]["ja"] for n in t["notes"])         # 8.1.3, l. 920-922
