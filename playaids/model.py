"""Typed, immutable objects built from data/. Nothing below this layer reads YAML."""
from __future__ import annotations

from dataclasses import dataclass, field

LANGS = ("ja", "en")
# map symbols a legend draws before a label's words (render.hexsymbols: a CCSS legend, G18)
MAP_SYMBOLS = ("cave", "boundary", "tunnel")


@dataclass(frozen=True)
class Text:
    """A string that is either language-neutral (`text`) or given in both languages."""

    ja: str
    en: str
    neutral: bool = False
    gloss: bool = False
    note: str | None = None
    rule: str | None = None
    span: int = 1
    draw: str | None = None   # a map symbol drawn before the words (render.hexsymbols)

    @classmethod
    def plain(cls, s: str) -> "Text":
        return cls(s, s, neutral=True)

    def get(self, lang: str) -> str:
        """The text in `ja`, `en`, or `both` (JA above EN, once when they are the same; when they
        differ only in case or in the Japanese quotation marks around an English name,
        "AMIGOS & INSURRECTORS", 「Guerrilla War」 and "Guerrilla War", once as in EN)."""
        if lang == "both":
            if self.neutral or self.ja == self.en:
                return self.ja
            return self.en if self.one_name() else f"{self.ja}\n{self.en}"
        return self.ja if lang == "ja" else self.en

    def one_name(self) -> bool:
        return one_name(self.ja, self.en)

    def __str__(self) -> str:
        return self.en


def one_name(ja: str, en: str) -> bool:
    """The two languages give one name: the same but for case or 「」 around the Japanese."""
    return ja.strip().removeprefix("「").removesuffix("」").casefold() == en.strip().casefold()


@dataclass(frozen=True)
class Row:
    label: Text
    cells: tuple[Text, ...]
    rule: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Grid:
    corner: Text | None
    columns: tuple[Text, ...]
    rows: tuple[Row, ...]

    def width(self) -> int:
        return len(self.columns)

    def expanded(self, row: Row) -> list[Text | None]:
        """Cells of `row` one per column; the columns a spanning cell covers hold None."""
        out: list[Text | None] = []
        for c in row.cells:
            out.append(c)
            out.extend([None] * (c.span - 1))
        return out

    def column_index(self, label: str, lang: str = "en") -> int:
        for i, c in enumerate(self.columns):
            if label in (c.ja, c.en):
                return i
        raise KeyError(label)

    def row(self, label: str) -> Row:
        for r in self.rows:
            if label in (r.label.ja, r.label.en):
                return r
        raise KeyError(label)

    def cell(self, row: str, column: str) -> Text | None:
        return self.expanded(self.row(row))[self.column_index(column)]


@dataclass(frozen=True)
class LegendEntry:
    code: Text
    text: Text
    rule: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Note:
    text: Text
    rule: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class OddsSpec:
    """What a table says about reading it as odds (`odds:` in its file; playaids/odds.py)."""

    rolls: str | None = None            # rows | columns | none; None: found from the labels
    why: Text | None = None             # with rolls none: why the table has no odds
    clamp_rule: str | None = None       # the rule reading a modified roll beyond the rows as the end row
    clamp_note: str | None = None
    parts: tuple[Text, ...] = ()        # the results of an "A / D" cell, in order
    eliminated_per: int | None = None   # '#' is steps lost per this many steps (a stack of n <= per
    eliminated_rule: str | None = None  # steps is eliminated when # >= n)


@dataclass(frozen=True)
class Table:
    game: str
    id: str
    title: Text
    rule: str
    dice: str | None
    grid: Grid
    modifiers: Grid | None = None
    legend: tuple[LegendEntry, ...] = ()
    notes: tuple[Note, ...] = ()
    missing: Text | None = None
    key: Text | None = None      # how to read a cell, printed under the title
    column_group: Text | None = None  # the seed's heading over all the result columns
    row_groups: int = 1          # rows in groups of this many (sunk / damaged): a heavier rule between
    odds: OddsSpec | None = None  # how the odds card reads it (playaids/odds.py)
    note: str | None = None
    source: dict = field(default_factory=dict, compare=False, hash=False)
    path: str = field(default="", compare=False)

    def cell_notes(self):
        """(grid name, row label, column label or None, note) for every noted value."""
        out = []
        for name, g in (("main", self.grid), ("modifiers", self.modifiers)):
            if g is None:
                continue
            for c in g.columns:
                if c.note:
                    out.append((name, None, c, c.note))
            for r in g.rows:
                if r.label.note:
                    out.append((name, r.label, None, r.label.note))
                if r.note:
                    out.append((name, r.label, None, r.note))
                for c, col in zip(g.expanded(r), g.columns):
                    if c is not None and c.note:
                        out.append((name, r.label, col, c.note))
        return out


@dataclass(frozen=True)
class Side:
    id: str
    name: Text


@dataclass(frozen=True)
class Term:
    ja: str
    en: str
    rule: str | None = None
    gloss: bool = False
    note: str | None = None
    aliases: tuple[str, ...] = ()  # other JA spellings of the same term
    reading: str | None = None     # hiragana, where the proposed reading is wrong (gojūon order)


@dataclass(frozen=True)
class Game:
    id: str
    title: Text
    sides: tuple[Side, ...]
    source: dict
    tables: dict  # id -> Table, in id order
    glossary: tuple[Term, ...] = ()
    path: str = ""
    # game.yaml rule-headings: (Japanese heading, English) pairs, and of the scenario names
    # that prefix them ("BATAAN RETREAT 開始時部隊")
    headings: tuple[tuple[str, str], ...] = ()
    heading_prefixes: tuple[tuple[str, str], ...] = ()

    def rule_label(self, rule: str | None, lang: str) -> str:
        """A rule reference as an aid in `lang` prints it: the seed's own, or in English the
        English of a section heading the seed cites instead of a number."""
        if not rule or lang != "en" or not self.headings:
            return rule or ""
        return ", ".join(self._heading(part.strip()) for part in rule.split(","))

    def _heading(self, ref: str) -> str:
        mark = "§" if ref.startswith("§") else ""
        ref = ref.removeprefix("§")
        headings = dict(self.headings)
        for prefix, english in self.heading_prefixes:
            if ref.startswith(prefix + " "):
                rest = ref[len(prefix) + 1:]
                return f"{mark}{english}: {headings.get(rest, rest)}"
        return mark + headings.get(ref, ref)


def rule_label(game: Game | None, rule: str | None, lang: str) -> str:
    """A rule reference as an aid of `game` in `lang` prints it (Game.rule_label); without
    the game, as the seed gives it."""
    return game.rule_label(rule, lang) if game is not None else rule or ""
