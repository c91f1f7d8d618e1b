"""Safe YAML loading that remembers where every value came from.

Only plain data is accepted: no tags beyond the core schema, no anchors or aliases (they
serve no purpose in data files and open the door to alias bombs), no duplicate keys.
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field

import yaml
import yaml.composer
import yaml.constructor
import yaml.cyaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from playaids import atomic
from playaids.errors import DataError

MAX_BYTES = 2 * 1024 * 1024
MAX_INT_DIGITS = 40  # no count, seed or value of a game needs more
MAX_DEPTH = 64  # nesting of lists and mappings: data files use fewer than ten levels


@dataclass
class Located:
    """A loaded document and the line/column (1-based) of each value by its path."""

    data: object
    path: str
    marks: dict = field(default_factory=dict)
    digest: str | None = None  # SHA-256 of the file's bytes (None for a string)
    # the schema kinds this document has passed (load.validate checks each once)
    checked: set = field(default_factory=set, compare=False, repr=False)

    def where(self, keys) -> tuple[int | None, int | None]:
        keys = tuple(keys)
        while keys not in self.marks and keys:
            keys = keys[:-1]
        return self.marks.get(keys, (None, None))

    def error(self, keys, message: str) -> DataError:
        line, col = self.where(keys)
        return DataError(self.path, message, line, col)


class _Constructor(yaml.constructor.SafeConstructor):
    pass


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _build(node, path, marks, constructor, file, seen):
    if len(path) > MAX_DEPTH:
        raise DataError(file, f"nested more than {MAX_DEPTH} levels deep", *_mark(node))
    if id(node) in seen:  # the same node twice: an alias (libyaml composes them as shared nodes)
        raise DataError(file, "anchors and aliases are not allowed", *_mark(node))
    seen.add(id(node))
    marks[path] = _mark(node)
    if node.tag == "tag:yaml.org,2002:timestamp":
        raise DataError(file, f"a date is not allowed here: quote it (\"{node.value}\")", *_mark(node))
    if node.tag not in _CORE_TAGS:
        raise DataError(file, f"tag {node.tag!r} is not allowed", *_mark(node))
    if isinstance(node, ScalarNode):
        if node.tag == "tag:yaml.org,2002:int" and len(node.value) > MAX_INT_DIGITS:
            raise DataError(file, f"a number of more than {MAX_INT_DIGITS} digits", *_mark(node))
        try:
            return constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError) as e:
            raise DataError(file, f"bad value: {str(e).splitlines()[0]}", *_mark(node)) from None
    if isinstance(node, SequenceNode):
        return [_build(item, path + (i,), marks, constructor, file, seen) for i, item in enumerate(node.value)]
    if isinstance(node, MappingNode):
        out = {}
        for knode, vnode in node.value:
            if not isinstance(knode, ScalarNode):
                raise DataError(file, "mapping keys must be plain scalars", *_mark(knode))
            if knode.tag == "tag:yaml.org,2002:merge":
                raise DataError(file, "merge keys (<<) are not allowed", *_mark(knode))
            if knode.tag not in _CORE_TAGS:
                raise DataError(file, f"tag {knode.tag!r} is not allowed", *_mark(knode))
            try:
                key = constructor.construct_object(knode)
            except yaml.YAMLError as e:
                raise DataError(file, f"bad key: {str(e).splitlines()[0]}", *_mark(knode)) from None
            if key in out:
                raise DataError(file, f"duplicate key {key!r}", *_mark(knode))
            out[key] = _build(vnode, path + (key,), marks, constructor, file, seen)
        return out
    raise DataError(file, "unsupported YAML node", *_mark(node))


_CORE_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}


class _NoAliasComposer(yaml.composer.Composer):
    def compose_node(self, parent, index):
        if self.check_event(yaml.events.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases are not allowed", event.start_mark)
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise yaml.composer.ComposerError(
                None, None, "anchors and aliases are not allowed", event.start_mark)
        return super().compose_node(parent, index)


class _Loader(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser,
              _NoAliasComposer, yaml.resolver.Resolver):
    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _NoAliasComposer.__init__(self)
        yaml.resolver.Resolver.__init__(self)


# & or * where a node starts (line start, after space, [, { or ,): maybe an anchor or alias
_MAYBE_ANCHOR = re.compile(r"(?:^|[\s\[{,])[&*][^\s\]},]", re.M)


def _parser(text: str):
    """libyaml's parser when PyYAML has it (ten times faster), else the pure-Python one.
    Either way no alias survives: the pure one refuses them while composing, and with
    libyaml (only for texts without & or *) `_build` also refuses a node met twice."""
    if getattr(yaml, "__with_libyaml__", False) and not _MAYBE_ANCHOR.search(text):
        # a text that could hold an anchor or alias goes to the pure parser, which names it
        class _C(yaml.cyaml.CParser, yaml.resolver.Resolver):
            def __init__(self, stream):
                yaml.cyaml.CParser.__init__(self, stream)
                yaml.resolver.Resolver.__init__(self)
        return _C(text)
    return _Loader(text)


# Values one document may hold, counted before parsing: PyYAML's nodes cost about 1 kB a value,
# so a 2 MiB list of a million numbers took 650 MB. The largest data file holds about 1,200.
MAX_VALUES = 50_000


_DOCUMENT_MARKER = re.compile(r"^(?:---|\.\.\.)(?=[ \t\r\n]|$)", re.M)


def _too_many_values(text: str) -> bool:
    """More separators (commas, lines, brackets) than a document may hold values: an upper
    bound on its values, counted in C without parsing."""
    return text.count(",") + text.count("\n") + text.count("[") + text.count("{") > MAX_VALUES


def loads(text: str, path: str = "<string>") -> Located:
    """Parse one YAML document into plain data with its marks."""
    if _too_many_values(text):
        raise DataError(path, f"more than {MAX_VALUES:,} values: not a file this tool reads")
    loader = _parser(text)
    try:
        node = loader.get_single_node()
    except RecursionError:
        raise DataError(path, f"nested more than {MAX_DEPTH} levels deep") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = e.problem or e.context or "invalid YAML"
        if mark is None:
            raise DataError(path, problem) from None
        raise DataError(path, problem, mark.line + 1, mark.column + 1) from None
    except yaml.YAMLError as e:
        raise DataError(path, f"invalid YAML: {str(e).splitlines()[0]}") from None
    finally:
        loader.dispose()
    marks: dict = {}
    if node is None:
        raise DataError(path, "empty document", 1, 1)
    data = _build(node, (), marks, _Constructor(), path, set())
    return Located(data, path, marks)


def load(path) -> Located:
    """Read and parse a YAML file; size, encoding and access problems are DataErrors (a
    repository keeps the data files it parses: repository.Repository.parse)."""
    return _load(os.fspath(path))


def _stdin() -> bytes:
    import sys

    raw = sys.stdin.buffer.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise DataError("-", f"standard input is more than the {MAX_BYTES} bytes allowed")
    return raw


def _load(path: str) -> Located:
    raw, label = _read(path)
    if len(raw) <= MEMO_BYTES:
        return _parse_memo(raw, label)
    return _parse_bytes(raw, label)


# Parsing is a pure function of a file's bytes and name: the same bytes are parsed once per
# process (a data file read by many commands of one test run, or by every job of a build),
# bounded to MEMO_FILES files of at most MEMO_BYTES each. The result is shared: read-only.
MEMO_FILES = 256
MEMO_BYTES = 256 * 1024


@functools.lru_cache(maxsize=MEMO_FILES)
def _parse_memo(raw: bytes, label: str) -> Located:
    return _parse_bytes(raw, label)


def iter_all(path) -> Iterator[Located]:
    """Every document of a YAML stream (documents separated by `---`) or of JSON lines (one
    JSON object a line, as `scenario --count` writes them), each with marks in the file, read
    record by record: a stream of any length is read in bounded memory (each record, not the
    file, is capped at MAX_BYTES)."""
    path = os.fspath(path)
    f, label = _open(path)
    try:
        lines = _lines(f, label)
        head = []   # the blank and comment lines before the first record
        for n, ln in lines:
            head.append((n, ln))
            if ln.strip() and not ln.lstrip().startswith("#"):
                break
        if not head or not head[-1][1].strip() or head[-1][1].lstrip().startswith("#"):
            raise DataError(label, "empty document", 1, 1)
        first = head[-1][1].strip()
        if first.startswith("{") and first.endswith("}"):
            yield from _json_lines(itertools.chain(head[-1:], lines), label)
        else:
            yield from _yaml_stream(itertools.chain(head, lines), label)
    finally:
        if f is not None and path != "-":
            f.close()


def _open(path: str):
    """A binary file object to read `path` (standard input for `-`) and its label."""
    import sys

    if path == "-":  # the Unix convention: standard input
        return sys.stdin.buffer, "<stdin>"
    try:
        st = _regular_file(path)
        f = open(path, "rb")
        atomic.note_input(path)
    except DataError:
        raise
    except OSError as e:
        raise DataError(path, f"cannot read: {e.strerror or e}") from None
    return f, path


def _lines(f, label: str) -> Iterator[tuple[int, str]]:
    """(1-based number, text) of every line, each at most MAX_BYTES, UTF-8, no NUL."""
    n = 0
    while True:
        raw = f.readline(MAX_BYTES + 1)
        if not raw:
            return
        n += 1
        if len(raw) > MAX_BYTES:
            raise DataError(label, f"a line of more than the {MAX_BYTES} bytes allowed", n)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise DataError(label, "not UTF-8 text", n) from None
        if "\x00" in text:
            raise DataError(label, "contains a NUL byte: not a text file", n)
        if n == 1:
            text = text.removeprefix("\ufeff")
        yield n, text


def _shifted(doc: Located, offset: int) -> Located:
    """A record parsed on its own, its marks moved to its lines in the file."""
    if offset:
        doc.marks = {k: (line + offset, col) for k, (line, col) in doc.marks.items()}
    return doc


def _json_lines(lines, label: str) -> Iterator[Located]:
    for n, ln in lines:
        text = ln.strip()
        if not text:
            continue
        if not (text.startswith("{") and text.endswith("}")):
            raise DataError(label, "not a JSON line: a file of JSON lines holds one {...} object a line", n)
        doc = _json_record(text, label, n)
        doc.digest = hashlib.sha256(ln.encode("utf-8")).hexdigest()
        yield doc


def _json_record(text: str, label: str, n: int) -> Located:
    """One JSON line (the json module: ten times faster than YAML for a setup), held to the
    rules of a YAML document: no duplicate key, no number of more than MAX_INT_DIGITS digits,
    no NaN or Infinity, nesting at most MAX_DEPTH; every value's mark is its line."""
    import json

    def pairs(items):
        out = {}
        for k, v in items:
            if k in out:
                raise DataError(label, f"duplicate key {k!r}", n)
            out[k] = v
        return out

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_INT_DIGITS:
            raise DataError(label, f"a number of more than {MAX_INT_DIGITS} digits", n)
        return int(digits)

    def constant(name: str):
        raise DataError(label, f"{name} is not a number here", n)

    if _too_many_values(text):   # the bound of a YAML document (loads), for a JSON line too
        raise DataError(label, f"a document of more than {MAX_VALUES:,} values: not a file this tool reads", n)
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=integer, parse_constant=constant)
    except RecursionError:
        raise DataError(label, f"nested more than {MAX_DEPTH} levels deep", n) from None
    except json.JSONDecodeError as e:
        raise DataError(label, f"invalid JSON: {e.msg}", n, e.colno) from None
    marks: dict = {}
    stack = [((), data)]
    while stack:
        path, value = stack.pop()
        if len(path) > MAX_DEPTH:
            raise DataError(label, f"nested more than {MAX_DEPTH} levels deep", n)
        marks[path] = (n, None)
        if isinstance(value, dict):
            stack.extend((path + (k,), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((path + (i,), v) for i, v in enumerate(value))
    return Located(data, label, marks)


_START = re.compile(r"---(?:\s|$)")
_END = re.compile(r"\.\.\.(?:\s|$)")


def _yaml_stream(lines, label: str) -> Iterator[Located]:
    """The documents of a YAML stream, cut at the `---` and `...` markers (a marker at the
    start of a line ends any document, YAML 1.2 9.1) and parsed one at a time."""
    chunk: list[str] = []
    start, size, content, count = 1, 0, False, 0

    def record():
        text = "".join(chunk)
        try:
            doc = loads(text, label)
        except DataError as e:
            if e.line is None:
                raise
            raise DataError(label, e.message, e.line + start - 1, e.col) from None
        doc.digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return _shifted(doc, start - 1)

    for n, ln in lines:
        if _START.match(ln) and content:
            yield record()
            count += 1
            chunk, start, size, content = [], n, 0, False
        if not chunk:
            start = n
        chunk.append(ln)
        size += len(ln)
        if size > MAX_BYTES:
            raise DataError(label, f"a document of more than the {MAX_BYTES} bytes allowed", start)
        stripped = ln.strip()
        if _START.match(ln):
            content = content or bool(ln[3:].strip()) and not ln[3:].strip().startswith("#")
        elif stripped and not stripped.startswith(("#", "%")):
            content = True
        if _END.match(ln):
            if content:
                yield record()
                count += 1
            chunk, size, content = [], 0, False
    if content:
        yield record()
    elif not count:
        raise DataError(label, "empty document", 1, 1)


_JSON_BREAKS = re.compile("[\u0085\u2028\u2029]")   # in a JSON line, only inside a string: escaped


def load_all(path) -> list[Located]:
    """Every document of a file at once (iter_all, listed)."""
    return list(iter_all(path))


def _regular_file(path: str) -> os.stat_result:
    """The stat of `path`, a regular file (a folder, device or pipe is a DataError)."""
    st = os.stat(path)
    if stat.S_ISDIR(st.st_mode):
        raise DataError(path, "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise DataError(path, "not a regular file (a device or a pipe): give a file")
    return st


def require_file(path, what: str) -> None:
    """`path` names a regular file, or a DataError says "WHAT not found" (nothing there, a
    dangling link) or what is there instead (a folder, a FIFO, /dev/stdout): never "not found"
    for a pipe."""
    try:
        _regular_file(path)
    except FileNotFoundError:
        raise DataError(path, f"{what} not found") from None
    except OSError as e:
        raise DataError(path, f"cannot read: {e.strerror or e}") from None


def _read(path: str) -> tuple[bytes, str]:
    """The bytes of a file (or of standard input for `-`), size-capped, and its name."""
    if path == "-":  # the Unix convention: standard input
        return _stdin(), "<stdin>"
    try:
        st = _regular_file(path)
        size = st.st_size
        if size > MAX_BYTES:
            raise DataError(path, f"file is {size} bytes, more than the {MAX_BYTES} allowed")
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise DataError(path, f"file is more than the {MAX_BYTES} bytes allowed")
        atomic.note_input(path)
    except DataError:
        raise
    except OSError as e:
        raise DataError(path, f"cannot read: {e.strerror or e}") from None
    return raw, path


def _text_of(raw: bytes, path: str) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise DataError(path, "not UTF-8 text", line) from None
    if "\x00" in text:
        raise DataError(path, "contains a NUL byte: not a text file")
    return text


def _parse_bytes(raw: bytes, path: str) -> Located:
    text = _text_of(raw, path)
    located = loads(text, path)
    located.digest = hashlib.sha256(raw).hexdigest()
    return located
