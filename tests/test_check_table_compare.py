"""Normalisation and structural comparison of the table checker, on small tables."""
import pytest

from playaids.checker import Glossary, check_raw
from playaids.checker.normalise import norm, norm_cell, parse_range
from playaids.checker.readers import RawTable
from playaids.model import Grid, Row, Table, Term, Text


@pytest.mark.parametrize("a,b", [
    ("３～１０", "3-10"), ("3–10", "3-10"), ("3〜10", "3-10"), ("3 - 10", "3-10"), ("3ー10", "3-10"),
    ("＋１", "+1"), ("−1", "-1"), ("－２", "-2"), ("(+ 2)", "(+2)"),
    ("1/1", "1 / 1"), ("– / 1DR", "- / 1dr"), ("—", "–"), ("ー", "–"),
    ("２ＤＲＴＧ", "2DRTG"), ("11、12", "11-12"), ("ピケット駆逐艦　S", "ピケット駆逐艦 S"),
    ("Picket\ndestroyers", "Picket  destroyers"), ("はずれ\nMiss", "はずれMiss"),
])
def test_same_after_normalisation(a, b):
    assert norm(a) == norm(b)


@pytest.mark.parametrize("a,b", [("1、3", "1-3"), ("11", "11-12"), ("1 1", "11"), ("3S", "38"), ("+1", "-1"),
                                 ("2D", "2S")])
def test_different_after_normalisation(a, b):
    assert norm(a) != norm(b)


def test_blank_cell_is_the_no_effect_dash():
    assert norm_cell("") == norm_cell("–") == norm_cell("－") == norm_cell(" ")


@pytest.mark.parametrize("s,r", [("11", (11, 11)), ("11-12", (11, 12)), ("１１～１２", (11, 12)), ("-5", (-5, -5)),
                                 ("2DR", None), ("3 or more", None)])
def test_parse_range(s, r):
    assert parse_range(s) == r


def T(ja, en=None):
    return Text.plain(ja) if en is None else Text(ja, en)


def table(rows, columns, corner=T("サイの目", "Die roll"), modifiers=None):
    grid = Grid(corner, tuple(columns), tuple(Row(lab, tuple(cells)) for lab, cells in rows))
    return Table(game="g", id="t", title=T("表", "Table"), rule="1.0", dice="2d6", grid=grid, modifiers=modifiers)


CRT = table(
    rows=[(T("2-3"), [T("1 / –"), T("– / 1"), T("– / 2DR")]),
          (T("4"), [T("1D / 1"), T("1 / 1"), T("– / 1")]),
          (T("5-6"), [T("A"), T("B"), T("C")]),
          (T("7-12"), [Text("はずれ", "Miss", span=3)])],
    columns=[T("1-2"), T("1-1"), T("2対1", "2-1")],
)


def raw(rows, kind="csv"):
    return RawTable([list(r) for r in rows], [f"line {i + 1}" for i in range(len(rows))], kind)


def kinds(cmp):
    return [(d.kind, d.row, d.column) for d in cmp.differences]


def test_full_width_and_japanese_headers_are_equal():
    found = raw([["サイの目", "１-２", "１-１", "２対１"],
                 ["２～３", "１ / －", "－ / １", "－ / ２ＤＲ"],
                 ["４", "１Ｄ / １", "１ / １", "ー / １"],
                 ["５〜６", "ａ", "ｂ", "ｃ"],
                 ["７～１２", "はずれ", "", ""]])
    cmp = check_raw(CRT, found)
    assert cmp.equal, cmp.differences
    assert cmp.lang == "ja"


def test_bilingual_labels_and_cells_match():
    found = raw([["サイの目 / Die roll", "1-2", "1-1", "2対1\n2-1"],
                 ["2-3", "1 / –", "– / 1", "– / 2DR"],
                 ["4", "1D / 1", "1 / 1", "– / 1"],
                 ["5-6", "A", "B", "C"],
                 ["7-12", "はずれ / Miss", "", ""]])
    assert check_raw(CRT, found).equal


def test_glossary_translates_labels():
    t = table(rows=[(T("Infantry"), [T("2")])], columns=[T("Defence")], corner=T("Unit"))
    found = raw([["ユニット", "防御"], ["歩兵", "２"]])
    gl = Glossary([Term("歩兵", "Infantry"), Term("防御", "Defence"), Term("ユニット", "Unit")])
    assert check_raw(t, found, gl).equal
    # without the glossary the single row and column are paired by position, labels differing
    assert kinds(check_raw(t, found)) == [("corner", None, None), ("column-label", None, "Defence"),
                                          ("row-label", "Infantry", None)]


def test_rows_and_columns_match_by_label_not_position():
    found = raw([["Die roll", "2-1", "1-1", "1-2"],
                 ["7-12", "", "", "Miss"],
                 ["4", "– / 1", "1 / 1", "1D / 1"],
                 ["2-3", "– / 2DR", "– / 1", "1 / –"],
                 ["5-6", "C", "B", "A"]])
    cmp = check_raw(CRT, found)   # every cell equal: only the order differs
    assert [(d.kind, d.row, d.column, d.other) for d in cmp.differences] == [
        ("columns-swapped", None, "1-2", "2-1"), ("row-moved", "7-12", None, None), ("row-moved", "4", None, None)]


def test_every_kind_of_difference_with_its_cell():
    found = raw([["Die roll", "1-1", "1-2", "2-1", "3-1"],     # 1-2 and 1-1 swapped, 3-1 extra
                 ["2-3", "– / 1", "1 / –", "– / 3DR", "x"],     # 2DR -> 3DR
                 ["4-5", "1 / 1", "1D / 1", "– / 1", "y"],      # range 4 -> 4-5
                 ["7-12", "", "Miss", "", ""],                  # 5-6 dropped
                 ["13", "z", "z", "z", "z"]])                   # extra row
    cmp = check_raw(CRT, found)
    assert kinds(cmp) == [
        ("extra-column", None, "3-1"),
        ("columns-swapped", None, "1-2"),
        ("row-range", "4", None),
        ("missing-row", "5-6", None),
        ("extra-row", "13", None),
        ("cell", "2-3", "2-1"),
    ]
    swap = cmp.differences[1]
    assert (swap.column, swap.other) == ("1-2", "1-1")
    rng = cmp.differences[2]
    assert (rng.expected, rng.found, rng.where) == ("4", "4-5", "line 3")
    cell = cmp.differences[-1]
    assert (cell.expected, cell.found, cell.where) == ("– / 2DR", "– / 3DR", "line 2, column 4")


def test_transposed_cells_are_two_cell_differences():
    found = raw([["Die roll", "1-2", "1-1", "2-1"],
                 ["2-3", "1 / –", "– / 1", "– / 2DR"],
                 ["4", "1 / 1", "1D / 1", "– / 1"],
                 ["5-6", "A", "B", "C"],
                 ["7-12", "Miss", "", ""]])
    cmp = check_raw(CRT, found)
    assert [(d.kind, d.row, d.column, d.expected, d.found) for d in cmp.differences] == [
        ("cell", "4", "1-2", "1D / 1", "1 / 1"), ("cell", "4", "1-1", "1 / 1", "1D / 1")]


def test_renamed_column_and_relabelled_row_are_paired_by_content():
    found = raw([["Die roll", "1-2", "1-1", "2:1"],
                 ["2-3", "1 / –", "– / 1", "– / 2DR"],
                 ["four", "1D / 1", "1 / 1", "– / 1"],
                 ["5-6", "A", "B", "C"],
                 ["7-12", "Miss", "", ""]])
    cmp = check_raw(CRT, found)
    assert [(d.kind, d.row, d.column, d.expected, d.found) for d in cmp.differences] == [
        ("column-label", None, "2-1", "2-1", "2:1"), ("row-label", "4", None, "4", "four")]


def test_two_header_rows_and_a_vertical_header():
    t = table(rows=[(T("2"), [T("3"), T("4")]), (T("3"), [T("2"), T("3")])],
              columns=[T("5 / 10"), T("10 / 20")], corner=T("ダイスの目", "Dice roll"))
    found = raw([["神風", "特攻機の数", "5", "10"],
                 ["通常", "攻撃機の数", "10", "20"],
                 ["ダイスの目", "2", "3", "4"],
                 ["", "3", "2", "3"]], kind="text")
    cmp = check_raw(t, found)
    assert (cmp.found.header_rows, cmp.found.label_col) == (2, 1)
    assert kinds(cmp) == [("corner", None, None), ("extra-column", None, "神風 / 通常")]
    assert cmp.differences[0].found == "特攻機の数 / 攻撃機の数"


def test_group_header_row_matching_the_corner_is_not_a_difference():
    t = table(rows=[(T("2"), [T("A"), T("B")])], columns=[T("1-2"), T("2-1")], corner=T("Die roll / Odds"))
    found = raw([["", "Odds", ""], ["Die roll", "1-2", "2-1"], ["2", "A", "B"]])
    assert check_raw(t, found).equal
    found = raw([["", "Ratio", ""], ["Die roll / Odds", "1-2", "2-1"], ["2", "A", "B"]])
    assert kinds(check_raw(t, found)) == [("header-row", None, None)]


def test_modifiers_grid_is_chosen_when_it_fits():
    mods = Grid(T("サイの目修正", "Die roll modifiers"), (T("防御", "Defence"), T("攻撃", "Attack")),
                (Row(T("*ユニット", "* unit"), (T("+1"), T("-1"))),))
    t = table(rows=[(T("2"), [T("A")])], columns=[T("1-2")], modifiers=mods)
    cmp = check_raw(t, raw([["Die roll modifiers", "Defence", "Attack"], ["* unit", "＋１", "−１"]]))
    assert cmp.grid_name == "modifiers" and cmp.equal


def test_spanning_cell_may_be_repeated_or_empty():
    for covered in ("", "Miss", "–"):
        found = raw([["Die roll", "1-2", "1-1", "2-1"], ["2-3", "1 / –", "– / 1", "– / 2DR"],
                     ["4", "1D / 1", "1 / 1", "– / 1"], ["5-6", "A", "B", "C"], ["7-12", "Miss", covered, covered]])
        assert check_raw(CRT, found).equal


def test_a_table_pasted_without_its_header_row():
    found = raw([["2-3", "1 / –", "– / 1", "– / 2DR"],
                 ["4", "1D / 1", "1 / 1", "– / 1"],
                 ["5-6", "A", "B", "C"],
                 ["7-12", "Miss", "", ""]], kind="text")
    cmp = check_raw(CRT, found)
    assert cmp.found.header_rows == 0
    # the columns pair by their cells; only their labels are missing
    assert kinds(cmp) == [("column-label", None, "1-2"), ("column-label", None, "1-1"),
                          ("column-label", None, "2-1")]
