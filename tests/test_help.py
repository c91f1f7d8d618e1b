"""Every command's --help ends with an example that runs as a command of this CLI, and every
option says what it is for (issue 24)."""
import shlex

import click
import pytest

from playaids.cli import app


def _commands(cmd=app.cli, path=("playaids",)):
    yield path, cmd
    if isinstance(cmd, click.Group):
        ctx = click.Context(cmd)
        for name in cmd.list_commands(ctx):
            yield from _commands(cmd.get_command(ctx, name), path + (name,))


COMMANDS = list(_commands())


def test_every_command_is_listed():
    names = {" ".join(p) for p, _ in COMMANDS}
    assert {"playaids table", "playaids verify", "playaids data validate", "playaids check-table",
            "playaids ccss", "playaids glossary"} <= names


@pytest.mark.parametrize("path, cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_help_ends_with_an_example_of_the_command(path, cmd, cli_in):
    r = cli_in(*path[1:], "--help")
    assert r.returncode == 0
    lines = r.stdout.decode().rstrip().splitlines()
    assert lines[-2].strip() == "Example:", lines[-3:]
    example = shlex.split(lines[-1].strip().split("|")[-1] if path[-1] == "verify" else lines[-1].strip())
    assert example[0] == "playaids"
    if len(path) > 1:   # the example runs this very command
        words = [w for w in example[1:] if not w.startswith("-")]
        assert tuple(words[:len(path) - 1]) == path[1:], example


@pytest.mark.parametrize("path, cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_option_has_help(path, cmd):
    bare = [p.opts[0] for p in cmd.params if isinstance(p, click.Option) and not p.help]
    assert not bare, (path, bare)
