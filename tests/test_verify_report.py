"""`verify` a person can act on (issue 16): file:line, 1-based placements, did-you-mean, an
unknown scenario at its own line, one root cause reported once, the same facts in JSON."""
import json

import pytest
import yaml

from conftest import run_cli


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    f = tmp_path_factory.mktemp("v") / "base.yaml"
    assert run_cli("scenario", "macarthur-bataan", "historical", "--seed", 3, "-o", f).returncode == 0
    return yaml.safe_load(f.read_text(encoding="utf-8"))


def write(tmp_path, doc):
    f = tmp_path / "s.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return f


@pytest.mark.sample
def test_a_misplaced_unit_is_named_at_its_line_and_1_based(base, tmp_path, cli_in):
    doc = json.loads(json.dumps(base))
    i = next(k for k, p in enumerate(doc["placements"]) if p["unit"] == "b-10")
    doc["placements"][i]["at"] = "lingayen"
    f = write(tmp_path, doc)
    lines = f.read_text(encoding="utf-8").splitlines()
    line = lines.index("  unit: b-10")  # 1-based line of the "- side:" above it, where the placement starts
    r = cli_in("verify", f)
    assert r.returncode == 1
    out = r.stdout.decode()
    assert f"{f}:{line}: 16.2.1  placement {i + 1} (b-10 at lingayen): must be in bomber-airfield" in out, out
    rep = json.loads(cli_in("verify", f, "--format", "json").stdout)
    v = next(v for v in rep["violations"] if v["status"] == "violation")
    assert v["line"] == line and v["where"].startswith(f"placement {i + 1} ") and v["rule"] == "16.2.1"


def test_a_wrong_draw_is_reported_once_not_again_through_what_it_decides(base, tmp_path, cli_in):
    doc = json.loads(json.dumps(base))
    doc["draws"]["allied-chit"] = 9
    r = cli_in("verify", write(tmp_path, doc))
    bad = [l for l in r.stdout.decode().splitlines() if "unchecked" not in l and "16.1" in l or "derived" in l]
    assert r.returncode == 1 and bad == [f"{tmp_path / 's.yaml'}:5: 16.1  draws.allied-chit: 9 is not one of 1-5"]


def test_a_wrong_victory_letter_is_one_violation(base, tmp_path, cli_in):
    doc = json.loads(json.dumps(base))
    doc["derived"]["victory-letter"] = "A" if doc["derived"]["victory-letter"] != "A" else "B"
    r = cli_in("verify", write(tmp_path, doc))
    assert r.returncode == 1 and b"1 violation," in r.stdout and b"victory-condition" not in r.stdout


def test_unknown_unit_says_did_you_mean_and_unknown_scenario_its_line(tmp_path, cli_in):
    f = tmp_path / "u.yaml"
    f.write_text("game: macarthur-bataan\nscenario: historical\nplacements:\n  - {side: allied, unit: b-71, at: clark}\n")
    r = cli_in("verify", f)
    assert r.returncode == 2 and b":4: placement 1: unknown unit 'b-71'" in r.stderr and b"did you mean" in r.stderr
    f.write_text("game: macarthur-bataan\nscenario: nope\n")
    r = cli_in("verify", f)
    assert r.returncode == 2 and f"{f}:2: unknown scenario".encode() in r.stderr
