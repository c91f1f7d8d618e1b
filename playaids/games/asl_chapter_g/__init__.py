"""ASL Chapter G (seed 003): caves, cave complexes and the Cave-Complex Setup Sheet.

The checks `caves` and `cave-complexes` are named by data/asl-chapter-g/scenarios/caves.yaml;
the setup file carries the cave keys; generation places random legal caves on the terrain given
by `scenario --terrain`; `build` adds the blank CCSS and the CLI the `ccss` command."""
from __future__ import annotations

from pathlib import Path

import click

from playaids.plugin.aids import AidKind, Job
from playaids.games.asl_chapter_g import generate as cave_generation
from playaids.games.asl_chapter_g.cavesetup import SETUP_KEYS
from playaids.games.asl_chapter_g.checks import CHECKS
from playaids.games.asl_chapter_g import command, terrain
from playaids.games.base import GameRules


class BlankCcss(AidKind):
    """The blank Cave-Complex Setup Sheet (G11.32), a form to fill in at the table."""
    name, group, label = "ccss-blank", "ccss", ("複合洞窟配置シート（空欄）", "Cave-Complex Setup Sheet (blank)")
    group_help = "blank CCSS"

    def plan(self, repo, game_id, out, pages):
        legend = repo.game_dir(game_id) / "tables" / "ccss-legend.yaml"
        return [Job(self.name, game_id, Path(out) / game_id / f"ccss-blank.{p.lang}.{p.paper}.pdf", None, p, 1.0,
                    (legend,)) for p in pages]

    def render(self, job, repo):
        from playaids.games.asl_chapter_g import ccss as sheet

        return sheet.render(repo, job.page)


class AslChapterG(GameRules):
    id = "asl-chapter-g"
    checks = CHECKS
    setup_keys = SETUP_KEYS
    schemas = {"terrain": terrain.SCHEMA}
    scenario_options = (click.option("--terrain", type=click.Path(dir_okay=False), default=None,
                                     help="Terrain file of the hexes used (asl-chapter-g caves)."),
                        click.option("--caves", type=int, default=None,
                                     help="Caves the OB grants (asl-chapter-g caves, G11.91: an input, "
                                          "not in the rules)."))
    commands = (command.ccss,)
    example_setups = False  # generation needs --terrain and --caves (G11.91), inputs the data cannot give
    aid_kinds = (BlankCcss,)

    def generate(self, setup, ctx, rng, options):
        cave_generation.generate(setup, ctx, rng, options)

    def sheet_secrets(self, setup) -> list[dict]:
        """The caves and complexes: set up hidden (HIP) and recorded on the CCSS (G11.3, G11.32),
        so they are on the Japanese slip, never the sheet's public part."""
        side = str((setup.extra.get("ob") or {}).get("side", "japanese"))
        caves = [c for c in setup.extra.get("caves") or [] if isinstance(c, dict)]
        complexes = [c for c in setup.extra.get("complexes") or [] if isinstance(c, dict)]
        out = []
        if caves:
            out.append({"side": side, "rule": "G11.3, G11.32",
                        "title": {"ja": "洞窟（隠匿配置。CCSSに記録する）", "en": "Caves (hidden; recorded on the CCSS)"},
                        "head": [{"ja": "洞窟", "en": "Cave"}, {"ja": "ヘクス", "en": "Hex"},
                                 {"ja": "CA", "en": "CA"}, {"ja": "レベル", "en": "Level"}],
                        "rows": [[str(c.get("id", "")), str(c.get("hex", "")), str(c.get("ca", "")),
                                  "" if c.get("level") is None else str(c["level"])] for c in caves]})
        if complexes:
            out.append({"side": side, "rule": "G11.2, G11.32",
                        "title": {"ja": "複合洞窟", "en": "Cave complexes"},
                        "head": [{"ja": "複合洞窟", "en": "Complex"}, {"ja": "基点洞窟", "en": "Primary cave"},
                                 {"ja": "ヘクス", "en": "Hexes"}],
                        "rows": [[str(c.get("id", "")), str(c.get("primary", "")),
                                  ", ".join(map(str, c.get("hexes") or []))] for c in complexes]})
        return out
