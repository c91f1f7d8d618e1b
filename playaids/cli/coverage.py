"""`playaids coverage GAME [SCENARIO]`: the coverage ledger, so a player sees what `verify`'s
"legal" covers: every set-up sentence of the rules, quoted with its rule number, and the check
that enforces it, or what checking it needs, or why it is no set-up rule."""
from __future__ import annotations

import json
import textwrap

import click

from playaids import coverage as cov
from playaids.cli import completion
from playaids.plugin import context
from playaids.errors import PlayaidsError, printable
from playaids.cli.examples import example

_LABEL = {"checked": "checked", "unchecked": "UNCHECKED", "not-setup": "not a set-up rule"}


@click.command("coverage", epilog=example("coverage"))
@click.argument("game", shell_complete=completion.games)
@click.argument("scenario", required=False, shell_complete=completion.scenarios)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one entry a paragraph; json: every field.")
@click.option("--status", type=click.Choice(cov.STATUSES), default=None, help="Only the entries of this status.")
@click.pass_context
def coverage_cmd(ctx, game, scenario, fmt, status):
    """What `verify` checks of GAME's set-up rules (SCENARIO: only the rules of that scenario):
    each set-up sentence of the rules with its rule number and the check that enforces it,
    `UNCHECKED` with what it needs, or why it is not a set-up rule."""
    root = context.repository(ctx)
    if scenario is not None:
        root.scenario(game, scenario)   # an unknown scenario: one line, exit 2
    ledger = root.coverage(game)
    if ledger is None:
        raise PlayaidsError(f"{game} has no coverage ledger ({cov.FILE}): nothing says what verify covers")
    entries = ledger.of(scenario) if scenario else list(ledger.entries)
    if status:
        entries = [e for e in entries if e.status == status]
    if fmt == "json":
        click.echo(json.dumps({"game": game, "scenario": scenario, "seed": ledger.seed,
                               "counts": cov.counts(entries), "entries": [e.as_dict() for e in entries]},
                              ensure_ascii=False, indent=2))
        return
    n = cov.counts(entries)
    click.echo(printable(f"{game}{' ' + scenario if scenario else ''}: {len(entries)} set-up sentences of the "
                         f"rules: {n['checked']} checked, {n['unchecked']} unchecked, "
                         f"{n['not-setup']} not set-up rules"))
    for e in entries:
        click.echo("")
        what = (", ".join(e.checks) if e.status == "checked" else
                f"needs {e.needs}" + (f" (checked: {', '.join(e.checks)})" if e.checks else "")
                if e.status == "unchecked" else e.why)
        where = "" if e.scenarios is None or scenario else f"  [{', '.join(e.scenarios)}]"
        click.echo(printable(f"{e.rule}  {_LABEL[e.status]}: {what}{where}"))
        for text in (e.en, f"「{e.ja}」" + (f" (l. {e.line})" if e.line else "")):
            click.echo(printable(textwrap.fill(text, 100, initial_indent="    ", subsequent_indent="    ")))
