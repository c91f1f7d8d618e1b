"""Setup sheets a player hands out (issue 13): one secret slip per side, each on its own page
and headed with its side; a Japanese sheet in Japanese; no ids or file names."""
import pdfplumber
import pytest

from playaids import preflight


def _pages(path):
    with pdfplumber.open(path) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


@pytest.mark.parametrize("game,scen,slips", [
    ("macarthur-bataan", "historical", {"SECRET: Allied": ["Corregidor battery numbers"],
                                        "SECRET: Japanese": ["Japanese order-of-battle chit", "Victory letter"]}),
    ("amigos-insurrectors", "campaign", {"SECRET: US": ["US objective"], "SECRET: Filipino": ["Filipino objective"]}),
])
def test_one_secret_slip_per_side_each_on_its_own_page(cli_in, tmp_path, game, scen, slips):
    out = tmp_path / "sheet.en.pdf"
    assert cli_in("scenario", game, scen, "--seed", "1", "--sheet", out, "--lang", "en", "-o", tmp_path / "s.yaml").returncode == 0
    pages = _pages(out)
    for head, items in slips.items():
        mine = [p for p in pages if p.startswith(head)]
        assert len(mine) == 1, (head, [p[:40] for p in pages])
        assert "fold" in mine[0]
        for item in items:
            assert item in mine[0]
            others = [p for p in pages if p is not mine[0]]
            assert not any(item in p for p in others), f"{item} is not only on the {head} slip"


@pytest.mark.parametrize("game,scen", [("macarthur-bataan", "historical"), ("okinawa", "campaign")])
def test_japanese_sheet_is_in_japanese_and_names_no_ids(cli_in, tmp_path, game, scen):
    out = tmp_path / "sheet.ja.pdf"
    assert cli_in("scenario", game, scen, "--seed", "1", "--sheet", out, "--lang", "ja", "-o", tmp_path / "s.yaml").returncode == 0
    assert not [f.line() for f in preflight.check(out)]
    text = "\n".join(_pages(out))
    assert f"{game}/{scen}" not in text and "map.yaml" not in text and "sp:" not in text


def test_placements_are_grouped_by_where_they_go(cli_in, tmp_path):
    """Issue 13: a player sets up place by place; each place is printed once, its units under it."""
    out = tmp_path / "sheet.en.pdf"
    assert cli_in("scenario", "okinawa", "campaign", "--seed", "1", "--sheet", out, "--lang", "en",
                  "-o", tmp_path / "s.yaml").returncode == 0
    text = _pages(out)[0]
    table = text.split("Placements")[1].split("Verification")[0]
    lines = table.splitlines()
    # 18.12c: the Boeitai battalions, the tank unit and the 32nd Army HQ all set up at Shuri
    assert sum(ln.startswith("Shuri ") for ln in lines) == 1
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Shuri "))
    assert "Boeitai battalion" in lines[at] and "Tank unit" in lines[at + 1] and "HQ (32nd Army)" in lines[at + 2]


def test_the_verdict_never_stands_alone_on_a_page(cli_in, tmp_path):
    """Okinawa scenario 4, seed 1, Japanese, Letter: the placements fill page 1 to the foot; the
    verdict goes over with the last place's rows, that place named again at the top of page 2."""
    out = tmp_path / "sheet.ja.letter.pdf"
    assert cli_in("scenario", "okinawa", "scenario-4", "--seed", "1", "--sheet", out, "--lang", "ja",
                  "--paper", "letter", "-o", tmp_path / "s.yaml").returncode == 0
    assert not [f.line() for f in preflight.check(out)]
    pages = _pages(out)
    verdict = next(p for p in pages if "判定" in p)
    rows = verdict.split("判定")[0].splitlines()
    assert rows and rows[0].startswith("ヘクス "), verdict[:80]
    assert not any("hex " in p for p in pages)
