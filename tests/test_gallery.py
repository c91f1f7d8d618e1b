"""The gallery output/index.html (issue 23): one tile an aid (its languages, papers and formats
together), a language switch showing each tile's preview, title and files in that language, the
`lang` of what it shows, counts of aids; opened in headless Chromium, every preview shows and the
switch works. Chromium is Debian's `chromium` (.ci/run installs it); outside CI a machine without
it skips the browser test, in CI (CI=true) its absence fails."""
import html
import json
import os
import re
import shutil
import subprocess

import pytest

from conftest import run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A small game (two tables, one scenario) built in every language on A4."""
    from test_build import _small_data

    tmp = tmp_path_factory.mktemp("gallery")
    data, out = _small_data(tmp), tmp / "out"
    r = run_cli("--data", data, "--no-builtin", "build", "--out", out, "--lang", "all")
    assert r.returncode == 0, r.stderr
    return out


def _tiles(index: str) -> list[str]:
    return re.findall(r'<div class="aid">(.*?)</div></div>', index)


@pytest.mark.slow
def test_every_link_resolves_and_every_pdf_is_linked(built):
    index = (built / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'(?:href|src)="([^"#]+)"', index)
    pdfs = {p.relative_to(built).as_posix() for p in built.rglob("*.pdf")}
    assert {x for x in links if x.endswith(".pdf")} == pdfs
    for link in links:
        assert (built / html.unescape(link)).is_file(), link
    assert 'id="rgi-macarthur"' in index


@pytest.mark.slow
def test_one_tile_an_aid_with_a_preview_in_each_language(built):
    """The damage card's three languages are one tile with three variants, each its own preview
    and title; the glossary's PDF, Markdown and CSV one tile; counts count tiles, not files."""
    index = (built / "index.html").read_text(encoding="utf-8")
    damage = [t for t in _tiles(index) if "charts/damage." in t]
    assert len(damage) == 1
    variants = re.findall(r'<div class="v ([^"]*)" lang="(\w+)" data-lang="(\w+)">(.*?)</span>', damage[0])
    assert [(c, lang, d) for c, lang, d, _ in variants] == [("x-ja", "ja", "ja"), ("x-en", "en", "en"),
                                                             ("x-both", "ja", "both")]
    for _, _, d, body in variants:
        assert f'href="rgi-macarthur/charts/damage.{d}.a4.pdf"' in body
        assert re.search(r'<img src="\.previews/[0-9a-f]{16}\.png" alt="[^"]+"', body)
    pngs = re.findall(r'<img src="(\.previews/[^"]+)"', damage[0])
    assert len(set(pngs)) == 3
    from playaids.repository import Repository

    title = Repository.builtin().table("rgi-macarthur", "damage").title
    ja, en = title.get("ja").replace("\n", " "), title.get("en").replace("\n", " ")
    assert f'alt="{ja}の1ページ目"' in damage[0] and f"<b>{ja}</b>" in damage[0]
    assert f'alt="First page of {en}"' in damage[0] and f"<b>{en}</b>" in damage[0]
    assert f'<b><span lang="ja">{ja}</span> / <span lang="en">{en}</span></b>' in damage[0]
    glossary = [t for t in _tiles(index) if "glossary." in t]
    assert len(glossary) == 1 and all(f"glossary.{x}" in glossary[0] for x in ("a4.pdf", "md", "csv"))
    assert ">Markdown<" in glossary[0] and ">CSV<" in glossary[0] and ">PDF\u00a0A4<" in glossary[0]
    kinds = index.split('<div class="kind">')[1:]
    assert len(kinds) >= 7
    for kind in kinds:   # a section counts its aids (tiles), not its files
        n = int(re.search(r"<small>\((\d+)\)</small></h3>", kind).group(1))
        assert n == kind.split("</section>")[0].count('<div class="aid">'), kind[:200]


@pytest.mark.slow
def test_aids_are_named_by_title_with_alt_text_and_readable_previews(built):
    """Issue 13: each aid named by its title in the variant's language, never its file name;
    alt text on every preview in that language; previews at 100 dpi."""
    from PIL import Image

    page = (built / "index.html").read_text(encoding="utf-8")
    english = re.findall(r'data-lang="en">.*?<b>([^<]*)</b>', page)
    assert "Damage" in english and "Rule summary" in english and "Sources and reconstructions" in english
    names = re.findall(r"<b>([^<]*)</b>", page)
    assert not any(n.endswith((".pdf", ".csv")) or "-" in n and n.islower() for n in names), names
    alts = re.findall(r'data-lang="(\w+)"><a [^>]*><img [^>]*alt="([^"]*)"', page)
    assert alts
    for lang, alt in alts:
        assert {"en": alt.startswith("First page of ") and len(alt) > 14, "ja": alt.endswith("の1ページ目"),
                "both": "の1ページ目 / First page of " in alt}[lang], (lang, alt)
    png = next((built / ".previews").glob("*.png"))
    w, h = Image.open(png).size
    assert max(w, h) >= 11.0 * 100 * 0.95   # the long side of A4 (11.69 in) at 100 dpi


@pytest.mark.slow
def test_lang_attributes_name_what_they_show(built):
    """The page is English until switched; Japanese words carry lang="ja", English lang="en"."""
    index = (built / "index.html").read_text(encoding="utf-8")
    assert index.startswith('<!doctype html>\n<html lang="en">')
    for lang, text in re.findall(r'<(?:span|div|label)[^>]* lang="(ja|en)"[^>]*>([^<]+)<', index):
        if lang == "en":
            assert not re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text), text
        else:
            assert re.search(r"[\u3040-\u30ff\u3400-\u9fff]", text) or text.isupper() or text == "日本語", text
    assert '<span class="x-ja" lang="ja">チャートカード</span><span class="x-en" lang="en">Chart cards</span>' in index


def test_a_single_language_build_has_no_switch(tmp_path):
    from playaids.build import gallery

    out = tmp_path / "out"
    (out / "g").mkdir(parents=True)
    pdf = out / "g" / "summary.en.a4.pdf"
    pdf.write_bytes(_one_pdf())
    index = gallery.write(out, {"g": {"ja": "ゲーム", "en": "Game"}},
                          [gallery.File(pdf, "summary", "en", {"ja": "ルール要約", "en": "Rule summary"})]).read_text()
    assert 'class="switch"' not in index and 'id="l-en" value="en" checked' in index
    assert index.count('<div class="v ') == 1 and "Rule summaries" in index


def _one_pdf() -> bytes:
    from playaids.render import cards
    from playaids.render.page import PageSpec
    from playaids.repository import Repository

    root = Repository.builtin()
    return cards.render(root.table("rgi-macarthur", "damage"), root.game("rgi-macarthur", with_tables=False),
                        PageSpec(lang="en"))


PROBE = """<script>
(async () => {
  const out = {states: {}, lang: {}, images: []};
  const tiles = [...document.querySelectorAll(".aid")];
  for (const input of document.querySelectorAll("input[name=lang]")) {
    document.querySelector(`label[for=${input.id}]`).click();   // as a reader clicks the switch
    out.lang[input.value] = document.documentElement.lang;
    out.states[input.value] = tiles.map(t => [...t.querySelectorAll(".v")]
      .filter(v => getComputedStyle(v).display !== "none")
      .map(v => [v.dataset.lang, v.getAttribute("lang"), (v.querySelector("a") || {href: ""}).href.split("/").pop()]));
  }
  const images = [...document.images];
  for (const i of images) i.loading = "eager";   // lazy ones load as a reader scrolls; load them all
  for (let n = 0; n < 200 && !images.every(i => i.complete); n++) await new Promise(r => setTimeout(r, 100));
  out.images = images.map(i => [i.getAttribute("src"), i.naturalWidth, i.naturalHeight]);
  const pre = document.createElement("pre");
  pre.id = "probe";
  pre.textContent = JSON.stringify(out);
  document.body.append(pre);
})();
</script>"""


def _chromium():
    if CHROMIUM is None:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("CI: Debian chromium is not installed (.ci/run installs it)")
        pytest.skip("Debian chromium not installed (.ci/run installs it; CI=true makes this a failure)")
    return CHROMIUM


def _probe(out, tmp_path) -> dict:
    """What Chromium shows of OUT/index.html: per switch state the variant each tile shows (its
    language, `lang` and link), the page's `lang`, and every preview's natural size."""
    chromium = _chromium()
    page = out / "gallery-probe.html"   # beside index.html: the same file origin, the same links
    page.write_text((out / "index.html").read_text(encoding="utf-8").replace("</body>", PROBE + "</body>"),
                    encoding="utf-8")
    try:
        r = subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=20000",
                            "--dump-dom", page.as_uri()], capture_output=True, timeout=180, text=True,
                           env={**os.environ, "HOME": str(tmp_path)})
    finally:
        page.unlink()
    m = re.search(r'<pre id="probe">(.*?)</pre>', r.stdout, re.S)
    assert m, r.stderr[-800:]
    return json.loads(html.unescape(m.group(1)))


@pytest.mark.slow
def test_chromium_shows_every_preview_and_the_switch_works(built, tmp_path):
    probe = _probe(built, tmp_path)
    index = (built / "index.html").read_text(encoding="utf-8")
    assert len(probe["images"]) == index.count("<img ") > 0
    for src, width, height in probe["images"]:
        assert width > 0 and height > 0, src   # every preview shows
    assert set(probe["states"]) == {"ja", "en", "both"}
    assert probe["lang"] == {"ja": "ja", "en": "en", "both": "ja"}
    for state, tiles in probe["states"].items():
        assert all(len(shown) == 1 for shown in tiles), state   # each tile shows one variant
        shown = [t[0] for t in tiles]
        # every aid made in this language shows it, its PDF of that language linked; the
        # bilingual glossary and the English sources show in every state
        assert {v[2] for v in shown if v[0] != state} <= {"glossary.a4.pdf", "sources.a4.pdf"}, (state, shown)
        for variant, lang, href in shown:
            assert lang == ("en" if variant == "en" else "ja")
            assert variant != state or href.endswith((f".{state}.a4.pdf", "sources.a4.pdf", "glossary.a4.pdf")), href


@pytest.mark.slow
def test_chromium_catches_a_missing_preview_and_a_broken_switch(built, tmp_path):
    """The probe fires: a preview file gone shows as an image of width 0; a switch whose CSS
    does not hide the other languages shows several variants a tile."""
    out = tmp_path / "out"
    shutil.copytree(built, out)
    gone = sorted((out / ".previews").glob("*.png"))[0]
    gone.unlink()
    index = out / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace('[class^="x-"], [class*=" x-"] { display: none; }', ""),
                     encoding="utf-8")
    probe = _probe(out, tmp_path)
    assert [src for src, width, _ in probe["images"] if width == 0] == [f".previews/{gone.name}"] * \
        sum(src == f".previews/{gone.name}" for src, _, _ in probe["images"])
    assert any(len(shown) > 1 for shown in probe["states"]["en"])


@pytest.mark.slow
def test_chromium_screenshot_of_the_gallery(built, tmp_path):
    """The page renders at all: a screenshot of real size (the layout, not only the DOM)."""
    chromium = _chromium()
    shot = tmp_path / "gallery.png"
    r = subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1280,1600",
                        "--virtual-time-budget=10000", f"--screenshot={shot}", (built / "index.html").as_uri() + "?lang=ja"],
                       capture_output=True, timeout=180, env={**os.environ, "HOME": str(tmp_path)})
    assert shot.is_file() and shot.stat().st_size > 10_000, r.stderr[-500:]


def test_a_preview_stops_above_the_first_cut_line():
    """What a cut line parts off is one player's (a secret slip, a record pad): the gallery's
    preview of Amigos' setup sheet showed both sides' chits (rv39)."""
    import io

    from PIL import Image

    from playaids.build import gallery
    from playaids.engine import api
    from playaids.build.kinds import sheet_view
    from playaids.render import setupsheet
    from playaids.render.page import PageSpec
    from playaids.repository import Repository

    root = Repository.builtin()
    setup = api.generate(root, "amigos-insurrectors", "campaign", 1)
    pdf = setupsheet.render(root, sheet_view(root, setup, *api.verify_setup(root, setup)), PageSpec(lang="en"))
    full = round(PageSpec(lang="en").size[1] * gallery.PREVIEW_DPI / 72)
    cut = Image.open(io.BytesIO(gallery.preview_png(pdf))).size[1]
    assert 0.2 * full < cut < 0.6 * full, (cut, full)
    from playaids.render import cards   # a page with no cut line: whole

    plain = cards.render(root.table("amigos-insurrectors", "us-objectives"),
                         root.game("amigos-insurrectors", with_tables=False), PageSpec(lang="en"))
    assert Image.open(io.BytesIO(gallery.preview_png(plain))).size[1] > 0.6 * min(full, 827)
