"""A build job (one output file) and a kind of aid (the jobs it plans for a game, and how one is
rendered): the registry of kinds is `build.kinds.registry`, a game adds its own (Game.aid_kinds),
importing this module, never the build."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from playaids.model import Text
from playaids.render.page import PageSpec

@dataclass(frozen=True)
class Job:
    kind: str  # an AidKind's name
    game: str
    path: Path
    item: str | None = None   # what of the game the file is of: a scenario, a table
    page: PageSpec = PageSpec()   # the page it is printed on, as the command line asked (a text file: unused)
    cost: float = 1.0
    inputs: tuple = ()      # the data files the output depends on, beside game.yaml and glossary.yaml

    @property
    def lang(self) -> str:
        return self.page.lang


class AidKind:
    """A kind of aid: its name (Job.kind), its group for `build --only`, the jobs it plans for a
    game and how one is rendered; `title` is what the gallery calls an aid."""

    name = ""
    group = ""          # the group `build --only` names it by
    group_help = ""     # what the group holds, for `build --help` (the first kind of a group says)
    # (ja, en): the gallery's name of an aid of this kind, unless `title` says more
    label = ("", "")

    def plan(self, repo, game_id: str, out: Path, pages: list[PageSpec]) -> list[Job]:
        """The jobs of a game: `pages`, one PageSpec per paper and language asked for, in build
        order (each with the print shop's options)."""
        return []

    def render(self, job: Job, repo) -> bytes:
        raise NotImplementedError(self.name)

    def title(self, repo, job: Job, lang: str) -> str:
        return Text(*self.label).get(lang)

    @staticmethod
    def per_paper(pages: list[PageSpec], lang: str) -> list[PageSpec]:
        """One page a paper, in `lang`: an aid made once per paper (its language its own)."""
        return list({p.paper: dataclasses.replace(p, lang=lang) for p in pages}.values())
