# The two commands a newcomer runs (see README): `make serve` and `make test`.
# Each installs what it needs into .venv first, from pinned versions.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve build test bench check pyodide bench-pyodide bench-browser bench-table bench-bots clean

serve: $(STAMP)
	$(PY) -m mkdocs serve --strict -a 127.0.0.1:8000

build: $(STAMP)
	$(PY) -m mkdocs build --strict

test: $(STAMP) $(CHROMIUM)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/site_build.py

check: $(STAMP)
	$(PY) -m build_scripts.validate

pyodide: $(STAMP)
	$(PY) -m build_scripts.pyodide_bundle build/pyodide

bench-pyodide: $(STAMP)
	$(PY) benchmarks/pyodide_speed.py

bench-browser: $(STAMP) $(CHROMIUM)
	$(PY) benchmarks/browser_speed.py

bench-table: $(STAMP) $(CHROMIUM)
	$(PY) benchmarks/table_render.py

bench-bots: $(STAMP)
	$(PY) benchmarks/bots_vs_random.py

# The browser tests drive Debian's Chromium (Playwright's own browser download is not used).
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

clean:
	rm -rf $(VENV) .venv-pyodide site build
