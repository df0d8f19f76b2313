"""Collects the doctests of the site's pages (``docs/**/*.md``) with Sybil.

Doctests are ``pycon`` fenced blocks; ``build_scripts.doctests`` finds them
with markdown-it-py, the same way the site build does, so pytest and the
build agree on what a snippet is. The snippets of one page share a namespace
and run in page order, so each page is one test: pytest-xdist may then
spread pages, but never split or reorder one.
"""

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
