"""The YAML front matter of a game's source, checked against its schema.

The front matter holds only what the engine does not know: where the game
comes from, other names players search for, and related games. Players,
deck, family and options come from the engine and may not be typed here.
"""

import re

import yaml

# key -> (kind, required, what it is). Kinds: "text" or "list of text".
SCHEMA = {
    "origin": ("text", True, "where and when the game is played, in a sentence"),
    "aliases": ("list of text", False, "other names of the game, so search finds them"),
    "related": ("list of text", False, "related games: an id of a game on this site, or another game's name"),
}

# Facts the engine owns: typing them here would state them twice.
ENGINE_KEYS = {"id", "name", "title", "players", "seats", "deck", "family", "options", "summary"}

GAME_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def read_front_matter(content, first_line):
    """``(data, key_lines, problems)`` for the YAML ``content`` that starts on
    file line ``first_line``; ``problems`` are ``(line, message)`` pairs."""
    try:
        node = yaml.compose(content, Loader=yaml.SafeLoader)
        data = yaml.safe_load(content)
    except yaml.YAMLError as error:
        # The context mark is where the broken construct opened (the '[' never
        # closed), which is the line to fix; the problem mark is often the end.
        mark = getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)
        last = max(content.count("\n") - (1 if content.endswith("\n") else 0), 0)
        line = first_line + min(mark.line if mark else 0, last)
        problem = getattr(error, "problem", None) or str(error)
        return {}, {}, [(line, f"front matter is not valid YAML: {problem}")]
    if node is None:
        data, node = {}, None
    if not isinstance(data, dict):
        return {}, {}, [(first_line, "front matter must be a mapping of keys to values, like 'origin: ...'")]
    key_lines = {}
    value_lines = {}
    for key_node, value_node in node.value if node is not None else ():
        key_lines[key_node.value] = first_line + key_node.start_mark.line
        value_lines[key_node.value] = value_node
    problems = []
    for key, value in data.items():
        line = key_lines.get(key, first_line)
        problems += [(line, message) for message in _check_key(key, value, value_lines.get(key))]
    for key, (_, required, meaning) in SCHEMA.items():
        if required and key not in data:
            problems.append((first_line, f"front matter has no '{key}:' ({meaning})"))
    return data, key_lines, problems


def _check_key(key, value, node):
    if key in ENGINE_KEYS:
        yield f"front matter key '{key}' is a fact the engine knows: the build takes it from rules_engine, remove it"
        return
    if key not in SCHEMA:
        known = ", ".join(SCHEMA)
        yield f"unknown front matter key '{key}': the keys are {known}"
        return
    kind = SCHEMA[key][0]
    if kind == "text":
        if not isinstance(value, str) or not value.strip():
            yield f"front matter '{key}' must be a line of text"
        return
    if not isinstance(value, list):
        yield f"front matter '{key}' must be a list, like '{key}: [First, Second]'"
        return
    for item in value:
        if not isinstance(item, str) or not item.strip():
            yield f"front matter '{key}' must list text only, got {item!r}"
    duplicates = sorted({item for item in value if isinstance(item, str) and value.count(item) > 1})
    for item in duplicates:
        yield f"front matter '{key}' lists {item!r} twice"
