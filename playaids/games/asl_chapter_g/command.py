"""`playaids ccss [SETUP]`: the Cave-Complex Setup Sheet (G11.32), blank or filled in."""
from __future__ import annotations


import click

from playaids import atomic
from playaids.cli import context
from playaids.cli.pageoptions import page_options
from playaids.errors import PlayaidsError


@click.command("ccss")
@click.argument("setup", required=False, type=click.Path(dir_okay=False))
@click.option("--board", default="", help="Board number printed on a blank sheet (e.g. 25).")
@page_options(lang="both")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None)
@click.pass_context
def ccss(ctx, setup, board, page, out):
    """Cave-Complex Setup Sheet (ASL G11.32) as PDF: blank, or filled in from a caves SETUP."""
    from playaids.games.asl_chapter_g import ccss as sheet
    from playaids.games.asl_chapter_g.cavesetup import parse

    root = context.repository(ctx)
    cs = None
    if setup:
        s = context.read_setup(ctx, setup)
        if s.game != "asl-chapter-g":
            raise PlayaidsError(f"{setup}: a CCSS is drawn for asl-chapter-g setups, not {s.game}")
        cs = parse(s, root)
        if board and cs.caves and board not in {c.hex.board for c in cs.caves}:
            raise PlayaidsError(f"{setup}: no cave on board {board}")
    atomic.emit(sheet.render(root, page, board, cs), out)
