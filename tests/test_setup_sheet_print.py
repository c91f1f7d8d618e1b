"""Setup sheets a player hands out (issues 13, 23): the public pages hold nothing a side keeps
hidden; the secret slips share one page, a cut line between them, each headed with its side and
holding all that side hides (secret draws, hands of chits, the faces of face-down counters);
placements grouped by side and map area; the verification in one line; the commands' sheets get
the print shop's finishing a build gives."""
import collections
import re

import pdfplumber
import pikepdf
import pytest

from playaids import preflight
from playaids.engine import api
from playaids.repository import Repository

ROOT = Repository.builtin()


def _pages(path):
    with pdfplumber.open(path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def _sheet(cli_in, tmp_path, game, scen, lang="en", *more):
    out = tmp_path / f"sheet.{lang}.pdf"
    r = cli_in("scenario", game, scen, "--seed", "1", "--sheet", out, "--lang", lang, "-o", tmp_path / "s.yaml", *more)
    assert r.returncode == 0, r.stderr
    return out


def _public_and_slips(pages, head="SECRET: for the "):
    """(the public part's text, {side: its slip's text}): the slips are the text from the first
    slip heading on (on pages of their own, or below a cut line on the last public page), cut
    apart at each slip heading."""
    text = "\n" + "\n".join(pages)
    first = text.index("\n" + head)
    parts = re.split(r"\n(?=" + re.escape(head) + ")", text[first:])[1:]
    return text[1:first], {p.split("\n", 1)[0][len(head):].removesuffix(" player"): p for p in parts}


@pytest.mark.slow
def test_both_slips_share_one_cut_apart_page(cli_in, tmp_path):
    """MacArthur: the Allied slip (battery numbers, submarines) and the Japanese (its chit, the
    victory letter) on the last page, the cut line between them, none of it in the public part."""
    pages = _pages(_sheet(cli_in, tmp_path, "macarthur-bataan", "historical"))
    last = pages[-1]
    assert last.startswith("SECRET: for the Allied player")   # too long to share the last public page
    allied, japanese = last.split("cut here")
    assert "SECRET: for the Japanese player" in japanese and "SECRET" not in allied.replace("SECRET: for the Allied", "")
    for item in ("Corregidor battery numbers", "Beaches of the three submarines"):
        assert item in allied and item not in japanese
    for item in ("Japanese order-of-battle chit", "Victory letter"):
        assert item in japanese and item not in allied
    public = "\n".join(pages[:-1])
    assert not any(x in public for x in ("Corregidor battery", "submarines", "Victory letter", "SECRET"))


def test_the_batteries_are_a_table_as_the_chart_lists_them(cli_in, tmp_path):
    """10.2.3: 26 battery numbers in two column pairs (battery, number), the left column of the
    Corregidor Battery Condition chart beside its right, not one run-on paragraph."""
    out = _sheet(cli_in, tmp_path, "macarthur-bataan", "historical")
    numbers = api.generate(ROOT, "macarthur-bataan", "historical", 1).choices["corregidor-battery-numbers"]
    with pdfplumber.open(out) as pdf:
        table = next(t for t in pdf.pages[-1].extract_tables() if t[0] == ["Item", "No.", "Item", "No."])
    assert len(table) == 14   # the header, 13 rows of two batteries
    assert table[1] == ["Geary I", str(numbers["Geary I"]), "Croskett", str(numbers["Croskett"])]
    assert table[-1] == ["Kysor", str(numbers["Kysor"]), "Ft. Hughes Mts.", str(numbers["Ft. Hughes Mts."])]
    got = {r[c]: r[c + 1] for r in table[1:] for c in (0, 2)}
    assert len(got) == 26 and sorted(map(int, got.values())) == list(range(1, 27))


@pytest.mark.sample
@pytest.mark.parametrize("lang,head", [("en", "SECRET: for the "), ("ja", "秘密：")])
def test_amigos_hands_of_chits_are_secret(cli_in, tmp_path, lang, head):
    """10.4: each player chooses the advantage chits he plays from his hand in secret; the hand
    is on his slip (each chit with its name, 5.0's table), never in the public part."""
    setup = api.generate(ROOT, "amigos-insurrectors", "campaign", 1)
    pages = _pages(_sheet(cli_in, tmp_path, "amigos-insurrectors", "campaign", lang))
    public, slips = _public_and_slips(pages, head)
    if lang == "ja":
        slips = {k.removesuffix("プレイヤー用"): v for k, v in slips.items()}
    us, filipino = slips["US" if lang == "en" else "米軍"], slips["Filipino" if lang == "en" else "フィリピン軍"]
    assert "advantage" not in public.lower() or "Open draws" not in public
    for side, slip, other in (("us", us, filipino), ("filipino", filipino, us)):
        table = ROOT.table("amigos-insurrectors", f"{side}-advantage-stand-up")
        for chit in setup.choices[f"{side}-advantage"]:
            row = next(r for r in table.grid.rows if r.label.en == f"#{chit}")
            named = f"#{chit} {row.cells[0].get(lang)}"
            assert named in slip, (side, named)
            assert named not in public and named not in other
    assert re.search(r"#\d+ ", public) is None


def test_okinawa_real_minefields_are_on_the_japanese_slip_only(cli_in, tmp_path):
    """9.14, 18.12c: minefields set up face-down: the public part shows a face-down marker at
    each place (real and dummy alike, counted together); which is real is on Japan's slip."""
    setup = api.generate(ROOT, "okinawa", "campaign", 1)
    mines = [p for p in setup.placements if p.unit.startswith("minefield")]
    assert {p.unit for p in mines} >= {"minefield-62-real", "minefield-62-dummy"}
    pages = _pages(_sheet(cli_in, tmp_path, "okinawa", "campaign"))
    public, slips = _public_and_slips(pages)
    assert "Minefield (real)" not in public and "Dummy minefield" not in public
    markers = sum(int(m.group(1)) for m in re.finditer(r"Minefield marker \(face down\) (\d+)", public))
    assert markers == sum(p.count for p in mines)
    japanese = slips["Japanese"]
    for p in mines:
        if p.at.isdigit():   # a hex: its row names the hex and the counter's face
            face = "Minefield (real)" if "real" in p.unit else "Dummy minefield"
            assert re.search(rf"hex {p.at} {re.escape(face)} 1\b", japanese), (p.at, face)


@pytest.mark.slow
def test_placements_are_grouped_by_side_and_map_area(cli_in, tmp_path):
    """MacArthur: the Allied set-up, then the Japanese; within a side the map's areas (map.yaml
    `areas`) in order, each place under its own: Clark under Airfields, Corregidor under Cities,
    towns and forts, Takao on the Formosa Airfield Chart."""
    text = "\n".join(_pages(_sheet(cli_in, tmp_path, "macarthur-bataan", "historical"))[:-1])
    lines = [ln for ln in text.splitlines() if not ln.startswith("Place Unit")]
    at = {ln: i for i, ln in enumerate(lines)}

    def index(start):
        return next(i for ln, i in at.items() if ln.startswith(start))
    allied, japanese = index("Allied set-up"), index("Japanese set-up")
    air, beach, towns, formosa = (index("Airfields"), index("Beaches"), index("Cities, towns and forts"),
                                  index("Formosa Airfield Chart"))
    assert allied < air < index("Clark ") < beach < index("Lingayen beach") < towns < index("Corregidor ") < japanese
    assert japanese < formosa < index("Takao ")
    assert sum(ln.startswith("Clark ") for ln in lines) == 1


@pytest.mark.slow
def test_the_verification_is_one_line(cli_in, tmp_path):
    """Legal or not, and how many rules could not be checked, each named once, in order."""
    text = "\n".join(_pages(_sheet(cli_in, tmp_path, "macarthur-bataan", "historical")))
    one = " ".join(text.split("✓ Set-up rules checked: ")[1].split("\n")[:3])
    assert text.count("Set-up rules checked") == 1 and one.startswith("none broken. Check these ")
    n = int(re.search(r"Check these (\d+) at the", one).group(1))
    rules = one.split("at the table: ")[1].split(" MacArthur")[0].split(", ")
    assert len(rules) == n == len(set(rules)) and "5.0" in rules and "16.2.4" in rules
    assert rules == sorted(rules, key=lambda r: [int(x) for x in r.split(".")])


@pytest.mark.sample
@pytest.mark.parametrize("game,scen", [("macarthur-bataan", "historical"), ("okinawa", "campaign")])
def test_japanese_sheet_is_in_japanese_and_names_no_ids(cli_in, tmp_path, game, scen):
    out = _sheet(cli_in, tmp_path, game, scen, "ja")
    assert not [f.line() for f in preflight.check(out)]
    text = "\n".join(_pages(out))
    assert f"{game}/{scen}" not in text and "map.yaml" not in text and "sp:" not in text
    assert "秘密：" in text and "切り取り線" in text if game == "macarthur-bataan" else True


def test_placements_are_grouped_by_where_they_go(cli_in, tmp_path):
    """Issue 13: a player sets up place by place; each place is printed once, its units under it."""
    text = _pages(_sheet(cli_in, tmp_path, "okinawa", "campaign"))[0]
    table = text.split("Placements")[1]
    lines = table.splitlines()
    # 18.12c: the Boeitai battalions, the tank unit and the 32nd Army HQ all set up at Shuri
    assert sum(ln.startswith("Shuri ") for ln in lines) == 1
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Shuri "))
    assert "Boeitai battalion" in lines[at] and "Tank unit" in lines[at + 1] and "HQ (32nd Army)" in lines[at + 2]


@pytest.mark.slow
@pytest.mark.parametrize("game,scen,lang,paper", [("macarthur-bataan", "historical", "ja", "letter")])
def test_a_group_cut_by_a_page_turn_names_its_place_again(cli_in, tmp_path, game, scen, lang, paper):
    """Seed 1: a place's rows go over a page turn (Tuguegarao's); the
    continued table names that place again on its first row; the verdict never stands alone."""
    out = _sheet(cli_in, tmp_path, game, scen, lang, "--paper", paper)
    assert not [f.line() for f in preflight.check(out)]
    with pdfplumber.open(out) as pdf:
        tables = [p.extract_tables() for p in pdf.pages]
        texts = [p.extract_text() for p in pdf.pages]
    turns = 0
    for before, after in zip(tables, tables[1:]):
        if not (before and after) or len(after[0]) < 2:
            continue
        named = [r[0] for r in before[-1] if r[0]]
        if before[-1][-1][0] == "" and after[0][1][0] != named[-1]:   # a new place may start a page
            assert after[0][1][0], after[0][1]
        if after[0][1][0] == named[-1]:
            turns += 1
        assert after[0][1][0], after[0][1]   # never a row without its place at a page's top
    assert turns >= 1
    verdict = next(i for i, t in enumerate(texts) if ("配置ルールの確認" if lang == "ja" else "Set-up rules checked") in t)
    head = texts[verdict].split("配置ルールの確認" if lang == "ja" else "Set-up rules checked")[0]
    assert verdict == 0 or len(head.strip().splitlines()) >= 2, head


@pytest.mark.slow
def test_a_place_named_again_over_a_page_turn_gets_the_height_it_needs(cli_in, tmp_path):
    """The Main Assault's bilingual Letter sheet: "the four northern airfields, any one (stack 3)", named
    again at page 3's top, took two lines in a row kept one line high (the empty cell's) and was
    overprinted by the next row."""
    out = _sheet(cli_in, tmp_path, "macarthur-bataan", "main-assault", "both", "--paper", "letter")
    assert [f.line() for f in preflight.check(out)] == []


def test_asl_caves_are_on_the_japanese_slip(cli_in, tmp_path):
    """G11.3: caves set up hidden and are recorded on the CCSS: the setup sheet lists them on
    the Japanese slip, never in its public part."""
    from conftest import FIXTURES

    out = tmp_path / "caves.en.pdf"
    r = cli_in("scenario", "asl-chapter-g", "caves", "--terrain", FIXTURES / "asl" / "board36-g11-examples.yaml",
               "--caves", "3", "--seed", "7", "--sheet", out, "--lang", "en", "-o", tmp_path / "c.yaml")
    assert r.returncode == 0, r.stderr
    public, slips = _public_and_slips(_pages(out))
    assert set(slips) == {"Japanese"} and "Caves (hidden; recorded on the CCSS)" in slips["Japanese"]
    import yaml

    caves = yaml.safe_load((tmp_path / "c.yaml").read_text(encoding="utf-8"))["caves"]
    assert len(caves) == 3
    for c in caves:
        assert f"{c['id']} {c['hex']} {c['ca']} {c['level']}" in slips["Japanese"]
        assert c["ca"] not in public
    assert "Caves (hidden" not in public


COLOUR_OPS = {"rg", "RG", "k", "K", "sc", "scn", "SC", "SCN"}


def _finished(path):
    """(title, keywords, the colour operators used, the font-subset prefixes) of a PDF."""
    with pikepdf.open(path) as pdf:
        ops = collections.Counter(str(op) for page in pdf.pages for _, op in pikepdf.parse_content_stream(page))
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Form:
                ops.update(str(op) for _, op in pikepdf.parse_content_stream(obj))
        prefixes = {str(o.BaseFont)[1:7] for o in pdf.objects if isinstance(o, pikepdf.Dictionary)
                    and o.get("/Type") == pikepdf.Name.Font and "+" in str(o.get("/BaseFont", ""))}
        return str(pdf.docinfo["/Title"]), str(pdf.docinfo["/Keywords"]), ops, prefixes


@pytest.mark.slow
def test_commands_sheets_get_the_print_shops_finishing(cli_in, tmp_path):
    """`scenario --sheet` and `ccss` outside a build: DeviceGray with --grayscale, the aid's
    title, game and language in the metadata, font-subset prefixes of each file's own."""
    r = cli_in("scenario", "okinawa", "scenario-1", "--seed", "4", "--count", "2", "--grayscale", "--lang", "ja",
               "--sheet", tmp_path / "s.pdf", "-o", tmp_path / "s.jsonl")
    assert r.returncode == 0, r.stderr
    r = cli_in("ccss", "--grayscale", "--lang", "en", "-o", tmp_path / "ccss.pdf")
    assert r.returncode == 0, r.stderr
    seen = {}
    for name, title in (("s.4.pdf", "沖縄: セットアップシート：シナリオ1：死闘の幕開け（シード 4）"),
                        ("s.5.pdf", "沖縄: セットアップシート：シナリオ1：死闘の幕開け（シード 5）"),
                        ("ccss.pdf", "Advanced Squad Leader, Chapter G: Cave-Complex Setup Sheet (blank)")):
        got, keywords, ops, prefixes = _finished(tmp_path / name)
        assert got == title
        assert keywords.endswith("; ja" if name.startswith("s.") else "; en")
        assert not COLOUR_OPS & set(ops) and ops["g"] > 0, (name, ops)
        assert prefixes and "AAAAAA" not in prefixes
        for p in prefixes:
            assert seen.setdefault(p, name) == name, (p, name, seen[p])


def test_a_colour_sheet_keeps_its_colour(cli_in, tmp_path):
    """Without --grayscale the finishing leaves the colours as drawn (the header band's blue)."""
    out = _sheet(cli_in, tmp_path, "rgi-macarthur", "korea")
    title, _, ops, _ = _finished(out)
    assert ops["rg"] > 0 and title.startswith("Major Campaigns of General Douglas MacArthur: Setup sheet: ")


@pytest.mark.slow
def test_a_sheet_ending_on_a_few_lines_is_set_smaller_to_save_the_page(cli_in, tmp_path):
    """Okinawa's Scenario 4, seed 1, A4 English: at full size the last placement rows and the
    verdict would go onto a second page of a few lines (the full build's preflight: 'the last
    page holds only a few lines'); the sheet is set a little smaller and is one page, every row,
    the step-loss table and the verdict on it. (Scenario 3 was the case until its table of US
    step losses, 18.622, was printed on its sheet: two full pages now.)"""
    from playaids.build.kinds import sheet_view
    from playaids.render import setupsheet
    from playaids.render.page import PageSpec

    # (stop 38: the sheet now gives the Japanese start line and names the US divisions set up
    # whole, 18.721-18.722, and takes two well-used pages: no last page of a few lines)
    out = _sheet(cli_in, tmp_path, "okinawa", "scenario-4", "en", "--paper", "a4")
    pages = _pages(out)
    text = "\n".join(pages)
    assert len(pages) <= 2 and "96th Infantry Division" in text and "Set-up rules checked: none broken" in pages[-1]
    assert [f.line() for f in preflight.check(out)] == []
    setup = api.generate(ROOT, "okinawa", "scenario-4", 1)
    view = sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup))
    assert setupsheet.scale_for(ROOT, view, PageSpec(lang="en")) in setupsheet.SCALES
    assert min(setupsheet.SCALES) >= 0.85   # never smaller than this


def test_the_type_is_made_smaller_only_to_save_a_nearly_empty_last_page(monkeypatch):
    """scale_for: one page, or a last public page well used, keeps the full size; a nearly
    empty last page takes the largest smaller type that saves it, else the full size."""
    from playaids.render import setupsheet

    def fake(layouts):
        monkeypatch.setattr(setupsheet, "_public_pages", lambda *a: layouts[a[-1]])

    fake({1.0: (1, 0.05)})
    assert setupsheet.scale_for(None, None, None) == 1.0
    fake({1.0: (2, 0.5), 0.95: (1, 0.9)})
    assert setupsheet.scale_for(None, None, None) == 1.0
    fake({1.0: (3, 0.1), 0.95: (3, 0.3), 0.9: (2, 0.99), 0.85: (2, 0.9)})
    assert setupsheet.scale_for(None, None, None) == 0.9
    fake({1.0: (2, 0.1), 0.95: (2, 0.2), 0.9: (2, 0.3), 0.85: (2, 0.4)})
    assert setupsheet.scale_for(None, None, None) == 1.0


def test_short_public_part_takes_its_slips_below_a_cut_line(cli_in, tmp_path):
    """Amigos' campaign: the rules give no set-up to place (18.3 is omitted), so the public part
    is a few lines; the two slips go below a cut line on the same page, one sheet, not a page of
    a few lines and a page of slips (issue 23). MacArthur's long public part keeps its slips on
    a page of their own (test above)."""
    out = _sheet(cli_in, tmp_path, "amigos-insurrectors", "campaign")
    pages = _pages(out)
    assert len(pages) == 1
    public, slips = _public_and_slips(pages)
    assert set(slips) == {"US", "Filipino"} and "Set-up rules checked: none broken" in public
    assert public.rstrip().endswith("cut here") and "cut here" in slips["US"]   # a line above each slip
    assert [f.line() for f in preflight.check(out)] == []


def test_a_page_turn_never_strands_a_tables_start():
    """A set-up table split by a page turn keeps its header with at least two rows, and an
    area's heading with its first row: never the header and 'Airfields' alone at a page's foot
    and every row overleaf (issue 23)."""
    from playaids import fonts
    from playaids.render import setupsheet
    from playaids.render.page import PageSpec

    rows = [["Place", "Unit", "No.", "Rule"], ["Airfields"]] + [[f"Field {i}", f"unit {i}", "1", "16.2"] for i in range(12)]
    spans = {1}

    def table():
        t = setupsheet._grid(rows, [100, 200, 40, 60], fonts.register(), PageSpec(lang="en"), 8.5, spans=spans)
        t.wrap(400, 1e6)
        return t

    heights = table()._rowHeights
    for room_rows in (2, 3):   # the header and the heading; and one row under them
        assert table().split(400, sum(heights[:room_rows]) + 1) == [], room_rows
    first, rest = table().split(400, sum(heights[:5]) + 1)   # header, heading, 3 rows
    assert len(first._cellvalues) == 5 and len(rest._cellvalues) == 1 + 9
    # a room that would end on an area's heading leaves the heading for the next page
    rows[6:6] = [["Beaches"]]
    spans = {1, 6}
    first, rest = table().split(400, sum(table()._rowHeights[:7]) + 1)
    assert len(first._cellvalues) == 6 and rest._cellvalues[1][0][0].getPlainText() == "Beaches"


@pytest.mark.slow
def test_the_placements_heading_goes_over_with_its_first_rows(cli_in, tmp_path):
    """MacArthur's Main Assault, bilingual A4: the page that holds the 'Placements' heading
    holds the Allied table's first rows, not the heading, its header and 'Airfields' alone."""
    out = _sheet(cli_in, tmp_path, "macarthur-bataan", "main-assault", "both", "--paper", "a4")
    pages = _pages(out)
    at = next(i for i, p in enumerate(pages) if "配置 / Placements" in p)
    after = pages[at].split("配置 / Placements", 1)[1]
    assert "飛行場 / Airfields" in after and len(re.findall(r"\b16\.\d", after)) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("lang,mine,theirs", [
    ("en", "For the Japanese player (you)", "SECRET: the Allied side (played by the rules)"),
    ("ja", "日本軍プレイヤー（あなた）用", "秘密：連合軍（ルールが動かす側）")])
def test_a_solitaire_sheet_speaks_to_the_one_player(cli_in, tmp_path, lang, mine, theirs):
    """19.0: the solo player commands the Japanese. His slip is his own, not 'for the Allied
    player' who is not at the table; the side the rules play (19.6: Corregidor's hit order) is
    kept face down and read as the rules call for it."""
    text = "\n".join(_pages(_sheet(cli_in, tmp_path, "macarthur-bataan", "solitaire", lang)))
    assert mine in text and theirs in text
    assert "SECRET: for the" not in text and "プレイヤー用" not in text.replace(mine, "")
    allied, japanese = text.split(theirs)[1].split(mine)
    assert ("Corregidor hit order" if lang == "en" else "コレヒドール") in allied
    assert ("Victory letter" if lang == "en" else "勝利") in japanese and ("Victory letter" if lang == "en" else "勝利") not in allied


def test_a_solo_side_must_be_a_side_of_the_game(tmp_path):
    import shutil

    from playaids.errors import DataError

    shutil.copytree(ROOT.game_dir("macarthur-bataan"), tmp_path / "macarthur-bataan")
    p = tmp_path / "macarthur-bataan" / "scenarios" / "solitaire.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("solo: {side: japan,", "solo: {side: japanese,"), encoding="utf-8")
    with pytest.raises(DataError, match=r"solitaire.yaml:\d+:\d+: solo.side: unknown side 'japanese' "
                                        r"\(game.yaml sides: allied, japan\)"):
        Repository.of(tmp_path).scenario("macarthur-bataan", "solitaire")
    solo = ROOT.scenario("macarthur-bataan", "solitaire").solo
    assert (solo["side"], solo["rule"]) == ("japan", "19.0")


def test_a_table_a_note_follows_is_printed_under_it_and_must_exist(tmp_path):
    """Okinawa's Scenario 2 (18.522): 'the US player allocates step losses and fatigue as follows
    (table ...)': the sheet prints the table under the note, its uncertain step-loss cells shaded
    and keyed; a note naming a table the game lacks is an error at its line."""
    import io
    import shutil

    from playaids.build.kinds import sheet_view
    from playaids.errors import DataError
    from playaids.render import setupsheet
    from playaids.render.page import PageSpec

    setup = api.generate(ROOT, "okinawa", "scenario-2", 1)
    pdf = setupsheet.render(ROOT, sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup)), PageSpec(lang="en"))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        first = doc.pages[0]
        rows = [[" ".join((c or "").split()) for c in r] for t in first.extract_tables() for r in t]
        text = " ".join(first.extract_text().split())
    assert ["Division", "Step losses", "Fatigue"] in rows
    assert ["96th Infantry Division", "2 battalions", "12"] in rows and ["1st Marine Division", "–", "0"] in rows
    assert "Shaded cells: unclear in the rules; the likeliest reading is shown" in text
    assert text.index("Scenario 2: US step losses and fatigue") < text.index("Shaded cells")
    shutil.copytree(ROOT.game_dir("okinawa"), tmp_path / "okinawa")
    p = tmp_path / "okinawa" / "scenarios" / "scenario-2.yaml"
    p.write_text(p.read_text(encoding="utf-8").replace("table: scenario-2-us-losses", "table: scenario-2-us-loses"),
                 encoding="utf-8")
    with pytest.raises(DataError, match=r"scenario-2.yaml:\d+:\d+: notes.\d+: okinawa has no table 'scenario-2-us-loses'"):
        Repository.of(tmp_path).scenario("okinawa", "scenario-2")
