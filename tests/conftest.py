import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
os.environ.setdefault("SOURCE_DATE_EPOCH", "0")


def run_cli(*args, cwd=None, env=None):
    """Run `python -m playaids ARGS` as a user would; returns the CompletedProcess."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "playaids", *map(str, args)], capture_output=True,
                          cwd=cwd or ROOT, env=e, timeout=300)


def sigint_default() -> None:
    """preexec_fn of a child a test interrupts: SIGINT as Python's default, whatever the
    runner's (a shell starts a background job with SIGINT ignored, and a child inherits it)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def fixture_data():
    return FIXTURES / "data"


class Ran:
    """What a command run in this process returned, shaped like subprocess.CompletedProcess
    (stdout and stderr bytes); `code, printed = ran` gives the exit code and stderr + stdout."""

    def __init__(self, returncode, stdout: str, stderr: str):
        self.returncode, self.stdout, self.stderr = returncode, stdout.encode(), stderr.encode()

    @property
    def text(self) -> str:
        return (self.stderr + self.stdout).decode()

    def __iter__(self):
        return iter((self.returncode, self.text))

    def __getitem__(self, k):
        return tuple(self)[k]


def run_in(capture, *args) -> Ran:
    """`playaids ARGS` through its entry point in this process (no Python start-up; run_cli for
    a real process): the exit codes and one-line errors of the installed command. `capture`:
    pytest's capfd (what the command or a library writes to the file descriptors) or capsys."""
    from playaids.cli import app

    capture.readouterr()
    try:
        app.main([str(a) for a in args])
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    out, err = capture.readouterr()
    return Ran(code, out, err)


@pytest.fixture
def cli_in(capfd):
    """The in-process runner (run_in) bound to this test's output."""
    return functools.partial(run_in, capfd)


def pytest_collection_modifyitems(config, items):
    """Two tiers. `make test` (quick, under 90 s on two cores) leaves out the `slow` tests
    (whole workflows: builds, the wheel, big streams) and runs a `sample` of each matrix test
    (a renderer per game, language and paper): `sample` runs one case, `sample(n)` n, spread
    over the list from a place fixed by the test's name, so different tests see different
    games. PLAYAIDS_SLOW=1 (.ci/run, `make test-all`) runs every case of every test."""
    if os.environ.get("PLAYAIDS_SLOW") or os.environ.get("PLAYAIDS_FULL"):
        return
    import zlib

    groups: dict = {}
    out = []
    for item in items:
        if "slow" in item.keywords:
            out.append(item)
        elif (m := item.get_closest_marker("sample")) is not None:
            key = f"{item.path.name}::{getattr(item, 'originalname', item.name)}"
            groups.setdefault(key, (m, []))[1].append(item)
    for key, (m, cases) in groups.items():
        k = min(m.args[0] if m.args else 1, len(cases))
        start = zlib.crc32(key.encode()) % len(cases)
        keep = {(start + i * len(cases) // k) % len(cases) for i in range(k)}
        out += [c for i, c in enumerate(cases) if i not in keep]
    if out:
        dropped = set(map(id, out))
        config.hook.pytest_deselected(items=out)
        items[:] = [i for i in items if id(i) not in dropped]
