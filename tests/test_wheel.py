"""A wheel a print shop can install (issue 16): built from the project, installed into a fresh
venv outside the checkout, every kind of command works from a temporary folder."""
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    # built from a copy of what a source release holds, so a checkout's stale build/ never matters
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("playaids", "data", "templates"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "_data", "_templates"))
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "dist", src],
                       capture_output=True, text=True, timeout=240)
    if r.returncode != 0:
        pytest.fail(f"wheel build failed: {r.stderr[-2000:]}")
    wheel = next((tmp / "dist").glob("playaids-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True, timeout=120)
    py = venv / "bin" / "python"
    here = sysconfig.get_paths()["purelib"]
    # the dependencies come from this venv's site-packages (offline); playaids itself only from the wheel,
    # installed by the new venv's interpreter running this venv's pip (which leaves this venv alone)
    purelib = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    Path(purelib, "deps.pth").write_text(here + "\n")
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel], capture_output=True,
                       text=True, timeout=120, env={**os.environ, "PYTHONPATH": here})
    assert r.returncode == 0, r.stderr[-2000:]
    assert (venv / "bin" / "playaids").is_file()
    work = tmp / "work"
    work.mkdir()
    return wheel, venv / "bin" / "playaids", work


@pytest.mark.slow
def test_the_wheel_carries_data_and_templates(installed):
    wheel, _, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "playaids/_data/okinawa/tables/fleet-damage.yaml" in names
    assert "playaids/_data/macarthur-bataan/scenarios/historical.yaml" in names
    assert any(n.startswith("playaids/_templates/") and n.endswith(".j2") for n in names)


@pytest.mark.slow
def test_every_command_works_outside_the_checkout(installed):
    _, playaids, work = installed

    def run(*args):
        r = subprocess.run([playaids, *map(str, args)], cwd=work, capture_output=True, timeout=120)
        assert r.returncode in (0, 1), (args, r.stderr[-1000:])
        return r

    from concurrent.futures import ThreadPoolExecutor

    # independent commands side by side (each is a process of its own); then those that read
    # what the first wrote
    with ThreadPoolExecutor(4) as pool:
        ids, fleet, *_ = pool.map(lambda a: run(*a), [
            ("list", "--format", "ids"), ("table", "okinawa", "fleet-damage"),
            ("table", "macarthur-bataan", "crt", "--format", "pdf", "-o", "crt.pdf"),
            ("summary", "rgi-macarthur", "--lang", "en", "-o", "s.pdf"),
            ("scenario", "macarthur-bataan", "historical", "--seed", 4, "-o", "setup.yaml", "--sheet", "sheet.pdf"),
            ("ccss", "--board", "25", "-o", "ccss.pdf"),
            ("table", "okinawa", "fleet-damage", "-o", "fd.csv"),
            ("odds", "macarthur-bataan", "crt", "--lang", "ja", "-o", "odds.pdf"),
            ("build", "rgi-macarthur", "--lang", "en", "--out", "out")])
    assert ids.stdout.split() == [b"amigos-insurrectors", b"asl-chapter-g", b"macarthur-bataan", b"okinawa",
                                  b"rgi-macarthur"]
    assert fleet.stdout.startswith(b"Target fleet,1,2,3")
    assert b"legal" in run("verify", "setup.yaml").stdout
    assert run("check-table", "okinawa", "fleet-damage", "fd.csv").returncode == 0
    for f in ("crt.pdf", "s.pdf", "sheet.pdf", "ccss.pdf", "odds.pdf", "out/rgi-macarthur/summary.en.a4.pdf",
              "out/rgi-macarthur/odds/korea-reserves.en.a4.pdf"):
        assert (work / f).read_bytes().startswith(b"%PDF"), f
    assert (work / "out" / "index.html").is_file()
