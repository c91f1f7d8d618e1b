"""Readers of the table checker: every supported kind of file, read back to rows of strings."""
import json

import pytest

from conftest import FIXTURES
from playaids import export
from playaids.checker import readers
from playaids.errors import DataError
from playaids.render import cards
from playaids.render.page import PageSpec
from playaids.repository import Repository

DEMO = FIXTURES / "data"


@pytest.fixture(scope="module")
def demo():
    game = Repository.of(DEMO).game("demo-game")
    return game, game.tables["results"]


def only(path, **kw):
    tables = readers.read(path, **kw)
    assert len(tables) == 1, tables
    return tables[0]


def test_csv_export(tmp_path, demo):
    _, t = demo
    p = tmp_path / "results.csv"
    p.write_text(export.to_csv(t, "en"), encoding="utf-8")
    raw = only(p)
    assert raw.kind == "csv"
    assert raw.rows[0] == ["Die roll", "1-2", "1-1", "2-1"]
    assert raw.rows[1] == ["2-3", "1 / –", "– / 1", "– / 2DR"]
    assert raw.rows[3] == ["5-12", "Miss", "", ""]   # a spanning cell, then the covered ones
    assert raw.where == ["line 1", "line 2", "line 3", "line 4"]


def test_csv_semicolons_bom_and_quoted_line_breaks(tmp_path):
    p = tmp_path / "t.csv"
    p.write_bytes("\ufeffサイの目;結果\n２;\"はずれ\nMiss\"\n３;Ａ\n".encode("utf-8"))
    raw = only(p)
    assert raw.rows == [["サイの目", "結果"], ["２", "はずれ\nMiss"], ["３", "Ａ"]]
    assert raw.where == ["line 1", "line 2", "line 4"]


def test_csv_shift_jis(tmp_path):
    p = tmp_path / "t.csv"
    p.write_bytes("サイの目,結果\n2,はずれ\n".encode("cp932"))
    assert only(p).rows == [["サイの目", "結果"], ["2", "はずれ"]]


def test_tsv(tmp_path):
    p = tmp_path / "t.tsv"
    p.write_text("Die roll\tResult\n1-8\tMiss\n9\t\n", encoding="utf-8")
    raw = only(p)
    assert raw.kind == "tsv"
    assert raw.rows == [["Die roll", "Result"], ["1-8", "Miss"], ["9", ""]]


def test_json_export_with_modifiers(tmp_path, demo):
    _, t = demo
    p = tmp_path / "results.json"
    p.write_text(export.to_json(t), encoding="utf-8")
    main, mods = readers.read(p)
    assert (main.name, mods.name) == ("main", "modifiers")
    assert main.header_rows == 1 and main.label_col == 0
    assert main.rows[0] == ["サイの目\nDie roll", "1-2", "1-1", "2対1\n2-1"]   # {ja, en} as ja<newline>en
    assert main.rows[3] == ["5-12", "はずれ\nMiss", "", ""]                    # span 3
    assert main.where[1] == "rows[0]"
    assert mods.rows == [["サイの目修正\nDie roll modifiers", "防御\nDefence", "攻撃\nAttack"],
                         ["*ユニット\n* unit", "+1", "-1"]]


def test_json_list_of_rows_and_records(tmp_path):
    p = tmp_path / "rows.json"
    p.write_text(json.dumps([["Die roll", "Result"], [2, "A"], ["3-4", None]]), encoding="utf-8")
    assert only(p).rows == [["Die roll", "Result"], ["2", "A"], ["3-4", ""]]
    p = tmp_path / "records.json"
    p.write_text(json.dumps([{"Die roll": "2", "Result": "A"}, {"Die roll": "3", "Result": "B", "VP": 1}]),
                 encoding="utf-8")
    assert only(p).rows == [["Die roll", "Result", "VP"], ["2", "A", ""], ["3", "B", "1"]]


def test_yaml_data_file_shape(tmp_path):
    p = tmp_path / "t.yaml"
    p.write_text('corner: {ja: サイの目, en: Die roll}\ncolumns: ["1-2", {text: "2-1"}]\n'
                 'rows:\n  - {label: "2", cells: ["A", {text: B, note: "x"}]}\n', encoding="utf-8")
    raw = only(p)
    assert raw.kind == "yaml"
    assert raw.rows == [["サイの目\nDie roll", "1-2", "2-1"], ["2", "A", "B"]]


def test_markdown_export_holds_both_grids(tmp_path, demo):
    _, t = demo
    p = tmp_path / "results.md"
    p.write_text(export.to_markdown(t, "both"), encoding="utf-8")
    main, mods = readers.read(p)
    assert main.rows[0] == ["サイの目 / Die roll", "1-2", "1-1", "2対1 / 2-1"]
    assert main.rows[3][:2] == ["5-12", "はずれ / Miss"]
    assert mods.rows[1] == ["*ユニット / * unit", "+1", "-1"]
    assert main.where[0].startswith("line ")


def test_github_table_without_outer_pipes(tmp_path):
    p = tmp_path / "t.md"
    p.write_text("Intro.\n\nDie roll | Result\n:--|--:\n1-8 | **Miss**\n9 | A \\| B<br>C\n", encoding="utf-8")
    assert only(p).rows == [["Die roll", "Result"], ["1-8", "Miss"], ["9", "A | B\nC"]]


def test_text_split_by_tabs_keeps_empty_cells(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("\tA\tB\n1\t\tx\n", encoding="utf-8")
    raw = only(p)
    assert raw.kind == "text"
    assert raw.rows == [["", "A", "B"], ["1", "", "x"]]


def test_text_split_by_spaces_aligned_by_position(tmp_path):
    p = tmp_path / "t.txt"
    p.write_text("Die roll  Result  Note\n1-8       Miss\n９        Ａ      x\n10-11               y\n",
                 encoding="utf-8")
    assert only(p).rows == [["Die roll", "Result", "Note"], ["1-8", "Miss", ""], ["９", "Ａ", "x"],
                            ["10-11", "", "y"]]


@pytest.mark.parametrize("content,kind", [
    ("a,b\n1,2\n", "csv"),
    ("| a | b |\n|---|---|\n| 1 | 2 |\n", "md"),
    ('[["a", "b"], ["1", "2"]]', "json"),
    ("a\tb\n1\t2\n", "text"),
    ("a  b\n1  2\n", "text"),
])
def test_txt_is_sniffed(tmp_path, content, kind):
    p = tmp_path / "t.txt"
    p.write_text(content, encoding="utf-8")
    raw = only(p)
    assert raw.kind == kind
    assert raw.rows == [["a", "b"], ["1", "2"]]


def test_pdf_page_and_tables(tmp_path, demo):
    game, t = demo
    p = tmp_path / "results.pdf"
    p.write_bytes(cards.render(t, game, PageSpec(lang="en")))
    main, mods = readers.read(p, page=1)
    assert main.kind == "pdf"
    assert main.rows[0] == ["Die roll", "1-2", "1-1", "2-1"]
    assert main.rows[3] == ["5-12", "Miss", "", ""]
    assert main.where[1] == "p. 1, table 1 row 2"
    assert mods.rows[1] == ["* unit", "+1", "-1"]
    assert [r.rows for r in readers.read(p)] == [main.rows, mods.rows]   # every page


def test_unknown_extension_pdf_is_sniffed(tmp_path, demo):
    game, t = demo
    p = tmp_path / "card.bin"
    p.write_bytes(cards.render(t, game, PageSpec(lang="ja")))
    assert readers.read(p)[0].rows[0] == ["サイの目", "1-2", "1-1", "2対1"]


@pytest.mark.parametrize("name,content,page,fragment", [
    ("bad.json", '{"columns": [1,\n', None, "bad.json:2:1: JSON:"),
    ("bad.json", '{"a": 1}', None, "expected {columns, rows}"),
    ("bad.pdf", "not a pdf", None, "not a readable PDF"),
    ("t.csv", "a,b\n", 1, "--page applies to PDF files only"),
    ("t.csv", b"\xff\xfe\xfa\x00\x81", None, "starts with a UTF-16 mark but is not UTF-16"),
])
def test_unreadable_files(tmp_path, name, content, page, fragment):
    p = tmp_path / name
    p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(DataError) as e:
        readers.read(p, page=page)
    assert fragment in str(e.value)


def test_pdf_page_out_of_range(tmp_path, demo):
    game, t = demo
    p = tmp_path / "results.pdf"
    p.write_bytes(cards.render(t, game, PageSpec(lang="en")))
    with pytest.raises(DataError, match=r"no page 3 \(the PDF has 1 page\)"):
        readers.read(p, page=3)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="file not found"):
        readers.read(tmp_path / "nope.csv")
