"""Unix and click conventions (issue 16): `-` is standard input and output, the format follows
the -o extension unless --format says otherwise."""
import pytest

from conftest import run_cli


@pytest.mark.parametrize("args,name,magic", [
    (["table", "macarthur-bataan", "crt"], "crt.pdf", b"%PDF"),
    (["table", "macarthur-bataan", "crt"], "crt.json", b"{"),
    (["table", "macarthur-bataan", "crt"], "crt.md", b"#"),
    (["glossary", "okinawa"], "g.pdf", b"%PDF"),
    (["glossary", "okinawa"], "g.csv", b"ja,"),
    (["turns", "okinawa"], "t.svg", b"<svg"),
])
def test_the_format_follows_the_output_extension(tmp_path, args, name, magic, cli_in):
    r = cli_in(*args, "-o", tmp_path / name)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / name).read_bytes().lstrip().startswith(magic)


def test_format_option_wins_over_the_extension(tmp_path, cli_in):
    r = cli_in("table", "okinawa", "fleet-damage", "--format", "csv", "-o", tmp_path / "x.pdf")
    assert r.returncode == 0 and (tmp_path / "x.pdf").read_bytes().startswith(b"Target fleet")


def test_dash_is_standard_output_and_input(tmp_path):
    r = run_cli("table", "okinawa", "fleet-damage", "-o", "-", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith(b"Target fleet") and not (tmp_path / "-").exists()
    r = run_cli("table", "okinawa", "fleet-damage", "--format", "pdf", "-o", "-", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith(b"%PDF") and not (tmp_path / "-").exists()
    setup = run_cli("scenario", "rgi-macarthur", "korea", "--seed", 3).stdout
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "playaids", "verify", "-"], input=setup, capture_output=True)
    assert r.returncode == 0 and b"legal" in r.stdout, r.stderr


def test_check_table_report_format_follows_the_extension(tmp_path, cli_in):
    f = tmp_path / "fd.csv"
    assert cli_in("table", "okinawa", "fleet-damage", "-o", f).returncode == 0
    assert cli_in("check-table", "okinawa", "fleet-damage", f, "-o", tmp_path / "r.html").returncode == 0
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_list_shows_titles_ids_json_and_a_scenarios_units(cli_in):
    import json

    r = cli_in("list")
    assert r.returncode == 0 and b"okinawa              Okinawa\n" in r.stdout
    assert cli_in("list", "--format", "ids").stdout.split()[:2] == [b"amigos-insurrectors", b"asl-chapter-g"]
    games = json.loads(cli_in("list", "--format", "json").stdout)
    mac = next(g for g in games if g["id"] == "macarthur-bataan")
    assert mac["title"] == "MacArthur: The Road to Bataan" and mac["source"].endswith("macarthur-bataan")
    tables = cli_in("list", "okinawa", "--lang", "ja").stdout.decode()
    assert "fleet-damage" in tables and "艦隊損害表" in tables
    units = json.loads(cli_in("list", "rgi-macarthur", "--units", "korea", "--format", "json").stdout)
    un = next(u for u in units if u["id"] == "un-infantry")
    assert un["side"] == "blue" and un["count"] == 18 and un["at"] == {"zone": "pusan-perimeter"}
    r = cli_in("list", "rgi-macarthur", "--units", "nope")
    assert r.returncode == 2 and b"unknown scenario" in r.stderr


def test_without_seed_a_fresh_one_is_drawn_told_and_kept(tmp_path, cli_in):
    import re

    import yaml

    r = cli_in("scenario", "rgi-macarthur", "korea", "-o", tmp_path / "a.yaml")
    assert r.returncode == 0
    told = int(re.search(rb"seed (\d+) \(give --seed", r.stderr).group(1))
    assert yaml.safe_load((tmp_path / "a.yaml").read_text(encoding="utf-8"))["seed"] == told
    again = cli_in("scenario", "rgi-macarthur", "korea", "--seed", told)
    assert again.stdout == (tmp_path / "a.yaml").read_bytes() and not again.stderr


def test_count_with_sheet_writes_one_sheet_per_setup(tmp_path, cli_in):
    r = cli_in("scenario", "rgi-macarthur", "korea", "--seed", 10, "--count", 2, "--sheet", tmp_path / "s.pdf",
                "-o", tmp_path / "k.jsonl")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.glob("s.*.pdf")) == ["s.10.pdf", "s.11.pdf"]
    assert (tmp_path / "k.jsonl").read_text(encoding="utf-8").count("\n") == 2
    r = cli_in("scenario", "rgi-macarthur", "korea", "--count", 5000, "--sheet", tmp_path / "s.pdf")
    assert r.returncode == 2 and b"at most 1000" in r.stderr and r.stderr.count(b"\n") == 1
