# Lathe: `make run` serves the app on http://127.0.0.1:8000, `make test` runs every check.
VENV := backend/.venv
PY := $(VENV)/bin/python
PY_READY := $(VENV)/.installed
NODE_READY := frontend/node_modules/.installed
NPM := npm --prefix frontend

.PHONY: run test test-backend test-frontend e2e openapi bench automl-bench matrix install build clean

run: $(PY_READY) build
	cd backend && ../$(PY) -m lathe

test: test-backend test-frontend e2e

install: $(PY_READY) $(NODE_READY)

$(PY_READY): backend/pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e 'backend[dev]'
	touch $@

$(NODE_READY): frontend/package.json frontend/package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

build: $(NODE_READY)
	$(NPM) run build

test-backend: $(PY_READY)
	cd backend && .venv/bin/ruff check . ../bench && .venv/bin/ruff format --check . ../bench
	cd backend && .venv/bin/mypy
	cd backend && .venv/bin/lint-imports
	cd backend && .venv/bin/pytest

test-frontend: $(NODE_READY)
	$(NPM) run check:api
	$(NPM) run typecheck
	$(NPM) run lint
	$(NPM) run format:check
	$(NPM) test

e2e: $(PY_READY) build
	$(NPM) run e2e

openapi: $(PY_READY) $(NODE_READY)
	cd backend && .venv/bin/python -m lathe.openapi_document > ../openapi.yaml
	$(NPM) run gen:api

bench: $(PY_READY)
	cd backend && .venv/bin/python ../bench/run.py

# Lathe's automatic path against FLAML and AutoGluon on R's data sets, the peers and the
# data in a venv of their own (never Lathe's or CI's). BUDGET: seconds; SETS=a,b: some sets;
# TOOLS=best,defaults,flaml,autogluon: some tools, the others' cells as an earlier run kept them.
AUTOML_VENV := bench/automl/.venv
AUTOML_READY := $(AUTOML_VENV)/.installed
BUDGET ?= 60
SETS ?=
TOOLS ?=

$(AUTOML_READY): bench/automl/requirements.txt
	test -x $(AUTOML_VENV)/bin/python || python3 -m venv $(AUTOML_VENV)
	$(AUTOML_VENV)/bin/pip install --quiet --disable-pip-version-check -r bench/automl/requirements.txt
	touch $@

automl-bench: $(PY_READY) $(AUTOML_READY)
	$(PY) bench/automl/automl_bench.py --budget $(BUDGET) --sets '$(SETS)' --tools '$(TOOLS)'

# Every messy data set through every recipe and validation: a table of walks by stage.
matrix: $(PY_READY)
	cd backend && .venv/bin/python -m tests.matrix.report

clean:
	rm -rf frontend/dist frontend/node_modules $(VENV)
