# The two commands a newcomer runs (see README): `make serve` and `make test`.
# Each installs what it needs into .venv first, from pinned versions.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

CHROMIUM := /usr/bin/chromium-headless-shell
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Every site build runs Node.js (>= 18) with npm: `npm ci` installs the pinned npm packages
# (build_scripts/pyodide_pins/: pyodide, esbuild) into build/npm/, and Node makes the engine's
# memory snapshot (build_scripts/make_snapshot.mjs). Installed with apt when missing, like Chromium.
NODE_READY := build/.node-ready

.PHONY: serve build test check-game bench check pyodide bench-pyodide bench-browser bench-table bench-bots clean

# `make serve PORT=8001` serves on another port.
PORT ?= 8000

serve: $(STAMP) $(NODE_READY)
	$(PY) -m mkdocs serve --strict --dirty -a 127.0.0.1:$(PORT)

build: $(STAMP) $(NODE_READY)
	$(PY) -m mkdocs build --strict

test: $(STAMP) $(CHROMIUM) $(NODE_READY)
	$(PY) -m pytest

# One game's checks (GAME=<id>): its page's checks, then its own tests and the shared tests run for it
# (engine, page, site build, browser), with pytest's --game (conftest.py).
check-game: $(STAMP) $(CHROMIUM) $(NODE_READY)
	@if [ -z "$(GAME)" ]; then echo "usage: make check-game GAME=<id>; the ids: $(PY) -m rules_engine list" >&2; exit 2; fi
	$(PY) -m build_scripts.validate --game $(GAME)
	$(PY) -m pytest --game $(GAME)

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/deadwood.py
	$(PY) benchmarks/share_links.py
	$(PY) benchmarks/site_build.py
	$(PY) benchmarks/serve_edit.py

check: $(STAMP)
	$(PY) -m build_scripts.validate

pyodide: $(STAMP) $(NODE_READY)
	$(PY) -m build_scripts.pyodide_bundle build/pyodide

bench-pyodide: $(STAMP) $(NODE_READY)
	$(PY) benchmarks/pyodide_speed.py

bench-browser: $(STAMP) $(CHROMIUM) $(NODE_READY)
	$(PY) benchmarks/browser_speed.py
	$(PY) benchmarks/link_speed.py

bench-table: $(STAMP) $(CHROMIUM) $(NODE_READY)
	$(PY) benchmarks/table_render.py

bench-bots: $(STAMP)
	$(PY) benchmarks/bots_vs_random.py
	$(PY) benchmarks/black_hole_solver.py --bots

# The browser tests drive Debian's Chromium, as its headless shell (Playwright's own browser download
# is not used): the full browser's new headless mode now and then stops drawing frames for a page,
# and a test waiting on the page then hangs until its timeout.
$(CHROMIUM):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium-headless-shell

$(NODE_READY):
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq nodejs npm; fi
	@node -e 'const [major] = process.versions.node.split(".").map(Number); if (major < 18) { console.error("Node.js " + process.versions.node + " is too old: the build needs >= 18"); process.exit(1); }'
	@mkdir -p $(dir $@) && touch $@

$(STAMP): requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip==25.3
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

clean:
	rm -rf $(VENV) .venv-pyodide site build
