"""The typed scenario vocabulary (playaids/engine/vocabulary.py): every element and constraint
kind refuses a misspelt key at `data validate` with file:line:col, and the bounds that keep a
scenario safe to run (pool sizes, counts, references to other elements) are refused with their
place, never an internal error."""
import re
import shutil
from pathlib import Path

import pytest

from conftest import run_in

from playaids import schemas
from playaids.engine import vocabulary

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "data" / "demo-game"

MAP = """grid: {digits: 2, columns: vertical, shifted: even, note: "synthetic test grid"}
places:
  - {id: castle, name: {ja: 城, en: Castle}, kind: town, hexes: ["0505"], zones: [north]}
  - {id: beach-a, name: {ja: 海岸A, en: Beach A}, kind: beach}
  - {id: villages, name: {ja: 村々, en: Villages}, kind: zone, slots: 3}
"""

HEAD = """id: test
title: {ja: 試験, en: Test, gloss: true}
rule: "1.0"
elements:
  - {id: chit, kind: draw, values: "1-3", rule: "2.1"}
"""
UNITS = """units:
  - {id: king, side: red, count: 1, type: hq, at: castle, rule: "3.1"}
"""

# One valid entry of every kind and a key of it to misspell (the misspelling replaces the key).
ELEMENTS = {
    "draw": ('{id: x, kind: draw, values: "1-7", rule: "2.2"}', "values", "value"),
    "roll": ('{id: x, kind: roll, dice: 2d6, rule: "2.2"}', "dice", "die"),
    "lookup": ('{id: x, kind: lookup, row: chit, mapping: {1: 0, 2: 1, 3: 1}, rule: "2.2"}', "mapping", "maping"),
    "permutation": ('{id: x, kind: permutation, groups: [{items: [a, b], values: "1-2"}], rule: "2.2"}',
                    "groups", "group"),
    "choose": ('{id: x, kind: choose, count: 2, from: [a, b, c], distinct: true, rule: "2.2"}', "distinct",
               "distnct"),
    "deal": ('{id: x, kind: deal, piles: {red: 5}, end-card: {pile: red, position: bottom}, rule: "2.2"}',
             "end-card", "endcard"),
    "option": ('{id: x, kind: option, default: false, rule: "2.2"}', "default", "defualt"),
    "allocate": ('{id: x, kind: allocate, items: {large: 2}, zones: [z1, z2], rule: "2.2"}', "zones", "zone"),
}
CONSTRAINTS = {
    "stacking": ('{kind: stacking, rule: "4.1", limit: 2, measure: units}', "limit", "limt"),
    "count": ('{kind: count, rule: "4.2", in: north, min: 1, side: red}', "min", "minimum"),
    "forbidden": ('{kind: forbidden, rule: "4.3", places: [castle], units: [king]}', "units", "unit"),
    "line": ('{kind: line, rule: "4.4", line: ["0504", "0904"], direction: greater-row}', "direction",
             "directon"),
    "distance-between": ('{kind: distance-between, rule: "4.5", tags: [army], max: 10}', "max", "maximum"),
    "game": ('{kind: game, rule: "4.6", check: some-check}', "check", "chek"),
}


def test_every_kind_has_a_case():
    assert set(ELEMENTS) == {k.kind for k in vocabulary.ELEMENTS}
    assert set(CONSTRAINTS) == {k.kind for k in vocabulary.CONSTRAINTS}


@pytest.fixture
def world(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root / "demo-game")
    (root / "demo-game" / "map.yaml").write_text(MAP, encoding="utf-8")
    (root / "demo-game" / "scenarios").mkdir()
    return root


def _write(root, text: str) -> Path:
    path = root / "demo-game" / "scenarios" / "test.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _run(capsys, *args) -> tuple[int, str]:
    return tuple(run_in(capsys, *args))


def _validate(capsys, root) -> tuple[int, str]:
    return _run(capsys, "data", "validate", root)


def _scenario(elements: str = "", constraints: str = "", units: str = UNITS) -> str:
    text = HEAD + elements + units
    return text + ("constraints:\n" + constraints if constraints else "")


def _line_col(text: str, needle: str) -> tuple[int, int]:
    for n, line in enumerate(text.splitlines(), 1):
        if needle in line:
            return n, line.index(needle) + 1
    raise AssertionError(needle)


@pytest.mark.parametrize("kind", sorted(ELEMENTS))
def test_element_kind_valid_then_misspelt(world, capsys, kind):
    entry, key, typo = ELEMENTS[kind]
    _write(world, _scenario(f"  - {entry}\n"))
    assert _validate(capsys, world)[0] == 0, kind
    text = _scenario(f"  - {entry.replace(key + ':', typo + ':', 1)}\n")
    path = _write(world, text)
    code, err = _validate(capsys, world)
    line, col = _line_col(text, typo + ":")
    assert code == 2
    assert f"{path}:{line}:" in err and f"unknown key {typo!r}" in err, err
    got_col = int(re.search(rf"{re.escape(str(path))}:{line}:(\d+):", err).group(1))
    assert got_col >= col  # at the misspelt key (or its value), not at the start of the list
    assert err.count("\n") == 1


@pytest.mark.parametrize("kind", sorted(CONSTRAINTS))
def test_constraint_kind_misspelt(world, capsys, kind):
    entry, key, typo = CONSTRAINTS[kind]
    text = _scenario(constraints=f"  - {entry.replace(key + ':', typo + ':', 1)}\n")
    path = _write(world, text)
    code, err = _validate(capsys, world)
    line, _ = _line_col(text, typo + ":")
    assert code == 2
    if kind == "game":  # without `check:` the entry is incomplete before it is misspelt
        assert f"{path}:{line}:" in err and "'check' is a required property" in err, err
    else:
        assert f"{path}:{line}:" in err and f"unknown key {typo!r}" in err, err


@pytest.mark.parametrize("kind", sorted(set(CONSTRAINTS) - {"game"}))
def test_constraint_kind_valid(world, capsys, kind):
    _write(world, _scenario(constraints=f"  - {CONSTRAINTS[kind][0]}\n"))
    assert _validate(capsys, world) == (0, "1 game valid: demo-game\n")


def test_misspelt_key_is_named_with_the_key_it_resembles(world, capsys):
    _write(world, _scenario(constraints='  - {kind: stacking, rule: "4.1", limt: 2}\n'))
    code, err = _validate(capsys, world)
    assert code == 2 and "unknown key 'limt'" in err and "did you mean 'limit'" in err


# --- bounds: each refused by `data validate` and `scenario` with its place, never exit 3 ----

BOUNDS = [
    ('  - {id: x, kind: draw, values: "1-1000000000", rule: "2.2"}\n', "", "1000000000", "at most 10000"),
    ('  - {id: x, kind: draw, values: "5-1", rule: "2.2"}\n', "", "5-1", "has no values"),
    ('  - {id: x, kind: choose, count: 4, from: [a, b, c], rule: "2.2"}\n', "", "count",
     "count 4 is more than the 3 values"),
    ('  - {id: x, kind: choose, count: 2, from: "element:nope", rule: "2.2"}\n', "", "from",
     "'nope' is not an element"),
    ('  - {id: x, kind: choose, count: 2, min-count: 3, from: [a, b, c], rule: "2.2"}\n', "", "min-count",
     "min-count 3 is more than count 2"),
    ('  - {id: x, kind: choose, count: 0, from: [a, b, c], rule: "2.2"}\n', "", "count", "minimum of 1"),
    ('  - {id: x, kind: permutation, groups: [{items: [a], values: "1-99999999"}], rule: "2.2"}\n', "", "99999999",
     "at most 10000"),
    ('  - {id: x, kind: roll, dice: 0d6, rule: "2.2"}\n', "", "dice", "does not match"),
    ('  - {id: x, kind: lookup, row: nope, mapping: {1: 2}, rule: "2.2"}\n', "", "row",
     "'nope' is not an element"),
    ('  - {id: x, kind: lookup, row: chit, rule: "2.2"}\n', "", "lookup", "needs table: (with column:) or mapping:"),
    ('  - {id: x, kind: deal, piles: {red: 5}, end-card: {pile: blue, position: bottom}, rule: "2.2"}\n', "",
     "pile: blue", "'blue' is not one of the piles"),
    ('  - {id: x, kind: allocate, items: {large: 99999999}, zones: [z1], rule: "2.2"}\n', "", "large",
     "maximum of 10000"),
    ('  - {id: x, kind: allocate, items: {large: 2}, zones: [], rule: "2.2"}\n', "", "zones", "non-empty"),
    ('  - {id: x, kind: option, default: false, when: {nope: [1]}, rule: "2.2"}\n', "", "nope",
     "'nope' is not an element"),
    ("", '  - {kind: stacking, rule: "4.1", limit: 2, measure: points}\n', "measure", "is not one of"),
    ("", '  - {kind: stacking, rule: "4.1", limit: -1}\n', "limit", "minimum of 0"),
    ("", '  - {kind: count, rule: "4.2", in: north}\n', "kind: count", "needs exact:, min: or max:"),
]


@pytest.mark.parametrize("elements,constraints,needle,message", BOUNDS)
def test_bounds_are_refused_with_their_place(world, capsys, elements, constraints, needle, message):
    text = _scenario(elements, constraints)
    path = _write(world, text)
    line, _ = _line_col(text, needle)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{line}:" in err and message in err, err
    code, err = _run(capsys, "--data", world, "scenario", "demo-game", "test")
    assert code == 2 and f"{path}:{line}:" in err and message in err, err
    setup = world / "setup.yaml"
    setup.write_text("game: demo-game\nscenario: test\ndraws: {}\nchoices: {}\nplacements: []\n", encoding="utf-8")
    code, err = _run(capsys, "--data", world, "verify", setup)
    assert code == 2 and f"{path}:{line}:" in err and message in err, err


def test_unit_count_and_slots_bounded(world, capsys):
    text = _scenario(units='units:\n  - {id: king, side: red, count: 100000000, at: castle, rule: "3.1"}\n')
    path = _write(world, text)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{_line_col(text, 'count: 1')[0]}:" in err and "maximum of 10000" in err
    text = _scenario(units='units:\n  - {id: v, side: red, count: 3, at: {zone: villages, per-place: 0}, '
                     'rule: "3.1"}\n')
    path = _write(world, text)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{_line_col(text, 'per-place')[0]}:" in err and "per-place" in err
    _write(world, _scenario())
    (world / "demo-game" / "map.yaml").write_text(MAP.replace("slots: 3", "slots: 1000000"), encoding="utf-8")
    code, err = _validate(capsys, world)
    assert code == 2 and "map.yaml:5:" in err and "maximum of 10000" in err


def test_choose_more_places_than_the_map_has_is_refused_when_generating(world, capsys):
    text = _scenario('  - {id: x, kind: choose, count: 2, from: "places:beach", rule: "2.2"}\n')
    path = _write(world, text)
    assert _validate(capsys, world)[0] == 0  # a user's --map may add beaches
    code, err = _run(capsys, "--data", world, "scenario", "demo-game", "test")
    line, _ = _line_col(text, "places:beach")
    assert code == 2 and f"{path}:{line}:" in err and "cannot choose 2 of the 1 values" in err, err


def test_published_schema_lists_every_kind():
    items = schemas.SCENARIO["properties"]["elements"]["items"]
    assert items["properties"]["kind"]["enum"] == [k.kind for k in vocabulary.ELEMENTS]
    stacking = vocabulary.constraint("stacking").schema()
    assert stacking["additionalProperties"] is False and "limit" in stacking["properties"]
    assert stacking["required"] == ["kind", "rule", "limit"]


@pytest.mark.parametrize("unit,needle,message", [
    ('{id: v, side: red, count: 1, at: {withn: 1, of: castle}, rule: "3.1"}', "withn", "units.0.at"),
    ('{id: v, side: red, count: 1, at: {within: "far", of: castle}, rule: "3.1"}', "within", "units.0.at"),
    ('{id: v, side: red, count: 1, at: castle, when: {chitt: [1]}, rule: "3.1"}', "chitt",
     "'chitt' is not an element"),
    ('{id: v, side: red, count: 1, at: castle, generate-at: 7, rule: "3.1"}', "generate-at", "is not of type"),
])
def test_unit_placement_rules_are_typed(world, capsys, unit, needle, message):
    text = _scenario(units=f"units:\n  - {unit}\n")
    path = _write(world, text)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{_line_col(text, needle)[0]}:" in err and message in err, err


def test_a_lookup_names_a_table_of_the_game(world, capsys):
    text = _scenario('  - {id: x, kind: lookup, table: nope, row: chit, rule: "2.2"}\n')
    path = _write(world, text)
    code, err = _validate(capsys, world)
    line, col = _line_col(text, "nope")
    assert code == 2 and f"{path}:{line}:{col}: elements.1: demo-game has no table 'nope'" in err, err


def test_names_from_names_a_table_of_the_game(world, capsys):
    """An element's values named by a table's rows (`names-from`, the setup sheet's chit names):
    the table must be the game's; `names` must be bilingual."""
    text = _scenario('  - {id: x, kind: choose, count: 1, from: [1, 2], names-from: nope, rule: "2.2"}\n')
    path = _write(world, text)
    code, err = _validate(capsys, world)
    line, col = _line_col(text, "nope")
    assert code == 2 and f"{path}:{line}:{col}: elements.1: demo-game has no table 'nope'" in err, err
    _write(world, _scenario('  - {id: x, kind: choose, count: 1, from: [1, 2], names-from: results, '
                            'names: {2: {ja: 二, en: two}}, rule: "2.2"}\n'))
    assert _validate(capsys, world)[0] == 0
    text = _scenario('  - {id: x, kind: choose, count: 1, from: [1, 2], names: {2: two}, rule: "2.2"}\n')
    path = _write(world, text)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{_line_col(text, 'names')[0]}:" in err, err


def test_a_face_down_counters_back_and_the_maps_areas_are_typed(world, capsys):
    """`back` (what the opponent sees of a face-down counter) is bilingual; a map's `areas` (the
    setup sheet's headings) have a bilingual name and lists of kinds and places."""
    unit = '{id: v, side: red, count: 1, at: castle, face: down, back: {ja: 裏, en: Back}, rule: "3.1"}'
    _write(world, _scenario(units=f"units:\n  - {unit}\n"))
    assert _validate(capsys, world)[0] == 0
    text = _scenario(units=f"units:\n  - {unit.replace('{ja: 裏, en: Back}', 'Back')}\n")
    path = _write(world, text)
    code, err = _validate(capsys, world)
    assert code == 2 and f"{path}:{_line_col(text, 'back')[0]}:" in err, err
    _write(world, _scenario())
    areas = "areas:\n  - {name: {ja: 町, en: Towns}, kinds: [town], places: [villages]}\n"
    (world / "demo-game" / "map.yaml").write_text(areas + MAP, encoding="utf-8")
    assert _validate(capsys, world)[0] == 0
    (world / "demo-game" / "map.yaml").write_text(areas.replace("kinds:", "kind:") + MAP, encoding="utf-8")
    code, err = _validate(capsys, world)
    assert code == 2 and "map.yaml:2:" in err and "kind" in err, err
