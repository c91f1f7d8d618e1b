"""Spot-checks of the Amigos & Insurrectors data against seed 002_56fc5316abfddc0e.txt.
Line numbers in the comments are seed lines."""

import yaml

from datahelp import DATA, cell, note_of, raw_table, text

GAME = "amigos-insurrectors"
SEED = "002_56fc5316abfddc0e.txt"


def row(table, label, grid=None):
    g = table if grid is None else table[grid]
    for r in g["rows"]:
        if label in (text(r["label"], "ja"), text(r["label"], "en")):
            return r
    raise KeyError(label)


def test_game_sides():
    with open(DATA / GAME / "game.yaml", encoding="utf-8") as f:
        game = yaml.safe_load(f)
    assert [s["id"] for s in game["sides"]] == ["us", "filipino"]
    assert game["source"]["seed"] == SEED
    assert game["sides"][1]["name"]["ja"] == "フィリピン軍"


def test_every_table_cites_the_seed():
    for p in (DATA / GAME / "tables").glob("*.yaml"):
        t = raw_table(GAME, p.stem)
        assert t["source"]["seed"] == SEED, p.stem
        assert t["rule"], p.stem


def test_operation_limits():
    t = raw_table(GAME, "operation-limits")
    assert cell(t, "1-2", "Ground operations") == "2"          # l. 149
    assert cell(t, "3-8", "地上作戦") == "3"                    # l. 150
    assert cell(t, "8-13", "Ground operations") == "4"         # l. 151 (printed 8〜13)
    assert cell(t, "14-15", "Ground operations") == "5"        # l. 152
    assert cell(t, "14-15", "Amphibious operations") == "1"    # l. 152
    # the overlapping 8〜13 label is kept and explained (l. 150-151)
    assert "overlapping" in note_of(row(t, "8-13")["label"])


def test_stacking():
    t = raw_table(GAME, "stacking")
    assert cell(t, "US", "Combat steps") == "10"                       # l. 278
    assert cell(t, "US", "Artillery") == "1"                           # l. 278
    assert cell(t, "Filipino", "Combat steps", lang="ja") == "正規兵10戦闘ステップ + ゲリラ5ステップ"  # l. 280
    assert cell(t, "US in 'Manila'", "Artillery") == "Unlimited"       # l. 278 砲兵も同じ
    assert note_of(row(t, "Gunboats (sea space)"))                     # l. 281 printed under フィリピン軍


def test_hit_numbers():
    t = raw_table(GAME, "hit-numbers")
    assert cell(t, "US vs Filipino regulars", "US combat phase") == "5-6"                     # l. 527
    assert cell(t, "US vs Filipino guerrillas", "US combat phase", lang="ja") == "索敵ダイス(10.1) -> 6"  # l. 528
    assert cell(t, "Filipinos vs US", "Filipino combat phase") == "6 (David Fagan: 5-6)"     # l. 535
    assert cell(t, "Mountain area (both sides)", "Filipino combat phase").startswith("6 only")  # l. 536
    assert cell(t, "Parting shots (both sides)", "US combat phase").startswith("5-6")       # l. 374
    # the summary's search roll in the Filipino phase conflicts with 10.6.3 (l. 370, 533)
    r = row(t, "US vs Filipino guerrillas")
    assert "l. 370" in note_of(r["cells"][1])
    mods = {text(r["label"]): r["cells"][0] for r in t["modifiers"]["rows"]}
    assert mods["Filipino artillery: one regular combat step"] == "+1"                     # l. 100


def test_search_modifiers():
    t = raw_table(GAME, "search-modifiers")
    assert cell(t, "5-6", "Result", lang="ja") == "攻撃が成立する"       # l. 312
    assert note_of(row(t, "1-4")["cells"][0])                              # implied, not printed
    assert cell(t, "Mountain area", "DRM", grid="modifiers") == "-1"      # l. 316
    assert cell(t, "Per guerrilla combat step above 3", "DRM", grid="modifiers") == "+1"  # l. 313
    assert cell(t, "'SEARCH +2' marker", "DRM", grid="modifiers") == "+2"  # l. 318


def test_reinforcement_modifiers():
    t = raw_table(GAME, "reinforcement-modifiers")
    assert t["rows"] == [] and t["columns"] == []                  # table not printed (l. 220)
    assert "not reproduced here" in t["missing"]["en"]
    assert cell(t, "Filipino VP is 2 or more", "Visayas", grid="modifiers") == "+2"          # l. 231
    assert cell(t, "3 or more 'POA' in 'Luzon'", "Luzon", grid="modifiers") == "-1"          # l. 233
    assert cell(t, "3 or more 'POA' in 'Luzon'", "Visayas", grid="modifiers") == "–"         # l. 233 Luzon only
    assert cell(t, "2 or more 'POA' in the 'Visayas'", "Visayas", grid="modifiers") == "-1"  # l. 235
    assert cell(t, "The US attacked 'Mabini' on turns 2-4 (next turn)", "Luzon", grid="modifiers") == "+2"  # l. 241


def test_us_advantage_chits():
    t = raw_table(GAME, "us-advantage-stand-up")
    assert [r["label"] for r in t["rows"]] == [f"#{i}" for i in range(1, 10)]   # l. 543-590
    assert cell(t, "#5", "Chit name", lang="ja") == "Luna暗殺計画"               # l. 566
    assert "1-3 アギナルドによる暗殺成功" in cell(t, "#5", "Effect", lang="ja")  # l. 572
    assert "5-6 「Luna」がアギナルドを暗殺" in cell(t, "#5", "Effect", lang="ja")  # l. 576
    assert "1-3" in note_of(row(t, "#5")["cells"][2])                            # errata l. 793
    assert cell(t, "#9", "When played", lang="ja") == "「リーダーの損耗チェック」フェーズ"  # l. 591
    g = raw_table(GAME, "us-advantage-guerrilla")
    assert len(g["rows"]) == 9                                                   # l. 599-633
    assert cell(g, "#4", "Effect", lang="ja").endswith("ダイスの目が3〜6である時、ヒット。")  # l. 613
    assert cell(g, "#7", "Chit name", lang="ja") == "不活発な独立運動"          # l. 623 same name as #6
    assert note_of(row(g, "#7")["cells"][0])


def test_filipino_advantage_chits():
    t = raw_table(GAME, "filipino-advantage-stand-up")
    assert len(t["rows"]) == 11                                                  # l. 655-697
    assert cell(t, "#11", "Effect", lang="ja").startswith("「Manila」にフィリピン軍4戦闘ステップを置く。")  # l. 699
    assert cell(t, "#8", "Effect", lang="ja").endswith("非モンスーンのターンでは1D6 5〜6で成立。")  # l. 687
    assert cell(t, "#10", "When played", lang="ja") == "ターン1以外の増援フェーズ"    # l. 694
    assert note_of(row(t, "#10")["cells"][2])                                    # unclosed paren, l. 695
    g = raw_table(GAME, "filipino-advantage-guerrilla")
    assert len(g["rows"]) == 11                                                  # l. 707-752
    assert cell(g, "#11", "Effect", lang="ja").startswith("「Manila」にフィリピン軍2戦闘ステップを置く。")  # l. 754
    assert "1〜2 「Central Luzon」" in cell(g, "#8", "Effect", lang="ja")         # l. 740
    assert cell(g, "#1", "Chit name", lang="ja") == "デイビット・フェイゲン脱走兵"  # l. 707


def test_objectives():
    us = raw_table(GAME, "us-objectives")
    fil = raw_table(GAME, "filipino-objectives")
    assert cell(us, "#3", "Objective", lang="ja") == "「Pangasinan(19)」の支配"   # l. 640
    assert cell(fil, "#3", "Objective", lang="ja") == "「Pangasinan(14)」の支配"  # l. 759
    assert "Pangasinan" in note_of(row(us, "#3")["cells"][0])                      # conflict noted
    assert cell(us, "#10", "VP") == "2VP"                                          # l. 648
    assert cell(fil, "#10", "VP") == "2VP"                                         # l. 767
    assert cell(fil, "#8", "VP") == "1VP"                                          # l. 765 (inside the text)
    assert note_of(row(fil, "#8")["cells"][1])
    assert cell(fil, "#1", "Objective", lang="ja") == "「Manila(24)」の支配"      # l. 757


def test_political_will():
    t = raw_table(GAME, "political-will")
    assert cell(t, "Per US combat step lost", "Filipino") == "+2"          # l. 403
    assert cell(t, "Per Filipino combat step lost", "US") == "+1"          # l. 404
    assert cell(t, "US pre-combat retreat", "US") == "-1"                  # l. 337
    assert cell(t, "Per 'POA' marker placed", "US") == "+1"                # l. 413
    assert cell(t, "Enemy commander unit captured or eliminated", "Filipino") == "+5 (normally 2)"  # l. 126
    # VP above 8 discarded vs automatic victory above 8 (l. 496, 499)
    assert any("Conflicts" in (n.get("note") or "") for n in t["notes"])


def test_leader_rolls():
    t = raw_table(GAME, "leader-rolls")
    lab = "Enemy combat units enter an area holding only leader units"
    assert cell(t, lab, "3") == "Leader unit eliminated"                         # l. 108: 1〜3
    assert cell(t, lab, "4") == "Moves to the nearest area with friendly combat units"  # l. 108: 4〜6
    assert cell(t, "Leader attrition check", "1") == "One leader eliminated"    # l. 392
    assert cell(t, "Leader attrition check", "2") == "–"
    both = "Attrition check: second roll when both sides have leaders"
    assert cell(t, both, "2").startswith("Even: US leader")                      # l. 393
    assert cell(t, both, "5").startswith("Odd: Filipino leader")                 # l. 394
    track1 = "US Stand-Up Fight chit #5 Luna Assassination Plot: first chit (track 1)"
    assert cell(t, track1, "3").startswith("Assassination by Aguinaldo")         # l. 572, errata l. 793
    assert cell(t, track1, "4") == "–"
    funston = "US Stand-Up Fight chit #9 Encirclement ('Funston' in the stack)"
    assert cell(t, funston, "4") == "Filipino leader eliminated"                 # l. 592: 1〜4


def test_jungle_warfare():
    t = raw_table(GAME, "jungle-warfare")
    assert cell(t, "Combat occurs? (each box holding combat steps of both sides)", "4") == "Combat is fought"  # l. 431
    assert cell(t, "Combat occurs? (each box holding combat steps of both sides)", "3") == "–"
    assert cell(t, "Number of combat rounds (either player rolls)", "5") == "5"  # l. 436
    assert cell(t, "Combat round: US (per engaged combat step)", "6") == "One DISCOVERED Filipino combat step eliminated"  # l. 439
    assert cell(t, "Combat round: Filipinos (per engaged combat step)", "5") == "–"  # l. 438: 6 only


def test_other_die_rolls():
    t = raw_table(GAME, "other-die-rolls")
    inter = "Interdiction (IN): Filipinos enter a sea space with a US gunboat"
    assert cell(t, inter, "3") == "The Filipinos may pass"                      # l. 296
    assert cell(t, inter, "4") == "The Filipinos are eliminated"                # l. 296
    assert cell(t, "Arms import phase", "1").startswith("Gain the 'IMPORTED ARMS'")  # l. 197
    assert cell(t, "Filipino Guerrilla War chit #8 Luzon", "4") == "Southern Luzon"   # l. 741


def test_sequence_and_misc():
    s = raw_table(GAME, "sequence-of-play")
    assert cell(s, "5f", "Phase", lang="ja") == "POAサイトを建設する。"          # l. 167
    assert note_of(row(s, "5a"))                                                  # (3.28.0), l. 162
    c = raw_table(GAME, "combat-sequence")
    assert cell(c, "d1", "Procedure", lang="ja") == "防御側がダイスを振る。損害は直ちに適用される。"  # l. 327
    m = raw_table(GAME, "commanders")
    assert cell(m, "2", "US commanders") == "MacArthur"                          # l. 133
    assert cell(m, "3", "Filipino commanders") == "Malvar"                       # l. 130
    la = raw_table(GAME, "leader-abilities")
    assert cell(la, "(NR)", "Name", lang="ja") == "不撤退"                       # l. 113
    mo = raw_table(GAME, "monsoon")
    assert "numbered" in mo["note"]                                              # unnumbered list, l. 452-456
    assert cell(mo, "5", "Effect", lang="ja") == "さらに、ターン4の米軍作戦フェーズは存在しない。"  # l. 456


def test_glossary():
    with open(DATA / GAME / "glossary.yaml", encoding="utf-8") as f:
        terms = {t["ja"]: t for t in yaml.safe_load(f)["terms"]}
    assert terms["最後の一撃"]["en"] == "parting shots"      # l. 10
    assert terms["スタック"]["en"] == "force"                # l. 9
    assert terms["海上スペース"]["en"] == "sea space"        # l. 11
    assert not terms["スタック"].get("gloss")
    assert terms["索敵ダイス"]["gloss"] is True              # our rendering
    assert terms["キャンペーンゲーム"]["en"] == "Campaign Game"  # l. 505
