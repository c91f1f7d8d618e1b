"""What the `playaids` group hands every command through click's context object (set in
cli.app): the repository of the data the command line names, opened once, and the setup-file
reader. A game's own command takes them from here, never importing what imports the games."""
from __future__ import annotations

import click


def repository(ctx: click.Context):
    """The data of this command line (--data, $PLAYAIDS_DATA, --no-builtin), opened on first use
    (a bad --data folder is then a one-line error of the command that needs data)."""
    obj = ctx.find_root().ensure_object(dict)
    if "repository" not in obj:
        obj["repository"] = obj["open_repository"]()
    return obj["repository"]


def read_setup(ctx: click.Context, path):
    """A setup file (setupreader.load, with the keys its game adds)."""
    return ctx.find_root().obj["read_setup"](path)

