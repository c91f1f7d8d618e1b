"""Fuzz of every reader (issue 17): data files, setups, map files, ASL terrain files and every
format check-table reads are fed hostile documents - random bytes, deep or wide structures,
huge numbers, NaN, control characters, wrong types, and valid files with random damage. Each
command must exit 0, 1 or 2, say a problem in one line (no traceback), and leave every input
file as it was.

The test run draws 12 documents per reader; `make soak` runs the same properties on thousands.
"""
import hashlib
import os
import shutil

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playaids import export
from playaids.repository import DEFAULT_DATA, Repository

# the test run: 12 documents per reader, the same ones each run; `make soak`: SOAK_EXAMPLES
# random ones each (3,000 by default)
FAST = dict(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
if os.environ.get("SOAK_EXAMPLES"):
    FAST = dict(max_examples=int(os.environ["SOAK_EXAMPLES"]), deadline=None,
                suppress_health_check=list(HealthCheck))

DATA = Repository.builtin()
# --- hostile documents ------------------------------------------------------------------

_scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-(10 ** 60), max_value=10 ** 60),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40),
    st.sampled_from(["\x1b]8;;x\x07", "2024-01-01", "-1", "1e309", "NaN", "~", "*a", "&a x", "!!python/object:os.system",
                     "a" * 5000, "撃", "", " ", "0x1F", "1_000", "yes", "on"]),
)
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=12), inner, max_size=6)), max_leaves=40)


def _nested(depth: int) -> str:
    return "a:\n" + "".join("  " * (i + 1) + "b:\n" for i in range(depth)) + "  " * (depth + 1) + "c: 1\n"


def _damaged(text: str, draw) -> str:
    """A valid document with random lines deleted, duplicated or given a hostile value."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "value", "indent", "truncate"]))
        if how == "delete":
            del lines[i]
        elif how == "duplicate":
            lines.insert(i, lines[i])
        elif how == "indent":
            lines[i] = "   " + lines[i]
        elif how == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, max(len(lines[i]) - 1, 0)))]
        elif ":" in lines[i]:
            key = lines[i].split(":", 1)[0]
            value = draw(_scalars)
            lines[i] = f"{key}: {yaml.safe_dump(value, default_flow_style=True, width=10 ** 6).strip().removesuffix('...').strip()}"
    return "\n".join(lines) + "\n"


def hostile(valid_text: str):
    """Bytes of a hostile document: damage to `valid_text`, random structures, binary, nesting."""
    @st.composite
    def build(draw):
        how = draw(st.sampled_from(["damaged", "damaged", "structure", "bytes", "nested", "wide"]))
        if how == "damaged":
            return _damaged(valid_text, draw).encode()
        if how == "structure":
            return yaml.safe_dump(draw(_values), allow_unicode=True).encode()
        if how == "bytes":
            return draw(st.binary(max_size=300))
        if how == "nested":
            return _nested(draw(st.integers(1, 200))).encode()
        return ("[" + ", ".join(["1"] * draw(st.integers(1, 5000))) + "]\n").encode()
    return build()


# --- the property ---------------------------------------------------------------------

def _digests(paths) -> dict:
    return {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.is_file()}


def _check(run, args, inputs, lines_per_problem=False):
    """`lines_per_problem`: the command reports every problem, each on its own line, once."""
    before = _digests(inputs)
    r = run(*args)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode in (0, 1, 2), (r.returncode, err[-500:])
    assert "Traceback" not in err and "internal error" not in err, err[-500:]
    if r.returncode == 2:
        lines = err.splitlines()
        assert lines and all(ln.strip() for ln in lines), err
        assert len(set(lines)) == len(lines) if lines_per_problem else len(lines) == 1, err
    assert _digests(inputs) == before, "an input file changed"
    return r


@pytest.fixture(scope="module")
def game_copy(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzzdata")
    shutil.copytree(DEFAULT_DATA / "rgi-macarthur", d / "rgi-macarthur")
    return d


_DATA_FILES = ["game.yaml", "glossary.yaml", "map.yaml", "rules.yaml", "turns.yaml",
               "tables/bataan-japanese-reserves.yaml", "scenarios/korea.yaml"]


@pytest.mark.sample
@pytest.mark.parametrize("name", _DATA_FILES)
def test_data_files(cli_in, game_copy, name):
    path = game_copy / "rgi-macarthur" / name
    if not path.is_file():
        pytest.skip(f"{name} not in this game")
    valid = path.read_text(encoding="utf-8")

    @settings(**FAST)
    @given(doc=hostile(valid))
    def prop(doc):
        path.write_bytes(doc)
        try:
            _check(cli_in, ("data", "validate", game_copy), [], lines_per_problem=True)
        finally:
            path.write_text(valid, encoding="utf-8")

    prop()


@pytest.fixture(scope="module")
def setup_text():
    from playaids.engine import api, setupfile

    return setupfile.dump(api.generate(DATA, "macarthur-bataan", "historical", 4))


@pytest.mark.sample
def test_setup_files(cli_in, tmp_path, setup_text):
    path = tmp_path / "setup.yaml"

    @settings(**FAST)
    @given(doc=hostile(setup_text))
    def prop(doc):
        path.write_bytes(doc)
        _check(cli_in, ("verify", path), [path])

    prop()


def test_map_files(cli_in, tmp_path, setup_text):
    setup = tmp_path / "setup.yaml"
    setup.write_text(setup_text, encoding="utf-8")
    path = tmp_path / "map.yaml"
    valid = (DEFAULT_DATA / "macarthur-bataan" / "map.yaml").read_text(encoding="utf-8")

    @settings(**FAST)
    @given(doc=hostile(valid))
    def prop(doc):
        path.write_bytes(doc)
        _check(cli_in, ("verify", setup, "--map", path), [setup, path])

    prop()


@pytest.mark.slow
def test_asl_terrain_files(cli_in, tmp_path):
    from conftest import FIXTURES

    for f in ("caves-legal.yaml", "board25-g11-examples.yaml"):
        shutil.copy(FIXTURES / "asl" / f, tmp_path / f)
    setup = tmp_path / "caves-legal.yaml"
    terrain_name = yaml.safe_load(setup.read_text(encoding="utf-8")).get("terrain")
    if not isinstance(terrain_name, str):
        pytest.skip("the legal caves fixture names no terrain file")
    path = tmp_path / terrain_name
    shutil.copy(FIXTURES / "asl" / terrain_name, path)
    valid = path.read_text(encoding="utf-8")

    @settings(**FAST)
    @given(doc=hostile(valid))
    def prop(doc):
        path.write_bytes(doc)
        _check(cli_in, ("verify", setup), [setup, path])
        _check(cli_in, ("ccss", setup, "-o", tmp_path / "ccss.pdf"), [setup, path])

    prop()


_FORMATS = ["csv", "tsv", "json", "yaml", "md", "txt", "pdf", "xlsx", "bin"]


@pytest.mark.sample
@pytest.mark.parametrize("ext", _FORMATS)
def test_check_table_formats(cli_in, tmp_path, ext):
    table = DATA.table("okinawa", "fleet-damage")
    valid = {"csv": export.to_csv(table, "ja"), "tsv": export.to_csv(table, "en").replace(",", "\t"),
             "json": export.FORMATS["json"](table, "en"), "yaml": export.FORMATS["json"](table, "en"),
             "md": export.FORMATS["md"](table, "ja")}.get(ext, export.to_csv(table, "en"))
    path = tmp_path / f"t.{ext}"
    pdf = None
    if ext == "pdf":
        from playaids.render import cards
        from playaids.render.page import PageSpec

        pdf = cards.render(table, DATA.game("okinawa", with_tables=False), PageSpec(lang="en"))

    @settings(**FAST)
    @given(doc=hostile(valid), cut=st.integers(0, 4000), flip=st.integers(0, 255))
    def prop(doc, cut, flip):
        if pdf is not None and cut % 2:   # a real PDF, damaged: truncated and one byte changed
            damaged = bytearray(pdf[: max(len(pdf) - cut, 10)])
            damaged[cut % len(damaged)] = flip
            doc = bytes(damaged)
        path.write_bytes(doc)
        _check(cli_in, ("check-table", "okinawa", "fleet-damage", path), [path])

    prop()
