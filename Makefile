# The two set-up commands of the README: `make build` and `make test`.
.PHONY: build test bootstrap bench

bootstrap:
	bash tools/bootstrap.sh

build: bootstrap
	.venv/bin/playaids build --out output

test: bootstrap
	.venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist worksteal

bench: bootstrap
	.venv/bin/python bench/run.py
