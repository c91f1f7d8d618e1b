"""Latin text in a Latin face beside the Japanese one (issue 22), run by run, in the ReportLab aids
and the WeasyPrint documents alike."""
import io

import pdfplumber
import pytest

from playaids import fonts
from playaids.render import cards, document
from playaids.render.page import PageSpec
from playaids.repository import open_data


def test_each_run_goes_to_its_face():
    assert fonts.runs("突撃戦闘表 / Assault Combat Table (11.0)") == [
        (fonts.GOTHIC, "突撃戦闘表"), (fonts.LATIN, " / Assault Combat Table (11.0)")]
    # digits inside Japanese text are Latin; full-width marks and the Japanese leaders are not
    assert fonts.runs("（ルール11.53項）…") == [
        (fonts.GOTHIC, "（ルール"), (fonts.LATIN, "11.53"), (fonts.GOTHIC, "項）…")]
    # a sign IPAex lacks is drawn by the Latin face (DejaVu), never a box
    assert fonts.runs("≤ 3") == [(fonts.LATIN, "≤ 3")]


def test_a_lines_width_is_the_sum_of_its_pieces():
    """kinsoku.wrap measures a line piece by piece: the face of a character never depends on
    its neighbours."""
    s = "カウンターの“Crest”が記載された辺…“A”は、x–y"
    whole = fonts.width(s, fonts.GOTHIC, 8)
    assert whole == pytest.approx(sum(fonts.width(ch, fonts.GOTHIC, 8) for ch in s))


def _faces(pdf: bytes) -> dict[str, set]:
    """{character: the faces it is drawn in} of a PDF."""
    out: dict[str, set] = {}
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for p in doc.pages:
            for c in p.chars:
                out.setdefault(c["text"], set()).add(c["fontname"].split("+")[-1])
    return out


def test_a_bilingual_card_sets_english_in_the_latin_face_and_japanese_in_ipaex():
    root = open_data()
    pdf = cards.render(root.table("okinawa", "fleet-damage"), root.game("okinawa", with_tables=False),
                       PageSpec(paper="a4", lang="both"))
    faces = _faces(pdf)
    for ch in "FleetDamage123":
        assert faces.get(ch) == {fonts.LATIN}, (ch, faces.get(ch))
    kana = [ch for ch in faces if "\u3040" <= ch <= "\u30ff"]
    assert kana and all(faces[ch] == {fonts.GOTHIC} for ch in kana)


def test_the_weasyprint_documents_take_the_same_latin_face():
    html = (f"<html><head><style>{fonts.font_face_css()} html {{ font-family: {document.FONT_STACK}; }}"
            "</style></head><body><p>沖縄 Okinawa 1945</p></body></html>")
    pdf = document.render_pdf(html, "test")
    faces = _faces(pdf)
    assert all("DejaVuSansCondensed" in f for ch in "Okinawa1945" for f in faces[ch]), faces
    assert all("IPAexGothic" in f for ch in "沖縄" for f in faces[ch]), faces


def test_a_missing_latin_face_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setattr(fonts, "_CANDIDATES", {**fonts._CANDIDATES, fonts.LATIN: []})
    monkeypatch.setattr(fonts, "_fc_match", lambda family: None)
    monkeypatch.setattr(fonts, "font_dirs", lambda: [])
    fonts.font_file.cache_clear()
    try:
        with pytest.raises(fonts.FontMissing, match="apt-get install fonts-dejavu-extra"):
            fonts.font_file(fonts.LATIN)
    finally:
        fonts.font_file.cache_clear()
