"""Turn-record data (data/<game>/turns.yaml): typed model and loader.

A turn record holds the turn track of a game (number of boxes, dates), its scenarios (the
turn spans they use), the events printed on the track with their rule numbers, values that
change by turn (operation limits, deck passes), tick boxes per turn, and side tracks (victory
points, fatigue, planning pads). Nothing here knows a game by name.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from playaids import load, yamlsafe
from playaids.errors import DataError, UnknownId
from playaids.model import Text

FILE = "turns.yaml"
SETUP, UNKNOWN = "setup", "unknown"

_MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December")


@dataclass(frozen=True)
class When:
    """Where an entry sits on the track: a turn, several turns, a span, set-up or unknown."""

    kind: str  # turn | list | span | setup | unknown
    turns: tuple[int, ...] = ()

    @property
    def first(self) -> int | None:
        return self.turns[0] if self.turns else None

    @property
    def last(self) -> int | None:
        return self.turns[-1] if self.turns else None

    def label(self, lang: str) -> str:
        """'T9-13' style label of a span or list (empty for a single turn)."""
        word = {"ja": "T", "en": "T"}.get(lang, "T")
        if self.kind == "span":
            return f"{word}{self.first}–{self.last}"
        if self.kind == "list":
            return word + ", ".join(str(t) for t in self.turns)
        return ""


@dataclass(frozen=True)
class Event:
    when: When
    text: Text
    rule: str
    side: str | None = None
    kind: str | None = None
    scenarios: tuple[str, ...] = ()
    repeat: bool = False
    note: str | None = None

    def applies(self, scenario: str) -> bool:
        return not self.scenarios or scenario in self.scenarios

    def shows_in(self, turn: int) -> bool:
        """Printed in this turn's box: every turn it covers, a span's included, so a scenario that
        starts inside a span still shows it (Okinawa 5.22: Yamato, turns 1-10, in scenario 2)."""
        return turn in self.when.turns


@dataclass(frozen=True)
class TurnSpan:
    id: str
    name: Text
    first: int
    last: int
    rule: str
    note: str | None = None
    notes: tuple[tuple[Text, str, str | None], ...] = ()  # (text, rule, note)

    @property
    def turns(self) -> range:
        return range(self.first, self.last + 1)


@dataclass(frozen=True)
class Value:
    when: When
    text: Text
    note: str | None = None


@dataclass(frozen=True)
class PerTurn:
    id: str
    name: Text
    rule: str
    values: tuple[Value, ...]
    scenarios: tuple[str, ...] = ()
    note: str | None = None

    def value(self, turn: int) -> Value | None:
        for v in self.values:
            if turn in v.when.turns:
                return v
        return None


@dataclass(frozen=True)
class Checkbox:
    id: str
    name: Text
    rule: str
    marked: frozenset = frozenset()
    scenarios: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class Track:
    id: str
    name: Text
    rule: str
    kind: str  # boxes | record | grid
    min: int | None = None
    max: int | None = None
    boxes: tuple[Text, ...] = ()
    rows: tuple[Text, ...] = ()
    columns: tuple[Text, ...] = ()
    scenarios: tuple[str, ...] = ()
    note: str | None = None
    side: str | None = None   # a side's own record, kept from the other (a planning pad)

    def box_labels(self) -> tuple[Text, ...]:
        if self.boxes:
            return self.boxes
        return tuple(Text.plain(str(i)) for i in range(self.min, self.max + 1))


@dataclass(frozen=True)
class Entry:
    """A line with a rule: legend entries, every-turn reminders."""

    text: Text
    rule: str
    code: Text | None = None
    scenarios: tuple[str, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class TurnRecord:
    game: str
    rule: str
    turns: int
    scenarios: tuple[TurnSpan, ...]
    title: Text | None = None
    turn_length: Text | None = None
    calendar: tuple[datetime.date, int] | None = None
    calendar_rule: str | None = None
    calendar_note: str | None = None
    labels: dict = field(default_factory=dict)  # turn -> (Text, rule, note)
    dates_note: Text | None = None
    legend: tuple[Entry, ...] = ()
    each_turn: tuple[Entry, ...] = ()
    events: tuple[Event, ...] = ()
    per_turn: tuple[PerTurn, ...] = ()
    checkboxes: tuple[Checkbox, ...] = ()
    tracks: tuple[Track, ...] = ()
    source: dict = field(default_factory=dict, compare=False)
    note: str | None = None
    path: str = field(default="", compare=False)

    def scenario(self, scenario_id: str | None) -> TurnSpan:
        if scenario_id is None:
            return self.scenarios[0]
        for s in self.scenarios:
            if s.id == scenario_id:
                return s
        raise UnknownId(f"scenario of {self.game}", scenario_id, [s.id for s in self.scenarios])

    def date(self, turn: int) -> Text | None:
        """The turn's date: printed in the source (labels) or from the calendar (start + steps)."""
        if turn in self.labels:
            return self.labels[turn][0]
        if self.calendar is None:
            return None
        start, step = self.calendar
        d = start + datetime.timedelta(days=step * (turn - 1))
        return Text(f"{d.month}月{d.day}日", f"{d.day} {_MONTHS_EN[d.month - 1]}")

    def events_in(self, turn: int, scenario: str) -> list[Event]:
        return [e for e in self.events if e.applies(scenario) and e.shows_in(turn)]

    def events_at(self, kind: str, scenario: str) -> list[Event]:
        """Set-up events ('setup') or events whose turn the source does not give ('unknown')."""
        return [e for e in self.events if e.when.kind == kind and e.applies(scenario)]

    def in_scope(self, items, scenario: str) -> list:
        return [x for x in items if not x.scenarios or scenario in x.scenarios]


# --- loading --------------------------------------------------------------------------------

def _when(spec, located, where, turns: int) -> When:
    if spec in (SETUP, UNKNOWN):
        return When(spec)
    if isinstance(spec, int):
        out = When("turn", (spec,))
    elif isinstance(spec, list):
        if sorted(set(spec)) != spec:
            raise located.error(where, "turn list must be increasing without repeats")
        out = When("list", tuple(spec))
    else:
        if spec["from"] > spec["to"]:
            raise located.error(where, f"span from {spec['from']} to {spec['to']} runs backwards")
        if spec["to"] > turns:   # before the span is listed: `to: 1e9` is not a billion turns
            raise located.error(where, f"turn {spec['to']} is beyond the track's {turns} turns")
        out = When("span", tuple(range(spec["from"], spec["to"] + 1)))
    if out.last > turns:
        raise located.error(where, f"turn {out.last} is beyond the track's {turns} turns")
    return out


def _scopes(doc, located, where, ids) -> tuple[str, ...]:
    scopes = tuple(doc.get("scenarios", ()))
    for i, s in enumerate(scopes):
        if s not in ids:
            raise located.error(where + ("scenarios", i), f"unknown scenario {s!r} (known: {', '.join(ids)})")
    return scopes


def record_from(located: yamlsafe.Located, game_id: str, side_ids=None) -> TurnRecord:
    """Build a TurnRecord from a validated document; every cross-reference is checked."""
    load.validate(located, "turns")
    doc = located.data
    if doc["game"] != game_id:
        raise located.error(("game",), f"game {doc['game']!r} does not match the folder name {game_id!r}")
    n = doc["turns"]
    scenarios, ids = [], []
    for i, s in enumerate(doc["scenarios"]):
        if s["id"] in ids:
            raise located.error(("scenarios", i, "id"), f"duplicate scenario id {s['id']!r}")
        if not 1 <= s["first"] <= s["last"] <= n:
            raise located.error(("scenarios", i), f"scenario {s['id']!r}: turns {s['first']}-{s['last']} "
                                                  f"do not fit the track of {n} turns")
        ids.append(s["id"])
        scenarios.append(TurnSpan(s["id"], load.text(s["name"]), s["first"], s["last"], s["rule"], s.get("note"),
                                  tuple((load.text(x["text"]), x["rule"], x.get("note")) for x in s.get("notes", []))))

    def side(e, where):
        sid = e.get("side")
        if sid is not None and side_ids is not None and sid not in side_ids:
            raise located.error(where + ("side",), f"unknown side {sid!r} (game.yaml sides: {', '.join(side_ids)})")
        return sid

    events = []
    for i, e in enumerate(doc.get("events", [])):
        where = ("events", i)
        events.append(Event(_when(e["turn"], located, where + ("turn",), n), load.text(e["text"]), e["rule"],
                            side(e, where), e.get("kind"), _scopes(e, located, where, ids),
                            e.get("repeat", False), e.get("note")))
    labels = {}
    for i, lab in enumerate(doc.get("labels", [])):
        t = lab["turn"]
        if t > n or t in labels:
            raise located.error(("labels", i, "turn"), f"label for turn {t}: beyond the track or given twice")
        labels[t] = (load.text(lab["text"]), lab["rule"], lab.get("note"))
    per_turn = []
    for i, p in enumerate(doc.get("per_turn", [])):
        values, seen = [], set()
        for j, v in enumerate(p["values"]):
            w = _when(v["turn"], located, ("per_turn", i, "values", j, "turn"), n)
            if w.kind in (SETUP, UNKNOWN) or seen & set(w.turns):
                raise located.error(("per_turn", i, "values", j, "turn"), "per-turn values need turns, each given once")
            seen |= set(w.turns)
            values.append(Value(w, load.text(v["text"]), v.get("note")))
        per_turn.append(PerTurn(p["id"], load.text(p["name"]), p["rule"], tuple(values),
                                _scopes(p, located, ("per_turn", i), ids), p.get("note")))
    checkboxes = []
    for i, c in enumerate(doc.get("checkboxes", [])):
        marked = c.get("marked", [])
        if any(t > n for t in marked):
            raise located.error(("checkboxes", i, "marked"), f"a marked turn is beyond the track's {n} turns")
        checkboxes.append(Checkbox(c["id"], load.text(c["name"]), c["rule"], frozenset(marked),
                                   _scopes(c, located, ("checkboxes", i), ids), c.get("note")))
    tracks = []
    for i, t in enumerate(doc.get("tracks", [])):
        kind = t["kind"]
        if kind == "boxes" and not t.get("boxes") and ("min" not in t or "max" not in t or t["min"] > t["max"]):
            raise located.error(("tracks", i), f"boxes track {t['id']!r} needs min <= max, or boxes")
        if kind == "grid" and not (t.get("rows") and t.get("columns")):
            raise located.error(("tracks", i), f"grid track {t['id']!r} needs rows and columns")
        tracks.append(Track(t["id"], load.text(t["name"]), t["rule"], kind, t.get("min"), t.get("max"),
                            tuple(load.text(x) for x in t.get("boxes", [])),
                            tuple(load.text(x) for x in t.get("rows", [])),
                            tuple(load.text(x) for x in t.get("columns", [])),
                            _scopes(t, located, ("tracks", i), ids), t.get("note"), side(t, ("tracks", i))))
    cal = doc.get("calendar")
    calendar = None
    if cal:
        try:
            calendar = (datetime.date.fromisoformat(cal["start"]), cal["step_days"])
        except ValueError:
            raise located.error(("calendar", "start"), f"not a date: {cal['start']!r}") from None
    return TurnRecord(
        game=game_id, rule=doc["rule"], turns=n, scenarios=tuple(scenarios),
        title=load.text(doc["title"]) if "title" in doc else None,
        turn_length=load.text(doc["turn_length"]) if "turn_length" in doc else None,
        calendar=calendar, calendar_rule=cal.get("rule") if cal else None, calendar_note=cal.get("note") if cal else None,
        labels=labels, dates_note=load.text(doc["dates_note"]) if "dates_note" in doc else None,
        legend=tuple(Entry(load.text(x["text"]), x["rule"], load.text(x["code"]), note=x.get("note"))
                     for x in doc.get("legend", [])),
        each_turn=tuple(Entry(load.text(x["text"]), x["rule"], scenarios=_scopes(x, located, ("each_turn", i), ids),
                              note=x.get("note")) for i, x in enumerate(doc.get("each_turn", []))),
        events=tuple(events), per_turn=tuple(per_turn), checkboxes=tuple(checkboxes), tracks=tuple(tracks),
        source=doc["source"], note=doc.get("note"), path=located.path,
    )


__all__ = ["TurnRecord", "TurnSpan", "Event", "When", "PerTurn", "Checkbox", "Track", "Entry",
           "record_from", "DataError"]
