"""Bad input: one line naming file, line and problem; exit 2; no traceback; no output file."""
import shutil

import pytest

from conftest import FIXTURES, run_cli

GOOD = FIXTURES / "data" / "demo-game"


@pytest.fixture
def data(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(GOOD, root / "demo-game")
    return root


def table_file(root):
    return root / "demo-game" / "tables" / "results.yaml"


def assert_one_line_error(r, *fragments):
    assert r.returncode == 2, (r.stdout, r.stderr)
    err = r.stderr.decode()
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    for f in fragments:
        assert f in err, err
    return err


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_good_data_validates(data):
    r = run_cli("--data", data, "--no-builtin", "data", "validate")
    assert r.returncode == 0, r.stderr
    assert b"demo-game" in r.stdout


def test_malformed_yaml(data):
    edit(table_file(data), 'columns: ["1-2"', 'columns: ["1-2')
    r = run_cli("--data", data, "table", "demo-game", "results")
    err = assert_one_line_error(r, "results.yaml:7:18:", "expected")
    assert err.startswith(str(table_file(data)))


def test_wrong_type(data):
    edit(table_file(data), 'rule: "7.3"\ndice', "rule: [7, 3]\ndice")
    r = run_cli("--data", data, "table", "demo-game", "results")
    assert_one_line_error(r, "results.yaml:3:7:", "rule")


def test_wrong_type_in_cell(data):
    edit(table_file(data), '"– / 2DR"]', '[1, 2]]')
    r = run_cli("--data", data, "table", "demo-game", "results", "--format", "md")
    assert_one_line_error(r, "results.yaml:9:", "rows.0.cells.2", "{ja: ..., en: ...}")


def test_unknown_key(data):
    edit(table_file(data), "dice: 2d6", "dice: 2d6\ncolour: red")
    r = run_cli("--data", data, "--no-builtin", "data", "validate")
    assert_one_line_error(r, "results.yaml:5:", "colour")


def test_ragged_row(data):
    edit(table_file(data), '"– / 1", "– / 2DR"]', '"– / 1"]')
    r = run_cli("--data", data, "table", "demo-game", "results")
    assert_one_line_error(r, "results.yaml:9:", "ragged row '2-3': 2 cells for 3 columns")


def test_duplicate_row_label(data):
    edit(table_file(data), 'label: "4"', 'label: "2-3"')
    r = run_cli("--data", data, "table", "demo-game", "results")
    assert_one_line_error(r, "results.yaml:10:", "duplicate row label")


def test_id_must_match_file_name(data):
    edit(table_file(data), "id: results", "id: result")
    r = run_cli("--data", data, "table", "demo-game", "results")
    assert_one_line_error(r, "results.yaml:1:", "does not match the file name")


def test_unknown_table_id(data):
    r = run_cli("--data", data, "table", "demo-game", "nope")
    assert_one_line_error(r, "unknown table of demo-game 'nope'", "results")


def test_unknown_game(data):
    r = run_cli("--data", data, "list", "nope")
    assert_one_line_error(r, "unknown game 'nope'", "demo-game")


def test_missing_data_folder(tmp_path):
    r = run_cli("--data", tmp_path / "absent", "list")
    assert_one_line_error(r, "data folder not found")


def test_validate_reports_every_bad_file(data):
    edit(table_file(data), "dice: 2d6", "dice: 7d6")
    (data / "demo-game" / "tables" / "other.yaml").write_text("id: other\n- x\n", encoding="utf-8")
    r = run_cli("--data", data, "--no-builtin", "data", "validate")
    assert r.returncode == 2
    lines = r.stderr.decode().strip().splitlines()
    assert len(lines) == 2 and "other.yaml:2:" in lines[0] and "results.yaml:4:" in lines[1]


def test_no_partial_output_on_error(data, tmp_path):
    edit(table_file(data), "dice: 2d6", "dice: 9")
    out = tmp_path / "card.pdf"
    r = run_cli("--data", data, "table", "demo-game", "results", "--format", "pdf", "-o", out)
    assert_one_line_error(r, "results.yaml:4:")
    assert not out.exists()
    assert list(tmp_path.glob(".card.pdf*")) == []


def test_missing_font_is_a_clear_error(data, tmp_path):
    r = run_cli("--data", data, "table", "demo-game", "results", "--format", "pdf", "-o", tmp_path / "x.pdf",
                env={"PLAYAIDS_FONT_IPAEXGOTHIC": str(tmp_path / "none.ttf")})
    assert_one_line_error(r, "font IPAexGothic not found")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_glyph_missing_is_an_error(data, tmp_path):
    edit(table_file(data), "Rolls above 12", "Rolls \U00013000 above 12")
    r = run_cli("--data", data, "table", "demo-game", "results", "--format", "pdf", "--lang", "en",
                "-o", tmp_path / "x.pdf")
    assert_one_line_error(r, "U+13000", "no glyph in IPAexGothic, DejaVuSansCondensed or DejaVuSans")
