"""The print shop's finishing pass over every PDF a build writes, whichever back end drew it
(ReportLab or WeasyPrint), with pikepdf:

- metadata: the aid's title, the game and the language (Title, Subject, Keywords, catalog
  /Lang), so no file reaches a shop as "untitled";
- font subsets: each file's own six-letter prefix (ReportLab names every subset AAAAAA+,
  WeasyPrint one per font description: files imposed together would clash), derived from the
  file's name and the font's, so a build stays byte-identical run to run;
- `--grayscale`: every colour operator rewritten to DeviceGray (`g`/`G`; RGB and CMYK set by
  `rg`/`RG`/`k`/`K`/`cs`+`sc`), so black text prints on K alone instead of four-colour black.

Neither back end can be asked for DeviceGray (ReportLab's enforceColorSpace knows RGB, CMYK and
separations; WeasyPrint writes sRGB as `rg`), hence a pass over the content streams.
"""
from __future__ import annotations

import hashlib
import io

LANG_TAG = {"ja": "ja", "en": "en", "both": "ja"}  # a bilingual aid: Japanese first (Keywords say both)
_GRAY_SPACES = {"/DeviceRGB": 3, "/DeviceCMYK": 4, "/CalRGB": 3}


def prefix(identity: str, font: str) -> str:
    """Six capital letters from the file's identity and the font's name (PDF 32000 9.6.4)."""
    digest = hashlib.sha256(f"{identity}\0{font}".encode()).digest()
    return "".join(chr(65 + b % 26) for b in digest[:6])


def gray_of(values, n: int) -> float:
    """The gray level of an RGB (n=3) or CMYK (n=4) colour: a neutral one exactly, others by
    luminance (Rec. 601), so a stray colour still prints as a gray of its weight."""
    v = [float(x) for x in values]
    if n == 3:
        r, g, b = v
        return r if r == g == b else 0.299 * r + 0.587 * g + 0.114 * b
    c, m, y, k = v
    return max(0.0, 1.0 - k - (0.299 * c + 0.587 * m + 0.114 * y))


def _num(x: float):
    import decimal

    return decimal.Decimal(f"{min(1.0, max(0.0, x)):.4f}").normalize()


def _space_channels(name, resources) -> int | None:
    """Channels of a colour space operand when it is RGB or CMYK (named, or via ColorSpace)."""
    import pikepdf

    key = str(name)
    if key in _GRAY_SPACES:
        return _GRAY_SPACES[key]
    spaces = resources.get("/ColorSpace") if resources is not None else None
    cs = spaces.get(key) if spaces is not None else None
    if isinstance(cs, pikepdf.Array) and len(cs) and str(cs[0]) == "/ICCBased":
        return {3: 3, 4: 4}.get(int(cs[1].get("/N", 0)))
    if cs is not None and str(cs) in _GRAY_SPACES:
        return _GRAY_SPACES[str(cs)]
    return None


def gray_stream(data_instructions, resources):
    """The instructions of a content stream with every colour set in DeviceGray."""
    import pikepdf

    out, fill_n, stroke_n = [], None, None
    for operands, op in data_instructions:
        o = str(op)
        if o in ("rg", "RG", "k", "K") and len(operands) == (3 if o in ("rg", "RG") else 4):
            g = gray_of(operands, 3 if o in ("rg", "RG") else 4)
            out.append(([_num(g)], pikepdf.Operator("g" if o in ("rg", "k") else "G")))
            continue
        if o in ("cs", "CS"):
            n = _space_channels(operands[0], resources)
            if o == "cs":
                fill_n = n
            else:
                stroke_n = n
            if n:
                out.append(([pikepdf.Name.DeviceGray], op))
                continue
        if o in ("sc", "scn", "SC", "SCN"):
            n = fill_n if o in ("sc", "scn") else stroke_n
            if n and len(operands) == n:
                out.append(([_num(gray_of(operands, n))], op))
                continue
        out.append((operands, op))
    return out


def _gray_all(pdf) -> None:
    import pikepdf

    def redo(stream, resources):
        instructions = pikepdf.parse_content_stream(stream)
        stream.write(pikepdf.unparse_content_stream(gray_stream(instructions, resources)))

    for page in pdf.pages:
        res = page.obj.get("/Resources")
        contents = page.obj.get("/Contents")
        for s in (contents if isinstance(contents, pikepdf.Array) else [contents] if contents is not None else []):
            redo(s, res)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and (obj.get("/Subtype") == pikepdf.Name.Form
                                                or obj.get("/PatternType") == 1):
            redo(obj, obj.get("/Resources"))
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            group = obj.get("/Group")
            if isinstance(group, pikepdf.Dictionary) and str(group.get("/CS", "")) in _GRAY_SPACES:
                group["/CS"] = pikepdf.Name.DeviceGray


def _subset_name(obj):
    """(key, name) of a font or font descriptor naming a subset (`ABCDEF+Face`), else None."""
    import pikepdf

    if not isinstance(obj, pikepdf.Dictionary):
        return None
    kind = obj.get("/Type")
    key = "/BaseFont" if kind == pikepdf.Name.Font else "/FontName" if kind == pikepdf.Name.FontDescriptor else None
    if key is None or key not in obj:
        return None
    name = str(obj[key])[1:]
    if len(name) > 7 and name[6] == "+" and name[:6].isalpha() and name[:6].isupper():
        return key, name
    return None


def _rename_fonts(pdf, identity: str) -> None:
    import pikepdf

    found = [(obj, *hit) for obj in pdf.objects if (hit := _subset_name(obj))]
    olds = sorted({name for _, _, name in found})
    names = {old: prefix(identity, old) + old[6:] for old in olds}
    if len(set(names.values())) != len(names):  # two subsets of one file on one prefix
        names = {old: prefix(f"{identity}\0{i}", old) + old[6:] for i, old in enumerate(olds)}
    for obj, key, old in found:
        obj[key] = pikepdf.Name("/" + names[old])


def finish(data: bytes, identity: str, title: str, game: str, lang: str, grayscale: bool) -> bytes:
    """`data` with the print shop's metadata, fonts of its own and (grayscale) no colour."""
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as pdf:
        pdf.docinfo["/Title"] = pikepdf.String(title)
        pdf.docinfo["/Subject"] = pikepdf.String(game)
        langs = "ja, en" if lang == "both" else lang
        pdf.docinfo["/Keywords"] = pikepdf.String(f"{game}; {langs}")
        pdf.Root["/Lang"] = pikepdf.String(LANG_TAG.get(lang, lang))
        _rename_fonts(pdf, identity)
        if grayscale:
            _gray_all(pdf)
        buf = io.BytesIO()
        pdf.save(buf, deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.preserve)
        return buf.getvalue()
