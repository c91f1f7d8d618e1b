"""`playaids build`: outputs, gallery links, incremental rebuilds, byte-identical results."""
import pytest
import hashlib
import re
from playaids.render.page import PageSpec
from playaids.repository import DEFAULT_DATA, Repository
from pathlib import Path

from conftest import run_cli, sigint_default


def digests(out: Path) -> dict:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in out.rglob("*") if p.is_file() and ".playaids-cache" not in p.parts}


@pytest.mark.slow
def test_build_one_game(tmp_path):
    out = tmp_path / "out"
    r = run_cli("build", "rgi-macarthur", "--out", out, "--lang", "en")
    assert r.returncode == 0, r.stderr
    files = digests(out)
    charts = [f for f in files if f.startswith("rgi-macarthur/charts/")]
    assert len(charts) == 13 and all(f.endswith(".en.a4.pdf") for f in charts)
    assert "rgi-macarthur/setups/korea.seed1.yaml" in files
    assert "rgi-macarthur/setups/korea.seed1.en.a4.pdf" in files
    assert "rgi-macarthur/summary.en.a4.pdf" in files
    # gallery: every link and preview resolves
    index = (out / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="([^"#]+)"', index)
    assert len(links) > 20
    for link in links:
        assert (out / link).is_file(), link
    assert b"built" in r.stderr and b"unchanged" in r.stderr
    # (the warm build, and a forced one giving identical bytes: test_no_change_build_..., on a
    # smaller game)


@pytest.mark.slow
def test_build_with_changed_data_rebuilds_only_what_depends(tmp_path):
    data = _small_data(tmp_path)
    out = tmp_path / "out"
    assert run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "ja").returncode == 0
    before = digests(out)
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    text = table.read_text(encoding="utf-8")
    assert "title: {ja: 移動ポイントの使用法" in text
    table.write_text(text.replace("title: {ja: 移動ポイントの使用法", "title: {ja: 移動ポイントの使用法（改）", 1), encoding="utf-8")
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "ja")
    assert r.returncode == 0, r.stderr
    after = digests(out)
    changed = {f for f in after if before.get(f) != after[f] and not f.startswith(".previews")}
    # the table's card, the chart set holding it and the gallery naming it by its title; nothing
    # else (the setups look up no table of this game, the summary and glossary read none; the
    # sources document is rendered again, its bytes the same: it quotes notes, not titles)
    assert changed == {"rgi-macarthur/charts/road-costs.ja.a4.pdf", "rgi-macarthur/charts.ja.a4.pdf",
                       "index.html"}, changed
    assert b"built 3 files" in r.stderr, r.stderr


def test_build_unknown_game(tmp_path):
    r = run_cli("build", "nope", "--out", tmp_path / "o")
    assert r.returncode == 2 and b"unknown game 'nope'" in r.stderr


def _small_data(tmp_path):
    import shutil


    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / "rgi-macarthur", data / "rgi-macarthur")
    # a small game keeps the cache, stamp and progress tests fast: two tables, one scenario
    for f in (data / "rgi-macarthur" / "tables").glob("*.yaml"):
        if f.stem not in ("road-costs", "damage"):
            f.unlink()
    for sid in ("new-guinea", "bataan-retreat"):
        (data / "rgi-macarthur" / "scenarios" / f"{sid}.yaml").unlink()
    (data / "rgi-macarthur" / "sheets.yaml").unlink()   # its two tables make one chart sheet
    _keep_scenarios(data / "rgi-macarthur" / "turns.yaml", {"korea"})   # a track is one of the game's scenarios
    (data / "rgi-macarthur" / "coverage.yaml").unlink()  # its ledger names the scenarios taken out
    return data


def _keep_scenarios(path, keep: set) -> None:
    """The turn record of `path` with the tracks of the `keep` scenarios alone (and the entries
    scoped to them or to none)."""
    import yaml

    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["scenarios"] = [s for s in doc["scenarios"] if s["id"] in keep]
    for key, items in list(doc.items()):
        if key != "scenarios" and isinstance(items, list):
            doc[key] = [x for x in items if not isinstance(x, dict) or "scenarios" not in x
                        or set(x["scenarios"]) & keep]
            for x in doc[key]:
                if isinstance(x, dict) and "scenarios" in x:
                    x["scenarios"] = [s for s in x["scenarios"] if s in keep]
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.slow
def test_no_change_build_stops_at_the_stamp_and_any_change_goes_through(tmp_path):
    import json

    data, out = _small_data(tmp_path), tmp_path / "out"
    assert run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en").returncode == 0
    stamp = json.loads((out / ".playaids-cache" / "build.json").read_text(encoding="utf-8"))
    assert stamp["games"] == ["rgi-macarthur"] and "index.html" in stamp["outputs"]
    assert any(o.startswith(".previews/") for o in stamp["outputs"])
    docs = (out / ".playaids-cache" / "documents.json").stat().st_mtime_ns
    before = digests(out)
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en")
    assert r.returncode == 0 and b"built 0 files" in r.stderr, r.stderr
    assert (out / ".playaids-cache" / "documents.json").stat().st_mtime_ns == docs  # stopped before the job list
    assert digests(out) == before
    # everything rendered again gives the same bytes
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en", "--force")
    assert re.search(rb"built [1-9]\d* files", r.stderr), r.stderr
    assert digests(out) == before
    # an option the stamp does not hold: the build proper (its job list, a new stamp)
    held = (out / ".playaids-cache" / "build.json").read_bytes()
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en", "--only", "charts")
    assert r.returncode == 0 and (out / ".playaids-cache" / "build.json").read_bytes() != held, r.stderr
    # a deleted output comes back, and only it
    card = out / "rgi-macarthur" / "charts" / "road-costs.en.a4.pdf"
    card.unlink()
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en")
    assert b"built 1 file," in r.stderr, r.stderr
    assert digests(out)["rgi-macarthur/charts/road-costs.en.a4.pdf"] == before["rgi-macarthur/charts/road-costs.en.a4.pdf"]
    # a stray file beside the data is not data: the build stops at the stamp
    docs = (out / ".playaids-cache" / "documents.json").stat().st_mtime_ns
    (data / "rgi-macarthur" / "notes.txt").write_text("x", encoding="utf-8")
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en")
    assert b"built 0 files" in r.stderr and (out / ".playaids-cache" / "documents.json").stat().st_mtime_ns == docs
    # one byte of any file of the game's layout, even a comment, is a change: the build goes through
    with open(data / "rgi-macarthur" / "tables" / "damage.yaml", "a", encoding="utf-8") as f:
        f.write("# a comment\n")
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en")
    assert re.search(rb"built \d+ files", r.stderr) and r.returncode == 0, r.stderr
    assert (out / ".playaids-cache" / "documents.json").stat().st_mtime_ns != docs


@pytest.mark.slow
def test_a_failed_build_leaves_no_stamp(tmp_path):
    data, out = _small_data(tmp_path), tmp_path / "out"
    assert run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en", "--only", "charts").returncode == 0
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    good = table.read_text(encoding="utf-8")
    table.write_text(good.replace("rule:", "rule: [", 1), encoding="utf-8")
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en", "--only", "charts")
    assert r.returncode == 2 and b"road-costs.yaml" in r.stderr
    assert not (out / ".playaids-cache" / "build.json").exists()
    table.write_text(good, encoding="utf-8")
    assert run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "en", "--only", "charts").returncode == 0
    assert (out / ".playaids-cache" / "build.json").is_file()


def test_the_command_imports_renderers_only_when_they_run():
    import subprocess
    import sys

    # The game registry (games.GAMES) is imported normally, so its checks bring the engine's small pure-Python
    # modules along (issue 12: a broken game module must fail loudly); nothing heavy comes with them.
    code = ("import sys, playaids.cli; heavy = [m for m in ('jsonschema', 'weasyprint', 'reportlab.platypus', "
            "'pdfplumber', 'playaids.checker', 'playaids.engine.api', 'playaids.engine.generate') "
            "if m in sys.modules]; print(heavy)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]", r.stdout
    r = run_cli("--help")
    for name in ("build", "ccss", "check-table", "glossary", "summary", "turns", "verify"):
        assert name.encode() in r.stdout, name


@pytest.mark.slow
def test_progress_on_a_terminal_and_only_the_summary_in_a_log(tmp_path):
    import os
    import pty
    import subprocess
    import sys

    data, out = _small_data(tmp_path), tmp_path / "out"
    master, slave = pty.openpty()
    proc = subprocess.Popen(preexec_fn=sigint_default, args=[sys.executable, "-m", "playaids", "--data", str(data), "--no-builtin", "build", "--out", str(out),
                             "--lang", "en", "--only", "charts"], stderr=slave, stdout=subprocess.DEVNULL, cwd=Path(__file__).parent.parent)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert proc.wait(timeout=300) == 0
    os.close(master)
    seen = b"".join(chunks).decode()
    counts = [tuple(map(int, m)) for m in re.findall(r"\r(\d+)/(\d+) files", seen)]
    assert counts and counts[0][0] == 1 and all(t == counts[0][1] for _, t in counts)
    assert [d for d, _ in counts] == sorted(d for d, _ in counts)
    assert "built" in seen.splitlines()[-1]
    # not a terminal: the summary line alone
    r = run_cli("--data", data, "--no-builtin", "build", "--out", tmp_path / "out2", "--lang", "en", "--only", "charts")
    assert r.returncode == 0 and b"files\r" not in r.stderr and r.stderr.count(b"\n") == 1, r.stderr


@pytest.mark.slow
def test_every_aid_takes_bleed_crop_marks_and_prints_at_true_size(tmp_path):
    """--bleed and --crop-marks reach every kind of aid (cards, turn sheets, setup sheets, the
    CCSS through ReportLab; summaries and glossaries through WeasyPrint): the TrimBox is the
    paper (a card of a small table: its half or quarter, issue 22), the sheet is 9 mm larger each
    side (crop marks need the room), PrintScaling /None."""
    import pdfplumber
    from pdfminer.pdftypes import resolve1

    out = tmp_path / "out"
    # the built-in ASL (its blank CCSS) and a small RGI (the --data folder's game replaces the built-in one)
    r = run_cli("--data", _small_data(tmp_path), "build", "asl-chapter-g", "rgi-macarthur", "--out", out, "--lang", "en",
                "--bleed", "3", "--crop-marks")
    assert r.returncode == 0, r.stderr
    a4 = sorted((595.28, 841.89))
    sheets = {tuple(round(x, 1) for x in a4), (420.9, 595.3), (297.6, 420.9)}   # A4, A5, A6
    slug = 9 * 72 / 25.4  # 3 mm off the trim, 5 mm of mark, 1 mm spare
    kinds = set()
    for pdf_path in sorted(out.rglob("*.pdf")):
        rel = pdf_path.relative_to(out).as_posix()
        kinds.add(rel.split("/")[1].split(".")[0])
        with pdfplumber.open(pdf_path) as pdf:
            prefs = resolve1(pdf.doc.catalog.get("ViewerPreferences")) or {}
            assert str(prefs.get("PrintScaling")).strip("/'") == "None", rel
            for page in pdf.pages:
                trim = [float(v) for v in resolve1(page.page_obj.attrs["TrimBox"])]
                media = [float(v) for v in resolve1(page.page_obj.attrs["MediaBox"])]
                size = tuple(sorted((round(trim[2] - trim[0], 1), round(trim[3] - trim[1], 1))))
                small = "/charts/" in f"/{rel}" or "/odds/" in f"/{rel}"   # cards and odds cards
                assert size in sheets if small else size == tuple(round(x, 1) for x in a4), rel
                assert abs((media[2] - media[0]) - (trim[2] - trim[0]) - 2 * slug) < 0.6, rel
    assert {"charts", "turns", "setups", "summary", "glossary", "ccss-blank"} <= kinds, kinds


def test_a_setup_depends_on_its_scenario_and_the_tables_it_looks_up(tmp_path):
    """Issue 12: editing the CRT re-renders its card, the chart set and the sources, not the
    setups; the MacArthur historical setup reads its own scenario and the tables it looks up."""
    from playaids.build import builder

    jobs = builder.plan(Repository.builtin(), tmp_path, ["macarthur-bataan"], [PageSpec(lang="en")])
    sheet = next(j for j in jobs if j.kind == "setup-sheet" and j.item == "historical")
    names = {p.relative_to(DEFAULT_DATA / "macarthur-bataan").as_posix() for p in sheet.inputs}
    assert {"scenarios/historical.yaml", "tables/allied-forces.yaml", "tables/transport.yaml", "map.yaml"} <= names
    assert "tables/crt.yaml" not in names and "scenarios/main-assault.yaml" not in names
    crt = {j.path.name for j in jobs if any(p.name == "crt.yaml" for p in j.inputs)}
    assert crt == {"crt.en.a4.pdf", "charts.en.a4.pdf", "sources.a4.pdf"}, crt


@pytest.mark.slow
def test_watch_rebuilds_only_what_a_saved_file_affects_and_stops_on_ctrl_c(tmp_path):
    """Issue 12: `build --watch` builds, then re-renders the aids that read a saved data file."""
    import os
    import queue
    import signal
    import subprocess
    import sys
    import threading
    import time

    data, out = _small_data(tmp_path), tmp_path / "out"
    proc = subprocess.Popen(preexec_fn=sigint_default, args=[sys.executable, "-m", "playaids", "--data", str(data), "--no-builtin", "build", "--out",
                             str(out), "--lang", "en", "--only", "charts", "--watch"], stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, cwd=tmp_path)
    lines: list[str] = []
    heard: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [heard.put(ln.decode()) for ln in proc.stderr], daemon=True).start()

    def wait_for(word, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                line = heard.get(timeout=0.2)
            except queue.Empty:
                continue
            lines.append(line)
            if word in line:
                return line
        raise AssertionError(f"no {word!r} in {lines}")

    try:
        assert "built 4 files" in wait_for("built")
        wait_for("watching")
        card = out / "rgi-macarthur" / "charts" / "damage.en.a4.pdf"
        other = (out / "rgi-macarthur" / "charts" / "road-costs.en.a4.pdf").stat().st_mtime_ns
        before = card.stat().st_mtime_ns
        with open(data / "rgi-macarthur" / "tables" / "damage.yaml", "a", encoding="utf-8") as f:
            f.write("# saved\n")
        # its card, the chart set and the sources; the other table's card stays
        assert "built 3 files, 1 unchanged" in wait_for("built")
        assert card.stat().st_mtime_ns != before
        assert (out / "rgi-macarthur" / "charts" / "road-costs.en.a4.pdf").stat().st_mtime_ns == other
        # a file saved broken is one line, and the watch goes on
        path = data / "rgi-macarthur" / "tables" / "damage.yaml"
        good = path.read_text(encoding="utf-8")
        path.write_text("a: [\n", encoding="utf-8")
        assert "damage.yaml" in wait_for("damage.yaml")
        path.write_text(good, encoding="utf-8")
        wait_for("built")
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
        wait_for("stopped watching", 10)
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
