"""check-table reads the project's own chart sets and cards with no --page (issue 24): each
table is found by its title on any page and compares with 0 differences; a CP932 re-save of
every Japanese CSV export compares equal with one note; a file holding another table names it.

The slow tier: Okinawa and Amigos & Insurrectors (whose cells carry translator's notes the aids
leave out) in English on A4; PLAYAIDS_FULL=1: every game in English, Japanese and both on every
paper (A4, Letter, A3, Tabloid: each paper lays the chart sets out anew)."""
import os
import re

import pytest

from playaids import export
from playaids.checker import Glossary, check_raw, readers, select
from playaids.repository import open_data
from tests.conftest import run_cli

ROOT = open_data()
GAMES = ROOT.game_ids()
PAPERS = ("a4", "letter", "a3", "tabloid")
MATRIX = [(g, lang, paper) for g in GAMES for lang in ("en", "ja", "both") for paper in PAPERS] \
    if os.environ.get("PLAYAIDS_FULL") else [("okinawa", "en", "a4"), ("amigos-insurrectors", "en", "a4")]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    made = {}

    def build(game, lang, paper="a4"):
        if (game, lang, paper) not in made:
            out = tmp_path_factory.mktemp(f"{game}-{lang}-{paper}")
            r = run_cli("build", game, "--only", "charts", "--lang", lang, "--paper", paper, "--out", out)
            assert r.returncode == 0, r.stderr
            made[(game, lang, paper)] = out / game
        return made[(game, lang, paper)]

    return build


def _differences(table, tables, glossary, path):
    cmp = check_raw(table, select(table, tables, glossary), glossary, str(path))
    return [f"{d.kind} {d.row or ''} {d.column or ''} {d.found or ''}" for d in cmp.differences], cmp


@pytest.mark.parametrize("gid,lang,paper", MATRIX)
@pytest.mark.slow
def test_every_table_of_the_chart_set_and_its_card_with_no_page(built, gid, lang, paper):
    folder = built(gid, lang, paper)
    glossary = Glossary(ROOT.game(gid, with_tables=False).glossary)
    chart_set = folder / f"charts.{lang}.{paper}.pdf"
    sheets = readers.read(chart_set)   # read once: every table of the game is found in it
    checked = 0
    for tid in ROOT.table_ids(gid):
        table = ROOT.table(gid, tid)
        diffs, cmp = _differences(table, sheets, glossary, chart_set)
        assert diffs == [], (tid, cmp.found.raw.origin, cmp.found.raw.title, diffs[:5])
        card = folder / "charts" / f"{tid}.{lang}.{paper}.pdf"
        try:
            tables = readers.read(card)
        except readers.NotATable:   # a table the rules give no grid for: its card draws none
            tables = []
        diffs, cmp = _differences(table, tables, glossary, card)
        assert diffs == [], (tid, "card", cmp.found.raw.origin, diffs[:5])
        checked += 1
    assert checked == len(ROOT.table_ids(gid))


@pytest.mark.slow
def test_the_command_says_which_page_it_read(built):
    chart_set = built("okinawa", "en") / "charts.en.a4.pdf"
    r = run_cli("check-table", "okinawa", "fleet-damage", chart_set)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    m = re.search(rf'file: {re.escape(str(chart_set))} \(pdf, p\. (\d+), table \d+ "Fleet Damage Table Rule 5\.3"', out)
    assert m, out   # the page it read, named
    import pdfplumber

    with pdfplumber.open(chart_set) as pdf:   # the page named holds the table
        assert "Fleet Damage Table" in pdf.pages[int(m.group(1)) - 1].extract_text()
        assert "Fleet Damage Table" not in pdf.pages[0].extract_text()   # not the first page's table
    assert "equal, 10 rows × 9 columns" in out


def test_a_cell_printed_without_the_translators_note_is_equal(tmp_path, cli_in):
    """The aids print a rule's text without the makers' labelled remarks (workshop.for_players):
    Amigos' Loss Reduction reads 'In one combat, cancels 1 hit ...', its data 'In one combat
    (translator's note: not each combat round), cancels ...'; that was a false difference."""
    card = tmp_path / "leader-abilities.en.a4.pdf"
    assert cli_in("table", "amigos-insurrectors", "leader-abilities", "-o", card).returncode == 0
    r = cli_in("check-table", "amigos-insurrectors", "leader-abilities", card)
    assert r.returncode == 0 and "equal, " in r.stdout.decode(), r.stdout.decode()
    # a real change in that cell is still one
    f = tmp_path / "la.csv"
    csv = cli_in("table", "amigos-insurrectors", "leader-abilities", "--format", "csv").stdout.decode()
    f.write_text(csv.replace("cancels 1 hit", "cancels 2 hits", 1), encoding="utf-8")
    r = cli_in("check-table", "amigos-insurrectors", "leader-abilities", f)
    assert r.returncode == 1 and r.stdout.decode().count('cell "(H)" × "Effect"') == 1


@pytest.mark.slow
def test_a_bilingual_cell_printed_without_the_remarks_is_equal(tmp_path, cli_in):
    """`--lang both` prints a cell's Japanese and English without the remarks and marks the pair
    once, after the English (Amigos' gunboat bombardment: a Consim remark in each language, one
    on a line of its own): it was a false difference on the card and the chart set."""
    card = tmp_path / "gunboat-missions.both.a4.pdf"
    assert cli_in("table", "amigos-insurrectors", "gunboat-missions", "--lang", "both", "-o", card).returncode == 0
    r = cli_in("check-table", "amigos-insurrectors", "gunboat-missions", card)
    assert r.returncode == 0 and "equal, 4 rows × 2 columns" in r.stdout.decode(), r.stdout.decode()


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
