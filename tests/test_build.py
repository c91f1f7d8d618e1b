"""`playaids build`: outputs, gallery links, incremental rebuilds, byte-identical results."""
import hashlib
import re
from pathlib import Path

from conftest import run_cli


def digests(out: Path) -> dict:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in out.rglob("*") if p.is_file() and ".playaids-cache" not in p.parts}


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
    # warm: nothing rendered again, identical bytes
    r = run_cli("build", "rgi-macarthur", "--out", out, "--lang", "en")
    assert r.returncode == 0 and b"built 0 files" in r.stderr, r.stderr
    assert digests(out) == files
    # a changed table rebuilds only its card (the data folder is copied so the change stays local)
    r = run_cli("build", "rgi-macarthur", "--out", out, "--lang", "en", "--force")
    assert re.search(rb"built [1-9]\d* files", r.stderr), r.stderr
    assert digests(out) == files


def test_build_with_changed_data_rebuilds_only_what_depends(tmp_path):
    import shutil

    from playaids import load

    data = tmp_path / "data"
    shutil.copytree(load.DEFAULT_DATA / "rgi-macarthur", data / "rgi-macarthur")
    out = tmp_path / "out"
    assert run_cli("--data", data, "build", "--out", out, "--lang", "ja").returncode == 0
    before = digests(out)
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    text = table.read_text(encoding="utf-8")
    assert "title: {ja: 移動ポイントの使用法" in text
    table.write_text(text.replace("title: {ja: 移動ポイントの使用法", "title: {ja: 移動ポイントの使用法（改）", 1), encoding="utf-8")
    r = run_cli("--data", data, "build", "--out", out, "--lang", "ja")
    assert r.returncode == 0, r.stderr
    after = digests(out)
    changed = {f for f in after if before.get(f) != after[f] and not f.startswith(".previews")}
    assert "rgi-macarthur/charts/road-costs.ja.a4.pdf" in changed
    assert not any("charts/damage" in f or "summary" in f for f in changed), changed


def test_build_unknown_game(tmp_path):
    r = run_cli("build", "nope", "--out", tmp_path / "o")
    assert r.returncode == 2 and b"unknown game 'nope'" in r.stderr
