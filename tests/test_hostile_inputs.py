"""Hostile input (issue 17): no output destroys an input, no internal error, paths stay home,
no control character reaches the terminal, a damaged output is rebuilt."""
import os
import stat
from pathlib import Path

import pytest
import yaml

from conftest import FIXTURES, run_cli, sigint_default
from playaids.repository import Repository

ASL = FIXTURES / "asl"


def one_line_exit_2(r):
    assert r.returncode == 2, r.stderr
    lines = r.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in lines[0] and "internal error" not in lines[0], r.stderr
    return lines[0]


@pytest.fixture(scope="module")
def setup_file(tmp_path_factory):
    d = tmp_path_factory.mktemp("setup")
    f = d / "setup.yaml"
    r = run_cli("scenario", "macarthur-bataan", "historical", "--seed", 3, "-o", f)
    assert r.returncode == 0, r.stderr
    return f


# --- outputs never destroy inputs --------------------------------------------------------------

def test_output_equal_to_an_input_is_refused_and_the_input_kept(tmp_path, cli_in):
    data = tmp_path / "data"
    import shutil

    shutil.copytree(FIXTURES.parent.parent / "data" / "rgi-macarthur", data / "rgi-macarthur")
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    before = table.read_bytes()
    r = cli_in("--data", data, "table", "rgi-macarthur", "road-costs", "-o", table)
    assert "table writes" in one_line_exit_2(r)   # a .yaml is no format of `table` (issue 24)
    assert table.read_bytes() == before
    # through a symlink whose name is a format of the command
    link = tmp_path / "link.json"
    link.symlink_to(table)
    r = cli_in("--data", data, "table", "rgi-macarthur", "road-costs", "-o", link)
    assert "is an input of this command" in one_line_exit_2(r)
    assert table.read_bytes() == before and link.is_symlink()


def test_map_file_is_not_overwritten(tmp_path, cli_in):
    m = tmp_path / "map.yaml"
    m.write_text("places: []\n", encoding="utf-8")
    before = m.read_bytes()
    r = cli_in("scenario", "macarthur-bataan", "historical", "--seed", 1, "--map", m, "-o", m)
    assert r.returncode == 2 and m.read_bytes() == before, r.stderr


def test_sheet_and_output_the_same_file_is_refused(tmp_path, cli_in):
    f = tmp_path / "s"   # no extension: each writes its own default format, to one name
    r = cli_in("scenario", "macarthur-bataan", "historical", "--seed", 1, "-o", f, "--sheet", f)
    assert "-o and --sheet" in one_line_exit_2(r)
    assert not f.exists()


@pytest.mark.slow
def test_a_device_is_written_into_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
    reader.start()
    r = run_cli("table", "rgi-macarthur", "road-costs", "--format", "csv", "-o", fifo)
    reader.join(10)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and got and b"," in got[0]
    if os.access("/dev/null", os.W_OK):
        r = run_cli("table", "rgi-macarthur", "road-costs", "--format", "csv", "-o", "/dev/null")
        assert r.returncode == 0 and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_long_output_names_and_errors_name_the_users_file(tmp_path, cli_in):
    name = tmp_path / ("a" * 251 + ".csv")  # 255 characters: legal, and the temporary name must fit too
    r = cli_in("table", "rgi-macarthur", "road-costs", "--format", "csv", "-o", name)
    assert r.returncode == 0 and name.is_file(), r.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    line = one_line_exit_2(cli_in("table", "rgi-macarthur", "road-costs", "-o", blocker / "x.csv"))
    assert str(blocker / "x.csv") in line and ".tmp" not in line


def test_empty_out_folder_is_refused(tmp_path):
    assert "--out is empty" in one_line_exit_2(run_cli("build", "rgi-macarthur", "--out", "", cwd=tmp_path))
    assert list(tmp_path.iterdir()) == []


# --- no internal error -------------------------------------------------------------------------

@pytest.mark.parametrize("text,says", [
    ("a: " + "[" * 600 + "]" * 600 + "\n", "nested more than"),
    ("a: 'not *an alias'\nb: " + "[" * 600 + "]" * 600 + "\n", "nested more than"),  # the pure-Python parser
    ("game: macarthur-bataan\nscenario: historical\nseed: " + "9" * 5000 + "\n", "digits"),
    ("game: macarthur-bataan\nscenario: historical\nseed: 2020-01-01\n", "quote it"),
])
def test_hostile_yaml_is_one_line(tmp_path, text, says, cli_in):
    f = tmp_path / "x.yaml"
    f.write_text(text, encoding="utf-8")
    assert says in one_line_exit_2(cli_in("verify", f))


@pytest.mark.slow
def test_deep_yaml_in_data_does_not_stop_validation(tmp_path):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(FIXTURES.parent.parent / "data" / "rgi-macarthur", data / "rgi-macarthur")
    (data / "rgi-macarthur" / "tables" / "road-costs.yaml").write_text("a: " + "[" * 500 + "]" * 500 + "\n")
    r = run_cli("data", "validate", data)
    assert r.returncode == 2 and b"nested more than" in r.stderr and b"internal" not in r.stderr


@pytest.mark.parametrize("value", ["-100", ".nan", "true", "'x'", "[1]", "{a: 1}", "1e400"])
def test_stacking_points_must_be_finite_and_not_negative(setup_file, tmp_path, value, cli_in):
    text = setup_file.read_text(encoding="utf-8").replace("  at: corregidor\n", f"  at: corregidor\n  sp: {value}\n", 1)
    assert "sp: " + value in text
    f = tmp_path / "sp.yaml"
    f.write_text(text, encoding="utf-8")
    line = one_line_exit_2(cli_in("verify", f))
    assert ("sp must be" in line or "sp: " in line and "(must be " in line) and ":" in line.split(" ")[0]


@pytest.mark.sample
@pytest.mark.parametrize("value", [[1], {"a": 1}, [[1]], None])
def test_a_battery_number_of_the_wrong_type_is_a_violation(setup_file, tmp_path, value, cli_in):
    doc = yaml.safe_load(setup_file.read_text(encoding="utf-8"))
    batteries = doc["choices"]["corregidor-battery-numbers"]
    batteries[next(iter(batteries))] = value
    f = tmp_path / "b.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 1 and b"must be one number" in r.stdout and not r.stderr, r.stderr


def test_end_card_of_the_wrong_type_is_a_violation(tmp_path, cli_in):
    f = tmp_path / "k.yaml"
    assert cli_in("scenario", "rgi-macarthur", "korea", "--seed", 2, "-o", f).returncode == 0
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["draws"]["movement-deck"]["end-card"] = "\x1b[2J"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 1 and b"end-card must give" in r.stdout and b"\x1b" not in r.stdout


def test_bleed_nan_is_one_line(cli_in):
    r = cli_in("table", "rgi-macarthur", "road-costs", "--format", "pdf", "--bleed", "nan", "-o", "x.pdf")
    assert "not a number of millimetres" in one_line_exit_2(r)


def test_fifo_and_device_as_input_are_not_files(tmp_path, cli_in):
    fifo = tmp_path / "in.yaml"
    os.mkfifo(fifo)
    assert "not a regular file" in one_line_exit_2(cli_in("verify", fifo))
    assert "not a regular file" in one_line_exit_2(cli_in("verify", "/dev/zero"))


# --- paths stay home, nothing of a file echoed, no control characters ---------------------------

@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../../../etc/passwd"])
def test_a_setup_cannot_name_a_terrain_outside_its_folder(tmp_path, ref, cli_in):
    text = (ASL / "caves-legal.yaml").read_text(encoding="utf-8")
    f = tmp_path / "caves.yaml"
    f.write_text(text.replace("terrain: board25-g11-examples.yaml", f"terrain: {ref}"), encoding="utf-8")
    line = one_line_exit_2(cli_in("verify", f))
    assert "must be in the setup file's folder" in line and "root:" not in line


@pytest.mark.slow
def test_a_generated_cave_setup_carries_its_terrain(tmp_path):
    f = tmp_path / "far" / "caves.yaml"
    f.parent.mkdir()
    r = run_cli("scenario", "asl-chapter-g", "caves", "--terrain", ASL / "board36-g11-examples.yaml", "--caves", 2,
                "--seed", 7, "-o", f)
    assert r.returncode == 0, r.stderr
    assert isinstance(yaml.safe_load(f.read_text(encoding="utf-8"))["terrain"], dict)
    assert run_cli("verify", f, cwd=tmp_path).returncode == 0


def test_control_characters_are_escaped(tmp_path, cli_in):
    r = cli_in("list", "\x1b]0;title\x07")
    assert r.returncode == 2 and b"\x1b" not in r.stderr and b"\\x1b" in r.stderr
    f = tmp_path / "e.yaml"
    f.write_text('game: "\\e[2J"\nscenario: a\n', encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 2 and b"\x1b" not in r.stderr and b"\\x1b" in r.stderr


def test_no_arguments_prints_the_help():
    r = run_cli()
    assert r.returncode == 0 and b"Commands:" in r.stdout and r.stdout.count(b"\n") > 5


# --- a damaged output is rebuilt; the gallery links only this build --------------------------------

@pytest.mark.slow
def test_a_truncated_output_is_rebuilt_and_the_gallery_lists_this_build(tmp_path):
    from test_build import _small_data

    data, out = _small_data(tmp_path), tmp_path / "out"
    assert run_cli("--data", data, "--no-builtin", "build", "--lang", "ja", "--only", "charts", "--out", out).returncode == 0
    r = run_cli("--data", data, "--no-builtin", "build", "--lang", "en", "--only", "summaries", "--out", out)
    assert r.returncode == 0, r.stderr
    index = (out / "index.html").read_text(encoding="utf-8")
    assert ".en.a4.pdf" in index and ".ja.a4.pdf" not in index
    summary = out / "rgi-macarthur" / "summary.en.a4.pdf"
    good = summary.read_bytes()
    summary.write_bytes(b"")
    r = run_cli("--data", data, "--no-builtin", "build", "--lang", "en", "--only", "summaries", "--out", out)
    assert r.returncode == 0 and b"built 1 file," in r.stderr, r.stderr
    assert summary.read_bytes() == good


# --- batches, streams and workers --------------------------------------------------------------

def test_verify_of_several_files_reports_each_and_goes_on(setup_file, tmp_path, cli_in):
    bad = tmp_path / "bad.yaml"
    bad.write_text("a: [\n", encoding="utf-8")
    r = cli_in("verify", setup_file, bad, setup_file)
    assert r.returncode == 2, r.stderr
    assert r.stdout.count(b"legal") == 2 and str(bad).encode() in r.stderr and b"Traceback" not in r.stderr


@pytest.mark.slow
def test_count_streams_the_same_lines_to_a_file_and_to_stdout(tmp_path):
    f = tmp_path / "s.jsonl"
    assert run_cli("scenario", "rgi-macarthur", "korea", "--seed", 5, "--count", 7, "-o", f).returncode == 0
    r = run_cli("scenario", "rgi-macarthur", "korea", "--seed", 5, "--count", 7)
    assert r.returncode == 0 and r.stdout == f.read_bytes() and r.stdout.count(b"\n") == 7


@pytest.mark.slow
def test_build_workers_die_with_their_parent(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    p = subprocess.Popen(preexec_fn=sigint_default, args=[sys.executable, "-m", "playaids", "build", "--lang", "all", "--paper", "all", "--force",
                          "--out", tmp_path / "out"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: list = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and p.poll() is None and not children:
        try:
            children = [int(c) for c in open(f"/proc/{p.pid}/task/{p.pid}/children").read().split()]
        except OSError:
            break
        time.sleep(0.05)
    if not children:
        p.kill()
        pytest.skip("the build ended before its workers could be seen")
    p.send_signal(signal.SIGKILL)
    p.wait()
    def running(pid):
        try:
            return open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
        except (OSError, IndexError):
            return False

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(running(c) for c in children):
        time.sleep(0.05)
    assert not [c for c in children if running(c)]


@pytest.mark.slow
def test_check_table_never_replaces_the_checked_file_and_keeps_to_its_folder(tmp_path):
    f = tmp_path / "fleet-damage.csv"
    assert run_cli("table", "okinawa", "fleet-damage", "-o", f).returncode == 0
    before = f.read_bytes()
    assert "check-table writes" in one_line_exit_2(run_cli("check-table", "okinawa", "fleet-damage", f, "-o", f))
    report = tmp_path / "report.txt"   # a report's name, linked to the checked file
    report.symlink_to(f)
    assert "is an input of this command" in one_line_exit_2(run_cli("check-table", "okinawa", "fleet-damage", f,
                                                                      "-o", report))
    assert f.read_bytes() == before
    d = tmp_path / "tables"
    d.mkdir()
    (d / "kamikaze-hits.csv").symlink_to("/etc/passwd")
    (d / "fleet-damage.csv").write_bytes(before)
    r = run_cli("check-table", "okinawa", "--dir", d)
    assert r.returncode == 0 and b"root:" not in r.stdout and b"kamikaze-hits: no file" in r.stdout, r.stdout


def test_a_data_folder_without_games_is_an_error_and_stray_files_are_not_read(tmp_path):
    line = one_line_exit_2(run_cli("--data", tmp_path, "--no-builtin", "build", "--out", tmp_path / "out"))
    assert "no game folder here" in line and not (tmp_path / "out" / "index.html").exists()
    from playaids.build import stamp as buildstamp
    from test_build import _small_data

    data = _small_data(tmp_path)
    (data / "rgi-macarthur" / "huge.bin").write_bytes(b"\0" * 1000)
    (data / "rgi-macarthur" / "tables" / "sub").mkdir()
    names = {p.relative_to(data).as_posix() for p in buildstamp.data_files(Repository(data))}
    assert "rgi-macarthur/game.yaml" in names and "rgi-macarthur/tables/road-costs.yaml" in names
    assert not any("huge" in n or "/sub" in n for n in names)


@pytest.mark.slow
def test_ctrl_c_stops_a_build_within_2_s_leaving_only_complete_files(tmp_path):
    """Ctrl-C (SIGINT to the process group, as a terminal sends it) while the workers render:
    exit 130 within 2 s, workers gone, every PDF written is whole, no temporary file left."""
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "out"
    proc = subprocess.Popen(preexec_fn=sigint_default, args=[sys.executable, "-m", "playaids", "build", "okinawa", "--lang", "all", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            cwd=Path(__file__).parent.parent)
    deadline = time.monotonic() + 120
    while not any(out.rglob("*.pdf")) and time.monotonic() < deadline:   # the workers are rendering
        time.sleep(0.05)
    assert proc.poll() is None, "the build ended before it could be interrupted"
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    took = time.monotonic() - t0
    assert proc.returncode == 130 and err.decode().strip() == "playaids: interrupted", err
    assert took < 2, took
    assert not list(out.rglob(".pa-*")), "a temporary file was left"
    pdfs = list(out.rglob("*.pdf"))
    assert pdfs and all(p.read_bytes().rstrip().endswith(b"%%EOF") for p in pdfs)
    time.sleep(0.2)
    left = subprocess.run(["pgrep", "-s", str(proc.pid)], capture_output=True, text=True).stdout.split()
    assert not left, f"processes of the build still running: {left}"


@pytest.mark.parametrize("text,fragment", [
    ("terms:\n" + "".join(f"  - {{ja: 用語{i}, en: Term {i}}}\n" for i in range(1001)),
     "glossary.yaml:2:3: terms: 1001 entries, at most 1000 allowed"),
    ("terms:\n  - {ja: 用語, en: " + "x" * 5000 + "}\n", "glossary.yaml:2:18: terms.0.en: 5000 characters, at most 4000 allowed"),
])
@pytest.mark.sample
def test_lists_and_strings_of_data_files_are_bounded(cli_in, tmp_path, text, fragment):
    """A 40,000-term glossary (1.5 MB, inside the file cap) kept WeasyPrint busy for minutes:
    every list and string of a data file has a bound, checked by `data validate` and every command."""
    import shutil

    from conftest import FIXTURES

    shutil.copytree(FIXTURES / "data" / "demo-game", tmp_path / "demo-game")
    (tmp_path / "demo-game" / "glossary.yaml").write_text(text, encoding="utf-8")
    for args in (("data", "validate"), ("glossary", "demo-game", "-o", tmp_path / "g.pdf")):
        r = cli_in("--data", tmp_path, "--no-builtin", *args)
        err = r.stderr.decode()
        assert r.returncode == 2 and err.count("\n") == 1 and fragment in err and "Term 999" not in err, err
    assert not (tmp_path / "g.pdf").exists()
