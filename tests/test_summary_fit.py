"""Bilingual rule summaries fit the page (issue 13): fixed-width columns, citations wrap inside
their own column; checked by the print preflight on the rendered PDF."""
import pytest

from playaids import preflight


@pytest.mark.slow
@pytest.mark.parametrize("game,paper", [("rgi-macarthur", "letter")])
def test_bilingual_summary_passes_the_preflight(cli_in, tmp_path, game, paper):
    out = tmp_path / f"summary.both.{paper}.pdf"
    assert cli_in("summary", game, "--lang", "both", "--paper", paper, "-o", out).returncode == 0
    findings = [f.line() for f in preflight.check(out)]
    assert not findings, findings
