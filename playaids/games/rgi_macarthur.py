"""Major Campaigns of General Douglas MacArthur (seed 001): checks the shared vocabulary lacks."""
from __future__ import annotations

from collections import defaultdict

from playaids.engine.model import Violation
from playaids.engine.placement import first_key, whole_zone
from playaids.games.base import Game


def one_side_per_town(c: dict, setup, ctx) -> list[Violation]:
    """§ユニットの配置場所 (l. 13): the units in a town all belong to one side.
    Off-map boxes (reserves) are not towns."""
    sides: dict = defaultdict(set)
    for p in setup.placements:
        place = ctx.map.place(p.at.split("#", 1)[0])
        if place is not None and place.kind == "off-map":
            continue
        sides[p.at].add(p.side)
    return [Violation(c["rule"], where, f"needs the towns of {where} (not named in the source): units of "
                      f"{' and '.join(sorted(s))} placed in the zone as a whole", status="unchecked", check="one-side",
                      key=first_key(setup, lambda p, w=where: p.at == w))
            if whole_zone(ctx, where) else
            Violation(c["rule"], where, f"units of {' and '.join(sorted(s))} in one town; all must be of one side",
                      check="one-side", key=first_key(setup, lambda p, w=where: p.at == w))
            for where, s in sorted(sides.items()) if len(s) > 1]


CHECKS = {"one-side-per-town": one_side_per_town}


class RgiMacArthur(Game):
    id = "rgi-macarthur"
    checks = CHECKS
    # the seed numbers no rule: its references are section headings, English from the glossary
    # (tests/test_rule_labels.py checks each against it)
    heading_prefixes = {"BATAAN RETREAT": "Bataan Retreat", "NEW GUINEA": "New Guinea", "KOREAN WAR": "Korean War"}
    headings = {
        "開始時部隊": "Starting forces", "予備部隊": "Reserves", "ゲームの期間": "Game length",
        "ユニットの配置場所": "Unit placement", "移動デッキ": "Movement deck", "目的": "Objectives",
        "戦闘": "Combat", "移動ポイントの使用法": "Using movement points", "損害": "Damage",
        "Bataan 半島": "Bataan peninsula", "退却": "Retreat", "洋上からの上陸": "Amphibious landing",
        "戦闘と損害": "Combat and damage", "補給": "Supply", "日本軍の予備部隊": "Japanese reserves",
        "日本軍の制空権": "Japanese air superiority", "特別ルール": "Special rules",
        "Manila の無防備都市化": "Manila's declaration as an open city",
    }
