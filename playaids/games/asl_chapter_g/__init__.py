"""ASL Chapter G (seed 003): caves, cave complexes and the Cave-Complex Setup Sheet.

CHECKS (`caves`, `cave-complexes`) are named by data/asl-chapter-g/scenarios/caves.yaml;
SETUP_KEYS are the setup file's cave keys; GENERATE places random legal caves."""
from __future__ import annotations

from playaids.games.asl_chapter_g.cavesetup import SETUP_KEYS
from playaids.games.asl_chapter_g.checks import CHECKS
from playaids.games.asl_chapter_g.generate import generate as GENERATE

NEEDS_INPUTS = True  # generation needs --terrain and --caves (G11.91): no example setup in a build

__all__ = ["CHECKS", "SETUP_KEYS", "GENERATE", "NEEDS_INPUTS"]
