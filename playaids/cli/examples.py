"""The example each command's --help ends with, from templates/help-examples.yaml (game ids are
data: shared code names no game)."""
from __future__ import annotations

import yaml

from playaids.resources import TEMPLATES

EXAMPLES = yaml.safe_load((TEMPLATES / "help-examples.yaml").read_text(encoding="utf-8"))


def example(command: str) -> str:
    """Click epilog text: `Example:` and the command line, kept as written (\\b)."""
    return f"\b\nExample:\n  {EXAMPLES[command]}"
