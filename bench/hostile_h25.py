"""Issue 25 re-checked from its text by an independent tester: every numbered defect (1-15) as
its own fresh input, built here (not from hostile_shapes.py nor tests/fixtures), run in its own
process, with its exit code, its stderr lines, CPU seconds (user + sys, the process and the
children it waited for: the machine may be loaded) and peak RSS, and, for the path cases, a
check that no input and no non-regular file was replaced.

    python bench/bench_hostile.py h25 [WORDS...]     # the cases whose name holds one of WORDS

Each case passes when it exits 1 or 2 (or what `expect` says: some inputs are valid and the work
must be done) with exactly one line on stderr and no traceback, under 10 s of CPU and 300 MB,
and its `post` check finds nothing wrong."""
from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
CPU_LIMIT, RSS_LIMIT_KB = 10.0, 300 * 1024
AS_CAP = 4 << 30      # a blow-up fails (MemoryError, exit 3) instead of taking the machine
WALL_TIMEOUT = 180


@dataclass
class Case:
    item: str
    name: str
    args: list
    stdin: object = None          # a path, bytes, "closed", or None (/dev/null)
    stdout: object = None         # a path, "closed", or None (/dev/null)
    expect: tuple = (1, 2)
    env: dict = field(default_factory=dict)
    post: object = None           # callable(result) -> str | None (what went wrong)
    wrap: list = field(default_factory=list)   # a prefix command (setpriv, unshare)
    sigint_after: float | None = None


@dataclass
class Result:
    code: int
    cpu: float
    rss_kb: int
    wall: float
    err_lines: list
    stdout: bytes = b""


def run(case: Case, tmp: Path) -> Result:
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (AS_CAP, AS_CAP))
        # a harness started in the background (`cmd &`) inherits SIGINT ignored, and so would
        # Python: Ctrl-C is then never seen. The child gets the default, as from a terminal
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    env = {**os.environ, "PYTHONPATH": str(ROOT), **case.env}
    env.pop("PLAYAIDS_DEBUG", None)
    out_path = tmp / "_stdout"
    fds_close = []
    if case.stdin == "closed":
        stdin = None
    elif isinstance(case.stdin, bytes):
        p = tmp / "_stdin"
        p.write_bytes(case.stdin)
        stdin = open(p, "rb")
    else:
        stdin = open(case.stdin or os.devnull, "rb")
    stdout = None if case.stdout == "closed" else open(case.stdout or out_path, "wb")
    err = tempfile.TemporaryFile()
    cmd = [*case.wrap, PY, "-m", "playaids", *map(str, case.args)]
    # "closed": the descriptor is not open at all in the child (`<&-`, `>&-`)
    preexec = cap
    if case.stdin == "closed" or case.stdout == "closed":
        which = [0] if case.stdin == "closed" else []
        which += [1] if case.stdout == "closed" else []

        def preexec():
            cap()
            for fd in which:
                os.close(fd)
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdin=stdin or subprocess.DEVNULL, stdout=stdout or subprocess.DEVNULL, stderr=err,
                         cwd=tmp, env=env, preexec_fn=preexec, start_new_session=True)
    sent = False
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        now = time.perf_counter() - t0
        if case.sigint_after is not None and not sent and now > case.sigint_after:
            os.kill(p.pid, signal.SIGINT)   # the main process alone, as the issue did
            sent, t0 = True, time.perf_counter()   # wall is then the time to stop
        if now > WALL_TIMEOUT:
            os.killpg(p.pid, signal.SIGKILL)
        time.sleep(0.02)
    wall = time.perf_counter() - t0
    for f in (stdin, stdout):
        if f:
            f.close()
    err.seek(0)
    lines = err.read().decode(errors="replace").splitlines()
    err.close()
    code = os.waitstatus_to_exitcode(status)
    data = out_path.read_bytes()[:1 << 20] if case.stdout is None and out_path.exists() else b""
    return Result(code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, wall, lines, data)


def verdict(case: Case, r: Result) -> str | None:
    bad = []
    if r.code not in case.expect:
        bad.append(f"exit {r.code} (wanted {'/'.join(map(str, case.expect))})")
    # exit 2 (or 3+): one line saying why; exit 1 (a difference, a finding): the report is the
    # output, stderr holds at most one line
    if case.sigint_after is not None:   # interrupted: 'interrupted', or one line per file done
        pass
    elif (r.code >= 2 and len(r.err_lines) != 1) or (r.code == 1 and len(r.err_lines) > 1):
        bad.append(f"{len(r.err_lines)} stderr lines")
    if any("Traceback" in ln for ln in r.err_lines):
        bad.append("traceback")
    if r.cpu > CPU_LIMIT:
        bad.append(f"{r.cpu:.1f} s CPU")
    if r.rss_kb > RSS_LIMIT_KB:
        bad.append(f"{r.rss_kb // 1024} MB")
    if case.post:
        why = case.post(r)
        if why:
            bad.append(why)
    return "; ".join(bad) or None


# ---------------------------------------------------------------- fresh inputs

def _w(path: Path, data) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.write_bytes if isinstance(data, bytes) else lambda d: path.write_text(d, encoding="utf-8"))(data)
    return path


def _playaids_out(*args) -> bytes:
    return subprocess.run([PY, "-m", "playaids", *args], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          stdout=subprocess.PIPE, check=True).stdout


def _mkpdf(objs: list[bytes]) -> bytes:
    import hostile_shapes   # beside this file (bench/)

    return hostile_shapes.pdf(objs)


def _zeros_deflated(n: int, unit: bytes = b"\0") -> bytes:
    z, chunk, out = zlib.compressobj(9), unit * ((1 << 20) // len(unit)), []
    while n > 0:
        out.append(z.compress(chunk[:n]))
        n -= len(chunk)
    return b"".join(out) + z.flush()


def _page_pdf(stream_dict: bytes, stream: bytes, extra: list[bytes] = ()) -> bytes:
    """One A4 page whose content is `stream` under `stream_dict` (without /Length)."""
    return _mkpdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                   b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                   b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
                   b"/Resources << /Font << /F1 5 0 R >> >> >>",
                   b"<< /Length %d " % len(stream) + stream_dict + b" >>\nstream\n" + stream + b"\nendstream",
                   b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>", *extra])


def _dense_pdf(n: int) -> bytes:
    """`n` pages sharing one content stream of 7,800 glyphs: a small file claiming much work."""
    text = b"".join(b"BT /F1 7 Tf %d %d Td (%s) Tj ET\n" % (30 + (i % 5) * 100, 40 + (i // 5) % 760, b"W" * 60)
                    for i in range(130))
    packed = zlib.compress(text, 9)
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (5 + i) for i in range(n)), n),
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    objs += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R "
             b"/Resources << /Font << /F1 4 0 R >> >> >>"] * n
    return _mkpdf(objs)


def _lzw_bomb(codes: int) -> bytes:
    """LZW data (PDF /LZWDecode, early change) of `codes` codes, each one byte longer than the last
    run of zeros: the output grows as codes^2 / 2 (reset at 4094 entries)."""
    bits, acc, nb, out = 9, 0, 0, bytearray()
    nxt = 258

    def emit(c):
        nonlocal acc, nb
        acc = (acc << bits) | c
        nb += bits
        while nb >= 8:
            nb -= 8
            out.append((acc >> nb) & 0xFF)

    emit(256)
    prev = None
    for _ in range(codes):
        if nxt >= 4094:
            emit(256)
            bits, nxt, prev = 9, 258, None
        if prev is None:
            emit(0)
            prev = 0
        else:
            emit(nxt)      # the KwKwK case: the entry being defined (prev + its first byte)
            prev = nxt
        nxt += 1 if prev is not None else 0
        if nxt + 1 >= (1 << bits) and bits < 12:
            bits += 1
    emit(257)
    if nb:
        out.append((acc << (8 - nb)) & 0xFF)
    return bytes(out)


def _xlsx(path: Path, rows, shared=(), dimension=None, strings_claim=None) -> Path:
    """A minimal one-sheet workbook written part by part (rows: iterable of lists; str cells
    index `shared` when given as ('s', i))."""
    ct = ('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
          'spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
          'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" '
          'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    parts = {
        "[Content_Types].xml": ct,
        "_rels/.rels": f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                       f'relationships"><Relationship Id="r1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
                       f'</Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
                           f'2006/main" xmlns:r="{rel}"><sheets><sheet name="T" sheetId="1" r:id="r1"/></sheets>'
                           f'</workbook>',
        "xl/_rels/workbook.xml.rels": f'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                                      f'package/2006/relationships"><Relationship Id="r1" Type="{rel}/worksheet" '
                                      f'Target="worksheets/sheet1.xml"/><Relationship Id="r2" Type="{rel}/'
                                      f'sharedStrings" Target="sharedStrings.xml"/></Relationships>',
    }
    from xml.sax.saxutils import escape

    from openpyxl.utils import get_column_letter

    def col(j):   # 0 -> A
        return get_column_letter(j + 1)

    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, t in parts.items():
            z.writestr(n, t)
        with z.open("xl/sharedStrings.xml", "w", force_zip64=True) as f:
            f.write(b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            for s in shared:
                f.write(b"<si><t>" + escape(s).encode() + b"</t></si>")
            f.write(b"</sst>")
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as f:
            dim = f'<dimension ref="{dimension}"/>' if dimension else ""
            f.write(f'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
                    f'main">{dim}<sheetData>'.encode())
            buf = []
            for i, row in enumerate(rows, 1):
                cs = []
                for j, v in enumerate(row):
                    if isinstance(v, tuple):
                        cs.append(f'<c r="{col(j)}{i}" t="s"><v>{v[1]}</v></c>')
                    elif isinstance(v, str):
                        cs.append(f'<c r="{col(j)}{i}" t="inlineStr"><is><t>{escape(v)}</t></is></c>')
                    else:
                        cs.append(f'<c r="{col(j)}{i}"><v>{v}</v></c>')
                buf.append(f'<row r="{i}">{"".join(cs)}</row>')
                if len(buf) > 2000:
                    f.write("".join(buf).encode())
                    buf = []
            f.write(("".join(buf) + "</sheetData></worksheet>").encode())
    if strings_claim is not None:   # the zip directory lies about the shared strings' size
        data = bytearray(path.read_bytes())
        name = b"xl/sharedStrings.xml"
        i = data.find(b"PK\x01\x02")
        while i >= 0:
            n, = struct.unpack_from("<H", data, i + 28)
            if data[i + 46:i + 46 + n] == name and struct.unpack_from("<I", data, i + 24)[0] != 0xFFFFFFFF:
                struct.pack_into("<I", data, i + 24, strings_claim)
            i = data.find(b"PK\x01\x02", i + 4)
        path.write_bytes(bytes(data))
    return path


def _unchanged(*paths: Path):
    """A post check: each path keeps its bytes, its inode and its kind (symlink or not)."""
    before = {p: (os.lstat(p).st_ino, p.is_symlink(), p.read_bytes() if p.is_file() and not p.is_symlink() else None)
              for p in paths}

    def check(_r):
        for p, (ino, link, data) in before.items():
            if not os.path.lexists(p):
                return f"{p.name} removed"
            if os.lstat(p).st_ino != ino or p.is_symlink() != link:
                return f"{p.name} replaced"
            if data is not None and p.read_bytes() != data:
                return f"{p.name} rewritten"
        return None
    return check


def _no_escape(r: Result):
    return "raw ESC on stdout" if b"\x1b" in r.stdout else None


def _game_copy(tmp: Path, game: str, name: str) -> Path:
    d = tmp / name
    if d.exists():
        shutil.rmtree(d)
    shutil.copytree(ROOT / "data" / game, d / game)
    return d


# ---------------------------------------------------------------- the cases

def cases(tmp: Path, want=()):
    FD = ["check-table", "okinawa", "fleet-damage"]
    export = json.loads(_playaids_out("table", "okinawa", "fleet-damage", "--format", "json"))

    def item1():
        # 1. a small table claiming a huge span
        def spanned(span_text: str, every_row: bool) -> str:
            t = json.loads(json.dumps(export))
            for k, row in enumerate(t["rows"]):
                if k == 0 or every_row:
                    row["cells"][0] = {"text": "x", "span": "@@"}
            return json.dumps(t, ensure_ascii=False).replace('"@@"', span_text)
        for ext, s in (("json", "1e9"), ("yaml", "1000000000"), ("txt", "1e9")):
            f = _w(tmp / f"i1/span.{ext}", spanned(s, False))
            yield Case("1", f"span 1e9 in one cell (.{ext}, {f.stat().st_size} B)", [*FD, f])
        f = _w(tmp / "i1/span-yaml-float.yaml", spanned("1.0e+9", False))
        yield Case("1", "span 1.0e+9 (a YAML float)", [*FD, f])
        f = _w(tmp / "i1/span-rows.json", spanned("5e7", True))
        yield Case("1", "span 5e7 on every row", [*FD, f])
        yield Case("1", "span 1e9 from standard input", [*FD, "-"], stdin=spanned("1e9", False).encode())
        f = _w(tmp / "i1/span-md.md", "| a | b |\n|---|---|\n" + "| x | y |\n" * 3)
        yield Case("1", "negative / huge colspan in HTML", [*FD, _w(tmp / "i1/span.html",
                   "<table><tr><td colspan=1000000000>x</td></tr><tr><td rowspan=999999999>y</td></tr></table>")],
                   expect=(1, 2))

    def item2():
        # 2. PDF bombs under every spelling of the filter, and stdin
        gib = _zeros_deflated(1 << 30)
        spell = {
            "Fl": (b"/Filter /Fl", gib),
            "Flate#44ecode": (b"/Filter /Flate#44ecode", gib),
            "padded-dict": (b"/Filter /FlateDecode /Pad (" + b"x" * 900 + b")", gib),
            "pad-before-filter": (b"/Pad (" + b"y" * 900 + b") /Filter /FlateDecode", gib),
            "hex-then-flate": (b"/Filter [/ASCIIHexDecode /FlateDecode]", gib.hex().encode() + b">"),
            "a85-then-flate": (b"/Filter [/A85 /Fl]", None),
            "indirect-filter": (b"/Filter 6 0 R", gib),
            "LZW": (b"/Filter /LZWDecode", _lzw_bomb(60_000)),
            "predictor": (b"/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>",
                          _zeros_deflated(30 << 20, b"\x02\0\0\0\0")),
            "operands": (b"/Filter /FlateDecode", _zeros_deflated(30 << 20, b"1 ")),
            "lines": (b"/Filter /FlateDecode", _zeros_deflated(30 << 20, b"10 10 m 100 100 l S\n")),
            "rects": (b"/Filter /FlateDecode", _zeros_deflated(30 << 20, b"1 1 5 5 re f\n")),
        }
        import base64
        a85 = base64.a85encode(gib)
        spell["a85-then-flate"] = (b"/Filter [/A85 /Fl]", a85 + b"~>")
        for name, (d, s) in spell.items():
            f = _w(tmp / f"i2/bomb-{name}.pdf", _page_pdf(d, s, [b"/FlateDecode"]))
            yield Case("2", f"check-table, PDF bomb {name} ({f.stat().st_size >> 10} kB)", [*FD, f])
            yield Case("3", f"preflight, PDF bomb {name}", ["preflight", f])
        objstm = _mkpdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>",
                         b"<< /Type /ObjStm /N 1 /First 4 /Length %d /Filter /FlateDecode >>\nstream\n" % len(gib)
                         + gib + b"\nendstream"])
        f = _w(tmp / "i2/bomb-objstm.pdf", objstm)
        yield Case("2", "check-table, bomb as an object stream", [*FD, f])
        yield Case("2", "check-table, bomb Fl from stdin", [*FD, "-"], stdin=(tmp / "i2/bomb-Fl.pdf").read_bytes())
        yield Case("2", "check-table, bomb hex-then-flate from stdin", [*FD, "-"],
                   stdin=(tmp / "i2/bomb-hex-then-flate.pdf").read_bytes())

    def item3():
        # 3. preflight: page counts, dense pages, FIFO, zero pages
        f = _w(tmp / "i3/dense2000.pdf", _dense_pdf(2000))
        yield Case("3", f"preflight, 2,000 dense pages ({f.stat().st_size >> 10} kB)", ["preflight", f])
        f = _w(tmp / "i3/dense290.pdf", _dense_pdf(290))
        yield Case("3", "preflight, 290 dense pages (under the page cap)", ["preflight", f])
        yield Case("3", "check-table, 290 dense pages", [*FD, f])
        f = _w(tmp / "i3/zero.pdf", _mkpdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"]))
        yield Case("3", "preflight, a zero-page PDF", ["preflight", f])
        fifo = tmp / "i3/fifo.pdf"
        os.mkfifo(fifo)
        yield Case("3", "preflight, a FIFO named as a PDF", ["preflight", fifo])
        yield Case("3", "preflight, /dev/zero", ["preflight", "/dev/zero"])
        yield Case("3", "check-table, a FIFO", [*FD, fifo])
        cyc = _mkpdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [2 0 R 2 0 R] /Count 2 >>"])
        yield Case("3", "preflight, a page tree that holds itself", ["preflight", _w(tmp / "i3/cycle.pdf", cyc)])
        packed = zlib.compress(b"10 10 m 100 100 l S\n" * 10)
        big = _mkpdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                      b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [%s] >>"
                      % b" ".join([b"4 0 R"] * 200_000),
                      b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream"])
        f = _w(tmp / "i3/reused.pdf", big)
        yield Case("3", "preflight, a 10-line stream drawn 200,000 times on a page", ["preflight", f])
        yield Case("3", "check-table, a 10-line stream drawn 200,000 times on a page", [*FD, f])

    def item4():
        # 4. YAML under its 2 MiB cap, claiming memory
        nums = "[" + ",".join("0" for _ in range(1_040_000)) + "]\n"
        f = _w(tmp / "i4/numbers.yaml", nums)
        yield Case("4", f"verify, a flow list of 1.04 M numbers ({len(nums) >> 10} kB)", ["verify", f])
        f = _w(tmp / "i4/block.yaml", "- 1\n" * 520_000)
        yield Case("4", "verify, a block list of 520 k numbers", ["verify", f])
        f = _w(tmp / "i4/mapping.yaml", "".join(f"k{i}: 1\n" for i in range(230_000)))
        yield Case("4", "verify, a mapping of 230 k keys", ["verify", f])
        game_yaml = (ROOT / "data/amigos-insurrectors/game.yaml").read_text(encoding="utf-8").replace(
            "id: amigos-insurrectors", "id: g")
        d = tmp / "i4/data/g"
        _w(d / "game.yaml", game_yaml)
        _w(d / "glossary.yaml", nums)
        yield Case("4", "data validate, glossary of 1.04 M numbers", ["data", "validate", tmp / "i4/data"])
        yield Case("4", "glossary g, glossary of 1.04 M numbers", ["--data", tmp / "i4/data", "glossary", "g"])
        laughs = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8))
        f = _w(tmp / "i4/laughs.yaml", laughs)
        yield Case("4", "verify, YAML aliases (a billion laughs)", ["verify", f])
        d2 = tmp / "i4/data2/g"
        _w(d2 / "game.yaml", game_yaml)
        _w(d2 / "glossary.yaml", laughs)
        yield Case("4", "data validate, YAML aliases", ["data", "validate", tmp / "i4/data2"])
        f = _w(tmp / "i4/deep.yaml", "[" * 100_000 + "]" * 100_000 + "\n")
        yield Case("4", "verify, YAML nested 100,000 deep", ["verify", f])
        f = _w(tmp / "i4/longkey.yaml", "? " + "k" * 1_900_000 + "\n: 1\n")
        yield Case("4", "verify, a 1.9 MB key", ["verify", f])

    def item5():
        # 5. check-table memory
        js = "[" + ",".join("[" + ",".join(["7"] * 10) + "]" for _ in range((19 << 20) // 22)) + "]"
        f = _w(tmp / "i5/json.txt", js)
        yield Case("5", f"check-table, a .txt that is JSON ({len(js) >> 20} MB)", [*FD, f])
        yield Case("5", "check-table, JSON on stdin (19 MB)", [*FD, "-"], stdin=js.encode())
        f = _w(tmp / "i5/col.csv", "".join(f"{i % 97}\n" for i in range(1_000_000)))
        yield Case("5", "check-table, a 1M-row one-column CSV", [*FD, f])
        f = _w(tmp / "i5/rows.csv", "Target fleet,1,2,3,4,5,6,7,8,9\n" + "".join(
            f"r{i},a,b,c,d,e,f,g,h,i\n" for i in range(110_000)))
        yield Case("5", "check-table, 110k rows --format html", [*FD, f, "--format", "html"])
        yield Case("5", "check-table, 110k rows --format diff", [*FD, f, "--format", "diff"])
        yield Case("5", "check-table, 110k rows --format json", [*FD, f, "--format", "json"])
        strings = [f"string number {i} " + "pad " * 20 for i in range(1_900_000)]
        f = _xlsx(tmp / "i5/strings.xlsx", [[("s", 0), ("s", 1)]], shared=strings)
        del strings
        yield Case("5", f"check-table, xlsx {f.stat().st_size >> 20} MB, shared strings ~190 MB", [*FD, f])
        f2 = tmp / "i5/strings-lie.xlsx"
        shutil.copy(f, f2)
        _xlsx(f2, [[("s", 0), ("s", 1)]], shared=(f"string number {i} " + "pad " * 20 for i in range(1_900_000)),
              strings_claim=100)
        yield Case("5", "check-table, the same, zip directory claiming 100 B", [*FD, f2])
        f = _xlsx(tmp / "i5/million.xlsx", ([i % 10, "x"] for i in range(1_000_000)))
        yield Case("5", f"check-table, a 1M-row xlsx ({f.stat().st_size >> 20} MB)", [*FD, f])
        d = tmp / "i5/data/big"
        _w(d / "game.yaml", "id: big\ntitle: {ja: 大, en: Big}\nsides: []\n")
        row = "[" + ",".join(["1"] * 1000) + "]"
        _w(d / "tables/t.yaml", "id: t\ntitle: {ja: 表, en: T}\nrule: '1'\ndice: none\ncolumns: " + row + "\nrows:\n"
           + "".join(f"- {{label: r{i}, cells: {row}}}\n" for i in range(1000)))
        yield Case("5", "table -o x.pdf, a 1000x1000 table", ["--data", tmp / "i5/data", "table", "big", "t", "-o",
                                                              tmp / "i5/x.pdf"])
        d = tmp / "i5/data2/mid"
        _w(d / "game.yaml", "id: mid\ntitle: {ja: 中, en: Mid}\nsides: []\n")
        row = "[" + ",".join(["1"] * 100) + "]"
        _w(d / "tables/t.yaml", "id: t\ntitle: {ja: 表, en: T}\nrule: '1'\ndice: none\ncolumns: " + row + "\nrows:\n"
           + "".join(f"- {{label: r{i}, cells: {row}}}\n" for i in range(350)))
        yield Case("5", "table -o x.pdf, 100x350 one-digit cells (under the character cap)",
                   ["--data", tmp / "i5/data2", "table", "mid", "t", "-o", tmp / "i5/y.pdf"], expect=(0, 2))

    def item6():
        # 6. quadratic time
        f = _w(tmp / "i6/row200k.csv", ",".join(str(i % 10) for i in range(100_000)) + "\n")
        yield Case("6", "check-table, one CSV row of 200 kB", [*FD, f])
        f = _w(tmp / "i6/line60k.txt", "   ".join(str(i % 10) for i in range(15_000)) + "\n")
        yield Case("6", "check-table, one text line of 60 kB", [*FD, f])
        f = _w(tmp / "i6/line60k-1sp.txt", " ".join("ab" for i in range(20_000)) + "\n")
        yield Case("6", "check-table, one text line of 60 kB, single spaces", [*FD, f])
        f = _w(tmp / "i6/tsvline.tsv", "\t".join("x" for _ in range(100_000)) + "\n")
        yield Case("6", "check-table, one TSV line of 200 kB", [*FD, f])
        f = _w(tmp / "i6/mdline.md", "|" + "|".join("x" for _ in range(60_000)) + "|\n|" + "---|" * 60_000 + "\n")
        yield Case("6", "check-table, a Markdown table of 60,000 columns", [*FD, f])
        rows = ["Target fleet,1,2,3,4,5,6,7,8,9"] + [f"extra {i},1,2,3,4,5,6,7,8,9" for i in range(10_000)]
        f = _w(tmp / "i6/diff10k.csv", "\n".join(rows) + "\n")
        acc = "".join(f"- {{row: 'extra {i}', why: known}}\n" for i in range(10_000))
        a = _w(tmp / "i6/accept10k.yaml", acc)
        yield Case("6", "check-table --accept 10k entries, 10k extra rows", [*FD, f, "--accept", a], expect=(0, 1, 2))
        cells = "\n".join(["Target fleet,1,2,3,4,5,6,7,8,9"] + [
            f"{lab},{','.join(f'Z{i}{j}' for j in range(9))}" for i, lab in enumerate(
                r["label"]["en"] for r in export["rows"])])
        acc = "".join(f"- {{column: '{c}', found: 'Q{i}', why: w}}\n" for i in range(10_000) for c in "1")
        f = _w(tmp / "i6/cells.csv", cells + "\n")
        a = _w(tmp / "i6/accept-unused.yaml", acc)
        yield Case("6", "check-table --accept 10k entries matching nothing", [*FD, f, "--accept", a])
        glyph = b"".join(b"BT /F1 8 Tf 100 400 Td (%s) Tj ET\n" % (b"O" * 100) for _ in range(100))
        f = _w(tmp / "i6/overprint.pdf", _page_pdf(b"", glyph))
        yield Case("6", "preflight, 10,000 glyphs on one spot (overprint)", ["preflight", f], expect=(1, 2))
        spread = b"".join(b"BT /F1 8 Tf %d %d Td (%s) Tj ET\n" % (40 + (i % 5) * 100, 60 + (i // 5) * 9, b"O" * 20)
                          for i in range(500))
        f = _w(tmp / "i6/overprint-spread.pdf", _page_pdf(b"", spread))
        yield Case("6", "preflight, 10,000 glyphs spread on a page", ["preflight", f], expect=(0, 1, 2))
        dense = [_w(tmp / f"i6/dense290-{k}.pdf", _dense_pdf(290)) for k in range(10)]
        yield Case("6", "preflight, 10 files, SIGINT to the main process at 3 s", ["preflight", *dense],
                   expect=(130,), sigint_after=3.0, post=lambda r: f"{r.wall:.1f} s to stop" if r.wall > 2 else None)

    def item7():
        # 7. outputs that are inputs
        m = _w(tmp / "i7/M.yaml", (ROOT / "data/okinawa/map.yaml").read_text(encoding="utf-8"))
        yield Case("7", "scenario --template --map M -o M", ["scenario", "okinawa", "campaign", "--template", "--map", m,
                                                              "-o", m], post=_unchanged(m))
        yield Case("7", "scenario --map M -o M", ["scenario", "okinawa", "campaign", "--seed", "1", "--map", m, "-o", m],
                   post=_unchanged(m))
        t = _w(tmp / "i7/T.yaml", "hexes: {}\n")
        yield Case("7", "scenario --template --terrain T -o T", ["scenario", "asl-chapter-g", "caves", "--template",
                                                                  "--terrain", t, "-o", t], post=_unchanged(t))
        yield Case("7", "scenario --template --map M (ignored?)", ["scenario", "okinawa", "campaign", "--template",
                                                                    "--map", tmp / "i7/none.yaml"])
        s0 = _w(tmp / "i7/s.0.pdf", b"%PDF-keep")
        yield Case("7", "scenario --count 1 -o s.0.pdf --sheet s.pdf", ["scenario", "okinawa", "campaign", "--seed", "0",
                                                                         "--count", "1", "-o", s0, "--sheet",
                                                                         tmp / "i7/s.pdf"], post=_unchanged(s0))
        j = _w(tmp / "i7/s.0.jsonl", b"keep\n")
        yield Case("7", "scenario --count 2 --sheet s.jsonl... -o s.0.jsonl", [
            "scenario", "okinawa", "campaign", "--seed", "0", "--count", "1", "-o", j, "--sheet", tmp / "i7/s.jsonl"],
            post=_unchanged(j))
        src = _w(tmp / "i7/their.json", json.dumps(export))
        yield Case("7", "check-table FILE -o FILE", [*FD, src, "-o", src], post=_unchanged(src))
        acc = _w(tmp / "i7/acc.txt", "- {row: x, why: y}\n")
        yield Case("7", "check-table --accept A -o A", [*FD, src, "--accept", acc, "-o", acc], post=_unchanged(acc))
        setup = _w(tmp / "i7/setup.yaml", _playaids_out("scenario", "okinawa", "campaign", "--seed", "3").decode())
        yield Case("7", "scenario --map setup -o setup (.yaml)", ["scenario", "okinawa", "campaign", "--seed", "1",
                                                                   "--map", setup, "-o", setup], post=_unchanged(setup))
        hl = tmp / "i7/hard.yaml"
        os.link(m, hl)
        yield Case("7", "scenario --map M -o hardlink-of-M", ["scenario", "okinawa", "campaign", "--seed", "1", "--map",
                                                               m, "-o", hl], post=_unchanged(m, hl))

    def item8():
        # 8. outputs that are not regular files
        link = tmp / "i8/out.csv"
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink("/proc/self/fd/1", link)
        yield Case("8", "table -o link-to-/proc/self/fd/1 > file", ["table", "okinawa", "fleet-damage", "-o", link],
                   expect=(0, 2), stdout=tmp / "i8/captured.csv", post=lambda r, link=link: (
                       _unchanged(link)(r) or ("output lost" if r.code == 0 and b"Target fleet" not in
                                               (tmp / "i8/captured.csv").read_bytes() else None)))
        yield Case("8", "table -o /dev/stdout > file", ["table", "okinawa", "fleet-damage", "-o", "/dev/stdout"],
                   expect=(0, 2), stdout=tmp / "i8/cap2.csv", post=lambda r: (
                       ("/dev/stdout replaced" if not os.path.islink("/dev/stdout") else None)
                       or ("output lost" if r.code == 0 and b"Target fleet" not in (tmp / "i8/cap2.csv").read_bytes()
                           else None)))
        yield Case("8", "table -o /dev/null", ["table", "okinawa", "fleet-damage", "-o", "/dev/null"], expect=(0, 2),
                   post=lambda r: None if Path("/dev/null").is_char_device() else "/dev/null replaced")
        yield Case("8", "table -o newdir/", ["table", "okinawa", "fleet-damage", "-o", str(tmp / "i8/newdir") + "/"],
                   post=lambda r: "a file named newdir" if (tmp / "i8/newdir").is_file() else None)
        yield Case("8", "table -o existing-dir", ["table", "okinawa", "fleet-damage", "-o", tmp / "i8"])
        ff = tmp / "i8/fifo.csv"
        os.mkfifo(ff)
        yield Case("8", "table -o a FIFO (no reader)", ["table", "okinawa", "fleet-damage", "-o", ff],
                   post=_unchanged(ff))
        yield Case("8", "table -o /etc/passwd-like path in a read-only spot", ["table", "okinawa", "fleet-damage", "-o",
                                                                                "/proc/version"])

    def item9():
        # 9. data files that are symlinks out of the folder: a real game copied, one file at a time
        # replaced by a link to /etc/passwd (or /etc/os-release)
        leak = lambda r: ("echoes /etc/passwd" if any("root:" in ln or "PRETTY_NAME" in ln for ln in r.err_lines)
                          or b"root:x" in r.stdout else None)
        for rel in ("game.yaml", "glossary.yaml", "tables/fleet-damage.yaml", "scenarios/campaign.yaml", "turns.yaml",
                    "map.yaml", "rules.yaml", "sheets.yaml", "coverage.yaml"):
            d = _game_copy(tmp, "okinawa", f"i9/{rel.replace('/', '-')}")
            (d / "okinawa" / rel).unlink()
            os.symlink("/etc/passwd" if "s" in rel[:2] or "g" in rel[:1] else "/etc/os-release", d / "okinawa" / rel)
            yield Case("9", f"data validate, {rel} a link out", ["data", "validate", d], post=leak)
            # a command that does not open the linked file may succeed (0); one that does refuses it
            for args in (["list", "okinawa"], ["glossary", "okinawa"], ["--no-builtin", "list"],
                         ["table", "okinawa", "fleet-damage"], ["scenario", "okinawa", "campaign", "--seed", "1"],
                         ["turns", "okinawa", "campaign", "-o", tmp / "i9/t.pdf"]):
                yield Case("9", f"--data D {' '.join(map(str, args[:2]))}, {rel} a link out", ["--data", d, *args],
                           post=leak, expect=(0, 2))
        d = _game_copy(tmp, "okinawa", "i9/tables-dir")
        shutil.rmtree(d / "okinawa/tables")
        os.symlink("/etc", d / "okinawa/tables")
        yield Case("9", "--data with tables/ a link to /etc", ["--data", d, "list", "okinawa"], post=leak,
                   expect=(0, 2))
        yield Case("9", "--data with tables/ a link to /etc: data validate", ["data", "validate", d], post=leak)
        d = _game_copy(tmp, "okinawa", "i9/game-dir")
        real = tmp / "i9/elsewhere/okinawa"
        shutil.move(d / "okinawa", real)
        os.symlink(real, d / "okinawa")
        yield Case("9", "--data with the game folder a link out of it", ["--data", d, "glossary", "okinawa"],
                   expect=(0, 2), post=leak)
        d = _game_copy(tmp, "okinawa", "i9/inside")
        g = d / "okinawa/glossary.yaml"
        g.rename(d / "okinawa/glossary-real.yaml")
        os.symlink("glossary-real.yaml", g)
        yield Case("9", "a link inside its own folder is read", ["data", "validate", d], expect=(0,))
        d = tmp / "i9/terrain"
        d.mkdir(parents=True)
        os.symlink("/etc/passwd", d / "T.yaml")
        yield Case("9", "--terrain a link to /etc/passwd", ["scenario", "asl-chapter-g", "caves", "--seed", "1",
                                                            "--terrain", d / "T.yaml", "--caves", "2"], post=leak)
        os.symlink("/etc/passwd", d / "M.yaml")
        yield Case("9", "--map a link to /etc/passwd", ["scenario", "okinawa", "campaign", "--seed", "1",
                                                        "--map", d / "M.yaml"], post=leak)
        os.symlink("/etc/passwd", d / "S.yaml")
        yield Case("9", "verify a link to /etc/passwd", ["verify", d / "S.yaml"], post=leak)

    def item10():
        # 10. corrupt build caches (an Okinawa turns-only build, cold once)
        out = tmp / "i10/out"
        subprocess.run([PY, "-m", "playaids", "build", "okinawa", "--only", "turns", "--out", out], cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True)
        cache_dir = out / ".playaids-cache"
        names = sorted(p.name for p in cache_dir.iterdir())
        for cname in names:
            for bad in ("5", "null", "[1, 2]", '{"a": 5}', "\x00\xff", '"' + "x" * 100 + '"'):
                def pre(cname=cname, bad=bad):
                    (cache_dir / cname).write_text(bad, encoding="latin-1")
                yield Case("10", f"build with {cname} = {bad[:12]!r}", ["build", "okinawa", "--only", "turns", "--out", out],
                           expect=(0,)), pre
        for cname in names:
            def pre(cname=cname):
                p = cache_dir / cname
                if p.exists():
                    p.unlink()
                p.mkdir()
            yield Case("10", f"build with {cname} a folder", ["build", "okinawa", "--only", "turns", "--out", out],
                       expect=(0, 2)), pre

        def pre_rm():
            for p in cache_dir.iterdir():
                shutil.rmtree(p) if p.is_dir() else p.unlink()
        yield Case("10", "build after the caches are cleaned", ["build", "okinawa", "--only", "turns", "--out", out],
                   expect=(0,)), pre_rm
        d = _game_copy(tmp, "okinawa", "i10/data")
        tb = d / "okinawa/tables/fleet-damage.yaml"
        out2 = tmp / "i10/out2"
        subprocess.run([PY, "-m", "playaids", "--data", d, "build", "okinawa", "--only", "charts", "--out", out2],
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True)

        def pre_invalid():
            tb.write_text(tb.read_text(encoding="utf-8").replace("rule: '5.3'", "rule: 5.3\nbogus_key: 1"), encoding="utf-8")
        yield Case("10", "build after a table is made schema-invalid (warm cache)", [
            "--data", d, "build", "okinawa", "--only", "charts", "--out", out2]), pre_invalid
        yield Case("10", "data validate of the same", ["data", "validate", d])

    def item12():
        # 12. long texts the schema accepts
        d = _game_copy(tmp, "okinawa", "i12/data")
        tb = d / "okinawa/tables/fleet-damage.yaml"
        tb.write_text(tb.read_text(encoding="utf-8").replace("  - 3S\n- label", "  - " + "long text " * 399
                                                             + "\n- label", 1), encoding="utf-8")
        yield Case("12", "table -o x.pdf, a 3,990-character cell", ["--data", d, "table", "okinawa", "fleet-damage",
                                                                     "-o", tmp / "i12/x.pdf"], expect=(0,))
        yield Case("12", "preflight of it", ["preflight", tmp / "i12/x.pdf"], expect=(0, 1))
        d = _game_copy(tmp, "okinawa", "i12/data2")
        tb = d / "okinawa/tables/fleet-damage.yaml"
        tb.write_text(tb.read_text(encoding="utf-8").replace("  - 3S\n- label", "  - " + "x" * 3990 + "\n- label", 1),
                      encoding="utf-8")
        yield Case("12", "table -o x.pdf, a 3,990-x word", ["--data", d, "table", "okinawa", "fleet-damage",
                                                             "-o", tmp / "i12/y.pdf"], expect=(0,))
        d = _game_copy(tmp, "okinawa", "i12/data3")
        tb = d / "okinawa/tables/fleet-damage.yaml"
        tb.write_text(tb.read_text(encoding="utf-8").replace("en: Fleet Damage Table", "en: '" + "Title " * 665 + "'"),
                      encoding="utf-8")
        yield Case("12", "table -o x.pdf, a 3,990-character title", ["--data", d, "table", "okinawa", "fleet-damage",
                                                                      "-o", tmp / "i12/z.pdf"])
        d = tmp / "i12/data4/lab"
        _w(d / "game.yaml", "id: lab\ntitle: {ja: ラベル, en: Labels}\nsides: []\n")
        _w(d / "tables/t.yaml", "id: t\ntitle: {ja: 表, en: T}\nrule: '1'\ndice: none\ncolumns: ['a']\nrows:\n"
           + "".join(f"- {{label: '{'w' * 10} ' , cells: ['{i}']}}\n".replace("' '", "'") for i in range(300)).replace(
               "wwwwwwwwww ", "word " * 800))
        yield Case("12", "charts, 300 rows with 4,000-character labels", ["--data", tmp / "i12/data4", "charts", "lab",
                                                                           "-o", tmp / "i12/c.pdf"])

    def item13():
        # 13. exit 3 of the first round
        f = _w(tmp / "i13/deep.json", "[" * 50_000 + "]" * 50_000)
        yield Case("13", "check-table, JSON 50,000 deep", [*FD, f])
        f = _w(tmp / "i13/deep-obj.json", '{"a":' * 50_000 + "1" + "}" * 50_000)
        yield Case("13", "check-table, JSON objects 50,000 deep", [*FD, f])
        f = _w(tmp / "i13/digits.json", "[[\"a\", " + "7" * 5000 + "]]")
        yield Case("13", "check-table, a 5,000-digit integer", [*FD, f])
        f = _w(tmp / "i13/float.json", "[[\"a\", 1e999999]]")
        yield Case("13", "check-table, 1e999999", [*FD, f])
        f = _w(tmp / "i13/digits.yaml", "- [a, " + "7" * 5000 + "]\n")
        yield Case("13", "check-table, a 5,000-digit YAML integer", [*FD, f])
        d = _game_copy(tmp, "okinawa", "i13/data")
        tr = d / "okinawa/turns.yaml"
        tr.write_text(tr.read_text(encoding="utf-8").replace("step_days: 3", "step_days: 99999999999999999999"),
                      encoding="utf-8")
        yield Case("13", "turns, step_days of 20 digits", ["--data", d, "turns", "okinawa", "-o", tmp / "i13/t.pdf"])
        yield Case("13", "data validate, step_days of 20 digits", ["data", "validate", d])
        d = _game_copy(tmp, "okinawa", "i13/data2")
        tr = d / "okinawa/turns.yaml"
        tr.write_text(tr.read_text(encoding="utf-8").replace("step_days: 3", "step_days: 36500000"), encoding="utf-8")
        yield Case("13", "turns, step_days past the year 9999", ["--data", d, "turns", "okinawa", "-o", tmp / "i13/u.pdf"])
        yield Case("13", "verify - <&-", ["verify", "-"], stdin="closed")
        yield Case("13", "table ... >&-", ["table", "okinawa", "fleet-damage"], stdout="closed")
        yield Case("13", "check-table ... - <&-", [*FD, "-"], stdin="closed")
        yield Case("13", "glossary >&-", ["glossary", "okinawa"], stdout="closed")

    def item14():
        # 14. raw terminal escapes
        esc = "\x1b[2J\x1b]0;pwned\x07"
        rows = [["Target fleet", *[str(i) for i in range(1, 10)]]] + [
            [r["label"]["en"], *[c["text"] for c in r["cells"]]] for r in export["rows"]]
        rows[3][2] = esc + "x"
        rows[5][0] = "Attack\u009b31m force"
        f = _w(tmp / "i14/esc.json", json.dumps(rows))     # JSON escapes: past the binary-data sniff
        c1 = _w(tmp / "i14/c1.csv", "\n".join(",".join(r) for r in rows).replace(esc, "x") + "\n")
        no_c1 = lambda r: "raw ESC or CSI on stdout" if b"\x1b" in r.stdout or b"\xc2\x9b" in r.stdout else None
        for fmt in ("text", "diff", "html", "json"):
            yield Case("14", f"check-table --format {fmt}, escapes in cells (JSON)", [*FD, f, "--format", fmt],
                       post=no_c1)
            yield Case("14", f"check-table --format {fmt}, a C1 CSI in a row label (CSV)", [*FD, c1, "--format", fmt],
                       post=no_c1)
        f = _w(tmp / f"i14/{esc}.csv", "a,b\n")
        yield Case("14", "check-table, a file name with escapes", [*FD, f], post=lambda r: "raw ESC on stderr" if any(
            "\x1b" in x for x in r.err_lines) else _no_escape(r))
        d = _game_copy(tmp, "okinawa", "i14/data")
        tb = d / "okinawa/tables/fleet-damage.yaml"
        tb.write_text(tb.read_text(encoding="utf-8").replace("en: Fleet Damage Table", 'en: "Fleet\\e[2J\\u009b31m"')
                      .replace("cells: [D, 2D, 2D, 2D, 2D, 3D, 3D, 4D, 5D]",
                               'cells: [D, "\\e]0;pwned\\a", 2D, 2D, 2D, 3D, 3D, 4D, "\\u009b2J"]'), encoding="utf-8")
        gl = d / "okinawa/glossary.yaml"
        text = gl.read_text(encoding="utf-8")
        i = text.find("en: ")
        gl.write_text(text[:i] + 'en: "\\e]0;pwned\\a\\e[2J",' + text[text.find("\n", i):] if False else text,
                      encoding="utf-8")
        for fmt in ("csv", "md", "json"):
            yield Case("14", f"table --format {fmt}, an escape in a title", ["--data", d, "table", "okinawa", "fleet-damage",
                                                                             "--format", fmt], expect=(0, 2),
                       post=no_c1)
        yield Case("14", "data validate of it", ["data", "validate", d], expect=(0, 2))
        d = _game_copy(tmp, "okinawa", "i14/data2")
        gl = d / "okinawa/glossary.yaml"
        lines = gl.read_text(encoding="utf-8").splitlines(keepends=True)
        for k, ln in enumerate(lines):
            if "en: " in ln and "{" not in ln and ln.strip().startswith("en:"):
                lines[k] = ln[:ln.index("en: ")] + 'en: "Term\\e[2J\\e]0;pwned\\a"\n'
                break
        else:
            for k, ln in enumerate(lines):
                if "en: " in ln:
                    j = ln.index("en: ") + 4
                    lines[k] = ln[:j] + '"Term\\e[2J", ' + ln[j:].split(",", 1)[1] if "," in ln[j:] else ln
                    break
        gl.write_text("".join(lines), encoding="utf-8")
        for fmt in ("md", "csv"):
            yield Case("14", f"glossary --format {fmt}, an escape in a term", ["--data", d, "glossary", "okinawa",
                                                                               "--format", fmt], expect=(0, 2),
                       post=no_c1)
        d = _game_copy(tmp, "okinawa", "i14/data3")
        shutil.copy(d / "okinawa/tables/fleet-damage.yaml", d / f"okinawa/tables/x{esc}.yaml")
        yield Case("14", "completion of table ids, a file name with escapes", [], expect=(0,), env={
            "_PLAYAIDS_COMPLETE": "bash_complete", "COMP_WORDS": "playaids table okinawa ", "COMP_CWORD": "3",
            "PLAYAIDS_DATA": str(d)}, post=_no_escape)
        yield Case("14", "list okinawa, a file name with escapes", ["--data", d, "list", "okinawa"], expect=(0, 2),
                   post=_no_escape)

    def item15():
        # 15. misc
        lines = _playaids_out("scenario", "okinawa", "campaign", "--seed", "5", "--count", "2").decode().splitlines()
        for ch, nm in (("\u2028", "U+2028"), ("\u0085", "U+0085"), ("\u2029", "U+2029"), ("\x0c", "form feed")):
            obj = json.loads(lines[0])
            obj["placements"][0]["unit"] += ch
            t = json.dumps(obj, ensure_ascii=False) + "\n" + lines[1] + "\n"
            f = _w(tmp / f"i15/{nm}.jsonl", t)
            yield Case("15", f"verify, JSON lines with a raw {nm} in a unit name", ["verify", f],
                       expect=(1, 2), post=lambda r: (
                           "refused as unreadable" if any("JSON" in x or "line" in x.lower() and "read" in x
                                                          for x in r.err_lines) else None))
        rows = [["Target fleet", *[str(i) for i in range(1, 10)]]] + [
            [r["label"]["en"], *[c["text"] for c in r["cells"]]] for r in export["rows"]]
        f = _xlsx(tmp / "i15/dim-a1.xlsx", rows, dimension="A1")
        yield Case("15", "check-table, an xlsx whose <dimension> says A1", [*FD, f], expect=(0,))
        f = _xlsx(tmp / "i15/stale.xlsx", iter(rows + [["x", "y"]] * 2_500_000), dimension="A1:J11")
        yield Case("15", f"check-table, stale <dimension> hiding 2.5M rows ({f.stat().st_size >> 20} MB)", [*FD, f])
        d = _game_copy(tmp, "okinawa", "i15/data")
        os.chmod(d, 0o755)
        for p in d.rglob("*"):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
        os.chmod(tmp, 0o755)
        os.chmod(d / "okinawa/scenarios", 0o000)
        nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        yield Case("15", "data validate with scenarios/ unreadable", ["data", "validate", d], wrap=nobody)
        yield Case("15", "build --only setups with scenarios/ unreadable", [
            "--data", d, "--no-builtin", "build", "--only", "setups", "--out", "/tmp/h25-nobody-out"], wrap=nobody)
        yield Case("15", "table > /dev/full", ["table", "okinawa", "fleet-damage"], stdout="/dev/full",
                   post=lambda r: None if r.err_lines and "No space left" in r.err_lines[0] and ": :" not in
                   r.err_lines[0] else "message")
        yield Case("15", "scenario --count 100 > /dev/full", ["scenario", "okinawa", "campaign", "--seed", "1", "--count",
                                                              "100"], stdout="/dev/full")
        yield Case("15", "check-table --format html > /dev/full", [*FD, _w(tmp / "i15/esc.csv", "a,b\n" * 5000), "--format", "html"],
                   stdout="/dev/full")


    for item in (item1, item2, item3, item4, item5, item6, item7, item8, item9, item10, item12, item13, item14, item15):
        if not want or item.__name__[4:] in want:
            yield from item()

def main(words: list[str]) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="h25-"))
    os.chmod(tmp, 0o755)
    ok = True
    print("| item | case | exit | CPU s | peak RSS KB | stderr (first line) | verdict |", flush=True)
    print("|---|---|---|---|---|---|---|", flush=True)
    items = {w for w in words if w.isdigit()}
    for entry in cases(tmp, items):
        case, pre = (entry if isinstance(entry, tuple) else (entry, None))
        names = [w for w in words if not w.isdigit()]
        if names and not any(w in case.name for w in names):
            continue
        if pre:
            pre()
        r = run(case, tmp)
        bad = verdict(case, r)
        ok = ok and bad is None
        first = (r.err_lines[0] if r.err_lines else "").replace("|", "\\|").encode("unicode_escape").decode()[:110]
        print(f"| {case.item} | {case.name} | {r.code} | {r.cpu:.2f} | {r.rss_kb} | {first} | "
              f"{'OK' if bad is None else 'FAIL: ' + bad} |", flush=True)
    print(f"\nevery case OK: {ok}  (inputs in {tmp})")
    return 0 if ok else 1
