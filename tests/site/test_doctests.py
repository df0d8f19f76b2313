"""The doctests of the site's pages: found the same way by the build and by
Sybil, run in page order in one namespace, and every one of them passes."""

import pytest
from sybil import Sybil

from build_scripts.doctests import PyconFenceParser, find_snippets, is_simulation, run_snippets
from build_scripts.source import parse_source
from build_scripts.validate import built_snippets
from site_helpers import DOCS

PAGES = sorted(DOCS.rglob("*.md"))
SYBIL = Sybil(parsers=[PyconFenceParser()], patterns=["*.md"])

SAMPLE = """\
Text.

```pycon
>>> x = 2
>>> x + 1
3
```

````markdown
```pycon
>>> this_is_shown_not_run
```
````

- a list item

  ```pycon
  >>> x * 10
  20
  ```
"""


def test_snippets_are_fenced_pycon_blocks_not_fences_shown_inside_others():
    snippets = find_snippets(SAMPLE)
    assert [(s.line, s.body) for s in snippets] == [(4, ">>> x = 2\n>>> x + 1\n3\n"), (18, ">>> x * 10\n20\n")]


def test_the_closing_fence_is_never_taken_for_expected_output(tmp_path):
    assert run_snippets(tmp_path / "page.md", find_snippets(SAMPLE)) == []


def test_a_failing_example_is_reported_at_its_own_line(tmp_path):
    text = SAMPLE.replace("3\n```", "4\n```")
    errors = run_snippets(tmp_path / "page.md", find_snippets(text))
    assert [(e.line, e.message) for e in errors] == [(5, "doctest '>>> x + 1' failed: expected '4', got '3'")]


def test_an_exception_is_reported_with_its_type(tmp_path):
    errors = run_snippets(tmp_path / "page.md", find_snippets("```pycon\n>>> 1 / 0\n1\n```\n"))
    assert [(e.line, e.message) for e in errors] == [(2, "doctest '>>> 1 / 0' failed: raised ZeroDivisionError: "
                                                          "division by zero")]


def test_sybil_finds_the_same_examples_at_the_same_lines(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(SAMPLE, encoding="utf-8")
    examples = list(SYBIL.parse(page))
    assert [example.line for example in examples] == [4, 5, 18]
    for example in examples:
        example.evaluate()  # in order, one namespace: the last uses x from the first


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(DOCS).as_posix() for page in PAGES])
def test_sybil_finds_every_doctest_on_the_site(page):
    # Every page's doctests are run, each page as one test, by the root conftest.py (its items
    # are "docs/.../<page>.md::doctests"): here, that Sybil finds each of them.
    examples = list(SYBIL.parse(page))
    assert len(examples) == sum(s.body.count(">>> ") for s in find_snippets(page.read_text(encoding="utf-8")))


def test_the_build_leaves_simulations_to_the_tests(tmp_path):
    text = ('```pycon\n>>> from rules_engine.cli import main\n'
            '>>> main(["simulate", "the-clock", "--games", "3", "--seed", "1"])\nwon: 99 of 3\n```\n'
            '```pycon\n>>> 1 + 1\n2\n```\n')
    snippets = find_snippets(text)
    assert [is_simulation(s) for s in snippets] == [True, False]
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    assert [s.body for s in built_snippets(parse_source(str(page)))] == [">>> 1 + 1\n2\n"]
    with pytest.raises(Exception, match="won: 99 of 3"):  # the tests run it, and find the figure wrong
        for example in SYBIL.parse(page):
            example.evaluate()


def test_the_game_pages_have_doctests_covering_their_scoring():
    king = (DOCS / "games" / "king.md").read_text(encoding="utf-8")
    yukon = (DOCS / "games" / "yukon.md").read_text(encoding="utf-8")
    assert len(find_snippets(king)) >= 5 and len(find_snippets(yukon)) >= 5
    for rule in ("no-tricks", "no-hearts", "no-queens", "no-kings-jacks", "no-king-of-hearts", "no-last-two",
                 "negative-total", "zero-sum"):
        # Each scoring rule of King is followed by a snippet that plays it out.
        after = king.split(f"{{#scoring.{rule}}}")[1]
        assert after.lstrip().startswith("```pycon"), rule
    assert "-1300)" in king
