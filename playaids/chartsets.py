"""Chart sheets as data (issue 14): `data/<game>/sheets.yaml` groups a game's tables into named
sheets, in the order a player looks things up; every table sits on exactly one sheet. A game
without the file gets one sheet holding all its tables."""
from __future__ import annotations

import difflib
from dataclasses import dataclass

from playaids import load
from playaids.model import Text

FILE = "sheets.yaml"
ALL = Text("チャート", "Charts")   # the one sheet of a game that groups nothing


@dataclass(frozen=True)
class Sheet:
    id: str
    title: Text
    tables: tuple[str, ...]


def one_sheet(known: list[str]) -> tuple[Sheet, ...]:
    """The sheets of a game without sheets.yaml: one, of all its tables (`known`)."""
    return (Sheet("charts", ALL, tuple(known)),) if known else ()


def sheets_from(located, game_id: str, known: list[str]) -> tuple[Sheet, ...]:
    """A sheets.yaml, checked against the game's tables (`known`): an unknown id, a table on
    two sheets or on none is an error at its line."""
    load.validate(located, "sheets")
    sheets, where = [], {}
    for i, doc in enumerate(located.data["sheets"]):
        if doc["id"] in {s.id for s in sheets}:
            raise located.error(("sheets", i, "id"), f"sheet id {doc['id']!r} is used twice")
        for j, tid in enumerate(doc["tables"]):
            at = ("sheets", i, "tables", j)
            if tid not in known:
                near = difflib.get_close_matches(tid, known, 1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise located.error(at, f"no table {tid!r} in {game_id}{hint}")
            if tid in where:
                raise located.error(at, f"table {tid!r} is already on sheet {where[tid]!r}: "
                                        "a table sits on exactly one sheet")
            where[tid] = doc["id"]
        sheets.append(Sheet(doc["id"], load.text(doc["title"]), tuple(doc["tables"])))
    if left := [t for t in known if t not in where]:
        raise located.error(("sheets",), f"table{'s' * (len(left) > 1)} on no sheet: {', '.join(left)} "
                                         "(every table sits on exactly one sheet)")
    return tuple(sheets)
