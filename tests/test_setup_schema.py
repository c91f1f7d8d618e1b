"""Setup and terrain files are checked by the JSON Schemas `data schema setup|terrain` publishes
(issue 12): a misspelt key is an error at its line with the key it was meant to be."""
import json

import jsonschema
import pytest
import yaml

from conftest import FIXTURES
from playaids.repository import Repository

GOOD = """game: rgi-macarthur
scenario: korea
seed: 1
placements:
  - {side: un, unit: us-24, count: 1, at: pusan}
"""


def _schema(cli_in, kind):
    r = cli_in("data", "schema", kind)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_every_generated_setup_conforms_to_the_published_setup_schema(cli_in):
    from playaids.engine import api

    schema = _schema(cli_in, "setup")
    jsonschema.Draft7Validator.check_schema(schema)
    repo = Repository.builtin()
    for game_id in ("macarthur-bataan", "okinawa", "rgi-macarthur", "amigos-insurrectors"):
        for sid in repo.scenario_ids(game_id):
            doc = yaml.safe_load(api_dump(api.generate(repo, game_id, sid, 3)))
            assert not list(jsonschema.Draft7Validator(schema).iter_errors(doc)), (game_id, sid)


def api_dump(setup) -> str:
    from playaids.engine import setupfile

    return setupfile.dump(setup)


@pytest.mark.parametrize("change,line,fragment", [
    ("count: 1", 5, "unknown key 'cuont' (did you mean 'count'?)"),
    ("seed: 1", 3, "unknown key 'sed' (did you mean 'seed'?)"),
])
def test_a_misspelt_setup_key_is_named_at_its_line(tmp_path, cli_in, change, line, fragment):
    wrong = {"count: 1": "cuont: 1", "seed: 1": "sed: 1"}[change]
    f = tmp_path / "s.yaml"
    f.write_text(GOOD.replace(change, wrong), encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 2 and r.stderr.decode().startswith(f"{f}:{line}:") and fragment in r.stderr.decode(), r.stderr


def test_the_terrain_schema_is_published_and_a_misspelt_hex_key_is_named(tmp_path, cli_in):
    schema = _schema(cli_in, "terrain")
    jsonschema.Draft7Validator.check_schema(schema)
    for path in sorted((FIXTURES / "asl").glob("board*.yaml")):   # the reconstructed terrains conform
        assert not list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(path.read_text("utf-8")))), path
    from playaids.errors import DataError
    from playaids.games.asl_chapter_g import terrain

    f = tmp_path / "t.yaml"
    f.write_text("board: 25\nhexes:\n  F7: {levle: 1}\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        terrain.load(f)
    assert e.value.line == 3 and "unknown key 'levle' (did you mean 'level'?)" in str(e.value), str(e.value)


@pytest.mark.parametrize("change,fragment", [
    ("seed: 1", "seed: 3.0 is not of type 'integer' (must be a whole number)"),
    ("count: 1", "count: 2.0 is not of type 'integer' (must be a whole number)"),
])
def test_a_whole_number_written_as_a_decimal_is_refused(tmp_path, cli_in, change, fragment):
    f = tmp_path / "s.yaml"
    f.write_text(GOOD.replace(change, {"seed: 1": "seed: 3.0", "count: 1": "count: 2.0"}[change]), encoding="utf-8")
    r = cli_in("verify", f)
    assert r.returncode == 2 and fragment in r.stderr.decode(), r.stderr
