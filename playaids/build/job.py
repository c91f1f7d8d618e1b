"""A build job (one output file) and a kind of aid (the jobs it plans for a game, and how one is
rendered): the registry of kinds is `build.kinds.registry`, a game adds its own (Game.aid_kinds)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from playaids.model import Text
from playaids.render.page import PageSpec

# The groups of aids `build --only` names
AID_GROUPS = ("charts", "odds", "summaries", "turns", "setups", "ccss")


@dataclass(frozen=True)
class Job:
    kind: str  # an AidKind's name
    game: str
    path: Path
    scenario: str | None = None   # the scenario, table or other item of the game the file is of
    lang: str = "both"
    paper: str = "a4"
    grayscale: bool = False
    cost: float = 1.0
    inputs: tuple = ()      # the data files the output depends on, beside game.yaml and glossary.yaml
    bleed_mm: float = 0.0
    crop_marks: bool = False

    def spec(self) -> PageSpec:
        return PageSpec(paper=self.paper, lang=self.lang, grayscale=self.grayscale, bleed_mm=self.bleed_mm,
                        crop_marks=self.crop_marks)


class AidKind:
    """A kind of aid: its name (Job.kind), its group for `build --only`, the jobs it plans for a
    game and how one is rendered; `title` is what the gallery calls an aid."""

    name = ""
    group = ""
    # (ja, en): the gallery's name of an aid of this kind, unless `title` says more
    label = ("", "")

    def plan(self, repo, game_id: str, out: Path, langs, papers, grayscale: bool) -> list[Job]:
        return []

    def render(self, job: Job, repo) -> bytes:
        raise NotImplementedError(self.name)

    def title(self, repo, job: Job, lang: str) -> str:
        return Text(*self.label).get(lang)

    @staticmethod
    def each(papers, langs):
        """(paper, lang) of every file of an aid made per paper and language, in build order."""
        return [(paper, lang) for paper in papers for lang in langs]
