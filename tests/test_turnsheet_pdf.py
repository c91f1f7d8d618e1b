"""Turn-record sheets read back from the PDF (issue 23): every turn cell with its label, date and
its own events; an event over several turns drawn once as a bar across its cells; one title
style; the makers' reasoning off the sheet; pages; fonts, paper sizes."""
import itertools
import re

import pytest

from docs import bars, boxes, cells, flat, game, pages, record, strips, text_of, turns_pdf

GAMES = ("amigos-insurrectors", "macarthur-bataan", "okinawa", "rgi-macarthur")


def _single(rec, turn, scenario):
    """Events printed in this turn's cell alone (not a bar over several turns)."""
    scen = rec.scenario(scenario)
    return [e for e in rec.events_in(turn, scen.id) if len([t for t in e.when.turns if t in scen.turns]) == 1]


def _spans(rec, scenario):
    scen = rec.scenario(scenario)
    return [e for e in rec.events if e.applies(scen.id) and e.when.kind in ("span", "list")
            and len([t for t in e.when.turns if t in scen.turns]) > 1]


@pytest.mark.parametrize("gid,scenario,lang", [
    ("okinawa", None, "both"), ("amigos-insurrectors", None, "both"),
    ("macarthur-bataan", None, "ja"), ("macarthur-bataan", "main-assault", "en"), ("rgi-macarthur", "bataan-retreat", "en"),
])
@pytest.mark.sample
def test_every_turn_cell_holds_its_label_date_and_own_events(gid, scenario, lang):
    rec = record(gid)
    scen = rec.scenario(scenario)
    pdf = turns_pdf(gid, scenario, lang)
    label_lang = "en" if lang == "en" else "ja"
    found = boxes(pdf, label_lang)
    assert sorted(found) == list(scen.turns), f"{gid}: cells read {sorted(found)}"
    for t in scen.turns:
        box = flat(found[t])
        date = rec.date(t)
        if date is not None:
            assert flat(date.get(label_lang)) in box, f"{gid} turn {t}: date {date.get(label_lang)!r}"
        for e in _single(rec, t, scenario):
            assert flat(e.text.get(label_lang))[:24] in box, f"{gid} turn {t}: event {e.text.en[:30]!r}"
            if lang == "both":  # the English follows the Japanese in the same cell
                assert flat(e.text.en)[:20] in box


@pytest.mark.parametrize("gid,scenario,lang", [
    ("okinawa", None, "en"), ("okinawa", None, "both"), ("okinawa", "scenario-2", "ja"),
    ("amigos-insurrectors", None, "en"), ("macarthur-bataan", None, "both"),
])
@pytest.mark.sample
def test_an_event_over_several_turns_is_printed_once_as_a_bar_across_its_cells(gid, scenario, lang):
    """The Okinawa T11-21 counteroffensive was printed in 11 boxes; now once, on a bar that runs
    from its first turn's cell to the end of that row (and on to the next row as 'continued')."""
    rec = record(gid)
    scen = rec.scenario(scenario)
    pdf = turns_pdf(gid, scenario, lang)
    label_lang = "en" if lang == "en" else "ja"
    pieces = [flat(b["text"]) for b in bars(pdf)] + [flat(t) for t in boxes(pdf, label_lang).values()]
    found = cells(pdf, label_lang)
    spans = _spans(rec, scenario)
    assert spans
    for e in spans:
        for want in ([e.text.ja, e.text.en] if lang == "both" else [e.text.get(lang)]):
            head = flat(want)[:22]
            same = sum(flat(x.text.ja)[:22] == head or flat(x.text.en)[:22] == head for x in rec.events
                       if x.applies(scen.id) and any(t in scen.turns for t in x.when.turns))
            n = sum(p.count(head) for p in pieces)   # in the bars and the cells, each read whole
            assert n == same, f"{e.text.en[:40]!r} printed {n} times"
        turns = [t for t in e.when.turns if t in scen.turns]
        first = found[turns[0]]
        row_last = max((t for t in turns if found[t]["top"] == first["top"] and found[t]["page"] == first["page"]))
        head = flat(e.text.get(label_lang))[:16]
        bar = [b for b in bars(pdf) if head in flat(b["text"])
               and abs(b["x0"] - first["x0"]) < 3 and b["page"] == first["page"] and first["top"] < b["top"] < first["bottom"]]
        assert len(bar) == 1, (e.text.en[:40], [b["text"][:30] for b in bars(pdf)])
        bar = bar[0]
        assert bar["page"] == first["page"] and first["top"] < bar["top"] < first["bottom"]
        assert abs(bar["x0"] - first["x0"]) < 3, (e.text.en[:30], bar["x0"], first["x0"])
        assert abs(bar["x1"] - found[row_last]["x1"]) < 3, (e.text.en[:30], bar["x1"], found[row_last]["x1"])


@pytest.mark.slow
def test_okinawa_counteroffensive_runs_turns_11_to_21_once():
    pdf = turns_pdf("okinawa", None, "en")
    text = flat(text_of(pdf))
    assert text.count("May counteroffensive") == 1
    found = cells(pdf, "en")
    on = [b for b in bars(pdf) if "May counteroffensive" in b["text"] or "continued from turn 11" in b["text"]]
    covered = {t for b in on for t, c in found.items()
               if c["page"] == b["page"] and c["top"] < b["top"] < c["bottom"] and b["x0"] - 3 < c["x0"] and c["x1"] < b["x1"] + 3}
    assert covered == set(range(11, 22)), sorted(covered)


@pytest.mark.slow
def test_a_turn_list_with_gaps_marks_only_its_turns():
    """MacArthur 11.1: submarines move on even turns: one bar over the run, its words once, a
    dark strip at its foot in the cells of turns 2, 4 ... 12 only."""
    pdf = turns_pdf("macarthur-bataan", None, "en")
    found = cells(pdf, "en")
    marked = {t for s in strips(pdf) for t, c in found.items()
              if c["page"] == s["page"] and c["top"] < s["top"] < c["bottom"] and c["x0"] - 1 < s["x0"] and s["x1"] < c["x1"] + 1}
    assert marked == {2, 4, 6, 8, 10, 12}, sorted(marked)
    assert flat(text_of(pdf)).count("submarines may move") == 1


def test_a_series_of_values_shares_one_lane_named_once_a_row():
    """MacArthur 4.4.3: 'Transport points used now return' named once a row, each turn's value
    beside it; a value is never broken from its number ("...return: turn" / "5")."""
    pdf = turns_pdf("macarthur-bataan", None, "en")
    text = text_of(pdf)
    rows = {c["top"] for c in cells(pdf, "en").values()}
    assert sum(flat(b["text"]).count("Transport points used now return") for b in bars(pdf)) == len(rows)
    assert not re.search(r"return: turn\n\d", text)
    values = [b["text"] for b in bars(pdf)]
    for t in range(5, 14):
        assert any(flat(v).endswith(f"turn {t}") for v in values), t


@pytest.mark.slow
def test_okinawa_runs_from_1_april_to_21_june():
    found = boxes(turns_pdf("okinawa", None, "both"), "ja")
    assert "4月1日" in found[1] and "1 April" in found[1]
    assert "6月21日" in found[28] and "21 June" in found[28]
    assert "4 May" in found[12] and "Turn 28" in found[28]


@pytest.mark.sample
@pytest.mark.parametrize("gid", GAMES)
def test_the_makers_reasoning_is_not_on_the_sheet_but_in_the_sources(gid):
    """How a date was read, and a printed box whose turn cannot be read ("[?]"), are the makers'
    matter: in the Sources and reconstructions, not on a player's sheet."""
    from playaids.render import sources

    rec = record(gid)
    text = flat(text_of(turns_pdf(gid, None, "en")))
    if rec.dates_note is not None:
        assert flat(rec.dates_note.en)[:30] not in text
    assert "[?]" not in text and "turn not given" not in text and "19 June" not in text
    notes = dict(sources.turn_entries(rec))
    if rec.dates_note is not None:
        assert rec.dates_note.en in notes["the dates"]
    unknown = [e for e in rec.events if e.when.kind == "unknown"]
    appendix = " ".join(f"{w} {n}" for w, n in sources.turn_entries(rec))
    for e in unknown:
        assert e.text.en in appendix


def test_macarthur_sheet_prints_the_pads_and_the_key():
    pdf = turns_pdf("macarthur-bataan", None, "en")
    text = flat(text_of(pdf))
    for word in ("Allied Sub Locations", "Stick Ray", "Sculpin", "Japanese transport points", "return turn",
                 "Damage to Cavite", "B = Bataan airfield (14.2)", "Before turn 1 (set-up)", "Every turn"):
        assert flat(word) in text, word


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_notes_that_run_on_share_their_page_with_a_sides_pad(paper):
    """MacArthur, both languages: the notes ran on to page 2, 30 % used, before a page of the two
    sides' pads (rv38 R3). The Japanese pad now goes under them, below a cut line; each pad's
    title names its side in each language once (it read '日本軍 / Japaneseの記録')."""
    import pdfplumber

    with pdfplumber.open(turns_pdf("macarthur-bataan", None, "both", paper)) as pdf:
        texts = [p.extract_text() or "" for p in pdf.pages]
    assert len(texts) == 3
    assert "切り取り線 / cut here" in texts[1] and flat("日本軍の記録（日本軍プレイヤーのみが見る） / Japanese record") in flat(texts[1])
    assert flat("連合軍の記録（連合軍プレイヤーのみが見る） / Allied record (for the Allied player's eyes only)") in flat(texts[2])
    assert "Japaneseの記録" not in "".join(texts)


@pytest.mark.sample
@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja", "both"])
def test_one_title_style_for_every_game(gid, lang):
    """It was TURN RECORD CHART, Game turn record, Turn track: now '<game> — Turn record'."""
    g = game(gid)
    first = text_of(turns_pdf(gid, None, lang)).split("\n", 1)[0]
    word = {"en": "Turn record", "ja": "ターン記録", "both": "ターン記録 / Turn record"}[lang]
    title = g.title.get(lang).replace("\n", " / ")
    assert flat(first) == flat(f"{title} — {word}"), first


@pytest.mark.parametrize("lang,want", [
    ("en", ["(turns 6–14, rule 18.51)", "one turn = 3 real days (rule 3.6)", "dates: rule 18.41, 18.71"]),
    ("ja", ["(ターン 6–14, ルール 18.51)", "1ターン = 実際の3日間 (ルール 3.6)", "日付: ルール 18.41, 18.71"])])
def test_the_header_names_the_scenarios_rule_and_the_calendars_apart(lang, want):
    """Okinawa scenario 2's header read 'rule 3.6, 18.41, 18.71': the rules of the turn length
    and of the dates, read as the scenario's own (rv39); its own rule is 18.51."""
    head = text_of(turns_pdf("okinawa", "scenario-2", lang)).split("\n")[1]
    assert all(w in head for w in want), head


@pytest.mark.parametrize("gid,scenario,lang,most", [
    ("okinawa", None, "en", 2), ("okinawa", None, "ja", 2), ("okinawa", "free-variant", "en", 2),
    ("rgi-macarthur", "bataan-retreat", "en", 2), ("rgi-macarthur", "korea", "en", 1), ("rgi-macarthur", "korea", "ja", 1),
    ("okinawa", "scenario-3", "en", 1), ("amigos-insurrectors", "guerrilla-war", "both", 1),
    ("macarthur-bataan", None, "en", 2), ("okinawa", None, "both", 3),
])
@pytest.mark.sample
def test_a_sheet_takes_few_pages(gid, scenario, lang, most):
    """One landscape sheet where the turns fit, two at most for 28 (and 36) turns; it was 4
    for Okinawa's campaign and 2 for RGI's Korea."""
    for paper in ("a4", "letter"):
        assert len(pages(turns_pdf(gid, scenario, lang, paper))) <= most, (gid, scenario, lang, paper)


@pytest.mark.slow
def test_okinawa_scenario_2_holds_all_its_turns_on_page_1():
    """It held 3 of its 9 turns on page 1 (both languages)."""
    found = cells(turns_pdf("okinawa", "scenario-2", "both"), "ja")
    assert sorted(found) == list(range(6, 15)) and {c["page"] for c in found.values()} == {0}


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
    for name in ("勝利ポイントトラック", "Luna Assassination track", "政治意志トラック"):
        assert flat(name) in text


def test_rgi_bataan_has_36_turns_with_deck_passes():
    pdf = turns_pdf("rgi-macarthur", "bataan-retreat", "en")
    found = boxes(pdf, "en")
    assert sorted(found) == list(range(1, 37))
    on = [b for b in bars(pdf) if "Allies pass 3, Japan pass 4" in flat(b["text"])]
    assert len(on) == 1
    c = cells(pdf, "en")
    assert abs(on[0]["x0"] - c[34]["x0"]) < 3 and abs(on[0]["x1"] - c[36]["x1"]) < 3
    assert flat(text_of(pdf)).count("veteran") == 1


@pytest.mark.slow
def test_fonts_are_the_named_ones_and_embedded():
    names = {f.split("+")[-1] for p in pages(turns_pdf("okinawa", None, "both")) for f in p["fonts"]}
    assert names <= {"IPAexGothic", "DejaVuSansCondensed", "DejaVuSans"} and "IPAexGothic" in names, names
    pdf = turns_pdf("okinawa", None, "both").read_bytes()
    assert pdf.count(b"/FontFile2") >= 2 and b"/ToUnicode" in pdf  # subsets embedded, text extractable
    assert b"/Type1" not in pdf  # no unembedded base-14 font


@pytest.mark.sample
@pytest.mark.parametrize("paper,size", [("a4", (842, 595)), ("letter", (792, 612))])
def test_landscape_paper_sizes(paper, size):
    p = pages(turns_pdf("amigos-insurrectors", "stand-up-fight", "en", paper))[0]
    assert (round(p["width"]), round(p["height"])) == size


@pytest.mark.sample
@pytest.mark.parametrize("gid,scenario", [("rgi-macarthur", "bataan-retreat"), ("okinawa", None), ("macarthur-bataan", None),
                                          ("amigos-insurrectors", None)])
def test_words_stay_inside_their_cell_and_off_the_tick_box(gid, scenario):
    """A cell's own words end inside it; no word runs over a tick box."""
    pdf = turns_pdf(gid, scenario, "both")
    found = cells(pdf, "ja")
    shaded = bars(pdf)
    for t, c in found.items():
        for w in c["words"]:
            if any(b["page"] == c["page"] and b["x0"] <= w["x0"] < b["x1"] and b["top"] <= w["top"] < b["bottom"] for b in shaded):
                continue
            assert w["x1"] <= c["x1"] + 0.5, f"turn {t}: {w['text']!r} runs out of its cell"
    for p in pages(pdf):
        ticks = [r for r in p["rects"] if 8 < r["width"] < 10 and 8 < r["height"] < 10]
        for w in p["words"]:
            for t in ticks:
                overlap = min(w["x1"], t["x1"]) - max(w["x0"], t["x0"])
                assert overlap <= 0.5 or w["bottom"] <= t["top"] or w["top"] >= t["bottom"], \
                    f"{w['text']!r} over a tick box"


@pytest.mark.slow
def test_track_as_svg_holds_every_cell():
    import xml.etree.ElementTree as ET

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
    assert not any(re.search(r"\[\d+\]", s or "") for s in texts)
    assert sum("5月反攻" in (s or "") for s in texts) == 1   # the T11-21 counteroffensive once
    ticks = [p for p in root.iter(f"{ns}path") if p.get("stroke-width") == "0.8" and p.get("fill") == "#FFFFFF"]
    assert sum(d.get("d").count("z") for d in ticks) == 28  # a tick box per turn
    assert root.get("width").endswith("pt")


@pytest.mark.slow
def test_turns_command_writes_svg(tmp_path):
    from conftest import run_cli

    out = tmp_path / "t.svg"
    r = run_cli("turns", "amigos-insurrectors", "--lang", "en", "--format", "svg", "-o", out)
    assert r.returncode == 0, r.stderr
    assert out.read_text(encoding="utf-8").startswith("<svg") and "Turn 15" in out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_end_of_scenario_band_names_each_language_once():
    rec = record("okinawa")
    scen = rec.scenario("scenario-1")
    found = boxes(turns_pdf("okinawa", "scenario-1", "both"), "ja")
    last = flat(found[scen.last])
    assert flat(f"{scen.name.ja} 終了") in last and flat(f"End of {scen.name.en}") in last
    assert flat(f"End of {scen.name.ja}") not in last


@pytest.mark.sample
@pytest.mark.parametrize("scenario", ["scenario-3", "scenario-4", None])
def test_a_tick_box_stays_with_its_label(scenario):
    """Okinawa's weather and marker boxes: □ and its word on one line, in the narrowest cells."""
    rec = record("okinawa")
    labels = [c.name.ja for c in rec.in_scope(rec.checkboxes, rec.scenario(scenario).id)]
    for t, text in boxes(turns_pdf("okinawa", scenario, "both"), "ja").items():
        lines = [ln.replace(" ", "") for ln in text.split("\n")]
        assert not any(ln.endswith(("□", "■")) for ln in lines), (t, lines)
        for label in labels:
            assert any(("□" + label) in ln or ("■" + label) in ln for ln in lines), (t, label, lines)


@pytest.mark.slow
def test_the_sheet_is_byte_identical_when_made_twice():
    from playaids.render import turnsheet
    from playaids.render.page import PageSpec

    rec, g = record("okinawa"), game("okinawa")
    spec = PageSpec(lang="both", paper="letter")
    assert turnsheet.render(rec, g, "scenario-2", spec) == turnsheet.render(rec, g, "scenario-2", spec)


@pytest.mark.parametrize("gid,scenario,lang,paper", [
    ("okinawa", None, "both", "a4"), ("macarthur-bataan", None, "ja", "a4"), ("amigos-insurrectors", "guerrilla-war", "en", "a4"),
    ("macarthur-bataan", "main-assault", "en", "a4"), ("macarthur-bataan", "main-assault", "en", "letter"),
    ("rgi-macarthur", "korea", "both", "a4"),
])
@pytest.mark.slow
@pytest.mark.sample
def test_preflight_is_clean(gid, scenario, lang, paper):
    """No word crossed by a cell border or a bar's edge, none overprinted (Amigos' alternating
    objective-chit values overlapped in one lane), kinsoku, nothing under 6 pt; no page too
    empty (the Main Assault's Corregidor track alone on a page 2, its page 1 58 % used on
    Letter: the tracks' rows lower, or the tracks before the notes)."""
    from playaids import preflight

    path = turns_pdf(gid, scenario, lang, paper)
    assert not [f.line() for f in preflight.check(path, lang)]


def test_the_layout_that_leaves_no_page_too_empty_wins():
    from playaids.render import turnsheet

    assert turnsheet._shortfall([0.9, 0.5]) == 0 and turnsheet._shortfall([0.57, 0.42]) > 0
    assert turnsheet._shortfall([0.88, 0.03]) > 0 and turnsheet._shortfall([0.4]) == 0
    assert turnsheet._shortfall([0.63, 0.5]) < turnsheet._shortfall([0.4, 0.5])
    assert len(_record_pages(turns_pdf("macarthur-bataan", "main-assault", "en"))) == 1   # rows of 11.5 pt: one page


def _record_pages(path) -> list[str]:
    """The text of each page of the record shared by the players, not the planning pads after it."""
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        texts = [p.extract_text() or "" for p in pdf.pages]
    return [t for t in texts if "eyes only" not in t and "プレイヤーのみが見る" not in t]


def test_a_sides_planning_pad_is_on_a_page_of_its_own():
    """MacArthur 2.2.7 and 11.1: the Allied player notes his submarines on his own planning pad,
    the Japanese his transport points and the damage to Cavite and Corregidor on his. A reviewer
    found the submarine grid beside the Japanese transport on the shared sheet: each side's
    tracks now end the record on a page of their own, cut apart from the other side's, its page
    a section of its own (page labels) so the preflight does not count the record's last page
    as one in the middle."""
    import pdfplumber

    path = turns_pdf("macarthur-bataan", "historical", "en")
    with pdfplumber.open(path) as pdf:
        texts = [p.extract_text() or "" for p in pdf.pages]
        labels = list(itertools.islice(pdf.doc.get_page_labels(), len(pdf.pages)))   # an endless iterator
    shared, pads = texts[:-1], texts[-1]
    assert not any("Sculpin" in t or "Japanese transport points" in t for t in shared)
    assert pads.index("Japanese record (for the Japanese player's eyes only)") < pads.index("cut here") \
        < pads.index("Allied record (for the Allied player's eyes only)") < pads.index("Sculpin")
    assert "Damage to Cavite" in pads and "Corregidor batteries" in pads
    assert labels[-1] == "P-1" and labels[0] == "1"
    ja = _record_pages(turns_pdf("macarthur-bataan", "historical", "ja"))
    assert not any("潜水艦の割当" in t for t in ja)


@pytest.mark.slow
def test_every_sheet_is_clean_and_few_pages():
    """Every game with a turn record, each scenario, en/ja/both, A4 and Letter: preflight clean,
    and pages: one sheet up to 15 turns in one language, two at most for 28 or 36 (three in
    both languages)."""
    from playaids import preflight

    for gid in GAMES:
        rec = record(gid)
        for scen in rec.scenarios:
            for lang in ("en", "ja", "both"):
                for paper in ("a4", "letter"):
                    path = turns_pdf(gid, scen.id, lang, paper)
                    assert not [f.line() for f in preflight.check(path, lang)]
                    most = (2 if len(scen.turns) > 20 or gid == "macarthur-bataan" or scen.id == "scenario-2"
                            or (gid, scen.id) == ("amigos-insurrectors", "campaign") else 1) + (lang == "both")
                    assert len(_record_pages(path)) <= most, (gid, scen.id, lang, paper, len(pages(path)))


@pytest.mark.slow
def test_the_record_tracks_are_never_split_between_pages():
    """Okinawa's campaign in English on Tabloid takes two pages: the record tracks (victory
    points, fatigue, air and naval points...) are one write-in sheet, all on one page, never the
    first track alone under the notes and the rest overleaf (issue 23)."""
    import pdfplumber

    rec = record("okinawa")
    pdf = turns_pdf("okinawa", "campaign", "en", "tabloid")
    with pdfplumber.open(pdf) as doc:
        texts = [p.extract_text() or "" for p in doc.pages]
    assert len(texts) == 2
    names = [f"{t.name.en} (rule " for t in rec.in_scope(rec.tracks, "campaign")]   # each track's heading
    assert len(names) >= 3
    holding = [i for i, t in enumerate(texts) if any(n in t for n in names)]
    assert len(holding) == 1 and all(n in texts[holding[0]] for n in names), holding


def test_a_bilingual_record_never_runs_a_notes_english_on_and_cites_it_in_english():
    """RGI's Korean War, both: its notes read 「…。 / The …」 in one paragraph to save a page, and
    the English ended '(§移動デッキ)'. Now each note's English is on a line of its own and its
    rule is the English heading (issue 22: never run together)."""
    text = text_of(turns_pdf("rgi-macarthur", "korea", "both"))
    lines = text.splitlines()
    assert not [s for s in lines if "。 / " in s], [s for s in lines if "。 / " in s][:5]   # a sentence run on
    assert "(§Movement deck)" in flat(text) and "(§移動デッキ)" not in flat(text)
