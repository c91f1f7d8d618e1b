"""Counted words in messages: `1 game`, `2 games` (issue 24: "for 1 games")."""
from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`n noun`, the noun in the plural unless n is 1 (plural: the irregular form, else noun + s)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
