"""Odds cards (issue 26): every dice table's chances against a brute-force enumeration of the dice,
the MacArthur CRT by hand, JSON = CSV, refusals, and every card on one page in ja, en and both."""
import csv
import io
import itertools
import json
import os
import re
from fractions import Fraction

import pytest

from playaids import oddsexport, odds
from playaids.render import grid
from playaids.render import oddscard
from playaids.render.page import PageSpec
from playaids.repository import Repository
from conftest import run_in

REPO = Repository.builtin()

# Every table with dice, read from the data: those with odds, and those refused with the reason.
HAS_ODDS = {
    "amigos-insurrectors": {"jungle-warfare", "leader-rolls", "other-die-rolls", "search-modifiers"},
    "asl-chapter-g": {"animal-pack-vulnerability"},
    "macarthur-bataan": {"aa", "bombing", "corregidor-bombardment", "crt", "dive-bombing", "scramble",
                         "solitaire-bomber-missions", "solitaire-fighter-missions", "solitaire-submarine-presence",
                         "strafing", "strategic-transport-arrival", "submarine-attack"},
    "okinawa": {"allied-air-defense", "allied-air-strike", "carrier-critical-damage", "carrier-critical-hit",
                "command-appeal", "conference-cost", "disengagement", "fleet-targets", "forward-observation",
                "japanese-air-defense", "kamikaze-hits", "mortar-accuracy"},
    "rgi-macarthur": {"bataan-japanese-reserves", "korea-reserves", "new-guinea-reserves", "new-guinea-storm-risk"},
}
REFUSED = {  # dice tables with no odds: why
    ("amigos-insurrectors", "hit-numbers"): "neither its rows nor its columns are rolls",
    ("amigos-insurrectors", "reinforcement-modifiers"): "grid is not in the source",
    ("macarthur-bataan", "air-to-air"): "rows are combat differences",
    ("okinawa", "assault"): "grid is not in the source",
    ("okinawa", "bombardment"): "grid is not in the source",
    ("okinawa", "fire-combat"): "grid is not in the source",
    ("okinawa", "tank-coordination"): "rows are numbers of tank units",
    ("rgi-macarthur", "combat-dice"): "neither its rows nor its columns are rolls",
    ("rgi-macarthur", "damage"): "neither its rows nor its columns are rolls",
}
ODDS_TABLES = sorted((g, t) for g, ts in HAS_ODDS.items() for t in ts)


def test_every_dice_table_of_the_five_games_has_odds_or_is_refused_with_its_reason():
    seen = set()
    for g in REPO.game_ids():
        for tid, t in REPO.tables(g).items():
            if not t.dice:
                with pytest.raises(odds.NotDice, match="names no dice"):
                    odds.read(t)
                continue
            seen.add((g, tid))
            if (g, tid) in REFUSED:
                with pytest.raises(odds.NotDice, match=REFUSED[(g, tid)]):
                    odds.read(t)
            else:
                assert tid in HAS_ODDS[g], (g, tid)
                odds.read(t)
    assert seen == set(REFUSED) | set(ODDS_TABLES)


# --- brute force: every face of every die, independently of playaids.odds -------------------------

FACES = {"1d6": (1,), "2d6": (2,), "3d6": (3,), "1d10": None, "d66": "d66"}


def _rolls():
    """Every equally likely outcome of the dice, read as the table reads it."""
    def of(dice):
        if dice == "d66":
            return [10 * a + b for a, b in itertools.product(range(1, 7), repeat=2)]
        n = int(dice[0])
        sides = int(dice.split("d")[1])
        return [sum(f) for f in itertools.product(range(1, sides + 1), repeat=n)]
    return of


def _span(label: str):
    """lo, hi of a roll label: '7', '2-3', '12+', '≤2', '-1 or less' (None: open)."""
    s = label.replace("≦", "≤").strip()
    if m := re.fullmatch(r"(-?\d+)", s):
        return int(m[1]), int(m[1])
    if m := re.fullmatch(r"(-?\d+)-(-?\d+)", s):
        return int(m[1]), int(m[2])
    if m := re.fullmatch(r"(-?\d+)\+", s):
        return int(m[1]), None
    if m := re.fullmatch(r"(?:≤(-?\d+)|(-?\d+) or less)", s):
        return None, int(m[1] or m[2])
    raise AssertionError(label)


def brute(table, drm: int):
    """{line label: {result: Fraction}}, {'below': p, 'above': p} by counting every outcome."""
    g = table.grid
    by_rows = all(re.fullmatch(r"-?\d+(-\d+)?|\d+\+|≤\d+", r.label.en) for r in g.rows) and \
        not (table.odds and table.odds.rolls == "columns")
    labels = [r.label.en for r in g.rows] if by_rows else [c.en for c in g.columns]
    cells = []
    for r in g.rows:   # a spanning cell stands in every column it covers
        row = []
        for c in r.cells:
            row += [c.en] * c.span
        cells.append(row)
    lines = ([(c.en, [row[j] for row in cells]) for j, c in enumerate(g.columns)] if by_rows
             else [(r.label.en, cells[i]) for i, r in enumerate(g.rows)])
    spans = [_span(x) for x in labels]
    clamp = bool(table.odds and table.odds.clamp_rule)
    outcomes = _rolls()(table.dice)
    out = {name: {} for name, _ in lines}
    beyond = {"below": Fraction(0), "above": Fraction(0)}
    for natural in outcomes:
        r = natural + drm
        hit = [i for i, (lo, hi) in enumerate(spans) if (lo is None or r >= lo) and (hi is None or r <= hi)]
        assert len(hit) <= 1
        if not hit and clamp:
            hit = [0 if r < spans[0][0] else len(spans) - 1]
        if not hit:
            beyond["below" if spans[0][0] is not None and r < spans[0][0] else "above"] += Fraction(1, len(outcomes))
            continue
        for name, results in lines:
            res = results[hit[0]]
            out[name][res] = out[name].get(res, Fraction(0)) + Fraction(1, len(outcomes))
    return out, beyond


@pytest.mark.parametrize("game,table", ODDS_TABLES)
def test_chances_equal_a_brute_force_enumeration_of_the_dice(game, table):
    t = REPO.table(game, table)
    d = oddsexport.as_dict(oddsexport.analyse(t, "all"))
    assert d["drms"] == ["-2", "-1", "0", "+1", "+2"]
    for drm in (-2, -1, 0, 1, 2):
        key = f"{drm:+d}" if drm else "0"
        want, beyond = brute(t, drm)
        got = {line["line"]["en"]: {r["result"]["en"]: Fraction(r["chance"][key]["fraction"])
                                    for r in line["results"]} for line in d["lines"]}
        assert got == {name: {res: want[name].get(res, Fraction(0)) for res in got[name]} for name in want}
        assert all(set(want[n]) <= set(got[n]) for n in want)
        assert {k: Fraction(v["fraction"]) for k, v in d["beyond_table"][key].items()} == beyond
        for line in d["lines"]:   # every roll lands somewhere
            assert sum(Fraction(r["chance"][key]["fraction"]) for r in line["results"]) + sum(beyond.values()) == 1


def _defender(cell: str):
    """(steps number, letters) of the defender's half of a CRT cell, parsed here independently."""
    half = cell.split(" / ")[1]
    m = re.fullmatch(r"(\d*)([A-Z]*)", half.replace("–", ""))
    return (int(m[1]) if m[1] else 0), m[2]


def test_the_crt_effects_equal_a_brute_force_enumeration():
    t = REPO.table("macarthur-bataan", "crt")
    d = oddsexport.as_dict(oddsexport.analyse(t, "all"))
    cols = [c.en for c in t.grid.columns]
    for drm in (-2, -1, 0, 1, 2):
        key = f"{drm:+d}" if drm else "0"
        for j, line in enumerate(d["lines"]):
            counts = {"R": 0, "D": 0, 1: 0, 2: 0, 3: 0}
            for a, b in itertools.product(range(1, 7), repeat=2):
                roll = min(12, max(2, a + b + drm))    # 7.3: above 12 is 12, below 2 is 2
                steps, letters = _defender(t.grid.rows[roll - 2].cells[j].en)
                counts["R"] += "R" in letters
                counts["D"] += "D" in letters
                for n in (1, 2, 3):
                    counts[n] += steps >= n
            effects = {e["effect"]["en"]: Fraction(e["chance"][key]["fraction"]) for e in line["effects"]}
            assert effects["Defender: R = Stack retreats"] == Fraction(counts["R"], 36), cols[j]
            assert effects["Defender: D = Stack demoralized (vs. city)"] == Fraction(counts["D"], 36)
            for n in (1, 2, 3):
                got = effects.get(f"Defender: # ≥ {n} (a {n}-step stack eliminated)", Fraction(0))
                assert got == Fraction(counts[n], 36), (cols[j], n)


def test_the_crt_by_hand_at_3_1_and_1_1():
    """Hand counts on 2d6 (36 rolls) from the seed's CRT (7.3), rolls clamped to 2-12:
    3-1: the defender retreats on rolls 2-7 (R in '– / 2DR' ... '1 / 1DR'): 21/36 = 58.3 %;
    with -1 rolls 2-8 reach those rows: 26/36 = 72.2 %; with +1 rolls 2-6: 15/36 = 41.7 %.
    It loses 2+ steps per 5 on rolls 2-4: 6/36 = 16.7 %, -1: 10/36 = 27.8 %, +1: 3/36 = 8.3 %.
    1-1: the defender retreats only on 2 ('– / 1DR'): 1/36 = 2.8 %, -1: 3/36 = 8.3 %, +1: 0;
    it loses a step (a 1-step defender eliminated) on rolls 2-10: 33/36 = 91.7 %, -1: 35/36 = 97.2 %,
    +1: 30/36 = 83.3 %; '1 / 1' is printed on rolls 5 and 8: 9/36 = 25 % under -1, 0 and +1."""
    d = oddsexport.as_dict(oddsexport.analyse(REPO.table("macarthur-bataan", "crt")))
    assert d["drms"] == ["-1", "0", "+1"] and d["clamp"] == {"rule": "7.3"}
    line = {x["line"]["en"]: x for x in d["lines"]}

    def eff(col, name):
        e = next(e for e in line[col]["effects"] if e["effect"]["en"] == name)
        return [Fraction(e["chance"][k]["fraction"]) for k in ("-1", "0", "+1")]

    def res(col, name):
        r = next(r for r in line[col]["results"] if r["result"]["en"] == name)
        return [Fraction(r["chance"][k]["fraction"]) for k in ("-1", "0", "+1")]

    retreat, one, two = ("Defender: R = Stack retreats", "Defender: # ≥ 1 (a 1-step stack eliminated)",
                         "Defender: # ≥ 2 (a 2-step stack eliminated)")
    assert eff("3-1", retreat) == [Fraction(26, 36), Fraction(21, 36), Fraction(15, 36)]
    assert eff("3-1", two) == [Fraction(10, 36), Fraction(6, 36), Fraction(3, 36)]
    assert eff("3-1", one) == [1, 1, 1]
    assert eff("1-1", retreat) == [Fraction(3, 36), Fraction(1, 36), 0]
    assert eff("1-1", one) == [Fraction(35, 36), Fraction(33, 36), Fraction(30, 36)]
    assert res("1-1", "1 / 1") == [Fraction(9, 36)] * 3
    assert res("3-1", "– / 2DR") == [Fraction(7, 36), Fraction(4, 36), Fraction(2, 36)]   # rolls 2 and 4


@pytest.mark.slow
@pytest.mark.parametrize("lang,defender", [("en", "Defender: "), ("ja", "防御側："), ("both", "防御側 Defender: ")])
def test_the_crt_card_shows_each_result_and_the_defenders_retreat_and_elimination(tmp_path, lang, defender):
    """Read back from the card with pdfplumber, on one page, passing the preflight."""
    import pdfplumber

    from playaids import preflight

    a = oddsexport.analyse(REPO.table("macarthur-bataan", "crt"))
    path = tmp_path / f"crt.{lang}.a4.pdf"
    path.write_bytes(oddscard.render(a, REPO.game("macarthur-bataan", with_tables=False), PageSpec(lang=lang)))
    assert preflight.check(path) == []
    with pdfplumber.open(path) as doc:
        assert len(doc.pages) == 1
        (results, effects), text = doc.pages[0].extract_tables(), doc.pages[0].extract_text()
    cols = results[0]
    assert cols[1:] == ["1-4", "1-3", "1-2", "1-1.5", "1-1", "1.5-1", "2-1", "2.5-1", "3-1", "4-1", "5-1"]
    rows = {r[0]: dict(zip(cols, r)) for r in results[1:]}
    assert rows["5"]["1-1"].split("\n") == ["1 / 1", "25.0 25.0 25.0"]
    assert rows["2"]["3-1"].split("\n") == ["– / 2DR", "19.4 11.1 5.6"]     # rolls 2 and 4 together
    assert rows["4"]["3-1"].split("\n") == ["– / 2DR", "19.4 11.1 5.6"]
    assert rows["7"]["3-1"].split("\n") == ["1 / 1DR", "13.9 16.7 13.9"]
    # an effect's label, short ("Defender: R") or spelled out where the page has room
    # ("Defender: R = Stack retreats", "Defender: # ≥ 1 (a 1-step stack eliminated)")
    fx = {re.split(r" = | \(|（|＝", r[0].replace("\n", ""))[0]: dict(zip(effects[0], r)) for r in effects[1:]}
    short = any(r[0].replace("\n", "") == defender + "R" for r in effects[1:])
    assert fx[defender + "R"]["3-1"] == "72.2 58.3 41.7"
    assert fx[defender + "R"]["1-1"] == "8.3 2.8 0"
    assert fx[defender + "# ≥ 1"]["1-1"] == "97.2 91.7 83.3"     # a 1-step defender eliminated
    assert fx[defender + "# ≥ 1"]["3-1"] == "100 100 100"
    assert fx[defender + "# ≥ 2"]["3-1"] == "27.8 16.7 8.3"
    flat = " ".join(text.split())
    assert ("-1 0 +1" in flat or "-1 · 0 · +1" in flat)
    if lang != "ja":
        assert not short or "a stack of n steps (n ≤ 5) is eliminated" in flat   # the short labels' key
        assert "A modified roll beyond the table reads its end row (below 2 as 2, above 12 as 12; Rule 7.3)" in flat
    if lang != "en" and short:
        assert "n ステップ（5以下）のスタックは除去" in flat


@pytest.mark.slow
def test_json_and_csv_give_the_same_numbers(cli_in):
    for game, table in ODDS_TABLES:
        r = cli_in("odds", game, table, "--format", "json", "--drm", "all")
        d = json.loads(r.stdout)
        r = cli_in("odds", game, table, "--format", "csv", "--drm", "all")
        rows = list(csv.DictReader(io.StringIO(r.stdout.decode())))
        from_csv = {(x["line"], x["kind"], x["item"], x["drm"]): x["fraction"] for x in rows}
        from_json = {}
        for line in d["lines"]:
            for res in line["results"]:
                for k, v in res["chance"].items():
                    from_json[(line["line"]["en"], "result", res["result"]["en"], k)] = v["fraction"]
            for e in line["effects"]:
                kind = "mean" if e["kind"] == "mean" else "effect"
                for k, v in e["mean" if kind == "mean" else "chance"].items():
                    from_json[(line["line"]["en"], kind, e["effect"]["en"], k)] = v["fraction"]
        for k, v in d["beyond_table"].items():
            for side in ("below", "above"):
                if v[side]["fraction"] != "0/1":
                    from_json[("", "beyond", side, k)] = v[side]["fraction"]
        assert from_csv == from_json, (game, table)


@pytest.mark.parametrize("game,table,why", [
    ("macarthur-bataan", "victory-matrix", "the table names no dice"),
    ("okinawa", "tank-coordination", "its rows are numbers of tank units and its cells the rolls needed"),
    ("okinawa", "assault", "the table's grid is not in the source"),
    ("rgi-macarthur", "damage", "neither its rows nor its columns are rolls of 1d6"),
])
def test_a_table_with_no_odds_is_refused_in_one_line_exit_2(capsys, tmp_path, game, table, why):
    out = tmp_path / "o.pdf"
    code, printed = run_in(capsys, "odds", game, table, "-o", out)
    assert code == 2 and printed.count("\n") == 1 and why in printed and f"{game}/{table}: no odds" in printed
    assert not out.exists()


def test_drm_option_is_checked(capsys):
    code, printed = run_in(capsys, "odds", "macarthur-bataan", "crt", "--drm", "x")
    assert code == 2 and "'x' is not a whole number" in printed
    code, printed = run_in(capsys, "odds", "macarthur-bataan", "crt", "--drm", "9")
    assert code == 2 and "outside -6..+6" in printed



@pytest.mark.parametrize("game,table,shown", [
    ("macarthur-bataan", "bombing", (-2, 0)),           # 8.3.4: -2 against an airfield, its only modifier
    ("macarthur-bataan", "submarine-attack", (0, 3)),   # +3 alone
    ("macarthur-bataan", "strafing", (-1, 0, 2)),       # -1 with AA; +2 on turn 1 or against an airfield
    ("macarthur-bataan", "crt", (-1, 0, 1)),            # -2..+3: the nearest on each side
    ("asl-chapter-g", "animal-pack-vulnerability", (-1, 0)),   # G's -1 if the attack eliminated the mule
    ("okinawa", "mortar-accuracy", (0,)),               # no modifiers
])
def test_a_card_shows_the_modifiers_its_table_lists_not_made_up_ones(game, table, shown):
    """By default a card shows no modifier and, each side of it, the nearest one the table prints:
    a +1 column on the bombing card would be a modifier the rules never give."""
    a = oddsexport.analyse(REPO.table(game, table))
    assert a.drms == shown

def test_a_modified_roll_beyond_a_table_without_a_rule_is_shown_apart():
    """Kamikaze hits (5.3, 2d6 rows 2-12) say nothing of a roll of 13: +1 sends 12 there (1/36)."""
    a = oddsexport.analyse(REPO.table("okinawa", "kamikaze-hits"), "-1,0,+1")
    assert [(c.below, c.above) for c in a.chances] == [(Fraction(1, 36), 0), (0, 0), (0, Fraction(1, 36))]
    a = oddsexport.analyse(REPO.table("okinawa", "allied-air-defense"), "+2")   # 5.34a: above 6 reads 6
    assert a.chances[0].above == 0 and a.chances[0].rolls[-1] == Fraction(3, 6)


@pytest.mark.sample
@pytest.mark.parametrize("game", sorted(HAS_ODDS))
def test_every_card_fits_one_page_in_ja_en_and_both_and_reads_back(game):
    import pypdfium2

    g = REPO.game(game, with_tables=False)
    for table in sorted(HAS_ODDS[game]):
        a = oddsexport.analyse(REPO.table(game, table))
        first = a.reading.lines[0]
        for lang in ("ja", "en", "both"):
            pdf = oddscard.render(a, g, PageSpec(lang=lang))
            doc = pypdfium2.PdfDocument(pdf)
            try:
                assert len(doc) == 1, (game, table, lang)
                text = " ".join(doc[0].get_textpage().get_text_range().split())
            finally:
                doc.close()
            # the first column's first result with its chances, as the card prints them
            want = " ".join(odds.percent(a.result_chance(first, k, 0)) for k in range(len(a.drms)))
            assert want in text, (game, table, lang)
            title = a.table.title.get("en" if lang == "en" else "ja").split("\n")[0]
            assert title in text


def test_a_column_rolled_card_passes_preflight(tmp_path):
    """Amigos leader rolls: the die's faces are the columns, cells span them (`build --check` runs
    the preflight over every card of a build)."""
    from playaids import preflight

    a = oddsexport.analyse(REPO.table("amigos-insurrectors", "leader-rolls"))
    assert a.reading.axis == "columns"
    path = tmp_path / "leader-rolls.both.a4.pdf"
    path.write_bytes(oddscard.render(a, REPO.game("amigos-insurrectors", with_tables=False), PageSpec(lang="both")))
    assert preflight.check(path) == []


@pytest.mark.skipif(not os.environ.get("PLAYAIDS_FULL"), reason="every card through pdfplumber: PLAYAIDS_FULL=1 (CI)")
@pytest.mark.parametrize("game", sorted(HAS_ODDS))
def test_every_card_reads_back_with_pdfplumber_and_passes_preflight(tmp_path, game):
    import pdfplumber

    from playaids import preflight

    g = REPO.game(game, with_tables=False)
    for table in sorted(HAS_ODDS[game]):
        a = oddsexport.analyse(REPO.table(game, table))
        for lang in ("ja", "en", "both"):
            path = tmp_path / f"{table}.{lang}.a4.pdf"
            path.write_bytes(oddscard.render(a, g, PageSpec(lang=lang)))
            assert preflight.check(path) == [], (table, lang)
            with pdfplumber.open(path) as doc:
                assert len(doc.pages) == 1
                got = doc.pages[0].extract_tables()[0]
            # the results grid cell by cell as drawn (a merged cell read once, where it starts)
            drawn = grid.grid_strings(oddscard.results_grid(a, PageSpec(lang=lang))[0], lang)
            def cells(grid):   # spaces aside: a wrapped line next to CJK text loses its space
                return [["".join((c or "").split()) for c in row if c is not None] for row in grid]

            assert cells(got) == cells(drawn), (table, lang)


def test_same_input_gives_identical_bytes():
    a = oddsexport.analyse(REPO.table("okinawa", "fleet-targets"))
    g = REPO.game("okinawa", with_tables=False)
    assert oddscard.render(a, g, PageSpec(lang="ja")) == oddscard.render(a, g, PageSpec(lang="ja"))


@pytest.mark.parametrize("label,rolls", [("7", (7, 7)), ("2-3", (2, 3)), ("12+", (12, None)), ("2以上", (2, None)),
                                         ("-1 or less", (None, -1)), ("≦2", (None, 2)), ("≤2", (None, 2)),
                                         ("１０～１１", (10, 11)), ("-5", (-5, -5)), ("5-3", None),
                                         ("Each large unit", None), ("1*-2", None)])
def test_roll_labels(label, rolls):
    got = odds.parse_rolls(label)
    assert (got and (got.lo, got.hi)) == rolls


def test_a_bad_odds_block_is_one_line_at_its_place(capsys, tmp_path):
    import shutil

    shutil.copytree(REPO.game_dir("rgi-macarthur"), tmp_path / "rgi-macarthur")
    table = tmp_path / "rgi-macarthur" / "tables" / "korea-reserves.yaml"
    lines = table.read_text(encoding="utf-8").count("\n")
    with open(table, "a", encoding="utf-8") as f:
        f.write("odds:\n  rolls: sideways\n")
    code, printed = run_in(capsys, "--data", tmp_path, "--no-builtin", "odds", "rgi-macarthur", "korea-reserves")
    assert code == 2 and printed == f"{table}:{lines + 2}:10: odds.rolls: 'sideways' is not one of ['rows', 'columns', 'none']\n"
    table.write_text(table.read_text(encoding="utf-8").replace("sideways", "columns"), encoding="utf-8")
    code, printed = run_in(capsys, "--data", tmp_path, "--no-builtin", "odds", "rgi-macarthur", "korea-reserves")
    assert code == 2 and "its columns are not rolls of 1d6 ('UN reserves' is not a roll)" in printed


def test_the_odds_card_of_a_small_table_is_a_small_card(tmp_path):
    """As a chart card: a table that would leave most of an A4 page empty goes on A5 or A6 where
    it fits at 9 pt or more; the CRT keeps its A4 page."""
    import pdfplumber

    from playaids.render import cards

    for gid, tid, size in (("rgi-macarthur", "new-guinea-storm-risk", (298, 421)), ("macarthur-bataan", "crt", (842, 595))):
        path = tmp_path / f"{tid}.pdf"
        path.write_bytes(oddscard.render(oddsexport.analyse(REPO.table(gid, tid)), REPO.game(gid, with_tables=False),
                                         PageSpec(lang="en")))
        with pdfplumber.open(path) as doc:
            assert len(doc.pages) == 1 and (round(doc.pages[0].width), round(doc.pages[0].height)) == size, tid
            words = doc.pages[0].extract_words(extra_attrs=["size"])
        assert min(w["size"] for w in words if w["text"] in ("1-2", "3-6", "33.3")) >= cards.SMALL_CARD_FONT or tid == "crt"


def test_a_bilingual_card_names_a_result_in_both_languages_and_gives_its_chances_once():
    """Okinawa's Command Appeal (17.0), both: 総反攻, General counteroffensive, then the chances,
    not the chances under each language; each note in Japanese beside its English, never run on
    with " / " (issue 22)."""
    a = oddsexport.analyse(REPO.table("okinawa", "command-appeal"))
    spec = PageSpec(lang="both")
    results = oddscard.results_grid(a, spec)[0]
    row = next(r for r in results.rows if r.label.en == "1")
    lines = row.cells[0].get("both").split("\n")
    assert lines == ["総反攻", "General counteroffensive", "16.7 16.7"], lines
    pairs = oddscard.note_pairs(a, REPO.game("okinawa", with_tables=False), spec, False, results)
    assert pairs and all(" / " not in ja and " / " not in en for ja, en in pairs)
    assert pairs[0] == ("サイの目修正：5月4日の会議：-1 (ルール 17.15)", "Die-roll modifiers: Conference of 4 May: -1 (Rule 17.15)")
    legend = pairs[-1][1]
    assert legend.startswith("Legend: ") and ".;" not in legend and "every assault; General withdrawal" in legend
