"""`playaids check-table`: reports (text, json, daff highlighter diff, html), exit codes, --dir."""
import csv
import io
import json

import pytest

from conftest import FIXTURES, run_cli
from playaids import export
from playaids.render import cards
from playaids.render.page import PageSpec
from playaids.repository import Repository

DEMO = FIXTURES / "data"
ROOT = Repository.builtin()
@pytest.fixture(scope="module")
def demo():
    return Repository.of(DEMO).game("demo-game").tables["results"]


def write_csv(path, rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return path


@pytest.fixture
def mutated(tmp_path, demo):
    """The demo CRT with one cell changed (4 x 1-1), one range changed (2-3 -> 2) and an extra column."""
    rows = export.grid_rows(demo.grid, "en")
    rows[1][0] = "2"
    rows[2][2] = "1G / 2"
    for i, r in enumerate(rows):
        r.append("Note" if i == 0 else f"n{i}")
    return write_csv(tmp_path / "results.csv", rows)


def check(*args):
    return run_cli("--data", DEMO, "check-table", "demo-game", *args)


@pytest.mark.slow
def test_equal_exits_0(tmp_path, demo):
    p = tmp_path / "ok.csv"
    p.write_text(export.to_csv(demo, "ja").translate(str.maketrans("0123456789", "０１２３４５６７８９")),
                 encoding="utf-8")
    r = check("results", p)
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    assert out.splitlines()[0] == "demo-game/results: 戦闘結果表 (rule 7.3)"
    assert out.splitlines()[-1] == "equal, 3 rows × 3 columns"


@pytest.mark.slow
def test_text_report_and_exit_1(mutated):
    r = check("results", mutated)
    assert r.returncode == 1, r.stderr
    assert r.stdout.decode().splitlines()[2:] == [
        "3 differences (1 extra-column, 1 row-range, 1 cell):",
        '  extra column "Note": n1 | n2 | n3 (column 5)',
        '  row "2-3": die-roll range reads "2" (line 2)',
        '  cell "4" × "1-1": expected "1G / 1", found "1G / 2" (line 3, column 3)',
    ]


@pytest.mark.slow
def test_json_report(mutated, tmp_path):
    out = tmp_path / "report.json"
    r = check("results", mutated, "--format", "json", "-o", out)
    assert r.returncode == 1 and r.stdout == b""
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["equal"] is False and doc["table"] == "results" and doc["kind"] == "csv"
    assert doc["counts"] == {"extra-column": 1, "row-range": 1, "cell": 1}
    assert {"kind": "cell", "row": "4", "column": "1-1", "expected": "1G / 1", "found": "1G / 2",
            "where": "line 3, column 3"} in doc["differences"]


def test_highlighter_diff_follows_daff(mutated, tmp_path, demo):
    r = check("results", mutated, "--format", "diff")
    assert r.returncode == 1
    rows = list(csv.reader(io.StringIO(r.stdout.decode())))
    assert rows[0] == ["!", "", "", "", "", "+++"]
    assert rows[1] == ["@@", "Die roll", "1-2", "1-1", "2-1", "Note"]
    assert rows[2] == ["->", "2-3->2", "1 / –", "– / 1", "– / 2DR", "n1"]
    assert rows[3] == ["->", "4", "1D / 1", "1G / 1->1G / 2", "– / 1", "n2"]
    assert rows[4] == ["+", "5-12", "Miss", "", "", "n3"]
    daff = pytest.importorskip("daff")
    # daff's own tools read it: the renderer marks the cells, the patcher turns source into file
    view = daff.PythonTableView([list(x) for x in rows])
    render = daff.DiffRender()
    render.render(view)
    html = render.html()
    assert 'class="modify"' in html and 'class="spec"' in html and "1G / 1→1G / 2" in html
    source = export.grid_rows(demo.grid, "en")
    daff.HighlightPatch(daff.PythonTableView(source), view).apply()
    assert source == list(csv.reader(io.StringIO(mutated.read_text(encoding="utf-8"))))


@pytest.mark.slow
def test_html_report_is_deterministic(mutated, tmp_path):
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    assert check("results", mutated, "--format", "html", "-o", a).returncode == 1
    assert check("results", mutated, "--format", "html", "-o", b).returncode == 1
    html = a.read_text(encoding="utf-8")
    assert a.read_bytes() == b.read_bytes()
    assert '<td class="modify"><del>1G / 1</del>1G / 2</td>' in html
    assert '<td class="modify label"><del>2-3</del>2</td>' in html
    assert '<th class="add">Note</th>' in html
    assert "extra column &#34;Note&#34;" in html or "extra column &quot;Note&quot;" in html


@pytest.mark.slow
def test_pdf_page_and_table(tmp_path, demo):
    game = Repository.of(DEMO).game("demo-game")
    pdf = tmp_path / "results.pdf"
    pdf.write_bytes(cards.render(demo, game, PageSpec(lang="ja")))
    r = check("results", pdf, "--page", "1", "--table", "2")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "modifiers grid" in r.stdout.decode()
    r = check("results", pdf, "--page", "1", "--table", "3")
    assert r.returncode == 2 and r.stderr.decode().strip().endswith("--table 3: page 1 holds 2 tables")


@pytest.mark.parametrize("args,fragment", [
    (("nope", "x.csv"), "unknown table of demo-game 'nope'"),
    (("results", "missing.csv"), "missing.csv: file not found"),
    (("results",), "give TABLE and FILE"),
])
@pytest.mark.sample
def test_errors_are_one_line_exit_2(tmp_path, args, fragment):
    r = run_cli("--data", DEMO, "check-table", "demo-game", *args, cwd=tmp_path)
    err = r.stderr.decode()
    assert r.returncode == 2, (r.stdout, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and fragment in err, err


def test_unreadable_file_writes_no_report(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[[1, 2]\n", encoding="utf-8")
    out = tmp_path / "report.txt"
    r = check("results", bad, "-o", out)
    assert r.returncode == 2 and "bad.json:2:1: JSON:" in r.stderr.decode()
    assert not out.exists()


@pytest.mark.slow
def test_dir_checks_every_table(tmp_path):
    d = tmp_path / "publisher"
    d.mkdir()
    kamikaze = ROOT.table("okinawa", "kamikaze-hits")
    fleet = ROOT.table("okinawa", "fleet-damage")
    (d / "kamikaze-hits.csv").write_text(export.to_csv(kamikaze, "ja"), encoding="utf-8")
    rows = export.grid_rows(fleet.grid, "en")
    rows[1][8] = "38"
    write_csv(d / "fleet-damage.csv", rows)
    (d / "notes.txt").write_text("not a table id", encoding="utf-8")
    r = run_cli("check-table", "okinawa", "--dir", d)
    assert r.returncode == 1, r.stderr
    lines = r.stdout.decode().splitlines()
    assert lines[0] == f"okinawa: 2 checked in {d}"
    assert "  kamikaze-hits (kamikaze-hits.csv): equal, 11 rows × 10 columns" in lines
    assert "  fleet-damage (fleet-damage.csv): 1 difference (1 cell)" in lines
    ids = ROOT.table_ids("okinawa")
    assert len(lines) == 1 + len(ids)
    assert sorted(line.split(":")[0].strip() for line in lines[1:] if line.endswith(": no file")) == \
        sorted(set(ids) - {"kamikaze-hits", "fleet-damage"})

    (d / "fleet-damage.csv").write_text(export.to_csv(fleet, "en"), encoding="utf-8")
    r = run_cli("check-table", "okinawa", "--dir", d, "--format", "json")
    assert r.returncode == 0
    doc = json.loads(r.stdout)
    assert [t["status"] for t in doc["tables"] if "file" in t] == ["equal", "equal"]

    (d / "fleet-damage.csv").write_text('"unterminated\n', encoding="utf-8")
    (d / "fleet-damage.json").write_text("{", encoding="utf-8")
    r = run_cli("check-table", "okinawa", "--dir", d)
    assert r.returncode == 2
    assert "fleet-damage.json:1:2: JSON:" in r.stdout.decode()


def test_dir_without_table_files(tmp_path):
    r = run_cli("check-table", "okinawa", "--dir", tmp_path)
    assert r.returncode == 2 and "no file named after a table of okinawa" in r.stderr.decode()
