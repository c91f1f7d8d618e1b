"""check-table reads the project's own chart sets and cards with no --page (issue 24): each
table is found by its title on any page and compares with 0 differences; a CP932 re-save of
every Japanese CSV export compares equal with one note; a file holding another table names it.

make test: Okinawa in English (its chart set and every card); PLAYAIDS_FULL=1: every game in
English, Japanese and both."""
import os

import pytest

from playaids import export
from playaids.checker import Glossary, check_raw, readers, select
from playaids.repository import data_dir
from tests.conftest import run_cli

ROOT = data_dir()
GAMES = ROOT.game_ids()
MATRIX = [(g, lang) for g in GAMES for lang in ("en", "ja", "both")] if os.environ.get("PLAYAIDS_FULL") \
    else [("okinawa", "en")]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    made = {}

    def build(game, lang):
        if (game, lang) not in made:
            out = tmp_path_factory.mktemp(f"{game}-{lang}")
            r = run_cli("build", game, "--only", "charts", "--lang", lang, "--out", out)
            assert r.returncode == 0, r.stderr
            made[(game, lang)] = out / game
        return made[(game, lang)]

    return build


def _differences(table, tables, glossary, path):
    cmp = check_raw(table, select(table, tables, glossary), glossary, str(path))
    return [f"{d.kind} {d.row or ''} {d.column or ''} {d.found or ''}" for d in cmp.differences], cmp


@pytest.mark.parametrize("gid,lang", MATRIX)
@pytest.mark.slow
def test_every_table_of_the_chart_set_and_its_card_with_no_page(built, gid, lang):
    folder = built(gid, lang)
    glossary = Glossary(ROOT.game(gid, with_tables=False).glossary)
    chart_set = folder / f"charts.{lang}.a4.pdf"
    sheets = readers.read(chart_set)   # read once: every table of the game is found in it
    checked = 0
    for tid in ROOT.table_ids(gid):
        table = ROOT.table(gid, tid)
        diffs, cmp = _differences(table, sheets, glossary, chart_set)
        assert diffs == [], (tid, cmp.found.raw.origin, cmp.found.raw.title, diffs[:5])
        card = folder / "charts" / f"{tid}.{lang}.a4.pdf"
        try:
            tables = readers.read(card)
        except readers.NotATable:   # a table the rules give no grid for: its card draws none
            tables = []
        diffs, cmp = _differences(table, tables, glossary, card)
        assert diffs == [], (tid, "card", cmp.found.raw.origin, diffs[:5])
        checked += 1
    assert checked == len(ROOT.table_ids(gid))


def test_the_command_says_which_page_it_read(built):
    chart_set = built("okinawa", "en") / "charts.en.a4.pdf"
    r = run_cli("check-table", "okinawa", "fleet-damage", chart_set)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    assert f'file: {chart_set} (pdf, p. 6, table 1 "Fleet Damage Table Rule 5.3"' in out   # the sheet of naval tables
    assert "equal, 10 rows × 9 columns" in out


def test_a_file_holding_another_table_names_it(tmp_path, cli_in):
    f = tmp_path / "crt.json"
    assert cli_in("table", "okinawa", "fire-combat", "-o", f).returncode == 0
    r = cli_in("check-table", "okinawa", "fleet-damage", f)
    out = r.stdout.decode()
    assert r.returncode == 1
    assert out.rstrip().splitlines()[-1] == (f"note: the file's table looks like fire-combat (Fire Combat Table), "
                                             f"not fleet-damage: playaids check-table okinawa fire-combat {f}")
    # the table it is compares with no such note
    r = cli_in("check-table", "okinawa", "fire-combat", f)
    assert r.returncode == 0 and "note:" not in r.stdout.decode()


@pytest.mark.parametrize("gid", GAMES)
def test_a_cp932_resave_of_every_japanese_csv_export_is_equal(gid, tmp_path):
    """Excel's default Japanese encoding cannot hold "–" (the no-effect dash) or old forms such
    as 擊: it saves "?" in their place. Each is taken as the character it stands for, and said
    once in a note."""
    glossary = Glossary(ROOT.game(gid, with_tables=False).glossary)
    lost_somewhere = False
    for tid in ROOT.table_ids(gid):
        table = ROOT.table(gid, tid)
        text = export.to_csv(table, "ja")
        raw = text.encode("cp932", "replace")
        f = tmp_path / f"{tid}.csv"
        f.write_bytes(raw)
        try:
            tables = readers.read(f)
        except readers.NotATable:   # no grid in the source: an empty export
            continue
        lossy = raw.count(b"?") > text.count("?")   # a character CP932 cannot hold
        if raw.isascii():
            continue
        assert {t.encoding for t in tables} == {"Shift-JIS"}, tid
        cmp = check_raw(table, select(table, tables, glossary), glossary, str(f))
        assert cmp.equal, (tid, [f"{d.kind} {d.found}" for d in cmp.differences][:5])
        assert len(cmp.notes) == (1 if lossy else 0), (tid, cmp.notes)
        lost_somewhere = lost_somewhere or lossy
    assert lost_somewhere or gid == "asl-chapter-g"   # the no-effect dash "–" is in every other game's tables


def test_the_substitution_is_said_once(tmp_path, cli_in):
    f = tmp_path / "fleet.csv"
    f.write_bytes(export.to_csv(ROOT.table("okinawa", "fleet-damage"), "ja").encode("cp932", "replace"))
    r = cli_in("check-table", "okinawa", "fleet-damage", f)
    out = r.stdout.decode()
    assert r.returncode == 0 and "equal, 10 rows × 9 columns" in out
    assert out.count("note:") == 1
    assert 'note: Shift-JIS (cp932) cannot hold "–", "擊": the file has "?" in their place' in out
