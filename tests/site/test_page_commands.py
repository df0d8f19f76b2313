"""Every command printed on a page runs as printed, and every figure a page
quotes from one is what it prints.

The commands are found, not listed: inline code and shell blocks on the
site's pages (``docs/**/*.md``) whose first word is a program, and the
README's shell lines that run the engine's command line. Each runs in this
process (the engine's ``cli.main``, the validator's and the collections' ``main``), or, for a
``make`` target, is checked to be one. A command no rule here knows how to
check fails the test, so a new one is never left unchecked.
"""

import io
import re
import shlex
from contextlib import redirect_stderr, redirect_stdout

import pytest

import rules_engine
from build_scripts import collection_pages, validate
from build_scripts.source import markdown_parser
from rules_engine import cli

from site_helpers import DOCS, ROOT

README = ROOT / "README.md"
PROGRAMS = {"python", "python3", ".venv/bin/python", "make", "pip", "npm", "npx", "node", "pytest", "mkdocs"}
SHELL_BLOCKS = {"sh", "shell", "bash", "console"}
ENGINE = ["-m", "rules_engine"]

# Figures a page states from a command's output: each must be in the output and in the
# paragraph that prints the command (whitespace aside).
FIGURES = {
    "python -m rules_engine simulate the-clock --games 1000 --seed 7": ("80 of 1000", "8.0%", "6.5% to 9.8%"),
}


def _words(text):
    return " ".join(text.split())


def printed_commands():
    """``(where, command, paragraph)`` for every command printed on a page, then the README's."""
    found = []
    for path in sorted(DOCS.rglob("*.md")):
        found += _commands_in(path, lambda words: words[0] in PROGRAMS)
    found += _commands_in(README, lambda words: words[0] in PROGRAMS and words[1:3] == ENGINE)
    return found


def _commands_in(path, wanted):
    where = path.relative_to(ROOT).as_posix()
    found = []
    for token in markdown_parser().parse(path.read_text(encoding="utf-8")):
        if token.type == "inline":
            for child in token.children or ():
                if child.type == "code_inline" and child.content.split() and wanted(child.content.split()):
                    found.append((f"{where}:{token.map[0] + 1}", _words(child.content), token.content))
        elif token.type == "fence" and token.info.strip() in SHELL_BLOCKS:
            for offset, line in enumerate(token.content.splitlines()):
                words = shlex.split(line, comments=True)
                if words and wanted(words):
                    found.append((f"{where}:{token.map[0] + 2 + offset}", " ".join(words), ""))
    return found


COMMANDS = printed_commands()


def readme_record():
    """The game record the README shows; its commands' ``game.txt`` holds it."""
    fences = [token.content for token in markdown_parser().parse(README.read_text(encoding="utf-8"))
              if token.type == "fence" and token.content.startswith("game:")]
    assert len(fences) == 1, "the README shows one game record"
    return fences[0]


def run_engine(argv):
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(argv, stdin=io.StringIO(""), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def run_module(main, argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def run_validator(argv):
    return run_module(validate.main, argv)


@pytest.mark.parametrize("where, command, paragraph", COMMANDS, ids=[f"{w} {c}" for w, c, _ in COMMANDS])
def test_each_printed_command_runs_as_printed(where, command, paragraph, tmp_path, monkeypatch):
    words = shlex.split(command)
    if words[0] == "make":  # running `make test` inside the tests would never end: the target must exist
        makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
        for target in [word for word in words[1:] if "=" not in word]:   # GAME=<id> sets a variable
            assert re.search(rf"^{re.escape(target)}:", makefile, re.M), f"{where}: the Makefile has no '{target}'"
        return
    module, argv = words[2] if words[1:2] == ["-m"] else None, words[3:]
    if words[1:2] == ["tests/regenerate_golden.py"]:
        # Run for King's record in place of <id>, writing into a copy: the test never rewrites the
        # golden files themselves, and the record written is the one kept (test_golden agrees).
        import game_tests
        import regenerate_golden

        names = [word.replace("<id>", "king") for word in words[2:]]
        kept = {name: record for name, record in game_tests.golden_records().items() if name in names}
        assert sorted(kept) == sorted(names), f"{where}: no golden record named {names}"
        copies = {name: game_tests.GoldenRecord(record.game_id, tmp_path / record.path.name, record.expected)
                  for name, record in kept.items()}
        (tmp_path / "expected.json").write_text("{}")
        monkeypatch.setattr(regenerate_golden, "golden_records", lambda: copies)
        status, out, err = run_module(regenerate_golden.main, names)
        status = 0 if status is None else status
        for name, record in kept.items():
            assert copies[name].text() == record.text(), f"{where}: `{command}` wrote another record"
    elif module == "rules_engine":
        assert where.startswith("README") or command in FIGURES, (
            f"{where}: list in FIGURES what the page states from `{command}` (an empty tuple if nothing)")
        monkeypatch.chdir(tmp_path)  # where a reader's own files would be
        (tmp_path / "game.txt").write_text(readme_record(), encoding="utf-8")
        status, out, err = run_engine(argv)
    elif module == "build_scripts.validate":
        monkeypatch.chdir(ROOT)  # from the project's root, as the pages run their commands
        status, out, err = run_validator(argv)
        if "--game" in argv:
            assert status == 0 and f"the page of {argv[argv.index('--game') + 1]} checked: 0 problems" in err, err
        else:
            checked = re.search(r"(\d+) game pages \(([^)]*)\) and \d+ collections checked: 0 problems", err)
            assert checked, err
            assert checked.group(2).split(", ") == sorted(spec.id for spec in rules_engine.list_games())
    elif module == "build_scripts.collection_pages":
        # Into a copy of the collections: the figures themselves are played again, run by run, in
        # test_collections.py; here the command writes the file the build reads, the same keys in it.
        (tmp_path / collection_pages.FOLDER).mkdir()
        for path in collection_pages.collection_sources(DOCS):
            (tmp_path / collection_pages.FOLDER / path.name).write_text(path.read_text(encoding="utf-8"))
        recorded = collection_pages.recorded_figures(DOCS / collection_pages.FOLDER)
        runs = collection_pages.measured_runs(DOCS, {spec.id: spec for spec in rules_engine.list_games()})
        monkeypatch.setattr(collection_pages, "measure",
                            lambda *run: recorded[next(name for name, r in runs.items() if r == run)])
        status, out, err = run_module(collection_pages.main, [*argv, "--docs", str(tmp_path)])
        written = tmp_path / collection_pages.FOLDER / collection_pages.FIGURES
        assert written.read_text() == (DOCS / collection_pages.FOLDER / collection_pages.FIGURES).read_text()
    else:
        pytest.fail(f"{where}: `{command}` is printed on a page, but this test does not know how to run it: "
                    f"teach it")
    assert status == 0, f"{where}: `{command}` failed:\n{out}{err}"
    for figure in FIGURES.get(command, ()):
        assert figure in out, f"{where}: `{command}` no longer prints {figure!r}:\n{out}"
        assert figure in _words(paragraph), f"{where}: the page no longer states {figure!r} from `{command}`"


def test_the_figures_are_those_of_commands_still_printed():
    assert set(FIGURES) <= {command for _, command, _ in COMMANDS}


def test_the_commands_are_found():
    """The finder sees the commands a reader would: the engine's, the validator's and make's."""
    found = {command for _, command, _ in COMMANDS}
    assert ".venv/bin/python -m rules_engine list" in found
    assert ".venv/bin/python -m build_scripts.validate" in found
    assert "make serve" in found
    assert all("http.server" not in command for command in found)  # the README's others are not the engine's
