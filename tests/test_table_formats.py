"""`playaids table GAME TABLE --format csv|json|md|pdf` answers for every table id."""
import csv
import io
import json

import pytest

from playaids.cli.app import main
from playaids.repository import Repository

ROOT = Repository.builtin()
CASES = [(g, t) for g in ROOT.game_ids() for t in ROOT.table_ids(g)]


def run(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
        raise SystemExit(0)
    out = capsys.readouterr()
    return e.value.code, out.out, out.err


@pytest.mark.parametrize("game,table", CASES)
def test_text_formats(game, table, capsys):
    t = ROOT.table(game, table)
    code, out, err = run(["table", game, table, "--format", "csv"], capsys)
    assert code == 0 and not err
    rows = list(csv.reader(io.StringIO(out)))
    assert len(rows) == 1 + len(t.grid.rows) and all(len(r) == 1 + len(t.grid.columns) for r in rows)
    code, out, _ = run(["table", game, table, "--format", "json"], capsys)
    assert code == 0 and json.loads(out)["id"] == table
    code, out, _ = run(["table", game, table, "--format", "md", "--lang", "ja"], capsys)
    assert code == 0 and out.startswith(f"## {t.title.ja}")


@pytest.mark.sample
@pytest.mark.parametrize("table", ROOT.table_ids("macarthur-bataan"))
def test_pdf_format(table, tmp_path, capsys):
    out = tmp_path / f"{table}.pdf"
    code, _, err = run(["table", "macarthur-bataan", table, "--format", "pdf", "--lang", "both",
                        "--paper", "letter", "-o", str(out)], capsys)
    assert code == 0, err
    assert out.read_bytes().startswith(b"%PDF-")


def test_victory_matrix_csv_is_7_by_5(capsys):
    code, out, _ = run(["table", "macarthur-bataan", "victory-matrix", "--format", "csv"], capsys)
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][1:] == ["1", "2", "3", "4", "5"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4", "5", "6", "7"]
    assert rows[2][1:] == ["C", "C", "C", "B", "A"]  # 17.2 example: J2 x A5 = A
    assert rows[6][1] == "D" and rows[7][1:] == ["D", "D", "D", "C", "C"]  # 17.1
