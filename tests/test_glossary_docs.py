"""Glossary exports (md, csv, pdf) and the key-term check of the rule summaries: the English
summary uses the glossary's English for every glossary term of the Japanese summary."""
import csv
import io

import pytest

from docs import cli_inproc, flat, game, glossary_pdf_of, page_count, summary_of, text_of
from playaids import glossary
from playaids.model import Term
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
    r = cli_inproc(capfd, "glossary", "okinawa", "--format", fmt, "--lang", "both", "-o", out)   # data order
    assert r.returncode == 0, r.stderr
    text = out.read_text(encoding="utf-8")
    terms = game("okinawa").glossary
    if fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["ja", "en", "rule", "gloss", "note"] and len(rows) == len(terms) + 1
        assert rows[1][:2] == [terms[0].ja, terms[0].en]
    else:
        assert f"| {terms[0].ja} | {terms[0].en}" in text and "†" in text


def test_pdf_reads_back_every_term():
    pdf = glossary_pdf_of("amigos-insurrectors")
    assert page_count(pdf) >= 1
    text = flat(text_of(pdf))
    for t in game("amigos-insurrectors").glossary:
        assert flat(t.ja) in text and flat(t.en) in text, t.ja


def test_game_without_glossary_is_a_clean_error(tmp_path, fixture_data, capfd):
    import shutil

    shutil.copytree(fixture_data / "demo-game", tmp_path / "demo-game")
    (tmp_path / "demo-game" / "glossary.yaml").unlink()
    r = cli_inproc(capfd, "--data", tmp_path, "glossary", "demo-game")
    assert r.returncode == 2 and "no glossary" in r.stderr.decode() and "Traceback" not in r.stderr.decode()
