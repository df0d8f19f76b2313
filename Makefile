# The two commands a newcomer runs (see README): `make serve` and `make test`.
# Each installs what it needs into .venv first, from pinned versions.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: serve build test bench clean

serve: $(STAMP)
	$(PY) -m mkdocs serve --strict -a 127.0.0.1:8000

build: $(STAMP)
	$(PY) -m mkdocs build --strict

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

clean:
	rm -rf $(VENV) site build
