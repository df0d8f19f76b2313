"""Collects the doctests of the site's pages (``docs/**/*.md``) with Sybil.

Doctests are ``pycon`` fenced blocks; ``build_scripts.doctests`` finds them
with markdown-it-py, the same way the site build does, so pytest and the
build agree on what a snippet is. The snippets of one page share a namespace
and run in page order, so each page is one test: pytest-xdist may then
spread pages, but never split or reorder one.
"""

import os
from pathlib import Path

import pytest
from sybil import Sybil

from build_scripts.doctests import PyconFenceParser

DOCS = Path(__file__).resolve().parent / "docs"
SYBIL = Sybil(parsers=[PyconFenceParser()], patterns=["*.md"], name="docs")


class PageDoctests(pytest.Item):
    """Every doctest of one page, run in order in the page's namespace."""

    def runtest(self):
        document = SYBIL.parse(self.path)
        for example in document.examples():
            example.evaluate()

    def reportinfo(self):
        return self.path, 0, f"doctests of {self.path.relative_to(DOCS)}"


class PageFile(pytest.File):
    def collect(self):
        yield PageDoctests.from_parent(self, name="doctests")


def pytest_collect_file(file_path, parent):
    if DOCS in Path(file_path).resolve().parents and file_path.suffix == ".md":
        return PageFile.from_parent(parent, path=file_path)
    return None


# ---- one cold build, begun at once ----------------------------------------------------------
# The site's tests and the browser tests each build the site; the first build of a run checks every
# page cold (simulations, the collections' measures) while a second worker would wait for it on the
# check cache's lock. So the controller begins a build of its own as the session starts, on a thread
# that holds that lock, and the tests that need no site run first: the workers' own builds then find
# every check done.
SITE_TESTS = ("tests/browser", "tests/site", "tests/pyodide")
ROOT = Path(__file__).resolve().parent


def _wants(config, *folders):
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] or [ROOT / "tests"]
    return any(path == ROOT / where or ROOT / where in path.parents or path in (ROOT / where).parents
               for path in paths for where in folders)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    config = session.config
    if hasattr(config, "workerinput") or config.option.collectonly or not _wants(config, *SITE_TESTS):
        return
    import subprocess
    import sys
    import tempfile
    import threading

    from build_scripts import check_cache

    def build():
        with tempfile.TemporaryDirectory() as out, check_cache.one_build_at_a_time():
            # Its outcome is not this thread's to report: a failing build fails the tests' own builds.
            subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", out], cwd=ROOT,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, capture_output=True)

    config._warm_build = threading.Thread(target=build, name="warm site build", daemon=True)
    config._warm_build.start()
    # The Pyodide parity runs, once for every worker (tests/pyodide/parity_runs.py); not when -k or -m
    # may have left out the tests that read them.
    if _wants(config, "tests/pyodide") and not (config.option.keyword or config.option.markexpr
                                                 or config.option.game):
        sys.path.insert(0, str(ROOT / "tests" / "pyodide"))
        import parity_runs

        config._parity_folder = tempfile.TemporaryDirectory(prefix="parity-runs-")
        config._parity_runs = parity_runs.begin(config._parity_folder.name)


def pytest_sessionfinish(session):
    for name in ("_warm_build", "_parity_runs"):
        thread = getattr(session.config, name, None)
        if thread is not None:
            thread.join()
    folder = getattr(session.config, "_parity_folder", None)
    if folder is not None:
        folder.cleanup()


# ---- one game's tests: pytest --game ID (make check-game GAME=ID) --------------------------------

def pytest_addoption(parser):
    parser.addoption("--game", default=None, metavar="ID",
                     help="only one game's tests: its own folder, its page's doctests, and the shared "
                          "tests run for it (those parametrized by its id, its spec or its golden records)")


def _names_game(value, game_id, golden):
    if isinstance(value, (tuple, list)):
        return any(_names_game(part, game_id, golden) for part in value)
    if getattr(value, "id", None) == game_id:   # a game's spec
        return True
    return isinstance(value, str) and (value == game_id or value in golden)


def _concerns_game(item, game_id, golden):
    where = Path(str(item.fspath)).resolve()
    if ROOT / "tests" / "games" in where.parents:
        return where.parent.name == game_id.replace("-", "_")
    if where == ROOT / "docs" / "games" / f"{game_id}.md":
        return True
    if ROOT / "tests" / "pyodide" in where.parents:   # the parity runs play every game at once
        return False
    params = getattr(getattr(item, "callspec", None), "params", {})
    return any(_names_game(value, game_id, golden) for value in params.values())


def _select_game(config, items):
    game_id = config.option.game
    if not game_id:
        return
    import rules_engine

    from game_tests import golden_records

    rules_engine.state_class(game_id)   # an unknown id: OptionError, with the ids nearest it
    golden = {name for name, record in golden_records().items() if record.game_id == game_id}
    kept = [item for item in items if _concerns_game(item, game_id, golden)]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept


def pytest_collection_modifyitems(config, items):
    """The tests that need the site after the others (a stable sort: each worker collects the same order)."""
    _select_game(config, items)

    def needs_site(item):
        where = Path(str(item.fspath)).resolve()
        return any(ROOT / part in where.parents for part in SITE_TESTS)
    items.sort(key=needs_site)
