"""`playaids turns / summary / glossary` and `build`: outputs, one-line errors located in the
YAML, missing glyphs, byte-identical PDFs, the document build and its cache."""
import hashlib
import re
import shutil

import pytest

from conftest import FIXTURES, run_cli, run_in
from docs import flat, text_of
from playaids.build import builder, runner
from playaids.errors import DataError
from playaids.render.page import PageSpec
from playaids.repository import Repository

TURNS = """\
game: demo-game
rule: "1.4"
source: {seed: none}
turns: 4
calendar: {start: "1945-04-01", step_days: 3, rule: "1.4"}
scenarios:
  - {id: full, name: {ja: 全体, en: Full game}, first: 1, last: 4, rule: "1.4"}
  - {id: short, name: {ja: 短編, en: Short game}, first: 3, last: 4, rule: "1.5"}
events:
  - {turn: 2, text: {ja: 増援が登場する。, en: Reinforcements arrive.}, rule: "2.1", side: red}
  - {turn: {from: 3, to: 4}, text: {ja: 雨季。, en: Rainy season.}, rule: "2.2"}
  - {turn: unknown, text: {ja: 撤退, en: Withdrawal}, rule: "2.3"}
tracks:
  - {id: vp, name: {ja: 勝利ポイント, en: Victory points}, rule: "3.0", kind: boxes, min: 0, max: 5}
"""

RULES = """\
game: demo-game
title: {ja: 要約, en: Summary}
source: {seed: none}
sections:
  - id: sequence
    title: {ja: 手順, en: Sequence}
    rule: "1.0"
    kind: sequence
    items:
      - {name: {ja: 移動フェイズ, en: Movement Phase}, text: {ja: 移動する。, en: Move.}, rule: "1.1"}
      - {name: {ja: 戦闘フェイズ, en: Combat Phase}, rule: "1.2"}
"""


@pytest.fixture
def data(tmp_path):
    root = tmp_path / "data"
    shutil.copytree(FIXTURES / "data" / "demo-game", root / "demo-game")
    (root / "demo-game" / "turns.yaml").write_text(TURNS, encoding="utf-8")
    (root / "demo-game" / "rules.yaml").write_text(RULES, encoding="utf-8")
    return root


def one_line_error(r, *fragments):
    err = r.stderr.decode()
    assert r.returncode == 2, (r.stdout, err)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for f in fragments:
        assert f in err, err
    return err


@pytest.mark.slow
def test_turns_summary_glossary_commands(data, tmp_path, capfd):
    out = tmp_path / "t.pdf"
    r = run_in(capfd, "--data", data, "turns", "demo-game", "short", "--lang", "en", "-o", out)
    assert r.returncode == 0, r.stderr
    text = flat(text_of(out))
    assert "Turn 3" in text and "Turn 4" in text and "Turn 2" not in text and "Rainy season" in text
    # an event whose turn the source does not give is the makers' matter (the sources appendix)
    assert "Withdrawal" not in text and "turn not given in source" not in text
    s = tmp_path / "s.pdf"
    assert run_in(capfd, "--data", data, "summary", "demo-game", "--lang", "both", "--paper", "letter", "-o", s).returncode == 0
    assert "移動フェイズ" in flat(text_of(s)) and "Combat Phase" in flat(text_of(s))
    r = run_in(capfd, "--data", data, "glossary", "demo-game", "--format", "csv")
    assert r.returncode == 0 and "戦闘結果表,Combat Results Table,7.3" in r.stdout.decode()


def test_validate_checks_turns_and_rules(data, capfd):
    assert run_in(capfd, "--data", data, "--no-builtin", "data", "validate").returncode == 0
    p = data / "demo-game" / "turns.yaml"
    p.write_text(TURNS.replace("{turn: 2,", "{turn: 9,"), encoding="utf-8")
    one_line_error(run_in(capfd, "--data", data, "--no-builtin", "data", "validate"), "turns.yaml:10:12:", "beyond the track's 4 turns")
    p.write_text(TURNS.replace("side: red", "side: green"), encoding="utf-8")
    one_line_error(run_in(capfd, "--data", data, "turns", "demo-game", "-o", data / "x.pdf"), "turns.yaml:10:", "unknown side 'green'")
    assert not (data / "x.pdf").exists()
    p.write_text(TURNS, encoding="utf-8")
    r = data / "demo-game" / "rules.yaml"
    r.write_text(RULES.replace('rule: "1.2"', "rule: 1.2"), encoding="utf-8")
    one_line_error(run_in(capfd, "--data", data, "--no-builtin", "data", "validate"), "rules.yaml:11:")


def test_unknown_ids_are_one_line(data, tmp_path, capfd):
    one_line_error(run_in(capfd, "--data", data, "turns", "demo-game", "nope", "-o", tmp_path / "x.pdf"),
                   "unknown scenario of demo-game 'nope'", "full, short")
    one_line_error(run_in(capfd, "--data", data, "summary", "nope", "-o", tmp_path / "x.pdf"), "unknown game 'nope'")


def test_missing_glyph_is_an_error_and_nothing_is_written(data, tmp_path, capfd):
    p = data / "demo-game" / "turns.yaml"
    p.write_text(TURNS.replace("Reinforcements arrive.", "Reinforcements \U0001F9A9 arrive."), encoding="utf-8")
    out = tmp_path / "x.pdf"
    one_line_error(run_in(capfd, "--data", data, "turns", "demo-game", "--lang", "en", "-o", out), "U+1F9A9", "no glyph")
    assert not out.exists() and list(tmp_path.glob(".x.pdf*")) == []


@pytest.mark.slow
def test_pdfs_are_byte_identical_across_processes(data, tmp_path):
    digests = []
    for i in range(2):
        out = tmp_path / f"t{i}.pdf"
        r = run_cli("--data", data, "turns", "demo-game", "--lang", "ja", "-o", out, env={"SOURCE_DATE_EPOCH": str(i)})
        assert r.returncode == 0, r.stderr
        digests.append(hashlib.sha256(out.read_bytes()).hexdigest())
    assert digests[0] == digests[1]  # the epoch is fixed by the renderer, not taken from the caller
    data_ = out.read_bytes()
    dates = re.findall(rb"/(?:CreationDate|ModDate) \(D:(\d{8})", data_)
    assert dates and set(dates) == {b"20000101"}  # the one fixed date, not the caller's clock


def _documents(repo, out, workers):
    """The build's runner over the documents of demo-game (turn sheets, summary, glossaries)."""
    jobs = [j for j in builder.plan(repo, out, ["demo-game"], [PageSpec(lang="en")]) if j.kind in
            ("turns", "summary", "glossary-md", "glossary-csv", "glossary-pdf")]
    return runner.run(repo, jobs, out, workers)


@pytest.mark.slow
def test_document_build_and_cache(data, tmp_path):
    out = tmp_path / "out"
    root = data
    written, unchanged = _documents(Repository(root), out, workers=1)
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file() and not p.relative_to(out).parts[0].startswith("."))
    assert files == ["demo-game/glossary.a4.pdf", "demo-game/glossary.csv", "demo-game/glossary.md",
                     "demo-game/summary.en.a4.pdf", "demo-game/turns/full.en.a4.pdf", "demo-game/turns/short.en.a4.pdf"]
    assert (written, unchanged) == (6, 0)
    assert len(list((out / ".previews").glob("*.png"))) == 4  # one per PDF aid, made as each PDF landed
    before = (out / "demo-game/turns/full.en.a4.pdf").read_bytes()
    assert _documents(Repository(root), out, workers=1) == (0, 6)
    (root / "demo-game" / "turns.yaml").write_text(TURNS.replace("Rainy season.", "Dry season."), encoding="utf-8")
    assert _documents(Repository(root), out, workers=2) == (2, 4)  # only the turn sheets
    assert (out / "demo-game/turns/full.en.a4.pdf").read_bytes() != before


def test_turns_loader_reports_location(data):
    p = data / "demo-game" / "turns.yaml"
    p.write_text(TURNS.replace("first: 3, last: 4", "first: 4, last: 3"), encoding="utf-8")
    with pytest.raises(DataError) as e:
        Repository.of(data).turns("demo-game")
    assert e.value.line == 8 and "do not fit" in e.value.message
    assert Repository.of(data).validate_all()[1]


@pytest.mark.slow
def test_summary_and_glossary_render_identically_twice(data):
    from playaids.render import glossary_pdf, summary
    from playaids.render.page import PageSpec

    game = Repository.of(data).game("demo-game", with_tables=False)
    s = Repository.of(data).summary("demo-game")
    for spec in (PageSpec(lang="both"), PageSpec(lang="ja", paper="letter")):
        assert summary.render(s, game, spec) == summary.render(s, game, spec)
    assert glossary_pdf.render(game, PageSpec()) == glossary_pdf.render(game, PageSpec())
