"""The bad-input corpus (tests/fixtures/bad, written by tests/robustness/make_corpus.py):
each case gives one line naming file and place, exit code 2, no traceback, no output file."""
import shutil
from pathlib import Path

import pytest
import yaml

from playaids.cli.app import main

CORPUS = Path(__file__).resolve().parent / "fixtures" / "bad"
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "case.yaml").is_file())


def test_corpus_is_large():
    assert len(CASES) >= 200


def _files(d: Path) -> set:
    return {p.relative_to(d) for p in d.rglob("*") if p.is_file()}


@pytest.mark.sample(70)
@pytest.mark.parametrize("slug", CASES)
def test_bad_input(slug, tmp_path, capsys):
    src = CORPUS / slug
    meta = yaml.safe_load((src / "case.yaml").read_text(encoding="utf-8"))
    work = tmp_path / "case"
    shutil.copytree(src, work)
    if "pad" in meta:
        with open(work / meta["pad"]["file"], "a", encoding="utf-8") as f:
            f.write("#" + "x" * meta["pad"]["bytes"] + "\n")
    before = _files(work)
    argv = [a.replace("{dir}", str(work)) for a in meta["argv"]]
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == meta["code"], err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert meta["fragment"] in err, err
    assert _files(work) == before, "an output file was written"
