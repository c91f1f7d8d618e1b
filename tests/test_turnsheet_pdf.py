"""Turn-record sheets read back from the PDF: every turn box with its label, date and events,
the side tracks, the undated TRC boxes; fonts, paper sizes."""
import re

import pytest

from docs import boxes, flat, pages, record, text_of, turns_pdf


def _expect(rec, scenario, lang):
    """{turn: [event texts as printed]} for events shown in that turn's box."""
    out = {}
    for t in rec.scenario(scenario).turns:
        out[t] = [flat(e.text.get(lang))[:24] for e in rec.events_in(t, rec.scenario(scenario).id)]
    return out


@pytest.mark.parametrize("gid,scenario,lang", [
    ("okinawa", None, "both"), ("amigos-insurrectors", None, "both"),
    ("macarthur-bataan", None, "ja"), ("macarthur-bataan", "main-assault", "en"), ("rgi-macarthur", "bataan-retreat", "en"),
])
def test_every_turn_box_holds_its_label_date_and_events(gid, scenario, lang):
    rec = record(gid)
    scen = rec.scenario(scenario)
    pdf = turns_pdf(gid, scenario, lang)
    label_lang = "en" if lang == "en" else "ja"
    found = boxes(pdf, label_lang)
    assert sorted(found) == list(scen.turns), f"{gid}: boxes read {sorted(found)}"
    for t, want in _expect(rec, scenario, label_lang).items():
        box = flat(found[t])
        date = rec.date(t)
        if date is not None:
            assert flat(date.get(label_lang)) in box, f"{gid} turn {t}: date {date.get(label_lang)!r}"
        for w in want:
            assert w in box, f"{gid} turn {t}: event {w!r} not in its box"
        if lang == "both":  # the English follows the Japanese in the same box
            for e in rec.events_in(t, scen.id):
                assert flat(e.text.en)[:20] in box


def test_okinawa_runs_from_1_april_to_21_june():
    found = boxes(turns_pdf("okinawa", None, "both"), "ja")
    assert "4月1日" in found[1] and "1 April" in found[1]
    assert "6月21日" in found[28] and "21 June" in found[28]
    assert "4 May" in found[12] and "Turn 28" in found[28]
    text = text_of(turns_pdf("okinawa", None, "both"))
    assert "19 June" in text  # the source's conflicting end date is reported, not hidden


def test_okinawa_scenario_sheets_cover_their_spans():
    found = boxes(turns_pdf("okinawa", "scenario-4", "en"), "en")
    assert sorted(found) == list(range(22, 29))
    assert "3 June" in found[22] and "21 June" in found[28]


def test_amigos_has_15_turns_and_its_side_tracks():
    pdf = turns_pdf("amigos-insurrectors", None, "both")
    found = boxes(pdf, "ja")
    assert sorted(found) == list(range(1, 16))
    assert "1898年秋" in found[1] and "1899年春" in found[2] and "1902年春" in found[15]
    assert "■モンスーン" in flat(found[4]) and "□モンスーン" in flat(found[5])
    text = flat(text_of(pdf))
    for name in ("勝利ポイントトラック", "Luna Assasination track", "政治意志トラック"):
        assert flat(name) in text


def test_macarthur_sheet_prints_the_pads_and_the_illegible_boxes():
    pdf = turns_pdf("macarthur-bataan", None, "en")
    text = flat(text_of(pdf))
    assert "no calendar date" in text
    for word in ("ALLIED SUB LACATIONS", "Stick Ray", "Sculpin", "Japanese transport points", "return turn",
                 "Damage to Cavite", "48th Division withdrawal", "turn not given in source"):
        assert flat(word) in text, word
    assert text.count("turn not given in source") == 4


def test_rgi_bataan_has_36_turns_with_deck_passes():
    found = boxes(turns_pdf("rgi-macarthur", "bataan-retreat", "en"), "en")
    assert sorted(found) == list(range(1, 37))
    assert "Allies pass 3, Japan pass 4" in flat(found[34])
    assert "veteran" in found[30]


def test_fonts_are_the_named_ones_and_embedded():
    names = {f.split("+")[-1] for p in pages(turns_pdf("okinawa", None, "both")) for f in p["fonts"]}
    assert names <= {"IPAexGothic", "DejaVuSansCondensed", "DejaVuSans"} and "IPAexGothic" in names, names
    pdf = turns_pdf("okinawa", None, "both").read_bytes()
    assert pdf.count(b"/FontFile2") >= 2 and b"/ToUnicode" in pdf  # subsets embedded, text extractable
    assert b"/Type1" not in pdf  # no unembedded base-14 font


@pytest.mark.parametrize("paper,size", [("a4", (842, 595)), ("letter", (792, 612))])
def test_landscape_paper_sizes(paper, size):
    p = pages(turns_pdf("amigos-insurrectors", "stand-up-fight", "en", paper))[0]
    assert (round(p["width"]), round(p["height"])) == size


@pytest.mark.parametrize("gid,scenario", [("rgi-macarthur", "bataan-retreat"), ("okinawa", None), ("macarthur-bataan", None),
                                          ("amigos-insurrectors", None)])
def test_words_stay_inside_their_box_and_off_the_tick_box(gid, scenario):
    """In the narrow boxes of a long track the second language's turn label goes under the
    first rather than over the tick box or into the next box."""
    for p in pages(turns_pdf(gid, scenario, "both")):
        frames = [r for r in p["rects"] if 60 < r["width"] < p["width"] / 2 and r["height"] > 40]
        ticks = [r for r in p["rects"] if 9 < r["width"] < 11 and 9 < r["height"] < 11]
        for w in p["words"]:
            for r in frames:
                if r["x0"] <= w["x0"] < r["x1"] and r["top"] <= w["top"] < r["bottom"]:
                    assert w["x1"] <= r["x1"] + 0.5, f"{w['text']!r} runs out of its box"
            for t in ticks:
                overlap = min(w["x1"], t["x1"]) - max(w["x0"], t["x0"])
                assert overlap <= 0.5 or w["bottom"] <= t["top"] or w["top"] >= t["bottom"], \
                    f"{w['text']!r} over a tick box"


def test_track_as_svg_holds_every_box_and_the_notes_it_marks():
    import xml.etree.ElementTree as ET

    from docs import game
    from playaids.render import turnsheet
    from playaids.render.page import PageSpec

    rec = record("okinawa")
    svg = turnsheet.track_svg(rec, game("okinawa"), None, PageSpec(lang="both"))
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text for t in root.iter(f"{ns}text")]
    for t in range(1, 29):
        assert f"ターン{t}" in texts and f"Turn {t}" in texts
    assert "4月1日 / 1 April" in texts and "6月21日 / 21 June" in texts
    # provenance is in the game's Sources and reconstructions, not on a player's track (issue 13)
    assert not any(re.search(r"\[\d+\]", s or "") for s in texts)
    frames = [p for p in root.iter(f"{ns}path") if p.get("stroke") == "#000000" and p.get("fill") == "#FFFFFF"]
    assert sum(d.get("d").count("z") for d in frames) == 2 * 28  # a frame and a tick box per turn
    assert root.get("width").endswith("pt")


def test_turns_command_writes_svg(tmp_path):
    from conftest import run_cli

    out = tmp_path / "t.svg"
    r = run_cli("turns", "amigos-insurrectors", "--lang", "en", "--format", "svg", "-o", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8").startswith("<svg") and "Turn 15" in out.read_text(encoding="utf-8")


def test_end_of_scenario_band_names_each_language_once():
    rec = record("okinawa")
    scen = rec.scenario("scenario-1")
    found = boxes(turns_pdf("okinawa", "scenario-1", "both"), "ja")
    last = flat(found[scen.last])
    assert flat(f"{scen.name.ja} 終了") in last and flat(f"End of {scen.name.en}") in last
    assert flat(f"End of {scen.name.ja}") not in last


@pytest.mark.parametrize("scenario", ["scenario-3", "scenario-4", None])
def test_a_tick_box_stays_with_its_label(scenario):
    """Okinawa's weather and marker boxes: □ and its word on one line, in the narrowest boxes."""
    rec = record("okinawa")
    labels = [c.name.ja for c in rec.in_scope(rec.checkboxes, rec.scenario(scenario).id)]
    for t, text in boxes(turns_pdf("okinawa", scenario, "both"), "ja").items():
        lines = [ln.replace(" ", "") for ln in text.split("\n")]
        assert not any(ln.endswith(("□", "■")) for ln in lines), (t, lines)
        for label in labels:
            assert any(("□" + label) in ln or ("■" + label) in ln for ln in lines), (t, label, lines)
