"""The shape of the code (issue 12): no import cycle, not even through an import inside a
function; no module-level cache outside the repository."""
import ast
import functools
from pathlib import Path

import pytest

from conftest import ROOT

PACKAGE = ROOT / "playaids"


@functools.lru_cache(maxsize=None)
def _tree(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the tests of this file (a worker runs several)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _modules() -> dict:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(modules: dict) -> dict:
    """module -> the package's modules it imports, at the top or inside a function."""

    def resolve(name):
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    graph = {m: set() for m in modules}
    for m, path in modules.items():
        for node in ast.walk(_tree(path)):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("playaids"):
                names = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("playaids")]
            graph[m] |= {t for t in map(resolve, names) if t and t != m}
    return graph


def _cycles(graph: dict) -> list:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.slow
def test_no_import_cycle_even_through_imports_inside_functions():
    assert _cycles(_imports(_modules())) == []


# Module-level state that is no cache: what a command has read (so that no output replaces an
# input), and what the build hands its forked workers.
ALLOWED_STATE = {("playaids.atomic", "_INPUTS"), ("playaids.build.runner", "_RUN")}


def _empty_container(value) -> bool:
    """`{}`, `[]`, `set()`, `dict()`...: a container to be filled as the program runs (a filled
    literal is a table of constants)."""
    if isinstance(value, ast.Dict):
        return not value.keys
    if isinstance(value, ast.List):
        return not value.elts
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args and value.func.id in (
        "dict", "set", "list", "defaultdict", "OrderedDict")


@pytest.mark.slow
def test_no_module_level_cache_outside_the_repository():
    found = []
    for name, path in _modules().items():
        for node in _tree(path).body:
            target = value = None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target, value = node.targets[0], node.value
            elif isinstance(node, ast.AnnAssign):
                target, value = node.target, node.value
            if not isinstance(target, ast.Name) or value is None:
                continue
            if _empty_container(value) and (name, target.id) not in ALLOWED_STATE:
                found.append(f"{name}.{target.id}")
    assert found == [], found


# Module-level functions whose results are kept (functools.cache / lru_cache): each a pure
# function of its arguments (font metrics, a string's normal form, a schema's validator, a file's
# parse keyed by its bytes), never of data read from a game folder (that is the repository's,
# dropped on refresh()). A new one is added here on purpose, or its cache moves to Repository.memo.
PURE_CACHES = {
    "playaids.checker.normalise._shinjitai", "playaids.checker.normalise.norm", "playaids.checker.normalise.needed",
    "playaids.fonts.font_file", "playaids.fonts.face", "playaids.fonts.register", "playaids.fonts.cmap",
    "playaids.fonts._runs", "playaids.fonts.width", "playaids.fonts.font_face_css",
    "playaids.engine.values._expand_scalar", "playaids.schemas._whole_number_validator",
    "playaids.schemas.setup_validator", "playaids.yamlsafe._parse_memo", "playaids.render.turnstrip._wrapped",
    "playaids.render.document.environment", "playaids.render.document._noto_cmap",
    "playaids.render.document.font_config", "playaids.render.lines.width", "playaids.render.grid.natural",
    "playaids.render.grid.min_width", "playaids.render.grid._columns", "playaids.build.stamp.code_key",
    "playaids.load._validator", "playaids.load._schema_digest", "playaids.games.asl_chapter_g.terrain._validator",
    "playaids.games.asl_chapter_g.geometry.step", "playaids.kinsoku._parser", "playaids.kinsoku._phrases",
    "playaids.render.grid._word_columns", "playaids.render.grid._word_needs",
}


def _cached_functions(modules: dict) -> list[str]:
    """module.function of every module-level function decorated with functools.cache or
    lru_cache (bare, called, or imported by name)."""
    out = []
    for name, path in modules.items():
        for node in _tree(path).body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for d in node.decorator_list:
                d = d.func if isinstance(d, ast.Call) else d
                called = d.attr if isinstance(d, ast.Attribute) else d.id if isinstance(d, ast.Name) else ""
                if called in ("cache", "lru_cache"):
                    out.append(f"{name}.{node.name}")
    return out


def test_every_module_level_cache_is_of_a_pure_function():
    """Issue 27: the no-cache check sees functools' caches too: each is listed in PURE_CACHES."""
    found = _cached_functions(_modules())
    assert sorted(set(found) - PURE_CACHES) == []
    assert sorted(PURE_CACHES - set(found)) == []   # the list names no cache that is gone


def test_the_cache_finder_sees_each_way_of_writing_the_decorator(tmp_path):
    src = ("import functools\nfrom functools import cache, lru_cache\n"
           "@functools.lru_cache(maxsize=4)\ndef a(x): return x\n@functools.cache\ndef b(x): return x\n"
           "@cache\ndef c(x): return x\n@lru_cache()\ndef d(x): return x\ndef e(x): return x\n")
    path = tmp_path / "m.py"
    path.write_text(src, encoding="utf-8")
    assert _cached_functions({"m": path}) == ["m.a", "m.b", "m.c", "m.d"]


def test_the_repository_keeps_what_it_loaded_until_refreshed(tmp_path):
    import shutil

    from playaids.repository import Repository

    shutil.copytree(ROOT / "tests" / "fixtures" / "data" / "demo-game", tmp_path / "demo-game")
    repo = Repository(tmp_path)
    first = repo.table("demo-game", "results")
    assert repo.table("demo-game", "results") is first
    path = Path(first.path)
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert repo.table("demo-game", "results") is first     # a snapshot: no look at the disk
    repo.refresh()                                         # what build --watch does before a build
    assert repo.table("demo-game", "results") is not first


def test_a_table_removed_after_a_scenario_was_read_is_seen_after_a_refresh(tmp_path):
    import shutil

    import pytest

    from playaids.errors import DataError
    from playaids.repository import Repository
    from test_engine_vocabulary import MAP, SCENARIO

    game = tmp_path / "demo-game"
    shutil.copytree(ROOT / "tests" / "fixtures" / "data" / "demo-game", game)
    (game / "map.yaml").write_text(MAP, encoding="utf-8")
    (game / "scenarios").mkdir()
    (game / "scenarios" / "test.yaml").write_text(SCENARIO, encoding="utf-8")
    repo = Repository(tmp_path)
    assert repo.scenario("demo-game", "test").id == "test"
    (game / "tables" / "results.yaml").unlink()   # the table its lookup reads
    repo.refresh()
    with pytest.raises(DataError, match="has no table 'results'"):
        repo.scenario("demo-game", "test")


@pytest.mark.parametrize("layer", ["playaids.render", "playaids.engine"])
def test_the_renderers_and_the_engine_import_no_game(layer):
    """Issue 27: render/ and engine/ are shared code: what a game adds (its rule headings, its
    secrets on a setup sheet; its checks, generation and setup keys) reaches them as data or
    from the repository their caller hands them (Repository.rules), never by importing
    playaids.games."""
    found = {}
    for m, path in _modules().items():
        if not m.startswith(layer):
            continue
        for node in ast.walk(_tree(path)):
            names = [f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) and node.module \
                else [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found[m] = found.get(m, []) + [n for n in names if n.startswith(("playaids.games", "playaids.games."))
                                           or n == "playaids.games"]
    assert {m: ns for m, ns in found.items() if ns} == {}


def test_the_import_finder_sees_an_import_inside_a_function(tmp_path):
    """(as the renderers' check reads them too)"""
    pkg = tmp_path / "playaids"
    (pkg / "render").mkdir(parents=True)
    (pkg / "render" / "x.py").write_text("def f():\n    from playaids import games\n", encoding="utf-8")
    (pkg / "games.py").write_text("", encoding="utf-8")
    mods = {"playaids.render.x": pkg / "render" / "x.py", "playaids.games": pkg / "games.py"}
    assert _imports(mods)["playaids.render.x"] == {"playaids.games"}


def _unit(module: str, package: Path = PACKAGE) -> str:
    """A module's place in the layering: its subpackage (`engine/`), or itself at the top level."""
    parts = module.split(".")
    if len(parts) > 1 and (package / parts[1]).is_dir():
        return parts[1] + "/"
    return parts[-1] if len(parts) > 1 else "playaids"


def _unit_graph(modules: dict, package: Path = PACKAGE) -> dict:
    graph: dict = {}
    for m, targets in _imports(modules).items():
        a = _unit(m, package)
        for t in targets:
            b = _unit(t, package)
            if b != a and b != "playaids":
                graph.setdefault(a, set()).add(b)
                graph.setdefault(b, set())
    return graph


def test_no_loop_between_subpackages_and_top_level_modules():
    """Issue 27: the imports between subpackages (and the top-level modules beside them) run one
    way: no loop through games/, nor between the engine and the files it is read from."""
    assert _cycles(_unit_graph(_modules())) == []


# Issue 27, the layering: each subpackage may import only those listed (and the top-level
# modules); the command line and the build sit on the games, a game's own code on plugin/.
LAYERS = {
    "engine/": set(), "render/": {"engine/"}, "plugin/": {"render/", "engine/"},
    "games/": {"plugin/", "render/", "engine/"}, "checker/": {"render/", "engine/"},
    "build/": {"games/", "plugin/", "render/", "engine/"},
    "cli/": {"build/", "games/", "plugin/", "render/", "engine/", "checker/"},
}


def test_each_subpackage_imports_only_the_layers_below_it():
    graph = _unit_graph(_modules())
    against = {(a, b) for a, bs in graph.items() if a in LAYERS for b in bs if b.endswith("/") and b not in LAYERS[a]}
    assert against == set()
    assert set(LAYERS) == {u for u in graph if u.endswith("/")}   # every subpackage has its place


def test_the_loop_finder_sees_a_loop_through_a_subpackage(tmp_path):
    pkg = tmp_path / "playaids"
    for d in ("games", "build"):
        (pkg / d).mkdir(parents=True)
    (pkg / "games" / "x.py").write_text("from playaids.build import job\n", encoding="utf-8")
    (pkg / "build" / "job.py").write_text("from playaids.games import x\n", encoding="utf-8")
    mods = {"playaids.games.x": pkg / "games" / "x.py", "playaids.build.job": pkg / "build" / "job.py"}
    assert _cycles(_unit_graph(mods, pkg)) == [["build/", "games/"]]


def _private_reaches(modules: dict) -> list[str]:
    """module: other_module._name for every private name of one of the package's modules used
    by another (imported by name, or read through the module: `fonts._cmap`)."""
    out = []
    for m, path in modules.items():
        tree = _tree(path)
        aliases = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("playaids"):
                for a in node.names:
                    if a.name.startswith("_") and not a.name.startswith("__"):
                        out.append(f"{m}: {node.module}.{a.name}")
                    if f"{node.module}.{a.name}" in modules:
                        aliases[a.asname or a.name] = f"{node.module}.{a.name}"
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in modules and a.asname:
                        aliases[a.asname] = a.name
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
                    and node.attr.startswith("_") and not node.attr.startswith("__") and aliases[node.value.id] != m):
                out.append(f"{m}: {aliases[node.value.id]}.{node.attr}")
    return sorted(set(out))


def test_no_module_reaches_into_another_modules_private_names():
    """Issue 27: what one module uses of another is public (fonts.cmap, not fonts._cmap)."""
    assert _private_reaches(_modules()) == []


def test_the_private_finder_sees_both_ways_of_reaching(tmp_path):
    (tmp_path / "a.py").write_text("def _x(): pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from playaids import a\nfrom playaids.a import _x\na._x()\n", encoding="utf-8")
    mods = {"playaids.a": tmp_path / "a.py", "playaids.b": tmp_path / "b.py"}
    assert _private_reaches(mods) == ["playaids.b: playaids.a._x"]
