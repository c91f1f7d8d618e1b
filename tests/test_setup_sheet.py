"""Setup sheets read back from the PDF: a player's words, not the data's keys."""
import io

import pdfplumber
import pytest

from playaids.engine import api
from playaids.render import setupsheet
from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
def _text(gid, scenario, lang):
    setup = api.generate(ROOT, gid, scenario, 1)
    pdf = setupsheet.render(ROOT, setup, *api.verify_setup(ROOT, setup), PageSpec(lang=lang))
    with pdfplumber.open(io.BytesIO(pdf)) as p:
        return [p.extract_text() for p in p.pages]


@pytest.mark.parametrize("gid,scenario", [("rgi-macarthur", "korea"), ("macarthur-bataan", "historical"),
                                          ("okinawa", "scenario-1")])
def test_sides_are_named_as_the_game_names_them(gid, scenario):
    game = ROOT.game(gid, with_tables=False)
    placed = {p.side for p in api.generate(ROOT, gid, scenario, 1).placements}
    assert placed
    for lang in ("ja", "en"):
        text = "\n".join(_text(gid, scenario, lang))
        words = text.split()   # placements are grouped by place: the side is a column of each row
        for side in game.sides:
            assert side.id not in words or side.id == side.name.get(lang), (lang, side.id)
            if side.id in placed:
                assert side.name.get(lang).split()[0] in words, (lang, side.id)


def test_choices_and_anywhere_in_the_sheets_language():
    ja = "\n".join(_text("macarthur-bataan", "historical", "ja"))
    assert "yes / on" not in ja and "no / off" not in ja and ("あり" in ja or "なし" in ja)
    assert "anywhere" not in ja
    en = "\n".join(_text("macarthur-bataan", "historical", "en"))
    assert "yes / on" in en or "no / off" in en


def test_a_rule_that_could_not_be_checked_says_so_in_words():
    ja = "\n".join(_text("okinawa", "scenario-1", "ja"))
    assert "未確認" in ja and "unchecked:" not in ja


def test_every_placed_unit_has_a_name_not_an_id():

    for gid in ("macarthur-bataan", "rgi-macarthur", "okinawa", "amigos-insurrectors"):
        for sid in ROOT.scenario_ids(gid):
            setup = api.generate(ROOT, gid, sid, 1)
            scenario = ROOT.scenario(gid, sid)
            unnamed = sorted({p.unit for p in setup.placements if not (scenario.unit(p.unit) and
                                                                       scenario.unit(p.unit).name)})
            assert not unnamed, (gid, sid, unnamed)


@pytest.mark.parametrize("lang, words", [("en", ["Position (facing N)", "Position (facing S)"]),
                                         ("ja", ["陣地（北向き）", "陣地（南向き）"])])
def test_okinawa_positions_show_the_hexside_they_face(lang, words):
    # 9.61c: each position marker faces a hexside; the campaign's Ie Shima marker faces south
    text = "".join(_text("okinawa", "campaign", lang))
    assert all(w in text for w in words), text


@pytest.mark.parametrize("lang, words", [("en", "✗ rule 16.2.1 · P-35 (Nichols): must be at del-carmen"),
                                         ("ja", "✗ ルール 16.2.1 · P-35 (ニコルス)")])
def test_a_broken_rule_names_its_unit_and_place_in_the_sheets_language(lang, words):
    """Issue 21: the place comes from the violation's key in the setup, never from parsing its words."""
    setup = api.generate(ROOT, "macarthur-bataan", "historical", 1)
    next(p for p in setup.placements if p.unit == "p-35").at = "nichols"
    pdf = setupsheet.render(ROOT, setup, *api.verify_setup(ROOT, setup), PageSpec(lang=lang))
    with pdfplumber.open(io.BytesIO(pdf)) as p:
        text = " ".join(" ".join(page.extract_text().split("\n")) for page in p.pages)
    assert words in text, text[-600:]
    assert "placements." not in text
