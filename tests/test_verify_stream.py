"""verify reads a JSON-lines file or a YAML stream record by record (issue 24): the size cap is
per record, so a stream of any length verifies, in memory that does not grow with its length."""
import json
import os
import subprocess
import sys

import pytest

from playaids import yamlsafe
from tests.conftest import ROOT, run_cli


def _setups(tmp_path, count, seed=0):
    f = tmp_path / "setups.jsonl"
    r = run_cli("scenario", "macarthur-bataan", "historical", "--seed", seed, "--count", count, "-o", f)
    assert r.returncode == 0, r.stderr
    return f


@pytest.mark.slow
def test_json_lines_beyond_the_file_cap_verify_each(tmp_path, cli_in):
    f = _setups(tmp_path, 600)   # about 2.5 MB: more than the 2 MiB a single YAML file may be
    assert f.stat().st_size > yamlsafe.MAX_BYTES
    r = cli_in("verify", f)
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr
    assert out.count(": legal") == 600
    assert f"{f} #600: legal, " in out and out.rstrip().endswith("(macarthur-bataan historical)")


@pytest.mark.slow
def test_standard_input_is_read_as_a_stream(tmp_path):
    f = _setups(tmp_path, 600)
    r = subprocess.run([sys.executable, "-m", "playaids", "verify", "-"], stdin=open(f, "rb"),
                       capture_output=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert b"\n- #600: legal" in r.stdout


@pytest.mark.slow
def test_a_yaml_stream_reports_each_document_at_its_lines(tmp_path, cli_in):
    one = run_cli("scenario", "okinawa", "campaign", "--seed", 1).stdout.decode()
    two = run_cli("scenario", "okinawa", "campaign", "--seed", 2).stdout.decode()
    two = two.replace("unit: remaining-ija-62", "unit: remaining-ija-99")   # an unknown unit
    f = tmp_path / "stream.yaml"
    f.write_text(f"# two setups\n---\n{one}---\n{two}...\n# the end\n", encoding="utf-8")
    r = cli_in("verify", f)
    line = 2 + one.count("\n") + 1 + two.splitlines().index("  unit: remaining-ija-99") + 1
    assert r.returncode == 2
    assert r.stderr.decode().startswith(f"{f}:{line}:"), r.stderr
    assert f"{f} #1: legal" in r.stdout.decode()   # the first was reported before the second was read


def test_a_record_over_the_cap_is_named_at_its_line(tmp_path, cli_in):
    f = _setups(tmp_path, 2)
    lines = f.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    record["note"] = "x" * (yamlsafe.MAX_BYTES + 10)
    f.write_text(lines[0] + "\n" + json.dumps(record) + "\n", encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 2
    assert r.stderr.decode().strip() == f"{f}:2: a line of more than the {yamlsafe.MAX_BYTES} bytes allowed"


def test_a_json_line_is_held_to_the_yaml_rules(tmp_path, cli_in):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"game": "okinawa", "scenario": "campaign"}\n{"game": "okinawa", "game": "x"}\n', encoding="utf-8")
    assert cli_in("verify", f).stderr.decode().strip() == f"{f}:2: duplicate key 'game'"
    f.write_text('{"game": "okinawa", "scenario": "campaign", "seed": NaN}\n', encoding="utf-8")
    assert cli_in("verify", f).stderr.decode().strip() == f"{f}:1: NaN is not a number here"
    f.write_text('{"game": "okinawa", "seed": %s}\n' % ("9" * 41), encoding="utf-8")
    assert "more than 40 digits" in cli_in("verify", f).stderr.decode()


def _peak_rss_kb(args, cwd):
    """Peak resident memory of `python -m playaids ARGS` (the child's ru_maxrss)."""
    code = ("import resource, runpy, sys; sys.argv = ['playaids', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('playaids', run_name='__main__')\n"
            "except SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
            "sys.stderr.write('RSS %d\\n' % resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
            "sys.exit(code)")
    r = subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, cwd=cwd, timeout=3600)
    rss = int(r.stderr.decode().rsplit("RSS ", 1)[1].split()[0])
    return r, rss


@pytest.mark.slow
def test_memory_does_not_grow_with_the_stream(tmp_path):
    small = _setups(tmp_path, 50)
    big = tmp_path / "big.jsonl"
    count = 100_000 if os.environ.get("PLAYAIDS_FULL") else 2_000
    data = small.read_text(encoding="utf-8").splitlines(keepends=True)
    with open(big, "w", encoding="utf-8") as f:   # the same 50 setups again and again: a long stream
        for k in range(count):
            f.write(data[k % 50])
    r_small, rss_small = _peak_rss_kb(["verify", small], ROOT)
    r_big, rss_big = _peak_rss_kb(["verify", big], ROOT)
    assert r_small.returncode == r_big.returncode == 0
    assert f"{big} #{count}: legal".encode() in r_big.stdout
    assert rss_big < rss_small + 8_000, (rss_small, rss_big)   # kB: flat, whatever the length
