"""Collects the doctests of the site's pages (``docs/**/*.md``) with Sybil.

Doctests are ``pycon`` fenced blocks; ``build_scripts.doctests`` finds them
with markdown-it-py, the same way the site build does, so pytest and the
build agree on what a snippet is. The snippets of one page share a namespace
and run in page order: with pytest-xdist, use ``--dist loadfile``.
"""

from pathlib import Path

from sybil import Sybil

from build_scripts.doctests import PyconFenceParser

DOCS = Path(__file__).resolve().parent / "docs"

_collect_markdown = Sybil(parsers=[PyconFenceParser()], patterns=["*.md"], name="docs").pytest()


def pytest_collect_file(file_path, parent):
    if DOCS in Path(file_path).resolve().parents:
        return _collect_markdown(file_path, parent)
    return None


def pytest_collection_modifyitems(items):
    # A page's snippets share one namespace and run in order: keep each page's
    # snippets on one xdist worker (--dist loadgroup), and spread everything else.
    import pytest

    for item in items:
        path = Path(str(item.fspath)).resolve()
        if DOCS in path.parents:
            item.add_marker(pytest.mark.xdist_group(name=f"docs:{path.relative_to(DOCS)}"))
