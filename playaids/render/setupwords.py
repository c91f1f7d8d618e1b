"""A setup in a player's words, for the setup sheet: names for ids, values in words, in the
sheet's language. `both` builds each phrase whole in Japanese and in English and sets the English
on a line under the Japanese (a heading or a label: "秘密：連合軍 / SECRET: Allied"), never a name
of one language inside a phrase of the other."""
from __future__ import annotations

import re

from playaids import workshop
from playaids.errors import UnknownId
from playaids.model import one_name
from playaids.engine.placement import ANYWHERE

LANGS = ("ja", "en")
SHORT_PAIR = 48   # characters of a chit's two names set on one line ("#7 人種差別 / Racism")
_COMPASS_JA = {"N": "北", "NE": "北東", "SE": "南東", "S": "南", "SW": "南西", "NW": "北西"}


def text(d, lang: str) -> str:
    """A data text ({ja, en}, {text}, a Text or a plain string) in `lang` (ja or en), without a
    maker's labelled remark."""
    if d is None:
        return ""
    if isinstance(d, str):
        s = d
    elif hasattr(d, "get") and not isinstance(d, dict):   # model.Text
        s = d.get(lang)
    elif "text" in d:
        s = d["text"]
    else:
        s = d.get(lang) or d.get("en") or d.get("ja") or ""
    return workshop.for_players(s)


def _numbered(v: list) -> list:
    """Chits in the order of their numbers (#2 before #10)."""
    return sorted(v, key=lambda x: (0, int(x), "") if str(x).isdigit() else (1, 0, str(x)))


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def rule_key(label: str) -> tuple:
    """Rule labels in the rules' order: 5.2.1 before 5.10, 9.6 before 18.12c."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.findall(r"\d+|[^\d.\s]+", label))


class Words:
    """The names and words of one setup's sheet in `lang` (ja, en or both)."""

    def __init__(self, root, setup, scenario, lang: str):
        self.root, self.setup, self.scenario, self.lang = root, setup, scenario, lang
        self.game = root.game(setup.game, with_tables=False)
        self.map = root.map(setup.game)
        self.sides = {s.id: s.name for s in self.game.sides}
        self._rule_label = lambda r: self.game.rule_label(r, lang)
        self._tables: dict = {}

    # --- the sheet's language ----------------------------------------------------------------
    def each(self, f, sep: str = "\n") -> str:
        """`f(lang)` in the sheet's language; `both`: the Japanese phrase, then the English on a
        line of its own (`sep` " / ": on one line, for a heading or a label)."""
        if self.lang in LANGS:
            return f(self.lang)
        ja, en = f("ja"), f("en")
        return ja if ja == en else en if one_name(ja, en) else f"{ja}{sep}{en}"

    def word(self, ja: str, en: str) -> str:
        """A label: `both` sets it as 連合軍 / Allied."""
        return self.each(lambda lang: ja if lang == "ja" else en, " / ")

    def t(self, d, sep: str = "\n") -> str:
        """A data text in the sheet's language (`both`: JA, then EN; once when they are the same)."""
        return self.each(lambda lang: " ".join(text(d, lang).split("\n")), sep)

    def rule(self, r, lang: str | None = None) -> str:
        """A rule reference as the sheet prints it, or (`lang`) as one language of a bilingual
        sheet does (RGI's headings in English on the English line)."""
        return (self._rule_label(r) if lang is None else self.game.rule_label(r, lang)) if r else ""

    def rules(self, refs) -> list[str]:
        """The distinct rules of several references ("5.2.1, 5.3.1" counts as two), in order."""
        out = {}
        for r in refs:
            for one in str(r or "").split(", "):
                if one:
                    out.setdefault(self.rule(one), None)
        return sorted(out, key=rule_key)

    # --- names --------------------------------------------------------------------------------
    def side(self, sid: str, lang: str) -> str:
        s = self.sides.get(sid)
        return text(s, lang) if s is not None else sid

    def is_place(self, s: str) -> bool:
        return self.map.place(str(s).partition("#")[0]) is not None

    def place(self, where: str, lang: str) -> str:
        """A place id, a slot of a counted place (`zone#2`) or a hex number in words."""
        base, _, slot = str(where).partition("#")
        p = self.map.place(base)
        if p is None:
            if where in ANYWHERE:   # the unit's rule lets it set up anywhere
                return "任意の場所" if lang == "ja" else "anywhere"
            return (f"ヘクス {where}" if lang == "ja" else f"hex {where}") if str(where).isdigit() else str(where)
        name = text(p.name, lang)
        if not slot:
            return name
        # the rules count the places, never name them: the player picks one for each stack, each
        # stack its own (a counted place's slots are so many places: the stacking limit holds)
        return (f"{name}のいずれか（スタック{slot}：スタックごとに別の場所）" if lang == "ja"
                else f"{name}, a different one for each stack (stack {slot})")

    def area(self, where: str) -> int:
        """The index of the map's area (`areas` of map.yaml) a place is in; len(areas) if none."""
        base = str(where).partition("#")[0]
        p = self.map.place(base)
        for i, a in enumerate(self.map.areas):
            if base in a.get("places", ()) or (p is not None and p.kind in a.get("kinds", ())):
                return i
        return len(self.map.areas)

    def unit_name(self, unit, lang: str) -> str:
        """A unit's name as its rules give it (its id only if it has none)."""
        return text(unit.name, lang) if unit.name else unit.id

    def unit(self, placement, lang: str, face_up: bool = True) -> str:
        """A placed unit's name (a face-down counter, `face_up` False: its back, as the opponent
        sees it), with the hexside a marker faces (Okinawa positions, 9.61c)."""
        u = self.scenario.unit(placement.unit)
        if u is None:
            return placement.unit
        name = text(u.back, lang) if not face_up and u.back else self.unit_name(u, lang)
        if not face_up and not u.back:
            name = "裏向きの駒" if lang == "ja" else "face-down counter"
        f = placement.extra.get("facing")
        if f not in (None, ""):
            f = str(f)
            name += f"（{_COMPASS_JA.get(f.upper(), f)}向き）" if lang == "ja" else f" (facing {f})"
        return name

    # --- values -------------------------------------------------------------------------------
    def table(self, tid: str):
        if tid not in self._tables:
            try:
                self._tables[tid] = self.root.table(self.setup.game, tid)
            except UnknownId:   # no such table: the value is printed as stored
                self._tables[tid] = None
        return self._tables[tid]

    def name(self, e: dict, v, lang: str) -> str:
        """One value or key of element `e` in words: its name in the element's `names`, its row
        of `names-from` (#N and the row's first cell), a side, a place, a looked-up cell."""
        key = str(v)
        names = e.get("names") or {}
        if key in names:
            return text(names[key], lang)
        if e.get("names-from") and (table := self.table(e["names-from"])) is not None:
            for row in table.grid.rows:
                if text(row.label, "en").lstrip("#") == key and row.cells and row.cells[0] is not None:
                    return f"#{key} {text(row.cells[0], lang)}"
        if e.get("kind") == "lookup" and e.get("table") and (table := self.table(e["table"])) is not None:
            for row in table.grid.rows:
                for c in row.cells:
                    if c is not None and c.en == key:
                        return " ".join(text(c, lang).split("\n"))
        if key in self.sides:
            return self.side(key, lang)
        if self.is_place(key):
            return self.place(key, lang)
        return key

    def value(self, e: dict, v, lang: str) -> str:
        """A drawn or chosen value in words (a table-shaped one: see `grid`)."""
        if isinstance(v, bool):
            if e.get("kind") == "option":   # an optional rule
                return ("使用する" if v else "使用しない") if lang == "ja" else ("in use" if v else "not in use")
            return ("はい" if v else "いいえ") if lang == "ja" else ("yes" if v else "no")
        if e.get("kind") == "deal" and isinstance(v, dict):
            return self._deal(v, lang)
        if isinstance(v, list):
            sep = "、" if lang == "ja" else ", "
            if e.get("names-from"):   # a hand of chits: one a line, in the order of their numbers
                return "\n".join(self.name(e, x, lang) for x in _numbered(v))
            # a choice that may repeat (three submarines, two at one beach): each value once, counted
            counts = {}
            for x in v:
                counts[str(x)] = counts.get(str(x), 0) + 1
            first = {str(x): x for x in reversed(v)}
            return sep.join(self.name(e, first[k], lang) + (("（×%d）" if lang == "ja" else " (×%d)") % n if n > 1 else "")
                            for k, n in counts.items())
        if isinstance(v, dict):
            sep = "、" if lang == "ja" else "; "
            colon = "：" if lang == "ja" else ": "
            return sep.join(f"{self.name(e, k, lang)}{colon}{self.value(e, x, lang)}" for k, x in v.items())
        return self.name(e, v, lang)

    def shown(self, e: dict, v) -> str:
        """A drawn or chosen value in the sheet's language. `both`: a hand of chits one chit a
        line, "#7 人種差別 / Racism", not the Japanese hand above the English one."""
        if self.lang == "both" and isinstance(v, list) and e.get("names-from"):
            out = []
            for x in _numbered(v):
                ja, en = self.name(e, x, "ja").replace("\n", ""), " ".join(self.name(e, x, "en").split())
                if ja == en:
                    out.append(ja)
                elif len(ja) + len(en) <= SHORT_PAIR:   # a name: 人種差別 / Racism
                    out.append(f"{ja} / {en.removeprefix(f'#{x} ') if ja.startswith(f'#{x} ') else en}")
                else:                                    # a sentence: its English on a line of its own
                    out.append(f"{ja}\n{en}")
            return "\n".join(out)
        return self.each(lambda lang: self.value(e, v, lang))

    def _deal(self, v: dict, lang: str) -> str:
        """A deal (vocabulary.Deal): the cards of each pile and where the Game End card goes."""
        piles = [(self.side(k, lang), n) for k, n in v.items() if k != "end-card"]
        end = v.get("end-card") or {}
        pile, pos = self.side(str(end.get("pile", "")), lang), str(end.get("position", ""))
        m = re.fullmatch(r"bottom-at-turn-over-(\d+)", pos)
        if lang == "ja":
            out = "、".join(f"{p} {n}枚" for p, n in piles)
            if pos == "bottom":
                out += f"。ゲーム終了カードは{pile}の山の一番下"
            elif m:
                out += f"。ゲーム終了カードは、{pile}が山を{m.group(1)}回目に裏返すとき、その一番下に置く"
            return out
        out = ", ".join(f"{p} {n} cards" for p, n in piles)
        if pos == "bottom":
            out += f". Game End card: at the bottom of {pile}'s pile"
        elif m:
            out += (f". Game End card: at the bottom of {pile}'s pile when it is turned over the "
                    f"{ordinal(int(m.group(1)))} time")
        return out

    def grid(self, e: dict, v) -> tuple[list, list[list[str]]] | None:
        """A value printed as a table (header, rows): the numbers of a permutation, in column
        pairs as a chart lists them; the counts of an allocation, a zone a row. Else None."""
        if e.get("kind") == "permutation" and isinstance(v, dict):
            return ([self.word("項目", "Item"), self.word("番号", "No.")],
                    [[self.each(lambda lang, k=k: self.name(e, k, lang)), str(n)] for k, n in v.items()])
        if e.get("kind") == "allocate" and isinstance(v, dict) and all(isinstance(x, dict) for x in v.values()):
            items = list(e.get("items") or next(iter(v.values()), {}))
            head = [self.word("ゾーン", "Zone")] + [self.each(lambda lang, i=i: self.name(e, i, lang)) for i in items]
            rows = [[self.each(lambda lang, z=z: self.name(e, z, lang))] + [str(counts.get(i, 0)) for i in items]
                    for z, counts in v.items()]
            rows.append([self.word("計", "Total")] + [str(sum(c.get(i, 0) for c in v.values())) for i in items])
            return head, rows
        return None
