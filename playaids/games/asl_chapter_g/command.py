"""`playaids ccss [SETUP]`: the Cave-Complex Setup Sheet (G11.32), blank or filled in."""
from __future__ import annotations

from pathlib import Path

import click

from playaids import outputs
from playaids.plugin import context
from playaids.plugin.pageoptions import page_options
from playaids.errors import PlayaidsError
from playaids.render import finish


FORMATS = ("pdf", "png")


@click.command("ccss", epilog="\b\nExample:\n  playaids ccss caves.yaml --lang en --paper letter -o ccss.pdf")
@click.argument("setup", required=False, type=click.Path(dir_okay=False))
@click.option("--board", default="", help="Board number printed on a blank sheet (e.g. 25).")
@click.option("--half-board", "half", is_flag=True,
              help="Each board on two pages, columns A-Q and Q-GG, at a readable scale (66 % on A4; "
                   "a hex too crowded for its labels at the whole board's scale does this by itself).")
@page_options()
@click.option("--format", "fmt", type=click.Choice(FORMATS), default=None,
              help="pdf or png (an image a page); default: the -o file's extension, else pdf.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Output file; its extension names the format (- or none: standard output).")
@click.pass_context
def ccss(ctx, setup, board, half, page, dpi, fmt, out):
    """Cave-Complex Setup Sheet (ASL G11.32) as PDF or PNG: blank, or filled in from a caves SETUP."""
    fmt = outputs.format_for(fmt, out, FORMATS, "pdf", "ccss")
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
    # the print shop's finishing pass a build gives its blank CCSS (render.finish: the title, game and
    # language in the metadata, font-subset prefixes of the file's own, DeviceGray with --grayscale)
    game = " / ".join(root.game("asl-chapter-g", with_tables=False).title.get(page.lang).split("\n"))
    label = (page.word("複合洞窟配置シート（空欄）", "Cave-Complex Setup Sheet (blank)") if cs is None else
             page.word("複合洞窟配置シート（記入済み）", "Cave-Complex Setup Sheet (filled in)"))
    name = "blank" if setup is None else f"filled-{Path(setup).stem}"
    data = finish.finish(sheet.render(root, page, board, cs, half), f"asl-chapter-g/ccss/{name}.{board}.{page.lang}."
                         f"{page.paper}.pdf", f"{game}: {label}", game, page.lang, page.grayscale)
    outputs.emit_pdf(data, out, fmt, dpi)
