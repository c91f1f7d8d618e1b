"""Unix and click conventions (issue 16): `-` is standard input and output, the format follows
the -o extension unless --format says otherwise."""
import pytest
from playaids.repository import DEFAULT_DATA, Repository

from conftest import run_cli


@pytest.mark.parametrize("args,name,magic", [
    (["table", "macarthur-bataan", "crt"], "crt.pdf", b"%PDF"),
    (["table", "macarthur-bataan", "crt"], "crt.json", b"{"),
    (["table", "macarthur-bataan", "crt"], "crt.md", b"#"),
    (["glossary", "okinawa"], "g.pdf", b"%PDF"),
    (["glossary", "okinawa"], "g.csv", b"ja,"),
    (["turns", "okinawa"], "t.svg", b"<svg"),
])
@pytest.mark.sample
def test_the_format_follows_the_output_extension(tmp_path, args, name, magic, cli_in):
    r = cli_in(*args, "-o", tmp_path / name)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / name).read_bytes().lstrip().startswith(magic)


def test_format_option_and_extension_must_agree(tmp_path, cli_in):
    r = cli_in("table", "okinawa", "fleet-damage", "--format", "csv", "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and not (tmp_path / "x.pdf").exists()
    assert r.stderr.decode().strip().endswith("x.pdf: the name says pdf but --format says csv; make them agree")
    # an extension no command writes takes --format
    r = cli_in("table", "okinawa", "fleet-damage", "--format", "csv", "-o", tmp_path / "x.out")
    assert r.returncode == 0 and (tmp_path / "x.out").read_bytes().startswith(b"Target fleet")


@pytest.mark.slow
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


# --- verify reads YAML streams and JSON lines (issue 16) -------------------------------------

def test_verify_reads_json_lines_and_yaml_streams(cli_in, tmp_path):
    lines = tmp_path / "three.jsonl"
    assert cli_in("scenario", "okinawa", "campaign", "--seed", "5", "--count", "3", "-o", lines).returncode == 0
    r = cli_in("verify", lines)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    assert [ln for ln in out.splitlines() if ln.startswith("==")] == [f"== {lines} #{k}" for k in (1, 2, 3)]
    import yaml

    docs = [yaml.safe_load(cli_in("scenario", "amigos-insurrectors", "campaign", "--seed", str(s)).stdout)
            for s in (1, 2)]
    docs[1]["choices"]["us-advantage"][0] = 5   # 5.0: the US advantage chits are 1-4 and 6-9
    stream = tmp_path / "two.yaml"
    stream.write_text(yaml.safe_dump_all(docs, allow_unicode=True, sort_keys=False), encoding="utf-8")
    r = cli_in("verify", stream)
    out = r.stdout.decode()
    assert r.returncode == 1, out
    assert f"{stream} #1: legal" in out and f"{stream} #2: 1 violation" in out
    # the violation of the second document is at its line in the file, not in the document
    bad = next(ln for ln in out.splitlines() if "us-advantage" in ln)
    n = int(bad.split(":")[1])
    text = stream.read_text(encoding="utf-8").splitlines()
    assert text.index("---") < n - 1 and text[n - 1].strip() == "- 5"   # the wrong value itself


def test_verify_json_lines_error_names_its_line(cli_in, tmp_path):
    lines = tmp_path / "two.jsonl"
    assert cli_in("scenario", "okinawa", "campaign", "--seed", "5", "--count", "2", "-o", lines).returncode == 0
    text = lines.read_text(encoding="utf-8").splitlines()
    text[1] = text[1].replace('"seed": 6', '"seed": 6, "bogus": 1')
    lines.write_text("\n".join(text) + "\n", encoding="utf-8")
    r = cli_in("verify", lines)
    assert r.returncode == 2
    assert r.stderr.decode().startswith(f"{lines}:2:") and "unknown key 'bogus'" in r.stderr.decode()


# --- scenario --template (issue 16) ----------------------------------------------------------

def _scenarios():

    root = Repository.builtin()
    return [(g, s) for g in root.game_ids() for s in root.scenario_ids(g)]


@pytest.mark.parametrize("game,scen", _scenarios())
def test_template_lists_what_a_setup_needs_and_verifies_as_missing(cli_in, tmp_path, game, scen):
    from playaids import setupreader
    from playaids.engine import vocabulary

    sc = Repository.builtin().scenario(game, scen)
    path = tmp_path / "fill-in.yaml"
    r = cli_in("scenario", game, scen, "--template", "-o", path)
    assert r.returncode == 0, r.stderr
    setup = setupreader.load(path, Repository.builtin().setup_keys)   # a valid setup file, blanks and all
    assert [(p.unit, p.side) for p in setup.placements] == [(u.id, u.side) for u in sc.units]
    for e in sc.elements:
        assert e["id"] in getattr(setup, vocabulary.bucket(e["kind"]))
    r = cli_in("verify", path)
    blanks = [p for p in setup.placements if not p.at]
    assert r.returncode in ((2,) if blanks else (0, 1)), r.stderr   # a blank place is unreadable input (issue 21)
    out = r.stdout.decode()
    for e in sc.elements:  # each value to give is named as missing (optional and conditional ones aside)
        if vocabulary.bucket(e["kind"]) != "derived" and not e.get("optional") and not e.get("when"):
            assert f"{vocabulary.bucket(e['kind'])}.{e['id']}: missing" in out
    for i, p in enumerate(setup.placements, 1):   # and every blank place, at its line
        if not p.at:
            assert f"placement {i} ({p.unit}): missing: give a place or hex" in out


def test_template_says_what_the_rules_allow(cli_in):
    out = cli_in("scenario", "macarthur-bataan", "historical", "--template", "--lang", "en").stdout.decode()
    assert '"allied-chit":   # draw (rule 16.1); values: "1-5" [allied]' in out
    assert '"japanese-chit":   # draw (rule 16.4); values: "1-7" [japan, secret]' in out
    assert "only when allied-chit is 4 or 5, else delete this placement" in out
    r = cli_in("scenario", "macarthur-bataan", "historical", "--template", "--seed", "1")
    assert r.returncode == 2 and b"no --seed, --count, --sheet, --map" in r.stderr


# --- shell completion (issue 16) -------------------------------------------------------------

@pytest.mark.parametrize("words,expected", [
    ("playaids table oki", ["okinawa"]),
    ("playaids table okinawa fl", ["fleet-damage", "fleet-targets"]),
    ("playaids scenario macarthur-bataan ", ["historical", "main-assault", "solitaire"]),
    ("playaids check-table okinawa kam", ["kamikaze-hits"]),
    ("playaids turns nosuchgame ", []),
])
def test_shell_completion_of_ids(cli_in, monkeypatch, words, expected):
    monkeypatch.setenv("_PLAYAIDS_COMPLETE", "bash_complete")
    monkeypatch.setenv("COMP_WORDS", words)
    monkeypatch.setenv("COMP_CWORD", str(len(words.split()) - (0 if words.endswith(" ") else 1)))
    r = cli_in()
    assert r.returncode == 0
    got = [ln.split(",", 1)[1] for ln in r.stdout.decode().splitlines() if ln.startswith("plain,")]
    assert got == expected


# --- --data adds to the built-in games (issue 16) --------------------------------------------

def _own_copy(tmp_path, name="mine", title="My Campaigns"):
    import shutil


    d = tmp_path / name
    shutil.copytree(DEFAULT_DATA / "rgi-macarthur", d / "rgi-macarthur")
    g = d / "rgi-macarthur" / "game.yaml"
    text = g.read_text(encoding="utf-8")
    g.write_text(text.replace("en: Major Campaigns of General Douglas MacArthur", f"en: {title}", 1), encoding="utf-8")
    return d


def test_data_adds_a_folder_and_its_game_replaces_the_builtin_one(cli_in, tmp_path):
    mine = _own_copy(tmp_path)
    out = cli_in("--data", mine, "list").stdout.decode()
    assert f"rgi-macarthur        My Campaigns  (from {mine})" in out
    assert "okinawa              Okinawa\n" in out            # the built-in games are still there
    import json

    rows = json.loads(cli_in("--data", mine, "list", "--format", "json").stdout)
    src = {r["id"]: r["source"] for r in rows}
    assert src["rgi-macarthur"] == str(mine / "rgi-macarthur") and src["okinawa"].endswith("okinawa")
    only = cli_in("--data", mine, "--no-builtin", "list", "--format", "ids").stdout.decode().split()
    assert only == ["rgi-macarthur"]


def test_first_data_folder_holding_a_game_wins_then_playaids_data(cli_in, tmp_path, monkeypatch):
    a, b = _own_copy(tmp_path, "a", "Edition A"), _own_copy(tmp_path, "b", "Edition B")
    assert "Edition A" in cli_in("--data", a, "--data", b, "list").stdout.decode()
    assert "Edition B" in cli_in("--data", b, "--data", a, "list").stdout.decode()
    monkeypatch.setenv("PLAYAIDS_DATA", f"{b}:{a}")
    out = cli_in("list").stdout.decode()
    assert "Edition B" in out and "okinawa" in out
    assert "Edition A" in cli_in("--data", a, "list").stdout.decode()   # --data before the environment


@pytest.mark.parametrize("make,fragment", [
    (lambda p: p / "absent", "data folder not found"),
    (lambda p: p, "no game folder here"),
])
def test_a_data_folder_that_is_not_one_exits_2(cli_in, tmp_path, monkeypatch, make, fragment):
    r = cli_in("--data", make(tmp_path), "list")
    assert r.returncode == 2 and fragment in r.stderr.decode() and r.stderr.decode().count("\n") == 1
    monkeypatch.setenv("PLAYAIDS_DATA", str(make(tmp_path)))
    r = cli_in("list")
    assert r.returncode == 2 and fragment in r.stderr.decode()
