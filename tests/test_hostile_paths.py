"""Issue 25, where paths meet: no command replaces a file named as one of its inputs, nor
anything but a regular file it created; a link is written through, never replaced; nothing is
read through a symlink leaving its folder; special files at every path argument."""
import shutil
import os
import subprocess
import sys

import pytest

from conftest import ROOT


def one_line(r, code=2):
    err = r.stderr.decode()
    assert r.returncode == code, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err and "internal error" not in err, err
    return lines[0]


# --- outputs that equal inputs (item 7) -------------------------------------------------------------

@pytest.mark.parametrize("args,says", [
    (("okinawa", "campaign", "--template", "--map", "{f}", "-o", "{f}"), "no --seed, --count, --sheet, --map"),
    (("asl-chapter-g", "caves", "--template", "--terrain", "{f}", "-o", "{f}"), "--map, --terrain"),
])
def test_template_refuses_the_files_it_would_ignore_and_keeps_them(tmp_path, args, says, cli_in):
    f = tmp_path / "m.yaml"
    f.write_text("places: []\n", encoding="utf-8")
    r = cli_in("scenario", *[a.format(f=f) for a in args])
    assert says in one_line(r) and f.read_text(encoding="utf-8") == "places: []\n"


def test_a_sheet_of_count_named_like_the_output_is_refused(tmp_path, cli_in):
    out, sheet = tmp_path / "s.4.pdf", tmp_path / "s.pdf"
    r = cli_in("scenario", "rgi-macarthur", "korea", "--seed", 3, "--count", 2, "-o", out, "--sheet", sheet)
    # refused either for the clash or, first, for -o naming no format --count writes (issue 24)
    line = one_line(r)
    assert "named by -o and by --sheet (the sheet of seed 4)" in line or "writes .jsonl or .yaml files" in line
    assert not out.exists() and not (tmp_path / "s.3.pdf").exists()


# --- /dev/stdout, links and folders as -o (item 8) -----------------------------------------------------

@pytest.mark.slow
def test_dev_stdout_is_written_into_and_a_link_through(tmp_path):
    target = tmp_path / "got.csv"
    with open(target, "wb") as f:
        r = subprocess.run([sys.executable, "-m", "playaids", "table", "okinawa", "fleet-damage", "--format", "csv",
                            "-o", "/dev/stdout"], stdout=f, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert target.read_text(encoding="utf-8").startswith("Target fleet,1,2,3")
    assert os.path.islink("/dev/stdout") or not os.path.exists("/dev/stdout")
    link, real = tmp_path / "link.csv", tmp_path / "real.csv"
    link.symlink_to(real.name)
    r = subprocess.run([sys.executable, "-m", "playaids", "table", "okinawa", "fleet-damage", "--format", "csv",
                        "-o", link], capture_output=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0 and link.is_symlink() and real.read_text(encoding="utf-8").startswith("Target fleet")


def test_an_output_naming_a_folder_is_refused(tmp_path, cli_in):
    r = cli_in("table", "okinawa", "fleet-damage", "--format", "csv", "-o", f"{tmp_path}/newdir/")
    assert "names a folder; give a file name" in one_line(r)
    assert not (tmp_path / "newdir").exists()


# --- data files leaving their folder (item 9) --------------------------------------------------------

@pytest.mark.sample
@pytest.mark.parametrize("name", ["glossary.yaml", "game.yaml", "tables/road-costs.yaml"])
def test_a_data_file_linked_out_of_its_folder_is_not_read(tmp_path, name, cli_in):
    from test_build import _small_data

    data = _small_data(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:SECRET-LINE\n", encoding="utf-8")
    f = data / "rgi-macarthur" / name
    f.unlink()
    f.symlink_to(secret)
    for args in (("list",), ("glossary", "rgi-macarthur"), ("table", "rgi-macarthur", "road-costs"),
                 ("data", "validate")):
        r = cli_in("--data", data, "--no-builtin", *args)
        out = r.stdout.decode() + r.stderr.decode()
        assert "SECRET" not in out and "root:" not in out, (args, out)
    line = one_line(cli_in("--data", data, "--no-builtin", "data", "validate"))
    assert "a link leaving the data folder" in line and name in line


def test_a_link_inside_the_data_folder_is_read(tmp_path, cli_in):
    from test_build import _small_data

    data = _small_data(tmp_path)
    tables = data / "rgi-macarthur" / "tables"
    (tables / "road-costs.yaml").rename(data / "rgi-macarthur" / "road-costs.keep")
    (tables / "road-costs.yaml").symlink_to("../road-costs.keep")
    assert cli_in("--data", data, "--no-builtin", "table", "rgi-macarthur", "road-costs").returncode == 0


# --- the build cache is a hint (item 10) --------------------------------------------------------------

@pytest.mark.slow
def test_a_damaged_build_cache_is_rebuilt_and_never_vouches_for_a_table(tmp_path):
    from test_build import _small_data

    from conftest import run_cli
    from playaids import load, yamlsafe

    data, out = _small_data(tmp_path), tmp_path / "out"
    build = ("--data", data, "--no-builtin", "build", "--only", "turns", "--lang", "en", "--out", out)
    assert run_cli(*build).returncode == 0
    cache = out / ".playaids-cache"
    for texts in (("5", "null", "[1, 2]"), ("[1, 2]", "5", '{"stamp": 5, "games": 5, "outputs": {"../x": 1}}')):
        for name, text in zip(("valid.json", "documents.json", "build.json"), texts):
            (cache / name).write_text(text, encoding="utf-8")
        r = run_cli(*build)
        assert r.returncode == 0 and b" 0 unchanged" in r.stderr, (texts, r.stderr)   # all rendered again
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("rule:", "rul:", 1), encoding="utf-8")
    key = f"table:{load._schema_digest('table')}:{yamlsafe.load(table).digest}"
    (cache / "valid.json").write_text(f'["{key}"]', encoding="utf-8")
    assert "unknown key 'rul'" in one_line(run_cli(*build))


@pytest.mark.slow
def test_a_folder_or_a_link_in_place_of_a_cache_file_heals(tmp_path):
    """A folder where build.json or documents.json belongs exited 2 ("Is a directory") on every
    build after; a link there is replaced, never followed (its target is untouched)."""
    from test_build import _small_data

    from conftest import run_cli

    data, out = _small_data(tmp_path), tmp_path / "out"
    build = ("--data", data, "--no-builtin", "build", "--only", "turns", "--lang", "en", "--out", out)
    assert run_cli(*build).returncode == 0
    cache = out / ".playaids-cache"
    target = tmp_path / "elsewhere.json"
    target.write_text("keep", encoding="utf-8")
    for name, kind in (("build.json", "dir"), ("documents.json", "dir"), ("documents.json", "link")):
        p = cache / name
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink(missing_ok=True)
        if kind == "dir":
            (p / "inner").mkdir(parents=True)
        else:
            p.symlink_to(target)
        if name == "documents.json":   # no stamp: the build is no no-op, the runner reads its cache
            (cache / "build.json").unlink()
        r = run_cli(*build)
        assert r.returncode == 0, (name, kind, r.stderr)
        assert p.is_file() and not p.is_symlink(), (name, kind)
        assert run_cli(*build).returncode == 0
    assert target.read_text(encoding="utf-8") == "keep"


# --- build --watch keeps hearing (item 11) ------------------------------------------------------------

def test_watch_sees_a_restored_game_and_a_change_keeping_size_and_mtime(tmp_path):
    from test_build import _small_data

    from playaids.build import watch
    from playaids.repository import Repository

    data = _small_data(tmp_path)
    repo = Repository(data)
    game = data / "rgi-macarthur" / "game.yaml"
    before = watch._signature(repo)
    assert any(s[0] == str(game) for s in before)
    text = game.read_bytes()
    game.unlink()
    repo.refresh()
    repo.game_ids()   # the repository now keeps a listing without the game
    gone = watch._signature(repo)
    assert gone != before and not any(s[0] == str(game) for s in gone)
    game.write_bytes(text)
    back = watch._signature(repo)   # no refresh: the watch looks at the folders itself
    assert any(s[0] == str(game) for s in back) and len(back) == len(before)
    table = data / "rgi-macarthur" / "tables" / "road-costs.yaml"
    st = table.stat()
    old = table.read_bytes()
    table.write_bytes(old.replace(b"rule:", b"rulE:", 1))   # the same size
    os.utime(table, ns=(st.st_atime_ns, st.st_mtime_ns))   # and the same mtime
    assert table.stat().st_size == st.st_size and table.stat().st_mtime_ns == st.st_mtime_ns
    assert watch._signature(repo) != back
    fifo = data / "rgi-macarthur" / "tables" / "pipe.yaml"
    os.mkfifo(fifo)   # listed by the layout, never opened (it would block)
    assert not any(s[0] == str(fifo) for s in watch._signature(repo))


# --- terminal escapes held in files and data are shown, never sent raw (item 14) ----------------------

@pytest.mark.slow
def test_escapes_in_a_checked_file_and_in_data_values_are_shown_not_sent(tmp_path, cli_in):
    import shutil

    f = tmp_path / "esc.csv"
    f.write_bytes(b"Target fleet,1\n\x1b[2Jx,\x1b[31mred\n")
    for fmt in ("text", "diff", "html"):
        r = cli_in("check-table", "okinawa", "fleet-damage", f, "--format", fmt)
        assert r.returncode == 1 and b"\x1b" not in r.stdout, fmt
    assert b"\\x1b[2Jx" in cli_in("check-table", "okinawa", "fleet-damage", f).stdout
    shutil.copytree(ROOT / "data" / "okinawa", tmp_path / "okinawa")
    table = tmp_path / "okinawa" / "tables" / "fleet-damage.yaml"
    table.write_text(table.read_text(encoding="utf-8").replace("  - S\n", '  - "S\\e[2J\\e]0;pwn\\a"\n', 1),
                     encoding="utf-8")
    glossary = tmp_path / "okinawa" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").replace("en: How to play the game,",
                                                                   'en: "\\e[2JHow to play the game",', 1),
                        encoding="utf-8")
    for args in (("table", "okinawa", "fleet-damage", "--format", "csv"),
                 ("table", "okinawa", "fleet-damage", "--format", "md"), ("glossary", "okinawa", "--format", "csv"),
                 ("glossary", "okinawa")):
        r = cli_in("--data", tmp_path, "--no-builtin", *args)
        assert r.returncode == 0 and b"\x1b" not in r.stdout and b"\x07" not in r.stdout, (args, r.stderr)
        assert b"\\x1b" in r.stdout, args


def test_completion_offers_no_id_holding_an_escape(tmp_path):
    from test_build import _small_data

    from conftest import run_cli

    data = _small_data(tmp_path)
    (data / "rgi-macarthur" / "tables" / "road-costs.yaml").rename(
        data / "rgi-macarthur" / "tables" / "\x1b]0;pwn\x07.yaml")
    r = run_cli("--data", data, "check-table", "rgi-macarthur", "", env={"_PLAYAIDS_COMPLETE": "bash_complete",
                                                                         "COMP_WORDS": f"playaids --data {data} check-table rgi-macarthur ",
                                                                         "COMP_CWORD": "5"})
    assert b"\x1b" not in r.stdout and b"damage" in r.stdout, r.stdout


# --- item 15: what is valid reads, what cannot be read says so -----------------------------------------

def test_json_lines_holding_line_separators_inside_strings_verify(tmp_path, cli_in):
    import json

    f = tmp_path / "s.jsonl"
    assert cli_in("scenario", "rgi-macarthur", "korea", "--seed", 5, "--count", 2, "-o", f).returncode == 0
    docs = [json.loads(ln) for ln in f.read_text(encoding="utf-8").split("\n") if ln]
    for d in docs:
        d["note"] = "a\u2028b\u0085c\u2029"
    f.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 0 and r.stdout.count(b"legal") == 2, r.stderr
    from playaids import yamlsafe

    assert yamlsafe.load_all(f)[1].data["note"] == "a\u2028b\u0085c\u2029"


def test_an_xlsx_whose_dimension_lies_is_read_as_it_is(tmp_path, cli_in):
    import re
    import zipfile

    import openpyxl

    csv = cli_in("table", "okinawa", "fleet-damage", "--format", "csv").stdout.decode()
    wb = openpyxl.Workbook()
    for row in csv.splitlines():
        wb.active.append(row.split(","))
    wb.save(tmp_path / "t.xlsx")
    with zipfile.ZipFile(tmp_path / "t.xlsx") as zin, zipfile.ZipFile(tmp_path / "a1.xlsx", "w") as zout:
        for i in zin.infolist():
            d = zin.read(i.filename)
            if i.filename.startswith("xl/worksheets/"):
                d = re.sub(rb'<dimension ref="[^"]*"', b'<dimension ref="A1"', d)
            zout.writestr(i, d)
    r = cli_in("check-table", "okinawa", "fleet-damage", tmp_path / "a1.xlsx")
    assert r.returncode == 0, r.stdout + r.stderr   # all ten columns read, not one


def test_an_unreadable_scenarios_folder_is_an_error_not_no_scenarios(tmp_path, cli_in, monkeypatch):
    from test_build import _small_data

    data = _small_data(tmp_path)
    real = os.listdir

    def listdir(p="."):
        if str(p).endswith("scenarios"):   # as chmod 000 does for a user other than root
            raise PermissionError(13, "Permission denied")
        return real(p)

    monkeypatch.setattr(os, "listdir", listdir)
    line = one_line(cli_in("--data", data, "--no-builtin", "data", "validate"))
    assert "scenarios: cannot read this folder: Permission denied" in line


# --- special files at every input path argument -----------------------------------------------------

def _inputs(tmp_path):
    """Every input path argument of every command, `{f}` standing for the file given."""
    setup = tmp_path / "setup.yaml"
    setup.write_text("game: okinawa\nscenario: campaign\n", encoding="utf-8")
    table = tmp_path / "t.csv"
    table.write_text("a,b\n1,2\n", encoding="utf-8")
    return [("verify", "{f}"), ("verify", setup, "--map", "{f}"),
            ("scenario", "okinawa", "campaign", "--seed", 1, "--map", "{f}", "-o", tmp_path / "out.yaml"),
            ("scenario", "asl-chapter-g", "caves", "--terrain", "{f}", "--caves", 2, "--seed", 1,
             "-o", tmp_path / "out.yaml"),
            ("ccss", "{f}", "-o", tmp_path / "out.pdf"), ("check-table", "okinawa", "fleet-damage", "{f}"),
            ("check-table", "okinawa", "fleet-damage", table, "--accept", "{f}"), ("preflight", "{f}")]


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "folder", "dangling link"])
def test_every_input_path_says_what_it_names(tmp_path, kind, cli_in):
    """A FIFO or a device is 'not a regular file' (never 'not found', never opened: no block), a
    folder is refused, a name leading nowhere is 'not found'."""
    f = {"fifo": tmp_path / "fifo.yaml", "/dev/zero": "/dev/zero", "folder": tmp_path / "dir.yaml",
         "dangling link": tmp_path / "gone.yaml"}[kind]
    if kind == "fifo":
        os.mkfifo(f)
    elif kind == "folder":
        f.mkdir()
    elif kind == "dangling link":
        f.symlink_to(tmp_path / "nowhere.yaml")
    says = {"fifo": "not a regular file", "/dev/zero": "not a regular file", "folder": "directory",
            "dangling link": "o such file"}[kind]
    for args in _inputs(tmp_path):
        line = one_line(cli_in(*[str(f) if a == "{f}" else a for a in args]))
        assert says in line or (kind == "dangling link" and "not found" in line), (args, line)


@pytest.mark.slow
def test_dev_stdout_as_an_input_is_not_a_regular_file(tmp_path):
    """Standard output a pipe, as in `playaids verify s.yaml --map /dev/stdout | less`."""
    setup = tmp_path / "setup.yaml"
    setup.write_text("game: okinawa\nscenario: campaign\n", encoding="utf-8")
    for args in (("verify", setup, "--map", "/dev/stdout"), ("check-table", "okinawa", "fleet-damage", "/dev/stdout")):
        r = subprocess.run([sys.executable, "-m", "playaids", *map(str, args)], capture_output=True, cwd=ROOT, timeout=60)
        assert "/dev/stdout: not a regular file" in one_line(r), args


@pytest.mark.parametrize("option", ["--data", None])
def test_a_data_folder_that_is_a_fifo_is_not_a_folder(tmp_path, option, cli_in):
    fifo = tmp_path / "games"
    os.mkfifo(fifo)
    r = cli_in("--data", fifo, "list") if option else cli_in("data", "validate", fifo)
    assert one_line(r) == f"{fifo}: not a folder: give the folder of games"


def test_a_malformed_accept_file_is_never_echoed_whole(tmp_path, cli_in):
    table, accept = tmp_path / "t.csv", tmp_path / "accept.yaml"
    table.write_text("a,b\n1,2\n", encoding="utf-8")
    accept.write_text("secret " * 200 + "\n", encoding="utf-8")
    line = one_line(cli_in("check-table", "okinawa", "fleet-damage", table, "--accept", accept))
    assert "document: a text of 1,399 characters, not a list" in line and "secret" not in line, line


@pytest.mark.parametrize("option", ["--map", "--terrain"])
def test_a_named_file_that_is_not_data_is_never_quoted(tmp_path, option, cli_in):
    """Issue 25 item 9: `--map` a link to /etc/passwd quoted its first 40 characters."""
    secret = tmp_path / "elsewhere" / "passwd"
    secret.parent.mkdir()
    secret.write_text("root:x:0:0:secret:/root:/bin/bash\n" * 30, encoding="utf-8")
    link = tmp_path / "M.yaml"
    os.symlink(secret, link)
    args = (["scenario", "okinawa", "campaign", "--seed", "1", "--map", link] if option == "--map" else
            ["scenario", "asl-chapter-g", "caves", "--seed", "1", "--caves", "2", "--terrain", link])
    line = one_line(cli_in(*args))
    assert "secret" not in line and "root:" not in line, line
    if option == "--map":
        assert line.endswith("document: a text of 1,019 characters, not a mapping"), line


@pytest.mark.slow
@pytest.mark.parametrize("spelling", ["//dev/stdout", "/dev/./stdout", "link"])
def test_standard_output_under_another_name_is_written_into_not_replaced(tmp_path, spelling):
    """Issue 25 item 8: `-o //dev/stdout >> log` renamed a new file over log (its lines lost);
    a link to /dev/stdout with a pipe was 'No such file'."""
    out = spelling
    if spelling == "link":
        out = tmp_path / "out.csv"
        os.symlink("/dev/stdout", out)
    log = tmp_path / "log.txt"
    log.write_text("earlier line\n", encoding="utf-8")
    ino = log.stat().st_ino
    with open(log, "ab") as f:
        r = subprocess.run([sys.executable, "-m", "playaids", "table", "okinawa", "fleet-damage", "-o", str(out)],
                           stdout=f, stderr=subprocess.PIPE, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert log.stat().st_ino == ino
    assert log.read_text(encoding="utf-8").startswith("earlier line\nTarget fleet,1,2")
    r = subprocess.run([sys.executable, "-m", "playaids", "table", "okinawa", "fleet-damage", "-o", str(out)],
                       capture_output=True, cwd=ROOT, timeout=60)   # a pipe
    assert r.returncode == 0 and r.stdout.startswith(b"Target fleet,1,2"), r.stderr
    if spelling == "link":
        assert out.is_symlink()


# --- every path argument of every command, swept (issue 25: symlinks and special files) --------------

def _outputs(tmp_path):
    """Every output path argument of every command, `{f}` standing for the file given."""
    setup = tmp_path / "setup.yaml"
    setup.write_text("game: okinawa\nscenario: campaign\n", encoding="utf-8")
    table = tmp_path / "t.csv"
    table.write_text("Target fleet,1\nPicket destroyers,–\n", encoding="utf-8")
    return [("table", "rgi-macarthur", "damage", "--format", "csv", "-o", "{f}"),
            ("charts", "asl-chapter-g", "--lang", "en", "-o", "{f}"),
            ("summary", "asl-chapter-g", "--lang", "en", "--format", "html", "-o", "{f}"),
            ("glossary", "asl-chapter-g", "--format", "md", "-o", "{f}"),
            ("odds", "rgi-macarthur", "new-guinea-storm-risk", "--format", "csv", "-o", "{f}"),
            ("turns", "rgi-macarthur", "korea", "--lang", "en", "-o", "{f}"),
            ("scenario", "rgi-macarthur", "korea", "--seed", 1, "-o", "{f}"),
            ("scenario", "rgi-macarthur", "korea", "--seed", 1, "-o", tmp_path / "k.yaml", "--sheet", "{f}"),
            ("ccss", "--lang", "en", "-o", "{f}"),
            ("check-table", "okinawa", "fleet-damage", table, "-o", "{f}")]


def _named(args) -> tuple[str, str]:
    """(command, option) of an entry: the option right before `{f}`, else the positional one."""
    k = args.index("{f}")
    before = args[k - 1] if k > 0 and str(args[k - 1]).startswith("-") else None
    return args[0], {"-o": "out", "--map": "map_file", "--terrain": "terrain", "--sheet": "sheet",
                     "--accept": "accept_file"}.get(before, "positional")


def _path_parameters() -> set[tuple[str, str]]:
    """(command, parameter) of every click.Path argument of every command, as the sweep names them."""
    import click

    from playaids.cli.app import cli

    out = set()

    def walk(cmd, ctx, path):
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                walk(sub, click.Context(sub, parent=ctx), (*path, name))
            return
        for p in cmd.params:
            if isinstance(p.type, click.Path):
                name = "out" if p.name == "out_dir" else p.name if p.param_type_name == "option" else "positional"
                out.add((" ".join(path), name))
    walk(cli, click.Context(cli), ())
    return out


# folders: refused when not one (test_a_data_folder_that_is_a_fifo_is_not_a_folder, build --out
# below), and read for what they hold
FOLDERS = {("build", "out"), ("check-table", "directory"), ("data validate", "positional")}


def test_the_sweep_names_every_path_argument(tmp_path):
    """A command that gains a path argument is swept too, or this fails."""
    swept = {_named(a) for a in _inputs(tmp_path)} | {_named(a) for a in _outputs(tmp_path)} | FOLDERS
    assert _path_parameters() == swept


@pytest.mark.parametrize("kind,says", [("file", "is a file"), ("fifo", "--out must be a folder")])
def test_build_out_must_be_a_folder(tmp_path, kind, says, cli_in):
    out = tmp_path / "out"
    os.mkfifo(out) if kind == "fifo" else out.write_text("x", encoding="utf-8")
    line = one_line(cli_in("build", "rgi-macarthur", "--only", "turns", "--out", out))
    assert says in line
    assert out.exists() and (kind == "fifo") == (not out.is_file())   # left as it was


def test_every_output_path_refuses_a_folder(tmp_path, cli_in):
    """An output that names an existing folder is refused in one line; the folder stays."""
    folder = tmp_path / "existing"
    folder.mkdir()
    for args in _outputs(tmp_path):
        line = one_line(cli_in(*[str(folder) if a == "{f}" else a for a in args]))
        assert "folder" in line or "directory" in line, (args, line)
        assert folder.is_dir() and not any(folder.iterdir())


@pytest.mark.slow
def test_every_output_path_writes_into_a_fifo_never_over_it(tmp_path, cli_in):
    """A FIFO (a pipe a reader holds open: `-o >(gzip > x.gz)`) is written into: it stays a
    FIFO and the reader gets the whole output."""
    import stat
    import threading

    for n, args in enumerate(_outputs(tmp_path)):
        fifo = tmp_path / f"pipe-{n}"
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=lambda f=fifo: got.append(open(f, "rb").read()), daemon=True)
        reader.start()
        r = cli_in(*[str(fifo) if a == "{f}" else a for a in args])
        reader.join(30)
        assert r.returncode in (0, 1), (args, r.stderr)   # check-table: 1, the file differs
        assert stat.S_ISFIFO(os.lstat(fifo).st_mode), args
        assert got and len(got[0]) > 20, args


def test_an_output_fifo_nobody_reads_is_refused_not_waited_on_forever(tmp_path, cli_in, monkeypatch):
    """`-o pipe` with no reader: one line after a short wait (a reader started just after us is
    still served, test above), never a command blocked for good (issue 25)."""
    import stat
    import time

    from playaids import atomic

    monkeypatch.setattr(atomic, "PIPE_WAIT", 0.3)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    line = one_line(cli_in("table", "okinawa", "fleet-damage", "-o", fifo))
    assert line.endswith("a named pipe no program reads (waited 0.3 s)") and time.monotonic() - t0 < 5
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
