"""ASL Chapter G (seed 003): caves, cave complexes and the Cave-Complex Setup Sheet.

The checks `caves` and `cave-complexes` are named by data/asl-chapter-g/scenarios/caves.yaml;
the setup file carries the cave keys; generation places random legal caves on the terrain given
by `scenario --terrain`; `build` adds the blank CCSS and the CLI the `ccss` command."""
from __future__ import annotations

from pathlib import Path

import click

from playaids.games.asl_chapter_g import generate as cave_generation
from playaids.games.asl_chapter_g.cavesetup import SETUP_KEYS
from playaids.games.asl_chapter_g.checks import CHECKS
from playaids.games.asl_chapter_g import command
from playaids.games.base import Game


def _blank_ccss(job, repo) -> bytes:
    from playaids.games.asl_chapter_g import ccss as sheet

    return sheet.render(repo, job.spec())


class AslChapterG(Game):
    id = "asl-chapter-g"
    checks = CHECKS
    setup_keys = SETUP_KEYS
    scenario_options = (click.option("--terrain", type=click.Path(dir_okay=False), default=None,
                                     help="Terrain file of the hexes used (asl-chapter-g caves)."),
                        click.option("--caves", type=int, default=None,
                                     help="Caves the OB grants (asl-chapter-g caves, G11.91: an input, "
                                          "not in the rules)."))
    commands = (command.ccss,)
    example_setups = False  # generation needs --terrain and --caves (G11.91), inputs the data cannot give
    renderers = {"ccss-blank": _blank_ccss}
    groups = {"ccss-blank": "ccss"}

    def generate(self, setup, ctx, rng, options):
        cave_generation.generate(setup, ctx, rng, options)

    def jobs(self, root, out, langs, papers, grayscale):
        from playaids.docbuild import Job


        legend = root.game_dir(self.id) / "tables" / "ccss-legend.yaml"
        return [Job("ccss-blank", self.id, Path(out) / self.id / f"ccss-blank.{lang}.{paper}.pdf", None, lang,
                    paper, grayscale, 1.0, (legend,)) for paper in papers for lang in langs]
