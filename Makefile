# The two set-up commands of the README: `make build` and `make test`.
.PHONY: build test test-all bootstrap bench soak

bootstrap:
	bash tools/bootstrap.sh

build: bootstrap
	.venv/bin/playaids build --out output --lang all

# the quick tier (tests/conftest.py: `slow` left out, a `sample` of each matrix); the tests'
# compiled, assertion-rewritten modules are kept between runs even where the shell sets
# PYTHONDONTWRITEBYTECODE (12 s of every run's collection)
test: bootstrap
	env -u PYTHONDONTWRITEBYTECODE .venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist worksteal

# every test, every case (what .ci/run runs after make test)
test-all: bootstrap
	env -u PYTHONDONTWRITEBYTECODE PLAYAIDS_SLOW=1 .venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist worksteal

bench: bootstrap
	.venv/bin/python bench/run.py

# the fuzz of every reader on thousands of hostile documents each (not part of `make test`)
soak: bootstrap
	SOAK_EXAMPLES=$${SOAK_EXAMPLES:-3000} .venv/bin/python -m pytest -p no:cacheprovider -n 2 -q tests/test_fuzz_readers.py
