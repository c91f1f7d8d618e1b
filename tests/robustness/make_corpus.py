"""Writes the bad-input corpus under tests/fixtures/bad/: one folder per case with the data
it needs and `case.yaml` (argv, expected exit code and error fragment).

Run again after changing it: `python tests/robustness/make_corpus.py`. The corpus is
committed, so the tests read plain files."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
ROOT = TESTS.parent
DEMO = TESTS / "fixtures" / "data" / "demo-game"
OUT = TESTS / "fixtures" / "bad"
GOOD_TABLE = (DEMO / "tables" / "results.yaml").read_text(encoding="utf-8")
GOOD_GAME = (DEMO / "game.yaml").read_text(encoding="utf-8")
GOOD_GLOSSARY = (DEMO / "glossary.yaml").read_text(encoding="utf-8")
cases: list[dict] = []


def case(slug, files, argv, fragment, code=2):
    cases.append({"slug": slug, "files": files, "argv": argv, "fragment": fragment, "code": code})


def table_case(slug, old, new, fragment, argv=None, count=1):
    assert old in GOOD_TABLE, old
    text = GOOD_TABLE.replace(old, new, count)
    case(slug, {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml": text},
         argv or ["--data", "{dir}/data", "table", "demo-game", "results", "--format", "csv"], fragment)


# --- broken YAML syntax
syntax = [
    ('columns: ["1-2", "1-1"', 'columns: ["1-2, "1-1"', "results.yaml:7:"),
    ("rows:\n", "rows:\n\t", "results.yaml:"),
    ('rule: "7.3"', 'rule: "7.3', "results.yaml:"),
    ("dice: 2d6", "dice: 2d6: 3", "results.yaml:4:"),
    ("  - label: \"4\"", "   - label: \"4\"", "results.yaml:"),
    ("modifiers:", "modifiers: [", "results.yaml:"),
    ("legend:", "legend: {", "results.yaml:"),
    ("notes:", "notes: ]", "results.yaml:"),
    ("id: results", "id: results\n  - x", "results.yaml:"),
    ("title: {ja: 戦闘結果表,", "title: {ja: 戦闘結果表", "results.yaml:"),
    ("source: {seed:", "source: {{seed:", "results.yaml:6:1:"),
    ("corner: {ja: サイの目", "corner: {ja: 'サイの目", "results.yaml:"),
]
for i, (old, new, frag) in enumerate(syntax):
    table_case(f"syntax-{i:02d}", old, new, frag)

# --- wrong types and values, one per field
types = [
    ("id: results", "id: 7", "id"), ("id: results", "id: [results]", "id"),
    ("id: results", "id: Results", "id"),
    ("title: {ja: 戦闘結果表, en: Combat Results Table}", "title: Combat Results Table", "title"),
    ("title: {ja: 戦闘結果表, en: Combat Results Table}", "title: {ja: 戦闘結果表}", "title"),
    ("title: {ja: 戦闘結果表, en: Combat Results Table}", "title: {ja: 戦闘結果表, en: ''}", "title"),
    ('rule: "7.3"', "rule: 7.3", "rule"), ('rule: "7.3"', 'rule: "seven"', "rule"),
    ('rule: "7.3"', "rule: [7, 3]", "rule"), ('rule: "7.3"', 'rule: ""', "rule"),
    ("dice: 2d6", "dice: 7d6", "dice"), ("dice: 2d6", "dice: 2", "dice"), ("dice: 2d6", "dice: [2d6]", "dice"),
    ("source: {seed: fixture.txt, lines: \"1-20\"}", "source: fixture.txt", "source"),
    ("source: {seed: fixture.txt, lines: \"1-20\"}", "source: {lines: 3}", "source"),
    ("corner: {ja: サイの目, en: Die roll}", "corner: [サイの目]", "corner"),
    ("corner: {ja: サイの目, en: Die roll}", "corner: {ja: サイの目, en: Die roll, fr: Dé}", "corner"),
    ('columns: ["1-2", "1-1", {ja: 2対1, en: 2-1}]', 'columns: "1-2, 1-1"', "columns"),
    ('columns: ["1-2", "1-1", {ja: 2対1, en: 2-1}]', 'columns: {a: 1}', "columns"),
    ('columns: ["1-2", "1-1", {ja: 2対1, en: 2-1}]', 'columns: ["1-2", "1-1", [2, 1]]', "columns.2"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - {label: ["2-3"], cells: ["1 / –", "– / 1", "– / 2DR"]}', "rows.0.label"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - {label: "2-3", cells: "1 / –"}', "rows.0.cells"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - {label: "2-3", cells: [["1"], "– / 1", "– / 2DR"]}', "rows.0.cells.0"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - {label: "2-3", cells: [true, "– / 1", "– / 2DR"]}', "rows.0.cells.0"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - {cells: ["1 / –", "– / 1", "– / 2DR"]}', "label"),
    ('  - {label: "2-3", cells: ["1 / –", "– / 1", "– / 2DR"]}', '  - "2-3"', "rows.0"),
    ("cells: [{ja: はずれ, en: Miss, gloss: true, span: 3}]", "cells: [{ja: はずれ, en: Miss, gloss: true, span: 0}]", "rows.2.cells.0"),
    ("cells: [{ja: はずれ, en: Miss, gloss: true, span: 3}]", "cells: [{ja: はずれ, en: Miss, gloss: yes please, span: 3}]", "rows.2.cells.0"),
    ("cells: [{ja: はずれ, en: Miss, gloss: true, span: 3}]", "cells: [{text: はずれ, span: \"3\"}]", "rows.2.cells.0"),
    ('{text: "1G / 1", note: "G may belong to the defender line"}', '{text: "1G / 1", note: ""}', "rows.1.cells.1"),
    ('{text: "1G / 1", note: "G may belong to the defender line"}', '{text: "1G / 1", note: [a]}', "rows.1.cells.1"),
    ("modifiers:\n  corner:", "modifiers: []\nxmodifiers:\n  corner:", "modifiers"),
    ("    - {label: {ja: \"*ユニット\", en: \"* unit\"}, cells: [\"+1\", \"-1\"], rule: \"7.2.4\"}",
     "    - {label: {ja: \"*ユニット\", en: \"* unit\"}, cells: [\"+1\", \"-1\"], rule: 7.2}", "modifiers.rows.0.rule"),
    ("  - {code: D, text: {ja: 士気阻喪, en: Demoralized}, rule: \"7.3.4\"}", "  - {text: {ja: 士気阻喪, en: Demoralized}}", "legend.0"),
    ("  - {code: D, text: {ja: 士気阻喪, en: Demoralized}, rule: \"7.3.4\"}", "  - {code: D, text: 3.5}", "legend.0.text"),
    ("  - {code: D, text: {ja: 士気阻喪, en: Demoralized}, rule: \"7.3.4\"}", "  - D", "legend.0"),
    ("notes:\n  - {text:", "notes: many\nxnotes:\n  - {text:", "notes"),
    ("rows:\n", "rows: {}\nxrows:\n", "rows"),
]
for i, (old, new, frag) in enumerate(types):
    table_case(f"type-{i:02d}", old, new, frag)

# --- unknown keys at every level
unknown = [
    ("dice: 2d6", "dice: 2d6\ncolour: red", "unknown key 'colour'"),
    ("source: {seed: fixture.txt,", "source: {page: 4, seed: fixture.txt,", "unknown key 'page'"),
    ('  - {label: "2-3", cells:', '  - {label: "2-3", color: red, cells:', "unknown key 'color'"),
    ("modifiers:\n  corner:", "modifiers:\n  title: x\n  corner:", "unknown key 'title'"),
    ("  - {code: D,", "  - {symbol: x, code: D,", "unknown key 'symbol'"),
    ("  - {text: {ja: 12より", "  - {when: now, text: {ja: 12より", "unknown key 'when'"),
    ("id: results", "id: results\nversion: 2", "unknown key 'version'"),
    ("id: results", "id: results\nrow: []", "unknown key 'row'"),
]
for i, (old, new, frag) in enumerate(unknown):
    table_case(f"unknown-key-{i:02d}", old, new, frag)

# --- duplicate keys
dups = [
    ("dice: 2d6", "dice: 2d6\ndice: 1d6", "duplicate key 'dice'"),
    ("id: results", "id: results\nid: results", "duplicate key 'id'"),
    ("rule: \"7.3\"", "rule: \"7.3\"\nrule: \"7.4\"", "duplicate key 'rule'"),
    ("title: {ja: 戦闘結果表, en: Combat Results Table}", "title: {ja: 戦闘結果表, en: Combat Results Table, en: CRT}", "duplicate key 'en'"),
    ('  - {label: "2-3", cells:', '  - {label: "2-3", label: "2", cells:', "duplicate key 'label'"),
    ("modifiers:\n  corner:", "modifiers:\n  rows: []\n  corner:", "duplicate key 'rows'"),
    ("source: {seed: fixture.txt,", "source: {seed: a, seed: fixture.txt,", "duplicate key 'seed'"),
    ("legend:", "notes: []\nlegend:", "duplicate key 'notes'"),
]
for i, (old, new, frag) in enumerate(dups):
    table_case(f"duplicate-key-{i:02d}", old, new, frag)

# --- ragged and duplicated structure
struct = [
    ('"– / 1", "– / 2DR"]}', '"– / 1"]}', "ragged row '2-3': 2 cells for 3 columns"),
    ('"– / 1", "– / 2DR"]}', '"– / 1", "– / 2DR", "x"]}', "ragged row '2-3': 4 cells for 3 columns"),
    ("span: 3}", "span: 2}", "ragged row '5-12': 2 cells for 3 columns"),
    ("span: 3}", "span: 4}", "ragged row '5-12': 4 cells for 3 columns"),
    ('cells: ["+1", "-1"]', 'cells: ["+1"]', "ragged row '* unit': 1 cells for 2 columns"),
    ('label: "4"', 'label: "2-3"', "duplicate row label '2-3'"),
    ('columns: ["1-2", "1-1",', 'columns: ["1-2", "1-2",', "duplicate column label '1-2'"),
    ("id: results", "id: result", "does not match the file name"),
]
for i, (old, new, frag) in enumerate(struct):
    table_case(f"structure-{i:02d}", old, new, frag)

# --- YAML features that are refused
for i, (old, new, frag) in enumerate([
    ("corner: {ja: サイの目, en: Die roll}", "corner: &c {ja: サイの目, en: Die roll}\nmissing: *c", "aliases are not allowed"),
    ("id: results", "id: results\nx: &a [1, 2]\ny: &b [*a, *a]\nz: [*b, *b, *b]", "aliases are not allowed"),
    ("id: results", "id: !!python/object/apply:os.system [echo hi]", "not allowed"),
    ("id: results", "id: !custom results", "not allowed"),
    ("dice: 2d6", "<<: {dice: 2d6}", "not allowed"),
    ("id: results", "id: !!binary aGVsbG8=", "not allowed"),
]):
    table_case(f"yaml-feature-{i:02d}", old, new, frag)

# --- files that cannot be read as text
case("huge-file", {"data/demo-game/game.yaml": GOOD_GAME,
                   "data/demo-game/tables/results.yaml": "id: results\n# padded to 3 MiB by the test (pad:)\n"},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "bytes, more than the")
cases[-1]["pad"] = {"file": "data/demo-game/tables/results.yaml", "bytes": 3 * 1024 * 1024}
case("not-utf8", {"data/demo-game/game.yaml": GOOD_GAME,
                  "data/demo-game/tables/results.yaml": b"id: results\ntitle: \xff\xfe\n"},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "results.yaml:2: not UTF-8 text")
case("nul-byte", {"data/demo-game/game.yaml": GOOD_GAME,
                  "data/demo-game/tables/results.yaml": "id: results\x00\n"},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "NUL byte")
case("empty-table", {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml": ""},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "results.yaml:1:1: empty document")
case("table-is-a-list", {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml": "- 1\n- 2\n"},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "results.yaml:1:1:")
case("table-is-a-folder", {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml/x": "a"},
     ["--data", "{dir}/data", "table", "demo-game", "results"], "unknown table")

# --- unknown ids
for i, argv, frag in [
    (0, ["table", "demo-game", "nope"], "unknown table of demo-game 'nope'"),
    (1, ["table", "nope", "results"], "unknown game 'nope'"),
    (2, ["list", "nope"], "unknown game 'nope'"),
    (3, ["table", "demo-game", "../demo-game/tables/results"], "unknown table"),
    (4, ["scenario", "demo-game", "nope"], "unknown scenario of demo-game 'nope'"),
    (5, ["list", "nope", "--scenarios"], "unknown game 'nope'"),
    (6, ["table", "demo-game", "results", "--format", "docx"], "docx"),
    (7, ["table", "demo-game", "results", "--lang", "fr"], "fr"),
    (8, ["table", "demo-game", "results", "--paper", "b5"], "b5"),
    (9, ["build", "--lang", "de"], "de"),
]:
    case(f"unknown-id-{i:02d}", {"data/demo-game/game.yaml": GOOD_GAME,
                                 "data/demo-game/tables/results.yaml": GOOD_TABLE},
         ["--data", "{dir}/data", *argv], frag)

# --- game.yaml and glossary.yaml
for i, (old, new, frag) in enumerate([
    ("id: demo-game", "id: other-game", "does not match the folder name"),
    ("id: demo-game", "id: 5", "id"),
    ("title: {ja: 試験用ゲーム, en: Demo Game}", "title: Demo", "title"),
    ("sides:", "sides: []\nxsides:", "sides"),
    ("  - {id: red, name: {ja: 赤軍, en: Red}}", "  - {id: Red Army, name: {ja: 赤軍, en: Red}}", "sides.0.id"),
    ("  - {id: red, name: {ja: 赤軍, en: Red}}", "  - {id: red}", "sides.0"),
    ("source: {seed: none, note: test fixture}", "source: none", "source"),
    ("id: demo-game", "id: demo-game\nid: demo-game", "duplicate key"),
    ("id: demo-game", "id: demo-game\npublisher: x", "unknown key 'publisher'"),
    ("sides:", "sides: &s\n", "aliases"),
]):
    assert old in GOOD_GAME, old
    case(f"game-{i:02d}", {"data/demo-game/game.yaml": GOOD_GAME.replace(old, new, 1),
                           "data/demo-game/tables/results.yaml": GOOD_TABLE},
         ["--data", "{dir}/data", "data", "validate"], frag)
for i, (old, new, frag) in enumerate([
    ("terms:", "terms: {}\nxterms:", "terms"),
    ("  - {ja: はずれ, en: Miss, gloss: true}", "  - {ja: はずれ}", "terms.1"),
    ("  - {ja: はずれ, en: Miss, gloss: true}", "  - {ja: はずれ, en: Miss, gloss: maybe}", "terms.1.gloss"),
    ("  - {ja: はずれ, en: Miss, gloss: true}", "  - {ja: 戦闘結果表, en: CRT}", "already glossed as 'Combat Results Table'"),
    ("  - {ja: はずれ, en: Miss, gloss: true}", "  - {ja: はずれ, en: Miss, colour: x}", "unknown key 'colour'"),
    ("terms:", "terms:\n  - [ja, en]", "terms.0"),
]):
    assert old in GOOD_GLOSSARY, old
    case(f"glossary-{i:02d}", {"data/demo-game/game.yaml": GOOD_GAME,
                               "data/demo-game/glossary.yaml": GOOD_GLOSSARY.replace(old, new, 1),
                               "data/demo-game/tables/results.yaml": GOOD_TABLE},
         ["--data", "{dir}/data", "data", "validate"], frag)

# --- output paths that cannot be written (never a half-written file)
case("output-under-a-file", {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml": GOOD_TABLE,
                             "blocker": "a file, not a folder"},
     ["--data", "{dir}/data", "table", "demo-game", "results", "--format", "pdf", "-o", "{dir}/blocker/x.pdf"],
     "blocker")
case("build-out-is-a-file", {"data/demo-game/game.yaml": GOOD_GAME, "data/demo-game/tables/results.yaml": GOOD_TABLE,
                             "out": "a file"},
     ["--data", "{dir}/data", "build", "--out", "{dir}/out"], "out")

# --- every real table of every game with a ragged row, a duplicate key, a wrong type
for game_dir in sorted((ROOT / "data").iterdir()):
    tables = sorted((game_dir / "tables").glob("*.yaml")) if (game_dir / "tables").is_dir() else []
    for path in tables:
        text = path.read_text(encoding="utf-8")
        if "cells:" not in text or "rows: []" in text:
            continue
        gid, tid = game_dir.name, path.stem
        files = {f"data/{gid}/game.yaml": (game_dir / "game.yaml").read_text(encoding="utf-8")}
        lines = text.split("\n")
        idx = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith("rule:") and not ln.startswith(" ")), None)
        if idx is None:
            continue
        bad = lines[:idx] + ["rule: 12"] + lines[idx + 1:]
        case(f"real-type-{gid}-{tid}", {**files, f"data/{gid}/tables/{tid}.yaml": "\n".join(bad)},
             ["--data", "{dir}/data", "table", gid, tid], f"{tid}.yaml:{idx + 1}:")
        dup = lines[:idx + 1] + [lines[idx]] + lines[idx + 1:]
        case(f"real-dup-{gid}-{tid}", {**files, f"data/{gid}/tables/{tid}.yaml": "\n".join(dup)},
             ["--data", "{dir}/data", "table", gid, tid], f"{tid}.yaml:{idx + 2}:1: duplicate key 'rule'")


def main():
    if OUT.exists():
        shutil.rmtree(OUT)
    for c in cases:
        d = OUT / c["slug"]
        for rel, content in c["files"].items():
            p = d / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_text(content, encoding="utf-8")
        meta = {"argv": c["argv"], "code": c["code"], "fragment": c["fragment"]}
        if "pad" in c:
            meta["pad"] = c["pad"]
        (d / "case.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True, sort_keys=False), encoding="utf-8")
    print(f"{len(cases)} cases in {OUT}")


if __name__ == "__main__":
    main()
