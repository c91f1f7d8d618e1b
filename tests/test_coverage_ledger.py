"""The coverage ledgers (data/<game>/coverage.yaml, issue 21): every ref a ledger entry names has
a case that makes it fire on an illegal setup, whose legal base verifies with no violation.

Refs of units and elements get automatic cases (the unit's placements removed; the element's
value put out of its pool); constraint and check refs, and units whose wrong place is the
rule's point, have cases in tests/legality/<game>.yaml: a base (a generated seed or a legal
setup file) and edits of its YAML data."""
from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ROOT, run_in
from playaids import setupreader
from playaids.engine import api, setupfile
from playaids.engine import generate as gen
from playaids.repository import Repository

DATA = Repository(ROOT / "data")
CASES = ROOT / "tests" / "legality"
GAMES = [g for g in DATA.game_ids() if DATA.coverage(g) is not None]
TRIES = range(12)   # the seeds an automatic case looks through for one where the unit or element is present


def _cases(game: str) -> list[dict]:
    path = CASES / f"{game}.yaml"
    # the C loader: the cases are parsed as the tests are collected, in every worker
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)["cases"] if path.is_file() else []


EXPLICIT = [pytest.param(g, i, c, id=f"{g}-{i}-{c['ref']}") for g in GAMES for i, c in enumerate(_cases(g))]


# --- editing a setup's YAML data ---------------------------------------------------------------

def _step(node, item):
    if isinstance(item, dict):   # {key: value}: the first list item matching
        (k, v), = item.items()
        matches = [i for i, x in enumerate(node) if isinstance(x, dict) and x.get(k) == v]
        assert matches, f"no item with {k}: {v!r}"
        return matches[0]
    return item


def apply(doc: dict, op: dict) -> None:
    if "set" in op:
        *path, last = op["set"]
        node = doc
        for item in path:
            node = node[_step(node, item)]
        node[_step(node, last)] = op["to"]
    elif "append" in op:
        node = doc
        for item in op["append"]:
            node = node[_step(node, item)]
        node.append(op["value"])
    elif "delete" in op:
        *path, last = op["delete"]
        node = doc
        for item in path:
            node = node[_step(node, item)]
        del node[_step(node, last)]
    else:
        raise AssertionError(f"unknown edit {op}")


def _verify_doc(doc: dict, folder: Path, name: str, map_file=None):
    path = folder / name
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return api.verify_file(DATA, path, map_file)[1]


def _base(game: str, case: dict, tmp_path: Path) -> tuple[dict, Path]:
    if "base" in case:
        src = ROOT / case["base"]
        for f in src.parent.glob("*.yaml"):   # a setup names its terrain beside it
            shutil.copy(f, tmp_path / f.name)
        return yaml.safe_load(src.read_text(encoding="utf-8")), tmp_path
    setup = api.generate(DATA, game, case["scenario"], case.get("seed", 1))
    return setup.as_dict(), tmp_path


def _wrong(found) -> list:
    return [v for v in found if v.status in ("violation", "error")]


# --- the cases ---------------------------------------------------------------------------------

@pytest.mark.sample(88)
@pytest.mark.parametrize("game,i,case", EXPLICIT)
def test_case_fires_on_an_illegal_setup_and_its_base_is_legal(game, i, case, tmp_path):
    doc, folder = _base(game, case, tmp_path)
    assert _wrong(_verify_doc(doc, folder, "base.yaml", case.get("map"))) == [], "the base is not legal"
    bad = copy.deepcopy(doc)
    for op in case["mutate"]:
        apply(bad, op)
    found = _wrong(_verify_doc(bad, folder, "bad.yaml", case.get("map")))
    setup = setupreader.load(folder / "bad.yaml", DATA.setup_keys)
    assert all(api.locate(setup, v)[1] for v in found), "every verify line has its file:line"
    hits = [v for v in found if case["ref"] in v.refs()]
    assert hits, f"{case['ref']} did not fire; found {[(v.ref, v.check, v.message) for v in found]}"
    if "rule" in case:
        assert any(case["rule"] in v.rule for v in hits), [v.rule for v in hits]


def _present(game: str, scenarios, test):
    """(scenario id, seed, setup as data) of the first generated setup where `test(setup)` holds."""
    for sid in scenarios:
        for seed in TRIES:
            setup = api.generate(DATA, game, sid, seed)
            if test(setup):
                return sid, seed, setup.as_dict()
    return None


_IMPOSSIBLE = {"draw": 10 ** 6, "roll": 10 ** 6, "lookup": "no such value", "permutation": {"no such item": 0},
               "choose": ["no such value"], "deal": {"no such pile": 1}, "option": "maybe",
               "allocate": {"no such zone": {}}}


def _auto_refs():
    for game in GAMES:
        ledger = DATA.coverage(game)
        covered = {c["ref"] for c in _cases(game)}
        for ref in sorted(ledger.refs() - covered):
            kind, _, name = ref.partition(":")
            if kind in ("unit", "element"):
                scenarios = sorted({s for e in ledger.entries if ref in e.checks
                                    for s in (e.scenarios or DATA.scenario_ids(game))})
                yield pytest.param(game, ref, scenarios, id=f"{game}-{ref}")


@pytest.mark.parametrize("game,ref,scenarios", list(_auto_refs()))
def test_automatic_case_fires(game, ref, scenarios, tmp_path):
    kind, _, name = ref.partition(":")
    if kind == "unit":
        hit = _present(game, scenarios, lambda s: any(p.unit == name for p in s.placements))
        assert hit, f"no generated setup of {scenarios} places {name}: give a case in tests/legality/{game}.yaml"
        sid, seed, doc = hit
        doc["placements"] = [p for p in doc["placements"] if p["unit"] != name]
    else:
        def has(s):
            return any(name in getattr(s, part) for part in ("draws", "derived", "choices"))
        hit = _present(game, scenarios, has)
        assert hit, f"no generated setup of {scenarios} has {name}: give a case in tests/legality/{game}.yaml"
        sid, seed, doc = hit
        e = DATA.scenario(game, sid).element(name)
        part = next(p for p in ("draws", "derived", "choices") if name in doc.get(p, {}))
        doc[part][name] = _IMPOSSIBLE[e["kind"]]
    found = _wrong(_verify_doc(doc, tmp_path, "bad.yaml"))
    assert any(ref in v.refs() for v in found), (sid, seed, [(v.ref, v.message) for v in found])


@pytest.mark.parametrize("game", GAMES)
def test_every_ref_has_a_case(game):
    """Each ref a ledger names is made to fire: by a case, or automatically (units, elements)."""
    refs = DATA.coverage(game).refs()
    explicit = {c["ref"] for c in _cases(game)}
    assert {r for r in refs if r.split(":")[0] in ("constraint", "check")} <= explicit


@pytest.mark.parametrize("game", GAMES)
def test_every_case_names_a_ref_of_the_ledger(game):
    """A case for a check no ledger entry names tests nothing the ledger promises: a typo."""
    assert {c["ref"] for c in _cases(game)} <= DATA.coverage(game).refs()


# --- the ledger as a player sees it --------------------------------------------------------------

LEDGER = """\
game: okinawa
seed: 004_6cffc3deca95117c.txt
entries:
  - {rule: "18.12c", scenarios: [campaign], line: 1835, ja: 海岸の支配地域, en: No unit in a beach ZOC,
     status: unchecked, needs: the hexes of the landing beaches}
  - {rule: "18.12c", scenarios: all, ja: 特設第一聯隊, en: The Special 1st Regiment at 2819,
     status: checked, checks: [unit:tokusetsu-1st-regiment]}
  - {rule: "18.1", scenarios: [scenario-1], ja: 先攻, en: Who moves first, status: not-setup, why: a rule of play}
"""


@pytest.fixture
def ledger_data(tmp_path):
    shutil.copytree(ROOT / "data" / "okinawa", tmp_path / "okinawa")
    (tmp_path / "okinawa" / "coverage.yaml").write_text(LEDGER, encoding="utf-8")
    return tmp_path


@pytest.mark.sample
def test_coverage_prints_the_ledger(capsys, ledger_data):
    code, out = run_in(capsys, "--data", ledger_data, "--no-builtin", "coverage", "okinawa", "campaign")
    assert code == 0, out
    assert "okinawa campaign: 2 set-up sentences of the rules: 1 checked, 1 unchecked, 0 not set-up rules" in out
    assert "18.12c  UNCHECKED: needs the hexes of the landing beaches" in out
    assert "「海岸の支配地域」 (l. 1835)" in out
    code, out = run_in(capsys, "--data", ledger_data, "--no-builtin", "coverage", "okinawa", "--format", "json")
    import json

    doc = json.loads(out)
    assert doc["counts"] == {"checked": 1, "unchecked": 1, "not-setup": 1}
    assert doc["entries"][2] == {"rule": "18.1", "scenarios": ["scenario-1"], "status": "not-setup",
                                 "en": "Who moves first", "ja": "先攻", "why": "a rule of play"}


def test_verify_says_every_unchecked_entry_and_strict_fails_on_it(capsys, ledger_data, tmp_path):
    setup = api.generate(Repository([ledger_data]), "okinawa", "campaign", 3)
    path = tmp_path / "s.yaml"
    path.write_text(setupfile.dump(setup), encoding="utf-8")
    code, out = run_in(capsys, "--data", ledger_data, "--no-builtin", "verify", path)
    assert code == 0, out
    assert f"{path}:2: 18.12c  set-up rule: unchecked: No unit in a beach ZOC (needs the hexes of the landing " \
           "beaches)" in out
    assert "legal, 3 unchecked" in out   # and the units of unstated number none placed
    code, _ = run_in(capsys, "--data", ledger_data, "--no-builtin", "verify", "--strict", path)
    assert code == 1


@pytest.mark.parametrize("text,error", [
    ("unit:tokusetsu-1st-regimen", "did you mean 'unit:tokusetsu-1st-regiment'"),
    ("constraint:no-such", "no unit, element or constraint"),
])
@pytest.mark.sample
def test_a_misspelt_ref_is_an_error_at_its_line(capsys, ledger_data, text, error):
    path = ledger_data / "okinawa" / "coverage.yaml"
    path.write_text(LEDGER.replace("unit:tokusetsu-1st-regiment", text), encoding="utf-8")
    code, out = run_in(capsys, "--data", ledger_data, "--no-builtin", "data", "validate")
    assert code == 2 and f"coverage.yaml:7:" in out and error in out, out


@pytest.mark.sample
def test_a_checked_entry_needs_its_checks(capsys, ledger_data):
    path = ledger_data / "okinawa" / "coverage.yaml"
    path.write_text(LEDGER.replace(" checks: [unit:tokusetsu-1st-regiment]", ""), encoding="utf-8")
    code, out = run_in(capsys, "--data", ledger_data, "--no-builtin", "data", "validate")
    assert code == 2 and "coverage.yaml" in out, out


def test_every_game_has_a_ledger_with_every_scenario():
    """`playaids coverage` has something to say for every scenario of all five games."""
    assert GAMES == DATA.game_ids()
    for game in GAMES:
        ledger = DATA.coverage(game)
        for sid in DATA.scenario_ids(game):
            assert len(ledger.of(sid)) >= 10, (game, sid)


SEED_TEXTS = Path(os.environ.get("PLAYAIDS_SEEDS", ROOT.parent / "shared" / "seeds"))  # beside the checkout


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_in_the_seed_at_its_line(game):
    """A ledger entry quotes its sentence as the seed prints it (whitespace aside; "…" shortens),
    starting on the line it gives: the ledger was read from the seed, and stays true to it."""
    import re

    ledger = DATA.coverage(game)
    seed = SEED_TEXTS / ledger.seed
    if not seed.is_file():
        pytest.skip(f"seed text {ledger.seed} not found in {SEED_TEXTS} (set PLAYAIDS_SEEDS)")
    lines = seed.read_text(encoding="utf-8").split("\n")
    squeezed = [re.sub(r"\s+", "", line) for line in lines]
    flat = "".join(squeezed)
    starts, n = [], 0
    for line in squeezed:
        starts.append(n)
        n += len(line)
    starts.append(n)
    missing = []
    for e in ledger.entries:
        assert e.line, (e.rule, e.en)
        first = re.sub(r"\s+", "", e.ja.split("…")[0])[:40]
        at = flat.find(first, starts[e.line - 1])
        if not (0 <= at <= starts[e.line]):
            missing.append((e.rule, e.line, first[:20]))
    assert not missing, missing
