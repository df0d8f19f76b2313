"""Doctest snippets in Markdown: the ``pycon`` fenced blocks.

One extraction (markdown-it-py tokens, so a closing fence is never taken for
expected output and a fence shown inside a longer fence is not a snippet)
serves two runners:

- the build, which runs every game page's snippets but its simulations and
  fails with ``file:line`` when one does not hold (:func:`run_snippets`);
- pytest, through Sybil (:class:`PyconFenceParser`, wired in ``conftest.py``),
  which runs every snippet, the simulations included, on every test run.

A simulation (a snippet that calls ``main(["simulate", ...])``: a solitaire's
odds over a thousand deals, say) takes seconds where the rest of a page's
checks take milliseconds, so the build leaves it to the tests and stays fast
to rebuild while a page is being edited (:func:`is_simulation`).

The snippets of one page share a namespace, in page order, in both.
"""

import doctest
import re
from dataclasses import dataclass

from sybil.evaluators.doctest import DocTestEvaluator
from sybil.parsers.abstract.doctest import DocTestStringParser

from .errors import SourceError

DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
FENCE_KIND = "pycon"
_SHOWN = 160  # characters of expected/actual output quoted in an error line


@dataclass(frozen=True)
class Snippet:
    line: int   # 1-based line of the snippet's first line (just below the fence)
    body: str


SIMULATION = re.compile(r"""^>>> .*\bmain\(\[\s*["']simulate["']""", re.M)


def is_simulation(snippet):
    """Whether ``snippet`` runs the bots' games of ``simulate``: the tests check it, not the build."""
    return bool(SIMULATION.search(snippet.body))


def find_snippets(text):
    """The ``pycon`` snippets of a Markdown text, in order."""
    from .source import markdown_parser

    return [
        Snippet(line=token.map[0] + 2, body=token.content)
        for token in markdown_parser().parse(text)
        if token.type == "fence" and token.info.strip() == FENCE_KIND
    ]


class _CollectingRunner(doctest.DocTestRunner):
    """A runner that keeps ``(example, what went wrong)`` instead of printing."""

    def __init__(self):
        super().__init__(optionflags=DOCTEST_FLAGS, verbose=False)
        self.problems = []

    def report_failure(self, out, test, example, got):
        self.problems.append((example, f"expected {_short(example.want)}, got {_short(got)}"))

    def report_unexpected_exception(self, out, test, example, exc_info):
        kind, error, _ = exc_info
        self.problems.append((example, f"raised {kind.__name__}: {_short(str(error), quote=False)}"))


def _short(text, quote=True):
    text = text.strip()
    if len(text) > _SHOWN:
        text = text[: _SHOWN - 3] + "..."
    if not quote:
        return text
    return repr(text) if text else "nothing"


def run_snippets(path, snippets, globs=None):
    """Run ``snippets`` in order in one namespace; a :class:`SourceError` for
    every example whose output differs or that raises."""
    globs = {"__name__": "__rules_page__"} if globs is None else globs
    parser = doctest.DocTestParser()
    runner = _CollectingRunner()
    errors = []
    for snippet in snippets:
        examples = parser.get_examples(snippet.body, name=str(path))
        if not examples:
            errors.append(SourceError(str(path), snippet.line, "a pycon block holds no '>>>' example"))
            continue
        test = doctest.DocTest(examples, globs, str(path), str(path), snippet.line - 1, snippet.body)
        runner.problems = []
        runner.run(test, out=lambda text: None, clear_globs=False)
        globs = test.globs  # DocTest ran in a copy: carry its names to the next snippet
        for example, problem in runner.problems:
            source_line = example.source.splitlines()[0]
            errors.append(SourceError(str(path), snippet.line + example.lineno,
                                      f"doctest '>>> {source_line}' failed: {problem}"))
    return errors


class PyconFenceParser:
    """A Sybil parser for ``pycon`` fences, using the same extraction as the build."""

    def __init__(self, optionflags=DOCTEST_FLAGS):
        self.string_parser = DocTestStringParser(DocTestEvaluator(optionflags))

    def __call__(self, document):
        text = document.text
        line_starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                line_starts.append(index + 1)
        line_starts.append(len(text))
        for snippet in find_snippets(text):
            first = snippet.line - 1
            for region in self.string_parser(snippet.body, document.path):
                # The snippet's text may be indented in the file (markdown-it
                # strips that), so regions are placed by whole lines.
                start_line = first + snippet.body.count("\n", 0, region.start)
                end_line = first + snippet.body.count("\n", 0, region.end)
                region.start = line_starts[start_line]
                region.end = line_starts[min(end_line, len(line_starts) - 1)]
                yield region
