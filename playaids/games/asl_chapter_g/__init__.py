"""ASL Chapter G (seed 003): caves, cave complexes and the Cave-Complex Setup Sheet.

The checks `caves` and `cave-complexes` are named by data/asl-chapter-g/scenarios/caves.yaml;
the setup file carries the cave keys; generation places random legal caves on the terrain given
by `scenario --terrain`; `build` adds the blank CCSS and the CLI the `ccss` command."""
from __future__ import annotations

from pathlib import Path

import click

from playaids.build.job import AidKind, Job
from playaids.games.asl_chapter_g import generate as cave_generation
from playaids.games.asl_chapter_g.cavesetup import SETUP_KEYS
from playaids.games.asl_chapter_g.checks import CHECKS
from playaids.games.asl_chapter_g import command, terrain
from playaids.games.base import Game


class BlankCcss(AidKind):
    """The blank Cave-Complex Setup Sheet (G11.32), a form to fill in at the table."""
    name, group, label = "ccss-blank", "ccss", ("複合洞窟配置シート（空欄）", "Cave-Complex Setup Sheet (blank)")

    def plan(self, repo, game_id, out, langs, papers, grayscale):
        legend = repo.game_dir(game_id) / "tables" / "ccss-legend.yaml"
        return [Job(self.name, game_id, Path(out) / game_id / f"ccss-blank.{lang}.{paper}.pdf", None, lang, paper,
                    grayscale, 1.0, (legend,)) for paper, lang in self.each(papers, langs)]

    def render(self, job, repo):
        from playaids.games.asl_chapter_g import ccss as sheet

        return sheet.render(repo, job.spec())


class AslChapterG(Game):
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
