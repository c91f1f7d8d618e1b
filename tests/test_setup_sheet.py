"""Setup sheets read back from the PDF: a player's words in the sheet's language, not the data's
keys (issue 23: names instead of ids, values in words)."""
import functools
import io
import re

import pdfplumber
import pytest

from playaids import workshop
from playaids.build.kinds import sheet_view
from playaids.engine import api
from playaids.render import setupsheet
from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


@functools.lru_cache(maxsize=None)
def _text(gid, scenario, lang, seed=1):
    setup = api.generate(ROOT, gid, scenario, seed)
    pdf = setupsheet.render(ROOT, sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup)), PageSpec(lang=lang))
    with pdfplumber.open(io.BytesIO(pdf)) as p:
        return tuple(p.extract_text() for p in p.pages)


@functools.lru_cache(maxsize=None)
def _tables(gid, scenario, lang, seed=1):
    """The ruled tables of each page, cell by cell (pdfplumber)."""
    setup = api.generate(ROOT, gid, scenario, seed)
    pdf = setupsheet.render(ROOT, sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup)), PageSpec(lang=lang))
    with pdfplumber.open(io.BytesIO(pdf)) as p:
        return tuple(p.extract_tables() for p in p.pages)


@pytest.mark.sample
@pytest.mark.parametrize("gid,scenario", [("rgi-macarthur", "korea"), ("macarthur-bataan", "historical"),
                                          ("okinawa", "scenario-1")])
def test_sides_are_named_as_the_game_names_them(gid, scenario):
    game = ROOT.game(gid, with_tables=False)
    placed = {p.side for p in api.generate(ROOT, gid, scenario, 1).placements}
    assert placed
    for lang in ("ja", "en"):
        text = "\n".join(_text(gid, scenario, lang))
        words = text.split()
        for side in game.sides:
            assert side.id not in words or side.id == side.name.get(lang), (lang, side.id)
            if side.id in placed:   # each side's placements under a heading of its own
                head = f"{side.name.get('ja')}の配置" if lang == "ja" else f"{side.name.get('en')} set-up"
                assert head in text, (lang, head)


def test_optional_rules_in_the_sheets_language():
    ja = "\n".join(_text("macarthur-bataan", "historical", "ja"))
    assert "使用しない" in ja and "yes" not in ja and "off" not in ja and "anywhere" not in ja
    en = "\n".join(_text("macarthur-bataan", "historical", "en"))
    assert "Free Deployment Option not in use" in en and "yes / on" not in en and "no / off" not in en


def test_a_rule_that_could_not_be_checked_says_so_in_words():
    ja = "\n".join(_text("okinawa", "scenario-1", "ja"))
    assert "各自で確かめるルール" in ja and "unchecked:" not in ja


def test_every_placed_unit_has_a_name_not_an_id():
    for gid in ("macarthur-bataan", "rgi-macarthur", "okinawa", "amigos-insurrectors"):
        for sid in ROOT.scenario_ids(gid):
            setup = api.generate(ROOT, gid, sid, 1)
            scenario = ROOT.scenario(gid, sid)
            unnamed = sorted({p.unit for p in setup.placements if not (scenario.unit(p.unit) and
                                                                       scenario.unit(p.unit).name)})
            assert not unnamed, (gid, sid, unnamed)


@pytest.mark.sample
@pytest.mark.parametrize("lang, words", [("en", ["Position (facing N)", "Position (facing S)"]),
                                         ("ja", ["陣地（北向き）", "陣地（南向き）"])])
def test_okinawa_positions_show_the_hexside_they_face(lang, words):
    # 9.61c: each position marker faces a hexside; the campaign's Ie Shima marker faces south
    text = "".join(_text("okinawa", "campaign", lang))
    assert all(w in text for w in words), text


@pytest.mark.sample
@pytest.mark.parametrize("lang, words", [("en", "✗ rule 16.2.1 · P-35 (Nichols): must be at del-carmen"),
                                         ("ja", "✗ ルール 16.2.1 · P-35 (ニコルス)")])
def test_a_broken_rule_names_its_unit_and_place_in_the_sheets_language(lang, words):
    """Issue 21: the place comes from the violation's key in the setup, never from parsing its words."""
    setup = api.generate(ROOT, "macarthur-bataan", "historical", 1)
    next(p for p in setup.placements if p.unit == "p-35").at = "nichols"
    pdf = setupsheet.render(ROOT, sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup)), PageSpec(lang=lang))
    with pdfplumber.open(io.BytesIO(pdf)) as p:
        text = " ".join(" ".join(page.extract_text().split("\n")) for page in p.pages)
    assert words in text, text[-600:]
    assert "placements." not in text
    assert ("✗ 配置ルールの確認：違反 1件" if lang == "ja" else "✗ Set-up rules checked: 1 broken") in text


@pytest.mark.sample
@pytest.mark.parametrize("lang, deal, zone", [
    ("en", "Blue 12 cards, Red 11 cards. Game End card: at the bottom of Blue's pile when it is turned over the "
           "2nd time", "Zone I"),
    ("ja", "青軍 12枚、赤軍 11枚。ゲーム終了カードは、青軍が山を2回目に裏返すとき、その一番下に置く", "ゾーンⅠ")])
def test_a_deal_and_an_allocation_in_words(lang, deal, zone):
    """The deal of the movement deck in a sentence; Japan's deployment chart (l. 180) a table of
    zones and pieces with its totals, not "zone-1: large: 6; small: 12"."""
    pages = _text("rgi-macarthur", "bataan-retreat", lang)
    text = " ".join(" ".join(p.split("\n")) for p in pages)
    cells = [c for t in _tables("rgi-macarthur", "bataan-retreat", lang)[0] for r in t for c in r if c]
    assert deal in [" ".join(c.split("\n")).replace("\n", "") for c in cells] or \
        deal in ["".join(c.split("\n")) for c in cells], cells
    setup = api.generate(ROOT, "rgi-macarthur", "bataan-retreat", 1)
    chart = setup.choices["japanese-deployment"]
    table = next(t for t in _tables("rgi-macarthur", "bataan-retreat", lang)[-1] if t[0][0] in ("Zone", "ゾーン"))
    assert table[0][1:] == (["大型（熟練兵）", "小型（未熟兵）"] if lang == "ja" else ["Large (veteran)", "Small (green)"])
    assert table[1] == [zone, str(chart["zone-1"]["large"]), str(chart["zone-1"]["small"])]
    assert table[-1] == ["計" if lang == "ja" else "Total", "16", "40"]
    assert len(table) == 7   # the header, 5 zones, the totals
    assert "zone-" not in text and "bottom-at" not in text and "large:" not in text


@pytest.mark.slow
def test_chosen_ids_are_printed_by_their_names():
    """Okinawa's second landing names its divisions (l. 75, 1464), not `6th-marine`."""
    setup = api.generate(ROOT, "okinawa", "free-variant", 1)
    chosen = setup.choices["second-landing-divisions"]
    en = "\n".join(_text("okinawa", "free-variant", "en"))
    ja = "\n".join(_text("okinawa", "free-variant", "ja"))
    names = {"1st-marine": ("1st Marine Division", "第1海兵師団"), "6th-marine": ("6th Marine Division", "第6海兵師団"),
             "27th-infantry": ("27th Infantry Division", "第27歩兵師団"),
             "77th-infantry": ("77th Infantry Division", "第77歩兵師団")}
    for c in chosen:
        assert names[c][0] in en and names[c][1] in ja and c not in en + ja


SAMPLE = [("macarthur-bataan", "historical"), ("amigos-insurrectors", "campaign")]
EVERY = [(g, s) for g in ("amigos-insurrectors", "macarthur-bataan", "okinawa", "rgi-macarthur")
         for s in ROOT.scenario_ids(g)]


def _one_language(gid, sid):
    en = _text(gid, sid, "en")
    for n, page in enumerate(en, 1):
        assert not CJK.search(page), (gid, sid, n, CJK.search(page).group(), page[:200])
    for lang in ("ja", "en", "both"):
        for n, page in enumerate(_text(gid, sid, lang), 1):
            for line in page.splitlines():
                assert workshop.find(line) is None, (gid, sid, lang, n, line)
    ja = "\n".join(_text(gid, sid, "ja"))
    for word in ("SECRET", "Item", "Result", "Rule", "Place", "Unit", "set-up", "Set-up rules checked", "Set-up no.", "cut here"):
        assert word not in ja, (gid, sid, word)


@pytest.mark.sample
@pytest.mark.parametrize("gid,sid", SAMPLE)
def test_a_sheet_speaks_its_own_language_only(gid, sid):
    """No Japanese on an English sheet or slip (no "連合軍 / Allied"), no English words of the
    sheet on a Japanese one, no data id on any."""
    _one_language(gid, sid)


@pytest.mark.slow
@pytest.mark.parametrize("gid,sid", [x for x in EVERY if x not in SAMPLE])
def test_every_scenarios_sheet_speaks_its_own_language_only(gid, sid):
    _one_language(gid, sid)


def test_a_choice_that_repeats_names_each_value_once_with_its_count():
    """11.1: the three submarines may share a beach (distinct: false); the slip says so plainly,
    'Agno beach (×2)', never the same beach twice in one list as if by mistake (issue 23)."""
    setup = api.generate(ROOT, "macarthur-bataan", "historical", 2)
    assert setup.choices["submarine-beaches"] == ["lamon", "agno", "agno"]
    sc = ROOT.scenario("macarthur-bataan", "historical")
    e = sc.element("submarine-beaches")
    en = setupsheet.Words(ROOT, setup, sc, "en").value(e, setup.choices["submarine-beaches"], "en")
    ja = setupsheet.Words(ROOT, setup, sc, "ja").value(e, setup.choices["submarine-beaches"], "ja")
    assert en == "Lamon beach, Agno beach (×2)"
    assert ja.count("（×2）") == 1 and "、" in ja
    assert setupsheet.Words(ROOT, setup, sc, "en").value(e, ["lamon", "agno", "vigan"], "en").count("×") == 0


def test_a_bilingual_hand_sets_a_name_on_one_line_and_a_sentence_on_two():
    """Amigos' Filipino objectives (4.0), both: '#1 「Manila(24)」の支配 / Control of 'Manila (24)''
    on one line; chit #8, a sentence, in Japanese then in English on a line of its own, not
    '…1VPを得る。 / Each time…' run on (issue 23)."""
    from playaids.render.setupwords import Words

    setup = api.generate(ROOT, "amigos-insurrectors", "campaign", 1)
    scenario = ROOT.scenario("amigos-insurrectors", "campaign")
    say = Words(ROOT, setup, scenario, "both")
    e = next(x for x in scenario.elements if x["id"] == "filipino-objectives")
    lines = say.shown(e, [8, 1]).split("\n")
    assert lines[0] == "#1 「Manila(24)」の支配 / Control of 'Manila (24)'", lines
    assert lines[1].startswith("#8 「Lawton」") and lines[1].endswith("1VPを得る。") and " / " not in lines[1]
    assert lines[2].startswith("#8 Each time a combat takes place") and len(lines) == 3


def test_a_bilingual_note_cites_its_rule_in_each_language():
    """RGI cites headings, not numbers: the English line of a bilingual sheet's note names the
    English heading ('rule §Bataan Retreat: Starting forces'), not 「§BATAAN RETREAT 開始時部隊」."""
    text = "\n".join(_text("rgi-macarthur", "bataan-retreat", "both"))
    assert "(rule §Bataan Retreat: Starting forces)" in " ".join(text.split())
    assert "(rule §BATAAN RETREAT" not in " ".join(text.split())


def test_a_counted_place_gives_each_stack_a_place_of_its_own():
    """RGI Korea: the UN sets up freely in the 7 towns of the Pusan perimeter, at most 10 a town;
    the rules never name the towns. The sheet's stacks are so many towns, each its own, not
    'any one' (rv37: two stacks of 5 and 7 in one town would break the limit)."""
    from playaids.render.setupwords import Words

    setup = api.generate(ROOT, "rgi-macarthur", "korea", 1)
    scenario = ROOT.scenario("rgi-macarthur", "korea")
    slots = {p.at for p in setup.placements if str(p.at).startswith("pusan-perimeter#")}
    assert len(slots) > 1
    en, ja = Words(ROOT, setup, scenario, "en"), Words(ROOT, setup, scenario, "ja")
    assert en.place("pusan-perimeter#2", "en") == \
        "the 7 towns of the Pusan perimeter, a different one for each stack (stack 2)"
    assert ja.place("pusan-perimeter#2", "ja").endswith("のいずれか（スタック2：スタックごとに別の場所）")


@pytest.mark.parametrize("gid,sid,named,absent", [
    ("okinawa", "campaign", {"division-62", "outposts", "division-24", "naval-base-force"}, set()),
    ("amigos-insurrectors", "campaign", set(), {"us-infantry", "poa-markers"}),
])
def test_a_formation_the_rules_set_up_whole_is_named_on_the_sheet(gid, sid, named, absent):
    """18.12c sets up the 62nd Division south of 2028-3033, its outposts north of 2228-3032, the
    24th Division and the Naval Base Force in their sectors, never saying how many counters:
    the sheet names each with 'all' and its place (rv38: most of the Japanese army was off the
    sheet). Units no set-up places (Amigos' omitted 18.3, POA markers placed in play) are not."""
    setup = api.generate(ROOT, gid, sid, 1)
    view = sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup))
    listed = {u.id for _, units in view.formations for u in units}
    assert named <= listed and not absent & listed, listed
    if gid == "okinawa":
        from playaids.render.setupsheet import _whole_place
        from playaids.render.setupwords import Words

        say = Words(ROOT, setup, ROOT.scenario(gid, sid), "en")
        unit = ROOT.scenario(gid, sid).unit("division-62")
        # 以南 counts the line's own hexes in (18.12c)
        assert _whole_place(say, unit, "en") == "62nd Division sector, on or south of the hex line 2028-3033"
        assert _whole_place(Words(ROOT, setup, ROOT.scenario(gid, sid), "ja"), unit, "ja") == \
            "第六十二師団戦区、ヘクス列2028～3033以南（線上も可）"
        text = " ".join(_text(gid, sid, "en"))
        assert "Whole formations (your counters give how many)" in text and "Okinawa Naval Base Force" in text


def test_a_bilingual_setup_files_title_names_its_scenario():
    """The PDF Title of every bilingual set-up file read 'Example setup: None' (rv38): the
    scenario's {ja, en} title was asked for 'both'."""
    from playaids.build import kinds

    class Job:
        game, item = "macarthur-bataan", "historical"

    kind = kinds.ExampleSetup()
    assert kind.title(ROOT, Job, "both") == "セットアップ例: 史実セット・アップ / Example setup: Historical set-up"
    assert kind.title(ROOT, Job, "en") == "Example setup: Historical set-up"


def test_a_start_line_the_us_may_not_stand_on_says_so():
    """Okinawa 18.722: the US divisions set up north of the Japanese start line (北, the line's
    hexes are the Japanese's: verify holds it strict); the sheet read '以北', which takes the
    line in."""
    from playaids.render.setupsheet import _whole_place
    from playaids.render.setupwords import Words

    setup = api.generate(ROOT, "okinawa", "scenario-4", 1)
    sc = ROOT.scenario("okinawa", "scenario-4")
    unit = sc.unit("us-1st-marine")
    assert _whole_place(Words(ROOT, setup, sc, "en"), unit, "en") == "north of the hex line 1235-3144 (not on it)"
    assert _whole_place(Words(ROOT, setup, sc, "ja"), unit, "ja") == "ヘクス列1235～3144の北（線上は不可）"
    # the 27th Infantry Division in reserve, 4 hexes or more north of the front (18.722)
    reserve = sc.unit("us-27th-infantry")
    assert _whole_place(Words(ROOT, setup, sc, "en"), reserve, "en") == "4 or more hexes north of the hex line 1235-3144"
    assert _whole_place(Words(ROOT, setup, sc, "ja"), reserve, "ja") == "ヘクス列1235～3144から北へ4ヘクス以上"


def test_a_choice_the_rules_leave_to_the_player_says_it_was_picked_at_random():
    """Amigos 4.0: each player chooses his objective chits, looking at them; 5.0: the advantage
    chits are drawn at random. A slip that printed both alike read as if the objectives were
    dealt (rv39)."""
    cells = [c for page in _tables("amigos-insurrectors", "campaign", "en") for t in page for r in t for c in r if c]
    said = "(picked at random here; the rules let the player choose)"
    objectives = [c for c in cells if c.startswith("US objective chits")]
    advantage = [c for c in cells if c.startswith("US advantage chits")]
    assert objectives and all(said in " ".join(c.split()) for c in objectives), objectives
    assert advantage and not any(said in " ".join(c.split()) for c in advantage), advantage
