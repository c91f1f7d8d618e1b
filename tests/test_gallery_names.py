"""The gallery a player can read (issue 13): previews at 100 dpi, each aid named by its title in
the build's language, alt text on every preview."""
import re

from PIL import Image

from test_build import _small_data


def test_gallery_names_aids_by_title_with_alt_text_and_readable_previews(tmp_path):
    from conftest import run_cli

    data, out = _small_data(tmp_path), tmp_path / "out"
    assert run_cli("--data", data, "--no-builtin", "build", "--lang", "en", "--out", out).returncode == 0
    page = (out / "index.html").read_text(encoding="utf-8")
    names = re.findall(r"<b>([^<]*)</b>", page)
    assert "Damage" in names and "Rule summary" in names and "Sources and reconstructions" in names
    assert not any(n.endswith((".pdf", ".csv")) or "-" in n and n.islower() for n in names), names
    alts = re.findall(r'<img [^>]*alt="([^"]*)"', page)
    # an English build: every alt in English; the bilingual glossary's in both its languages
    assert alts and all(a.startswith("First page of ") and len(a) > len("First page of ") for a in alts
                        if "の1ページ目 / " not in a)
    assert [a for a in alts if "の1ページ目 / " in a] == ["用語集の1ページ目 / First page of Glossary"]
    png = next((out / ".previews").glob("*.png"))
    w, h = Image.open(png).size
    assert max(w, h) >= 11.0 * 100 * 0.95   # the long side of A4 (11.69 in) at 100 dpi
