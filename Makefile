# The two set-up commands of the README: `make build` and `make test`.
.PHONY: build test bootstrap bench soak

bootstrap:
	bash tools/bootstrap.sh

build: bootstrap
	.venv/bin/playaids build --out output --lang all

test: bootstrap
	.venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist worksteal

bench: bootstrap
	.venv/bin/python bench/run.py

# the fuzz of every reader on thousands of hostile documents each (not part of `make test`)
soak: bootstrap
	SOAK_EXAMPLES=$${SOAK_EXAMPLES:-3000} .venv/bin/python -m pytest -p no:cacheprovider -n 2 -q tests/test_fuzz_readers.py
