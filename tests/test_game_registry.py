"""Games as classes (playaids/games/base.py, the GAMES tuple): what a game adds is stated by its
class; shared code names no game; an import error in a game module is an error."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from playaids.repository import Repository
from playaids import games
from playaids.build import builder as build
from playaids.cli import app as cli
from playaids.games.asl_chapter_g import AslChapterG
from playaids.games.base import GameRules
from playaids.games.okinawa import Okinawa
from playaids.render.page import PageSpec

from conftest import ROOT, run_in

DATA = Repository(ROOT / "data")


def _run(capsys, *args) -> tuple[int, str]:
    return tuple(run_in(capsys, *args))


def test_registry_is_explicit_and_matches_the_data():
    ids = [g.id for g in games.GAMES]
    assert ids == ["amigos-insurrectors", "asl-chapter-g", "okinawa", "rgi-macarthur"]
    assert set(ids) <= set(DATA.game_ids())
    for g in games.GAMES:
        assert issubclass(g, GameRules) and g is not GameRules


def test_data_only_games_are_the_plain_game():
    for gid in ("macarthur-bataan",):
        g = games.game(gid)
        assert type(g) is GameRules and g.id == gid and g.checks == {} and g.example_setups
    assert type(games.game("okinawa")) is Okinawa
    assert set(dict(Repository.builtin().rules("okinawa").checks)) == {"positions-on-units", "near-key-points", "key-points-held",
                                            "positions-face-hexside", "positions-not-on", "boeitai-next-to-us",
                                            "with-or-adjacent", "adjacent-to-enemy"}
    assert Repository.builtin().setup_keys("asl-chapter-g") == ("terrain", "ob", "caves", "complexes", "fortifications")


def test_shared_code_names_no_game():
    ids = DATA.game_ids()
    words = [re.escape(i) for i in ids] + [re.escape(i.replace("-", "_")) for i in ids]
    pattern = re.compile(r"\b(" + "|".join(words) + r")\b")
    found = []
    for path in sorted((ROOT / "playaids").rglob("*.py")):
        if "games" in path.relative_to(ROOT / "playaids").parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []


def test_a_broken_game_module_fails_loudly(tmp_path):
    setup = tmp_path / "s.yaml"
    setup.write_text("game: okinawa\nscenario: scenario-1\ndraws: {}\nchoices: {}\nplacements: []\n",
                     encoding="utf-8")
    code = ("import sys; sys.modules['playaids.games.okinawa'] = None\n"
            "from playaids.cli import app as cli\n"
            f"cli.main(['verify', {str(setup)!r}])\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode != 0 and "ModuleNotFoundError" in r.stderr and "playaids.games.okinawa" in r.stderr
    assert "unchecked" not in r.stdout


def test_game_options_and_commands_come_from_the_registry(capsys):
    assert cli.cli.commands["ccss"] is AslChapterG.commands[0]
    assert "terrain" in [p.name for p in cli.cli.commands["scenario"].params]
    code, err = _run(capsys, "scenario", "okinawa", "scenario-1", "--terrain", "x.yaml")
    assert code == 2 and err == "playaids: okinawa takes no --terrain\n"
    code, err = _run(capsys, "scenario", "asl-chapter-g", "caves")
    assert code == 2 and "needs --terrain FILE" in err


def test_build_jobs_come_from_the_game(tmp_path):
    jobs = build.plan(DATA, tmp_path, ["asl-chapter-g", "amigos-insurrectors"], [PageSpec(lang="en")])
    kinds = {(j.game, j.kind) for j in jobs}
    assert ("asl-chapter-g", "ccss-blank") in kinds
    assert ("asl-chapter-g", "setup-yaml") not in kinds  # caves need a terrain file
    assert ("amigos-insurrectors", "setup-yaml") in kinds
    assert not any(j.kind == "ccss-blank" for j in jobs if j.game != "asl-chapter-g")
    blank, = AslChapterG.aid_kinds
    assert [j.path.name for j in blank().plan(DATA, "asl-chapter-g", tmp_path, [PageSpec(lang="en"), PageSpec(lang="ja")])] == [
        "ccss-blank.en.a4.pdf", "ccss-blank.ja.a4.pdf"]


@pytest.fixture
def okinawa_copy(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(DATA.game_dir("okinawa"), root / "okinawa")
    return root, root / "okinawa" / "scenarios" / "free-variant.yaml"


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


@pytest.mark.sample
def test_a_misspelt_key_of_a_game_check_is_refused(okinawa_copy, capsys):
    root, path = okinawa_copy
    path.write_text(path.read_text(encoding="utf-8").replace("within: 1,", "withn: 1,"), encoding="utf-8")
    code, err = _run(capsys, "data", "validate", root)
    line = _line_of(path, "withn: 1")
    assert code == 2 and f"{path}:{line}:" in err
    assert "unknown key 'withn' (did you mean 'within'?)" in err


@pytest.mark.sample
def test_an_unknown_game_check_is_refused(okinawa_copy, capsys):
    root, path = okinawa_copy
    path.write_text(path.read_text(encoding="utf-8").replace("check: key-points-held", "check: key-point-held"),
                    encoding="utf-8")
    code, err = _run(capsys, "data", "validate", root)
    line = _line_of(path, "check: key-point-held")
    assert code == 2 and f"{path}:{line}:" in err
    assert "okinawa has no check 'key-point-held' (known: adjacent-to-enemy, boeitai-next-to-us, key-points-held, " \
           "near-key-points, positions-face-hexside, positions-not-on, positions-on-units, with-or-adjacent)" in err
