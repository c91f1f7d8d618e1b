"""`playaids preflight FILE.pdf...`: the print preflight on any PDF (playaids/preflight.py)."""
from __future__ import annotations

import click

from playaids.errors import Verdict, printable
from playaids.cli.examples import example


@click.command("preflight", epilog=example("preflight"))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--lang", type=click.Choice(["ja", "en", "both"]), default=None,
              help="The aids' language (default: from the file name, e.g. crt.ja.a4.pdf).")
def preflight(files, lang):
    """Check PDFs as a print shop would: text inside the trim box less 5 mm, none overprinted,
    fonts embedded, no text under 6 pt, one language; and as a reader would: no missing glyph,
    no kinsoku break, no '(continued)' before its start, no text for the makers. Exit 0 clean,
    1 findings, 2 unreadable."""
    from playaids import preflight as checks

    found, unreadable = 0, 0
    for findings, error in checks.check_all(files, lang):
        if error:
            click.echo(printable(error), err=True)
            unreadable += 1
            continue
        for x in findings:
            click.echo(printable(x.line()))
        found += len(findings)
    if unreadable:
        raise Verdict(2)
    if found:
        raise Verdict(1)
