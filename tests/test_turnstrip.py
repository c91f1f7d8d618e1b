"""The strip of turn cells (playaids/render/turnstrip.py) and the sheet's layout helpers, unit by
unit: a value kept whole with its number, runs of turns, cell widths, two-column notes."""
from playaids.render import turnsheet, turnstrip
from playaids.render.lines import Lines
from playaids.render.turnstrip import Cell, Entry


def test_a_short_value_is_never_split_from_its_number():
    """'Transport points used now return: turn' / '5' was printed broken before the number."""
    name, value = "Transport points used now return", "turn 5"
    full = turnstrip._width(f"{name}: {value}", turnstrip.TEXT)
    width = full - turnstrip._width(" 5", turnstrip.TEXT) + 0.5   # room for all but the number
    whole = turnstrip._wrap(f"{name}: {value}", width, turnstrip.TEXT)
    assert whole[-1] == "5"   # a plain break splits it here
    lines = turnstrip.value_line(name, value, width)
    assert lines[-1] == value and all(value not in ln for ln in lines[:-1])
    assert turnstrip.value_line(name, value, 400) == [f"{name}: {value}"]   # one line when it fits


def test_runs_of_turns():
    assert turnsheet._runs((1, 2, 4, 6, 7, 8)) == [(1, 2), (4,), (6, 7, 8)]
    assert turnsheet._runs(()) == []


def _cell(turn, words=""):
    return Cell(turn, [f"Turn {turn}"], None, [Entry(words)] if words else [])


def test_a_wordy_cell_is_given_more_width_when_it_lowers_the_row():
    long = "Landing at Toguchi: 1st Marine Division 2215, 2315, 2316, 2417; 6th Marine Division 2111, 2112. " * 3
    row = [_cell(1, long)] + [_cell(t) for t in range(2, 8)]
    ws = turnstrip.widths(row, 700, 66)
    assert abs(sum(ws) - 700) < 0.01 and ws[0] > 1.5 * ws[1] and min(ws) >= 66
    assert turnstrip._cell_h(row[0], ws[0]) < 0.8 * turnstrip._cell_h(row[0], 100)


def test_cells_of_like_words_keep_equal_widths():
    row = [_cell(t, "Japanese air may fly if the delay was 2 game turns. (5.16)") for t in range(1, 8)]
    assert turnstrip.widths(row, 700, 66) == [100.0] * 7


def _paras(n):
    out = []
    for k in range(n):
        if k % 4 == 0:
            h = Lines(f"Heading {k}", 8)
            h.keepWithNext = True
            out.append(h)
        else:
            out.append(Lines(f"Item {k} " + "word " * 30, 7.6))
    return out


def test_two_columns_balance_and_never_end_a_column_on_a_heading():
    block = turnsheet.TwoColumns(_paras(12))
    w, h = block.wrap(700, 1e6)
    left, right = block.cols
    assert left and right and not getattr(left[-1], "keepWithNext", False)
    one = sum(p.wrap(block.col_w, 1e6)[1] for p in _paras(12))
    assert h < 0.7 * one   # two columns: about half the height of one


def test_two_columns_split_at_a_page_end_between_paragraphs():
    block = turnsheet.TwoColumns(_paras(40))
    block.wrap(700, 1e6)
    first, rest = block.split(700, 120)
    assert first.wrap(700, 120)[1] <= 120
    assert len(first.parts) + len(rest.parts) == 40
    assert not getattr(first.parts[-1], "keepWithNext", False)
    assert turnsheet.TwoColumns(_paras(3)).split(700, 5) == []   # nothing fits: the next page
