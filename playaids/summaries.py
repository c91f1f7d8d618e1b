"""Rule summaries (data/<game>/rules.yaml): typed model and loader.

A summary is a list of sections (sequence of play, stacking, movement, combat, victory,
special rules); each section holds items (a phase name and/or a statement) citing a rule,
nested as deep as the rules are. JA text is the seed's wording; EN is the bracketed original
or our translation (gloss: true).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from playaids import load, yamlsafe
from playaids.model import Text

FILE = "rules.yaml"


@dataclass(frozen=True)
class Item:
    rule: str
    name: Text | None = None
    text: Text | None = None
    items: tuple["Item", ...] = ()
    note: str | None = None

    def walk(self, depth: int = 0):
        """(depth, item) for this item and every sub-item, in reading order."""
        yield depth, self
        for i in self.items:
            yield from i.walk(depth + 1)


@dataclass(frozen=True)
class Section:
    id: str
    title: Text
    rule: str
    kind: str  # sequence | points
    items: tuple[Item, ...]
    intro: Text | None = None
    missing: Text | None = None
    note: str | None = None

    def walk(self):
        for i in self.items:
            yield from i.walk()


@dataclass(frozen=True)
class Summary:
    game: str
    title: Text
    sections: tuple[Section, ...]
    source: dict = field(default_factory=dict, compare=False)
    note: str | None = None
    path: str = field(default="", compare=False)

    def section(self, section_id: str) -> Section:
        for s in self.sections:
            if s.id == section_id:
                return s
        raise KeyError(section_id)

    def texts(self):
        """(where, Text) for every human-readable string: titles, names, statements."""
        yield "title", self.title
        for s in self.sections:
            yield f"{s.id}", s.title
            if s.intro:
                yield f"{s.id}/intro", s.intro
            if s.missing:
                yield f"{s.id}/missing", s.missing
            for k, (_, item) in enumerate(s.walk()):
                for part in ("name", "text"):
                    t = getattr(item, part)
                    if t is not None:
                        yield f"{s.id}/{k + 1}.{part} ({item.rule})", t


def _item(doc, located, where) -> Item:
    return Item(rule=doc["rule"], name=load.text(doc["name"]) if "name" in doc else None,
                text=load.text(doc["text"]) if "text" in doc else None,
                items=tuple(_item(x, located, where + ("items", i)) for i, x in enumerate(doc.get("items", []))),
                note=doc.get("note"))


def summary_from(located: yamlsafe.Located, game_id: str) -> Summary:
    load.validate(located, "rules")
    doc = located.data
    if doc["game"] != game_id:
        raise located.error(("game",), f"game {doc['game']!r} does not match the folder name {game_id!r}")
    sections, seen = [], set()
    for i, s in enumerate(doc["sections"]):
        if s["id"] in seen:
            raise located.error(("sections", i, "id"), f"duplicate section id {s['id']!r}")
        seen.add(s["id"])
        items = tuple(_item(x, located, ("sections", i, "items", j)) for j, x in enumerate(s["items"]))
        if s["kind"] == "sequence":
            for j, x in enumerate(s["items"]):
                if "name" not in x:
                    raise located.error(("sections", i, "items", j), "a phase of a sequence of play needs a name")
        sections.append(Section(s["id"], load.text(s["title"]), s["rule"], s["kind"], items,
                                load.text(s["intro"]) if "intro" in s else None,
                                load.text(s["missing"]) if "missing" in s else None, s.get("note")))
    return Summary(game_id, load.text(doc["title"]), tuple(sections), doc["source"], doc.get("note"), located.path)
