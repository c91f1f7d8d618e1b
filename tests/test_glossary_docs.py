"""Glossary exports (md, csv, pdf) and the key-term check of the rule summaries: the English
summary uses the glossary's English for every glossary term of the Japanese summary."""
import csv
import io

import pytest

from conftest import run_in
from docs import _lines as _lines_words
from docs import columns_of, flat, game, glossary_pdf_of, page_count, pages, summary_of, text_of
from playaids import glossary
from playaids.model import Term
from playaids.render import glossary_pdf
from playaids.repository import Repository

GAMES = Repository.builtin().game_ids()


@pytest.mark.parametrize("gid", GAMES)
def test_english_summary_uses_the_glossary_terms(gid):
    pairs = [(where, t.ja, t.en) for where, t in summary_of(gid).texts() if not t.neutral]
    bad = glossary.mismatches(pairs, game(gid).glossary)
    assert not bad, "\n".join(map(str, bad))


def test_the_check_finds_a_missing_term():
    terms = (Term("移動", "MOVEMENT"), Term("戦略移動", "Strategic Movement"), Term("補給", "SUPPLY"),
             Term("政治意志トラック", "Political Will track (PW)", aliases=("政治意欲トラック",)),
             Term("上陸強襲", "Amhibious Assault", note="sic, for Amphibious Assault (l. 2709)"),
             Term("スタック", "Stacks"), Term("米軍", "U.S."))
    ok = [("a", "戦略移動で移動する。", "Strategic Movement: units move."),
          ("b", "政治意欲トラックに記録。", "Record it on the PW track."),
          ("c", "上陸強襲は半減。", "An Amphibious Assault is halved."),
          ("d", "スタックすると", "when stacked"), ("e", "米軍の補給", "US supplies")]
    assert glossary.mismatches(ok, terms) == []
    bad = glossary.mismatches([("x", "戦略移動と補給", "Strategic Movement and sources")], terms)
    assert [(m.ja_term, m.en_term) for m in bad] == [("補給", "SUPPLY")]  # 移動 inside 戦略移動 is not counted


@pytest.mark.parametrize("fmt", ["md", "csv"])
def test_text_exports(fmt, tmp_path, capfd):
    out = tmp_path / f"g.{fmt}"
    r = run_in(capfd, "glossary", "okinawa", "--format", fmt, "--lang", "both", "-o", out)   # data order
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    terms = game("okinawa").glossary
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["ja", "en", "rule", "gloss", "note"] and len(rows) == len(terms) + 1
        assert rows[1][:2] == [terms[0].ja, terms[0].en]
    else:
        assert f"| {terms[0].ja} | {terms[0].en}" in text and "†" in text


def _in_order(words, text) -> bool:
    """Every word of `words` in `text`, in order (a cell's wrapped lines sit between its
    neighbours' lines)."""
    at = 0
    for w in words:
        at = text.find(w, at)
        if at < 0:
            return False
        at += len(w)
    return True


@pytest.mark.parametrize("gid", ["amigos-insurrectors", "okinawa"])
@pytest.mark.slow
def test_pdf_reads_back_every_term_with_its_reading(gid):
    pdf = glossary_pdf_of(gid)
    text = flat(columns_of(pdf))
    for t in game(gid).glossary:
        # a long term wraps in its cell, its reading between its lines: its start, then the rest in order
        assert flat(t.ja)[:6] in text and _in_order(list(flat(t.ja)), text), t.ja
        assert _in_order(t.en.split(), columns_of(pdf)), t.en
    # the readings are printed: 渡具知 is read とぐち (the rules' Toguchi), 移動 いどう (9)
    if gid == "okinawa":
        assert "渡具知とぐち" in text and "移動いどう" in text


@pytest.mark.slow
def test_okinawa_glossary_is_four_pages_at_most_and_its_last_is_full():
    """Issue 23: two columns, not one narrow table over 8 pages with a last page of 8 lines."""
    pdf = glossary_pdf_of("okinawa")
    assert 3 <= page_count(pdf) <= 4
    last = pages(pdf)[-1]
    lowest = max(w["bottom"] for w in last["words"] if w["top"] < last["height"] - 15 * 72 / 25.4)
    assert lowest > 0.4 * last["height"], lowest   # not a page of a few lines


def _lines_of(page: dict) -> str:
    return _lines_words(page["words"])


@pytest.mark.slow
def test_a_two_page_glossary_gives_each_list_its_page():
    """RGI's second page held 9 lines a column; now the Japanese list fills page 1 and the
    English page 2, each set as large as its page takes: 54 terms at 11 pt (at 8.5 pt, the most
    a list sharing its pages takes, the A3 lists left 40 % of their pages empty)."""
    pdf = glossary_pdf_of("rgi-macarthur")
    assert page_count(pdf) == 2
    first, second = (_lines_of(p) for p in pages(pdf))
    assert "日本語 → English" in first and "English → 日本語" not in first
    assert "English → 日本語" in second
    for p in pages(pdf):
        lowest = max(w["bottom"] for w in p["words"] if w["top"] < p["height"] - 15 * 72 / 25.4)
        assert lowest > 0.45 * p["height"], lowest
    sizes = {round(w["size"], 1) for w in pages(pdf)[0]["words"] if w["text"] == "Blue"}
    assert sizes == {11.0} == {glossary_pdf.APART_SIZES[0]}


@pytest.mark.slow
def test_the_gloss_mark_only_with_its_key_and_not_on_every_term():
    """RGI's seed prints no English: every term was marked †; one line now says so. A glossary
    with some of our renderings marks those and keys the mark."""
    from playaids.render import glossary_pdf

    rgi = flat(text_of(glossary_pdf_of("rgi-macarthur")))
    assert "†" not in rgi and "all English here is this glossary's" in rgi
    assert "rule" not in rgi.split(flat("English → 日本語"))[1][:40]   # no empty rule column
    oki = flat(text_of(glossary_pdf_of("okinawa")))
    assert "†" in oki and flat("† この用語集による訳語") in oki
    assert glossary_pdf.legend([]) == (False, "")


def test_game_without_glossary_is_a_clean_error(tmp_path, fixture_data, capfd):
    import shutil

    shutil.copytree(fixture_data / "demo-game", tmp_path / "demo-game")
    (tmp_path / "demo-game" / "glossary.yaml").unlink()
    r = run_in(capfd, "--data", tmp_path, "glossary", "demo-game")
    assert r.returncode == 2 and "no glossary" in r.stderr.decode() and "Traceback" not in r.stderr.decode()
