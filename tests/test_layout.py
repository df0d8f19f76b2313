"""A game is one folder and one page: its rules and bot in ``rules_engine/games/<game>/``, its
tests in ``tests/games/<game>/``, its page ``docs/games/<id>.md``. Nothing shared keeps a list
of the games, and no game's modules import each other in a circle."""

import ast
import re
import subprocess
from pathlib import Path

import pytest

import rules_engine

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "rules_engine"
SPECS = rules_engine.list_games()
# A shared file may name a few games as examples; one naming this many lists them.
MOST_GAMES_NAMED = 11


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path, modules):
    """The engine's modules ``path`` imports, anywhere in it (a function's import too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[:len(base) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            # ``from . import melds`` imports the module melds; ``from . import value`` the package
            found |= {f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target
                      for alias in node.names}
    return {module for module in found if module in modules}


def import_graph():
    paths = {module_name(path): path for path in ENGINE.rglob("*.py")}
    return {module: imports_of(path, paths) for module, path in paths.items()}


def circles(graph):
    """The strongly connected sets of modules (Tarjan's algorithm), each of two or more."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circle_runs_through_a_game():
    through_games = [group for group in circles(import_graph())
                     if any(module.startswith("rules_engine.games.") for module in group)]
    assert through_games == [], (
        "these modules import each other in a circle: a game's bot and helpers import the game (its "
        "package), never the other way round; a helper that needs a rule fact reads it off the state")


@pytest.mark.parametrize("spec", SPECS, ids=[spec.id for spec in SPECS])
def test_each_game_is_a_folder_with_its_bot_its_tests_and_its_page(spec):
    folder = spec.id.replace("-", "_")
    assert (ENGINE / "games" / folder / "__init__.py").is_file()
    assert (ENGINE / "games" / folder / "bot.py").is_file(), \
        f"rules_engine/games/{folder}/bot.py: every game has a heuristic bot, choose(view, rng)"
    assert list((ROOT / "tests" / "games" / folder).glob("test_*.py")), \
        f"tests/games/{folder}/: no test_{folder}.py, the game's own tests"
    assert (ROOT / "docs" / "games" / f"{spec.id}.md").is_file()


def games_named(text):
    """The games ``text`` names: by id (quoted, in a path, or as a module name) or by name."""
    found = set()
    for spec in SPECS:
        module = spec.id.replace("-", "_")
        if re.search(rf"""["'/]{re.escape(spec.id)}["'/.#\]]|\b{module}\b|games/{module}\b""", text):
            found.add(spec.id)
    for spec in sorted(SPECS, key=lambda spec: -len(spec.name)):   # "Salute the King" before "King"
        pattern = rf"\b{re.escape(spec.name)}\b"
        if re.search(pattern, text):
            found.add(spec.id)
            text = re.sub(pattern, "", text)
    return found


def own_files(spec):
    folder = spec.id.replace("-", "_")
    return (f"rules_engine/games/{folder}/", f"tests/games/{folder}/", f"docs/games/{spec.id}.md")


def test_no_shared_file_keeps_a_list_of_the_games():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    own = tuple(prefix for spec in SPECS for prefix in own_files(spec))
    listing = {}
    for name in tracked.split():
        path = ROOT / name
        if name.startswith(own) or not path.is_file():
            continue
        try:
            named = games_named(path.read_text())
        except UnicodeDecodeError:
            continue
        if len(named) > MOST_GAMES_NAMED:
            listing[name] = len(named)
    assert listing == {}, (
        "these shared files name many games, as a list would: a game declares what shared code needs "
        "to know beside itself (its spec, its page, its test folder), where the shared code finds it")
