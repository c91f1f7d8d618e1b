"""A seed without rule numbers cites its section headings (RGI MacArthur, seed 001): the English
aids print each heading's English, given in data/rgi-macarthur/game.yaml (rule-headings)."""
import os
from pathlib import Path

import pytest

from conftest import ROOT
from playaids.model import rule_label
from playaids.render import summary
from playaids.render.page import PageSpec
from playaids.repository import Repository

REPO = Repository(ROOT / "data")
SEEDS = Path(os.environ.get("PLAYAIDS_SEEDS", ROOT.parent / "shared" / "seeds"))


def test_an_english_aid_prints_the_headings_english():
    g = REPO.game("rgi-macarthur", with_tables=False)
    assert g.rule_label("§開始時部隊", "en") == "§Starting forces"
    assert g.rule_label("§KOREAN WAR 目的", "en") == "§Korean War: Objectives"
    assert g.rule_label("§戦闘, §損害", "en") == "§Combat, §Damage"
    assert g.rule_label("§開始時部隊", "ja") == "§開始時部隊"      # the Japanese aids cite the seed
    assert g.rule_label("§開始時部隊", "both") == "§開始時部隊"
    assert g.rule_label("§見出しにない", "en") == "§見出しにない"   # no English given: as the seed


def test_a_game_with_rule_numbers_prints_them_as_they_are():
    g = REPO.game("okinawa", with_tables=False)
    assert g.headings == () and g.rule_label("18.12c", "en") == "18.12c"
    assert rule_label(None, "§開始時部隊", "en") == "§開始時部隊" and rule_label(None, None, "en") == ""


def test_every_heading_is_one_the_seed_prints():
    seed = SEEDS / "001_e8c30b99d7c7bffd.txt"
    if not seed.is_file():
        pytest.skip(f"seed 001 not found in {SEEDS} (set PLAYAIDS_SEEDS)")
    text = seed.read_text(encoding="utf-8")
    g = REPO.game("rgi-macarthur", with_tables=False)
    missing = [ja for ja, _ in g.headings + g.heading_prefixes if ja not in text]
    assert missing == []


def test_the_english_summary_cites_headings_in_english():
    g = REPO.game("rgi-macarthur", with_tables=False)
    ja = summary.summary_html(REPO.summary("rgi-macarthur"), g, PageSpec(lang="ja"))[0]
    en = summary.summary_html(REPO.summary("rgi-macarthur"), g, PageSpec(lang="en"))[0]
    cited = [(j, e) for j, e in g.headings if f"§{j}" in ja]
    assert len(cited) >= 3   # the Japanese summary cites its headings as the seed does ...
    assert all(e in en for _, e in cited)   # ... the English one their English
    assert [j for j, _ in g.headings if f"§{j}" in en] == []


def test_a_heading_of_the_wrong_type_is_refused(tmp_path):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "rgi-macarthur", data / "rgi-macarthur")
    path = data / "rgi-macarthur" / "game.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("    戦闘: Combat\n", "    戦闘: [Combat]\n"),
                    encoding="utf-8")
    from playaids.errors import PlayaidsError

    with pytest.raises(PlayaidsError) as e:
        Repository(data).game("rgi-macarthur", with_tables=False)
    assert "game.yaml" in str(e.value) and "rule-headings" in str(e.value)


def test_a_heading_does_not_cite_a_rule_that_repeats_its_title():
    """RGI's rules have no numbers: the Retreat table's rule is §Retreat, its own title again;
    a table cited by another section keeps its citation (storm risk: §New Guinea: Reserves)."""
    from playaids.render import cards

    repo = REPO
    rgi, mb = repo.game("rgi-macarthur", with_tables=False), repo.game("macarthur-bataan", with_tables=False)
    for lang in ("ja", "en", "both"):
        assert cards.rule_text(rgi, repo.table("rgi-macarthur", "retreat"), PageSpec(lang=lang)) == ""
        assert cards.rule_text(rgi, repo.table("rgi-macarthur", "bataan-japanese-reserves"), PageSpec(lang=lang)) == ""
    storm = repo.table("rgi-macarthur", "new-guinea-storm-risk")
    assert cards.rule_text(rgi, storm, PageSpec(lang="en")) == "Rule §New Guinea: Reserves"
    assert cards.rule_text(mb, repo.table("macarthur-bataan", "bombing"), PageSpec(lang="ja")) == "ルール 8.3"


def test_a_bilingual_aid_cites_a_section_heading_in_each_language():
    """RGI's bilingual sets read 'ルール / Rule §戦闘': a Japanese heading after the English
    word (rv40 review). Each language cites its own now; a rule number is given once."""
    from playaids.render import cards

    rgi, mb = REPO.game("rgi-macarthur", with_tables=False), REPO.game("macarthur-bataan", with_tables=False)
    both = PageSpec(lang="both")
    assert cards.rule_text(rgi, REPO.table("rgi-macarthur", "combat-dice"), both) == "ルール §戦闘 / Rule §Combat"
    assert cards.rule_suffix(rgi, both, "§損害") == " (ルール §損害 / Rule §Damage)"
    assert cards.rule_text(mb, REPO.table("macarthur-bataan", "bombing"), both) == "ルール / Rule 8.3"
