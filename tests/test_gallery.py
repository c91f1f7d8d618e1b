"""The gallery output/index.html, opened in headless Chromium: it renders, every link resolves."""
import os
import re
import shutil
import subprocess

import pytest

from conftest import run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("gallery") / "out"
    r = run_cli("build", "rgi-macarthur", "asl-chapter-g", "--out", out, "--lang", "en")
    assert r.returncode == 0, r.stderr
    return out


def test_every_link_resolves(built):
    index = (built / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="([^"#]+)"', index)
    pdfs = {p.relative_to(built).as_posix() for p in built.rglob("*.pdf")}
    assert {x for x in links if x.endswith(".pdf")} == pdfs
    for link in links:
        assert (built / link).is_file(), link
    assert 'id="rgi-macarthur"' in index and 'id="asl-chapter-g"' in index


@pytest.mark.skipif(CHROMIUM is None, reason="Debian chromium not installed (.ci/run installs it)")
def test_chromium_renders_the_gallery(built, tmp_path):
    shot = tmp_path / "gallery.png"
    profile = tmp_path / "profile"
    r = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--window-size=1280,2000",
                        f"--screenshot={shot}", (built / "index.html").as_uri()],
                       capture_output=True, timeout=120, env={**os.environ, "HOME": str(tmp_path)})
    assert shot.is_file() and shot.stat().st_size > 10_000, r.stderr[-500:]
    dom = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", (built / "index.html").as_uri()],
                         capture_output=True, timeout=120, text=True, env={**os.environ, "HOME": str(tmp_path)})
    imgs = re.findall(r'<img src="([^"]+)"', dom.stdout)
    assert imgs and all((built / i).is_file() for i in imgs)
