import pytest

from playaids import yamlsafe
from playaids.errors import DataError


def err(text):
    with pytest.raises(DataError) as e:
        yamlsafe.loads(text, "f.yaml")
    return e.value


def test_marks_are_one_based_line_and_column():
    doc = yamlsafe.loads("a: 1\nb:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert doc.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert doc.where(("b", 1, "c")) == (4, 9)
    assert doc.where(("a",)) == (1, 4)


def test_malformed_yaml_is_located():
    e = err("a: [1, 2\nb: 3\n")
    assert e.path == "f.yaml" and e.line == 2
    assert str(e).startswith("f.yaml:2:")


def test_duplicate_keys_rejected():
    e = err("a: 1\nb: 2\na: 3\n")
    assert (e.line, e.col) == (3, 1) and "duplicate key 'a'" in e.message


def test_aliases_and_anchors_rejected():
    assert "aliases" in err("a: &x [1, 2]\nb: *x\n").message
    bomb = 'a: &a ["lol","lol"]\nb: &b [*a,*a]\nc: &c [*b,*b]\n'
    assert "aliases" in err(bomb).message


def test_python_tags_rejected():
    assert "not allowed" in err("a: !!python/object/apply:os.system ['true']\n").message


def test_empty_document():
    assert "empty" in err("").message


def test_non_utf8_file(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(b"a: 1\nb: \xff\xfe\n")
    with pytest.raises(DataError) as e:
        yamlsafe.load(p)
    assert e.value.line == 2 and "UTF-8" in e.value.message


def test_huge_file_rejected(tmp_path):
    p = tmp_path / "big.yaml"
    p.write_text("a: " + "x" * (yamlsafe.MAX_BYTES + 1))
    with pytest.raises(DataError) as e:
        yamlsafe.load(p)
    assert "bytes" in e.value.message


def test_missing_file(tmp_path):
    with pytest.raises(DataError) as e:
        yamlsafe.load(tmp_path / "nope.yaml")
    assert "cannot read" in str(e.value)
