"""Doctests that passed, remembered by what they depend on.

A page's doctests (its ``pycon`` snippets, run in order in one namespace)
depend only on their own text, the engine's sources and the Python running
them. Once they pass, the build notes that under a digest of those three in
``build/checks/``, and a later build of the same page skips them: editing a
page's prose, or another page, costs no doctest run, and the several builds
of one test run check each page once. A failure is never remembered, so it
is reported, with its ``file:line``, every time.

Every figure is still checked on every CI run: pytest runs every page's
doctests itself (``conftest.py``), and a fresh clone starts with no
``build/``. ``RULES_SITE_NO_CHECK_CACHE=1`` turns the cache off, and
``RULES_SITE_CHECK_CACHE`` names another folder for it.

Figures measured by playing the engine's bots (a collection page's time to play and odds) are
not measured by the build at all: ``collection_pages.py`` reads them from the file its
``--measure`` writes, and the tests play them again.
"""

import contextlib
import fcntl
import hashlib
import os
import platform
import tempfile
from pathlib import Path

import rules_engine

from .doctests import DOCTEST_FLAGS

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FOLDER = ROOT / "build" / "checks"


def folder():
    """Where passes are remembered: ``build/checks/``, or ``$RULES_SITE_CHECK_CACHE``."""
    return Path(os.environ.get("RULES_SITE_CHECK_CACHE") or DEFAULT_FOLDER)


def engine_digest():
    """A digest of the engine's sources (read afresh each time: ``mkdocs serve`` sees edits)."""
    package = Path(rules_engine.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def snippets_key(snippets, engine):
    """What a page's doctests depend on: their text in order, the engine, Python and the doctest flags."""
    digest = hashlib.sha256(f"{platform.python_implementation()} {platform.python_version()} "
                            f"{DOCTEST_FLAGS} {engine}\0".encode())
    for snippet in snippets:
        digest.update(snippet.body.encode() + b"\0")
    return digest.hexdigest()


def enabled():
    return os.environ.get("RULES_SITE_NO_CHECK_CACHE", "") in ("", "0")


def passed_before(key):
    return enabled() and (folder() / key).is_file()


def remember_pass(key):
    remember(key, "passed\n")


def remembered(key):
    """The text remembered under ``key``, or None."""
    if not enabled():
        return None
    try:
        return (folder() / key).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None


def remember(key, text):
    if not enabled():
        return
    try:
        where = folder()
        where.mkdir(parents=True, exist_ok=True)
        # Written whole, then renamed into place: builds in parallel (the tests' workers) never
        # see half a file.
        with tempfile.NamedTemporaryFile("w", dir=where, delete=False, suffix=".tmp") as handle:
            handle.write(text)
        os.replace(handle.name, where / key)
    except OSError:
        pass  # a read-only checkout builds as well, only without remembering


@contextlib.contextmanager
def one_build_at_a_time():
    """Builds sharing the cache (the tests' workers) run one after another, so the second finds
    every page the first checked instead of checking it cold beside it on the same cores."""
    where = folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
        handle = open(where / ".build.lock", "w")
    except OSError:
        yield  # a read-only checkout: builds in parallel, only without sharing
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
