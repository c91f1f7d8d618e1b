"""The game data a command reads: its folders, and everything loaded from them, validated and
kept in one place.

A `Repository` is made once per command (the CLI's `open_data`) and passed explicitly to what
needs data; the parsers it calls (load, scenariofiles, turns, summaries, chartsets) take
parsed documents, never paths. A repository is a snapshot of the data: what it has loaded is
kept (a table looked up a million times is found in a dict, with no look at the disk) until
`refresh()`, which `build --watch` calls before each build; the parse of a file is keyed by its
size and modification time, so an edited file is parsed again.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from playaids import chartsets, games, load, resources, summaries, turns, yamlsafe
from playaids import scenariofiles
from playaids.errors import DataError, UnknownId

DEFAULT_DATA = resources.DATA


@dataclass
class Memo:
    """What is worked out once from the data, each cache named, until Repository.refresh()."""
    # (game, table, row value, column value) -> (cell, error): a scenario's table lookups (engine.elements)
    lookups: dict = field(default_factory=dict)
    # (game, scenario) -> (setup, scenario, violations): the build's example setups (build.kinds)
    example_setups: dict = field(default_factory=dict)
    # a game's own caches, by name (Memo.of)
    own: dict = field(default_factory=dict)

    def of(self, name: str) -> dict:
        """The cache a game's own code keeps under `name` (its game id, a slash, what it keeps)."""
        return self.own.setdefault(name, {})


class Repository:
    """The data folders a command reads, the first holding a game winning: the user's
    (`--data DIR`, repeatable, then $PLAYAIDS_DATA, a path list) before the built-in games.
    A user's game with a built-in id replaces the built-in one."""

    def __init__(self, layers):
        if isinstance(layers, (str, os.PathLike)):
            layers = [layers]
        self.layers = tuple(Path(d) for d in layers)
        self._parsed: dict = {}      # (path, mtime, size) -> yamlsafe.Located
        self._loaded: dict = {}      # (what, game, id) -> what was loaded, until refresh()
        # "kind:schema-digest:file-digest" of files that passed their schema (the build keeps
        # them between runs, so an unchanged file is not checked again)
        self.valid_digests: set[str] = set()
        self.memo = Memo()

    @classmethod
    def of(cls, root) -> "Repository":
        """`root` itself when it is a repository, else one over the folder `root`."""
        return root if isinstance(root, Repository) else cls([root])

    @classmethod
    def builtin(cls) -> "Repository":
        return cls([DEFAULT_DATA])

    def __str__(self) -> str:
        return os.pathsep.join(str(d) for d in self.layers)

    def __repr__(self) -> str:
        return f"Repository({str(self)!r})"

    # -- folders ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Forget what was loaded (a file saved since is read again, an unchanged one is not
        parsed again)."""
        self._loaded.clear()
        self.memo = Memo()

    def game_ids(self) -> list[str]:
        return list(self._keep(("game-ids",), lambda: sorted(
            {p.name for d in self.layers if d.is_dir() for p in d.iterdir() if (p / "game.yaml").is_file()})))

    def game_dir(self, game_id: str) -> Path:
        """The folder of a game (in the first data folder holding it)."""
        def find():
            for d in self.layers:
                if (d / game_id / "game.yaml").is_file():
                    return d / game_id
            return self.layers[0] / game_id
        return self._keep(("game-dir", game_id), find)

    def game_dirs(self) -> list[Path]:
        return [self.game_dir(g) for g in self.game_ids()]

    def _known_game(self, game_id: str) -> Path:
        d = self.game_dir(game_id)
        if not (d / "game.yaml").is_file():
            raise UnknownId("game", game_id, self.game_ids())
        return d

    def table_ids(self, game_id: str) -> list[str]:
        return list(self._keep(("table-ids", game_id), lambda: _stems(self._known_game(game_id) / "tables")))

    def scenario_ids(self, game_id: str) -> list[str]:
        return list(self._keep(("scenario-ids", game_id), lambda: _stems(self.game_dir(game_id) / "scenarios")))

    def has(self, game_id: str, file: str) -> bool:
        return (self.game_dir(game_id) / file).is_file()

    def games_with(self, file: str) -> list[str]:
        return [g for g in self.game_ids() if self.has(g, file)]

    # -- parsing, validating, keeping ------------------------------------------------------

    def parse(self, path) -> yamlsafe.Located:
        """A data file, parsed once while unchanged (callers treat it as read-only)."""
        path = os.fspath(path)
        self._at_home(path)
        try:
            st = os.stat(path)
            key = (path, st.st_mtime_ns, st.st_size)
        except OSError:
            return yamlsafe.load(path)   # its error says what is wrong
        if key in self._parsed:
            from playaids import atomic

            atomic.note_input(path)   # read (from memory) by this command all the same
            return self._parsed[key]
        located = self._parsed[key] = yamlsafe.load(path)
        return located

    def _at_home(self, path: str) -> None:
        """Refuse a data file that is a link leaving its data folder (`glossary.yaml ->
        /etc/passwd`): it is not read, so no error can show a line of it."""
        for d in self.layers:
            if not Path(os.path.abspath(path)).is_relative_to(os.path.abspath(d)):
                continue
            if not Path(os.path.realpath(path)).is_relative_to(os.path.realpath(d)):
                raise DataError(path, f"a link leaving the data folder {d}: not read")
            return

    def validate(self, located: yamlsafe.Located, kind: str) -> None:
        load.validate(located, kind, self.valid_digests)

    def _document(self, key: tuple, path: Path, kind: str, build):
        """`build(located)` of the data file at `path`, validated as `kind`, kept until refresh()."""
        def make():
            located = self.parse(path)
            self.validate(located, kind)
            return build(located)
        return self._keep(key, make)

    def _keep(self, key: tuple, make):
        """What `make()` returns, made once until refresh() (an error is not kept)."""
        try:
            return self._loaded[key]
        except KeyError:
            value = self._loaded[key] = make()
            return value

    def input(self, path, read):
        """A user's file that a command reads more than once (a terrain beside a setup), read
        by `read` once while unchanged (it is no data of the snapshot: its size and time key it)."""
        st = os.stat(path)
        return self._keep(("input", os.fspath(path), read.__module__, read.__qualname__, st.st_mtime_ns, st.st_size),
                          lambda: read(path))

    # -- what the data holds ---------------------------------------------------------------

    def table(self, game_id: str, table_id: str):
        hit = self._loaded.get(("table", game_id, table_id))
        if hit is not None:   # the engine's lookups come here for every setup
            return hit
        path = self._known_game(game_id) / "tables" / f"{table_id}.yaml"
        if not path.is_file():
            raise UnknownId(f"table of {game_id}", table_id, self.table_ids(game_id))
        return self._document(("table", game_id, table_id), path, "table",
                              lambda doc: load.table_from(doc, game_id, table_id))

    def tables(self, game_id: str) -> dict:
        return {tid: self.table(game_id, tid) for tid in self.table_ids(game_id)}

    def rules(self, game_id: str):
        """The game's own code (games.base.GameRules: its checks, its generation, its setup keys);
        the plain Game for a game that is data alone. The engine asks the repository it is
        handed, never the registry of games."""
        return games.game(game_id)

    def setup_keys(self, game_id: str) -> tuple:
        """The top-level keys of a setup file the game adds (ASL's caves)."""
        return tuple(self.rules(game_id).setup_keys)

    def game(self, game_id: str, with_tables: bool = True):
        hit = self._loaded.get(("game-with-tables" if with_tables else "game", game_id))
        if hit is not None:
            return hit
        d = self._known_game(game_id)

        def make():
            located = self.parse(d / "game.yaml")
            self.validate(located, "game")
            glossary = None
            if (d / "glossary.yaml").is_file():
                glossary = self.parse(d / "glossary.yaml")
                self.validate(glossary, "glossary")
            return load.game_from(located, game_id, str(d), glossary)
        game = self._keep(("game", game_id), make)
        if with_tables:
            import dataclasses

            return self._keep(("game-with-tables", game_id),
                              lambda: dataclasses.replace(game, tables=self.tables(game_id)))
        return game

    def scenario(self, game_id: str, scenario_id: str):
        hit = self._loaded.get(("scenario", game_id, scenario_id))
        if hit is not None:
            return hit
        self.game(game_id, with_tables=False)  # unknown game -> UnknownId
        path = self.game_dir(game_id) / "scenarios" / f"{scenario_id}.yaml"
        if not path.is_file():
            raise UnknownId(f"scenario of {game_id}", scenario_id, self.scenario_ids(game_id))
        tables = self.table_ids(game_id)   # a lookup names one

        def build(doc):
            scenario = scenariofiles.scenario_from(doc, self.rules(game_id), scenario_id, tables)
            scenariofiles.check_solo(scenario, [s.id for s in self.game(game_id, with_tables=False).sides])
            if self.has(game_id, "map.yaml"):   # every place it names is on the game's map
                scenariofiles.check_places(scenario, self.map(game_id))
            return scenario
        return self._document(("scenario", game_id, scenario_id), path, "scenario", build)

    def map(self, game_id: str, override=None):
        """The game's map.yaml, with a user's map file (--map) adding or replacing places."""
        paths = [self.game_dir(game_id) / "map.yaml"]
        if override:
            yamlsafe.require_file(override, "map file")
            paths.append(Path(override))

        def make():
            documents = []
            for p in paths:
                if p.is_file():
                    located = self.parse(p) if p == paths[0] else yamlsafe.load(p)
                    self.validate(located, "map")
                    documents.append(located)
            return scenariofiles.map_from(documents)
        if override:   # a user's file: read afresh (it is no data of the repository)
            return make()
        return self._keep(("map", game_id), make)

    def turns(self, game_id: str):
        game = self.game(game_id, with_tables=False)  # unknown game -> UnknownId
        path = self.game_dir(game_id) / turns.FILE
        if not path.is_file():
            raise UnknownId("turn record", game_id, self.games_with(turns.FILE))
        scenario_ids = self.scenario_ids(game_id)

        def build(doc):
            record = turns.record_from(doc, game_id, [s.id for s in game.sides])
            for i, s in enumerate(record.scenarios):   # each track is one of the game's scenarios
                if scenario_ids and s.id not in scenario_ids:
                    import difflib

                    near = difflib.get_close_matches(s.id, scenario_ids, n=2, cutoff=0.6)
                    hint = f"did you mean {' or '.join(map(repr, near))}?" if near else \
                        f"known: {', '.join(scenario_ids)}"
                    raise doc.error(("scenarios", i, "id"), f"scenarios.{i}: {game_id} has no scenario {s.id!r} "
                                    f"({hint})")
            return record
        return self._document(("turns", game_id), path, "turns", build)

    def summary(self, game_id: str):
        self.game(game_id, with_tables=False)  # unknown game -> UnknownId
        path = self.game_dir(game_id) / summaries.FILE
        if not path.is_file():
            raise UnknownId("rule summary", game_id, self.games_with(summaries.FILE))
        return self._document(("summary", game_id), path, "rules", lambda doc: summaries.summary_from(doc, game_id))

    def sheets(self, game_id: str):
        """The game's chart sheets, checked against its tables (chartsets)."""
        path = self.game_dir(game_id) / chartsets.FILE
        known = self.table_ids(game_id)
        if not path.is_file():
            return chartsets.one_sheet(known)
        return self._document(("sheets", game_id), path, "sheets",
                              lambda doc: chartsets.sheets_from(doc, game_id, known))

    def read_setup(self, path):
        """A setup file (setupreader.load) with the keys its game adds."""
        from playaids import setupreader

        return setupreader.load(path, self.setup_keys)

    def unchecked_lines(self, game_id: str, scenario_id: str) -> list:
        """The set-up rules of the scenario its coverage ledger reports unchecked, as `verify`
        lines (coverage.unchecked_lines): none when the game has no ledger."""
        from playaids import coverage

        return coverage.unchecked_lines(self.coverage(game_id), scenario_id)

    def coverage(self, game_id: str):
        """The game's coverage ledger (coverage.py), or None when it has none."""
        from playaids import coverage

        path = self._known_game(game_id) / coverage.FILE   # an unknown game: did you mean
        if not path.is_file():
            return None
        scenarios = {sid: self.scenario(game_id, sid) for sid in self.scenario_ids(game_id)}
        return self._document(("coverage", game_id), path, "coverage",
                              lambda doc: coverage.ledger_from(doc, game_id, scenarios))

    # -- checking everything ---------------------------------------------------------------

    def validate_all(self) -> tuple[list[str], list[DataError]]:
        """Check every file of every game folder; returns (game ids, every error found)."""
        ids = self.game_ids()
        errors: list[DataError] = []

        def attempt(fn, *args):
            try:
                fn(*args)
            except DataError as e:
                errors.append(e)

        for gid in ids:
            attempt(self.game, gid, False)
            for tid in self.table_ids(gid):
                attempt(self.table, gid, tid)
            if self.has(gid, turns.FILE):
                try:   # a broken game.yaml is reported once, by the game check; sides are then not checked
                    self.game(gid, False)
                    attempt(self.turns, gid)
                except DataError:
                    attempt(self._turns_alone, gid)
            if self.has(gid, summaries.FILE):
                attempt(self.summary, gid)
            attempt(self.sheets, gid)
            attempt(self.map, gid)
            for sid in self.scenario_ids(gid):
                attempt(self.scenario, gid, sid)
            attempt(self.coverage, gid)
        # a broken game.yaml is met again by every file that needs it: each problem once
        return ids, list({str(e): e for e in errors}.values())

    def _turns_alone(self, game_id: str) -> None:
        located = self.parse(self.game_dir(game_id) / turns.FILE)
        self.validate(located, "turns")
        turns.record_from(located, game_id, None)


def _stems(folder: Path) -> list[str]:
    """The ids of a folder's YAML files; none when there is no folder; a folder that cannot be
    read is an error (an unreadable scenarios/ once validated as 'no scenarios')."""
    if not folder.is_dir():
        return []
    try:
        names = os.listdir(folder)
    except OSError as e:
        raise DataError(folder, f"cannot read this folder: {e.strerror or e}") from None
    return sorted(n[:-5] for n in names if n.endswith(".yaml") and not n.startswith("."))


def open_data(override=None, builtin: bool = True) -> Repository:
    """The data folders: `override` (a folder or several: --data), then $PLAYAIDS_DATA (a path
    list), then the built-in games unless `builtin` is false."""
    if isinstance(override, (str, os.PathLike)):
        override = [override]
    layers = [Path(d) for d in override or ()]
    env = os.environ.get("PLAYAIDS_DATA")
    if env:
        layers += [Path(d) for d in env.split(os.pathsep) if d]
    for d in layers:
        if not d.is_dir():
            raise DataError(d, "data folder not found" if not d.exists() else "not a folder: give the folder of games")
        if len(layers) > 1 or builtin:   # a folder alone may be empty (build and validate say so)
            if not any((p / "game.yaml").is_file() for p in d.iterdir()):
                raise DataError(d, "no game folder here (a game is a folder holding game.yaml)")
    if builtin or not layers:
        layers.append(Path(DEFAULT_DATA))
    return Repository(list(dict.fromkeys(layers)))
