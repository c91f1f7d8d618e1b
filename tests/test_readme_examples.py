"""Every command example of the README runs as written (issue 24): each `playaids` line of its
```sh blocks, in a scratch folder holding the files the examples name (made by the tool itself:
their-table.csv, pasted.txt, my-terrain.yaml ...), with `[optional parts]` left out. The builds
of every game (`build --lang all --paper all`, `build --grayscale ... --force`, `build --check`)
and `build --watch` (stopped with Ctrl-C after its first build) run under PLAYAIDS_FULL=1."""
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from playaids import export
from playaids.repository import open_data
from tests.conftest import ROOT

FULL = bool(os.environ.get("PLAYAIDS_FULL"))


EXIT_1: set = set()   # examples the README says exit 1 (verify --strict on a setup with unchecked rules)


def _examples() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command.startswith(".venv/bin/playaids"):
                out.append(command)
                if "exit 1" in line[len(command):]:   # the README says this one may exit 1
                    EXIT_1.add(command)
    return out


EXAMPLES = _examples()
HEAVY = ("build [GAME...] --lang all --paper all", "build --grayscale", "build --check", "--watch", "build --only odds")


def test_the_readme_has_examples():
    assert len(EXAMPLES) >= 35
    assert ".venv/bin/playaids scenario macarthur-bataan historical --seed 0 --count 1000 > setups.jsonl" in EXAMPLES


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    """A folder holding what the examples read, and `playaids` on the PATH (this checkout)."""
    d = tmp_path_factory.mktemp("readme")
    bin_dir = d / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    wrapper = bin_dir / "playaids"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m playaids "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    (d / "tests").symlink_to(ROOT / "tests")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(d / "home"), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    env.pop("PLAYAIDS_LANG", None)

    def run(*args):
        r = subprocess.run([str(wrapper), *map(str, args)], cwd=d, env=env, capture_output=True, timeout=600)
        assert r.returncode == 0, (args, r.stderr)

    repo = open_data()
    run("table", "okinawa", "fleet-damage", "-o", d / "their-table.csv")
    kamikaze = export.grid_rows(repo.table("okinawa", "kamikaze-hits").grid, "en")
    (d / "pasted.txt").write_text("\n".join("\t".join(r) for r in kamikaze) + "\n", encoding="utf-8")
    (d / "publisher-tables").mkdir()
    for tid in ("fleet-damage", "kamikaze-hits"):
        run("table", "okinawa", tid, "-o", d / "publisher-tables" / f"{tid}.csv")
    run("scenario", "macarthur-bataan", "historical", "--seed", "3", "-o", d / "my-hand-made-setup.yaml")
    shutil.copy(ROOT / "tests" / "fixtures" / "asl" / "board25-g11-examples.yaml", d / "my-terrain.yaml")
    (d / "home" / "my-games").mkdir(parents=True)
    shutil.copytree(ROOT / "data" / "rgi-macarthur", d / "home" / "my-games" / "rgi-macarthur")
    for game in ("okinawa", "macarthur-bataan"):   # the chart sets check-table reads
        run("build", game, "--only", "charts", "--lang", "en", "--out", d / "output")
    return d, env


def _as_written(example: str) -> str:
    """The example as a shell runs it: `[optional parts]` left out."""
    return re.sub(r"\s*\[[^\]]*\]", "", example)


@pytest.mark.slow
def test_every_example_runs_in_order(workdir):
    """In the README's order, in one folder: a later example reads what an earlier one wrote
    (setup.yaml, setups.jsonl, caves.yaml), so they run in one test, not spread over workers."""
    failed = []
    for example in EXAMPLES:
        if any(h in example for h in HEAVY) and not FULL:
            continue   # a build of every game: PLAYAIDS_FULL=1
        why = _run(example, workdir)
        if why:
            failed.append(why)
    assert failed == []


def _run(example, workdir):
    """None when the example ran as the README says, else what went wrong."""
    d, env = workdir
    command = _as_written(example)
    if "--watch" in command:   # runs until Ctrl-C: stopped after its first build
        proc = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=d, env=env, stderr=subprocess.PIPE,
                                stdout=subprocess.DEVNULL)
        for line in proc.stderr:
            if b"watching" in line:
                break
        proc.send_signal(signal.SIGINT)
        return None if proc.wait(60) == 0 else (command, "did not stop on Ctrl-C")
    r = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=d, env=env, capture_output=True, timeout=3600 if FULL else 1200)
    if r.returncode not in ((0, 1) if example in EXIT_1 else (0,)):
        return command, r.returncode, r.stderr.decode()[-1000:]
    out = r.stdout.decode()
    if "verify setups.jsonl" in command and "setups.jsonl #1000: legal" not in out:
        return command, out[-500:]
    if "charts.en.a4.pdf" in command and "check-table" in command and "equal" not in out:
        return command, out[-500:]
    return None
