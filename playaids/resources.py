"""Where the game data and the templates are: inside the installed package (a wheel carries
them as playaids/_data and playaids/_templates), else beside it in a checkout or an editable
install (the project's data/ and templates/)."""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    inside = PACKAGE / f"_{name}"
    return inside if inside.is_dir() else PACKAGE.parent / name


DATA = _find("data")
TEMPLATES = _find("templates")
