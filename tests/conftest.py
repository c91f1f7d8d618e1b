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


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def fixture_data():
    return FIXTURES / "data"


def run_main(capsys, *args) -> tuple[int, str]:
    """Run the CLI in this process (faster than run_cli where no separate process is needed);
    returns the exit code and what it printed (stderr then stdout)."""
    from playaids.cli import app as cli

    try:
        cli.main([str(a) for a in args])
        code = 0
    except SystemExit as e:
        code = e.code
    cap = capsys.readouterr()
    return code, cap.err + cap.out


class Ran:
    """What a command run in this process returned, shaped like subprocess.CompletedProcess."""

    def __init__(self, returncode, stdout: str, stderr: str):
        self.returncode, self.stdout, self.stderr = returncode, stdout.encode(), stderr.encode()


@pytest.fixture
def cli_in(capsys):
    """Run a command in this process (no Python start-up): for tests of text output and exit codes."""
    from playaids.cli import app as cli_module

    def run(*args):
        try:
            cli_module.main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code
        cap = capsys.readouterr()
        return Ran(code, cap.out, cap.err)

    return run


def pytest_collection_modifyitems(config, items):
    """`slow` tests run when PLAYAIDS_SLOW=1 (.ci/run does, after make test): make test stays quick."""
    if os.environ.get("PLAYAIDS_SLOW") or os.environ.get("PLAYAIDS_FULL"):
        return
    skip = pytest.mark.skip(reason="slow: PLAYAIDS_SLOW=1 runs it (.ci/run does)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
