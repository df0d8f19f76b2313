"""Collection pages: a handful of games gathered for one occasion (a day alone, two at home).

A collection's source, ``docs/collections/<name>.md``, is YAML front matter with its
``title``, an introduction, then one ``game`` block per game, each followed by the
paragraphs that introduce that game in the site's own words::

    ```game
    game: black-hole
    diagram: 3
    ```

    A paragraph or two about the game.

The block's options: ``game`` (a registered game's id, required), ``diagram`` (the seed
of the deal drawn, required for a registered game), ``seats`` (for the diagram), ``games``
and ``seed`` (the bots' games that measure it: those of ``python -m rules_engine simulate
ID --games N --seed S``, so that a solitaire's odds can be the very run its page shows), and
``coming: yes`` for a game the collection names that the site does not have yet (its
paragraphs are shown, without a table; once the game is registered, the build asks for
``coming`` to go). Everything else a game's entry shows comes from the engine: its name,
players, pack and family, a deal diagram, the time a game takes and a solitaire's odds,
both measured by playing the engine's own bots, and a link to the table on its page.
Broken sources fail the build with ``file:line: what is wrong``.

The bots' figures take seconds to play, too slow for every build: they are measured by
``python -m build_scripts.collection_pages --measure``, which writes ``figures.json`` beside
the collections, and the build reads them from there (an entry without its figures fails the
build, naming the command). The tests play every one of them again on every run
(``tests/site/test_collections.py``), so a figure the engine no longer gives fails CI.
"""

import argparse
import html
import json
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

import rules_engine
from rules_engine.bots import make_bot, play_out
from rules_engine.render import wilson_interval

from . import diagrams
from .errors import SourceError
from .frontmatter import GAME_ID
from .render import escape_md, players_text, slug

FOLDER = "collections"
FIGURES = "figures.json"
MEASURE_COMMAND = "python -m build_scripts.collection_pages --measure"
FENCE = re.compile(r"^```(\S*)\s*$")
OPTIONS = {"game": "id", "diagram": "int", "seats": "int", "coming": "yes", "name": "text", "games": "int",
           "seed": "int"}
FRONT_KEYS = {"title": "the page's title", "description": "a sentence for search engines and link previews"}
# Games played by default to measure a game's length, and deals to measure a solitaire's odds.
# Enough for a median move count; the interval printed beside the odds says how far they can be
# trusted.
LENGTH_GAMES = 24
ODDS_DEALS = 200
MEASURE_SEED = 1
# The reader's pace when turning moves into minutes: a card game's moves take a few seconds.
SECONDS_PER_MOVE = 5


@dataclass
class Entry:
    game_id: str
    line: int
    options: dict
    text: list = field(default_factory=list)


@dataclass
class Collection:
    path: Path
    title: str = ""
    description: str = ""
    intro: list = field(default_factory=list)
    entries: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    @property
    def src_uri(self):
        return f"{FOLDER}/{self.path.name}"

    def error(self, line, message):
        self.errors.append(SourceError(str(self.path), line, message))


def collection_sources(docs_dir):
    return sorted((Path(docs_dir) / FOLDER).glob("*.md"))


def check_collections(docs_dir, specs, game_sources):
    """``(collections by src_uri, errors)``: every collection page parsed and checked."""
    collections, errors = {}, []
    for path in collection_sources(docs_dir):
        collection = parse_collection(path, specs, game_sources)
        collections[collection.src_uri] = collection
        errors += collection.errors
    return collections, sorted(errors)


def parse_collection(path, specs, game_sources=None, text=None):
    collection = Collection(path=Path(path))
    lines = (Path(path).read_text(encoding="utf-8") if text is None else text).splitlines()
    body_start = _read_front_matter(collection, lines)
    current = collection.intro
    index = body_start
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            current.append(lines[index])
            index += 1
            continue
        end = next((i for i in range(index + 1, len(lines)) if lines[i].strip() == "```"), None)
        if end is None:
            collection.error(index + 1, "the fenced block opened here is never closed with ```")
            break
        if opening.group(1) != "game":
            collection.error(index + 1, f"unknown fence kind '{opening.group(1)}': a collection page's blocks are "
                                        "'game' blocks, one per game it gathers")
        else:
            entry = _read_entry(collection, lines, index, end, specs, game_sources or {})
            if entry:
                collection.entries.append(entry)
                current = entry.text
        index = end + 1
    if not collection.entries:
        collection.error(1, "a collection needs at least one ```game block")
    if not "".join(collection.intro).strip():
        collection.error(body_start + 1, "a collection opens with a paragraph saying what it is for, before its first game")
    return collection


def _read_front_matter(collection, lines):
    if not lines or lines[0].strip() != "---":
        collection.error(1, "a collection starts with front matter between '---' lines, holding its 'title:'")
        return 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        collection.error(1, "the front matter opened here is never closed with '---'")
        return len(lines)
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as error:
        collection.error(1, f"front matter is not valid YAML: {getattr(error, 'problem', None) or error}")
        return end + 1
    if not isinstance(data, dict):
        collection.error(1, "front matter must be a mapping of keys to values, like 'title: ...'")
        return end + 1
    for key, value in data.items():
        line = 1 + next((i for i in range(1, end) if lines[i].startswith(f"{key}:")), 0)
        if key not in FRONT_KEYS:
            collection.error(line, f"unknown front matter key '{key}': the keys are {', '.join(FRONT_KEYS)}")
        elif not isinstance(value, str) or not value.strip():
            collection.error(line, f"front matter '{key}' must be a line of text")
        else:
            setattr(collection, key, value.strip())
    if not collection.title:
        collection.error(1, "front matter has no 'title:' (the page's title)")
    return end + 1


def _read_entry(collection, lines, start, end, specs, game_sources):
    options, option_lines = {}, {}
    for number in range(start + 1, end):
        text = lines[number].strip()
        if not text:
            continue
        key, colon, value = (part.strip() for part in text.partition(":"))
        if not colon or key not in OPTIONS:
            collection.error(number + 1, f"expected one of {', '.join(OPTIONS)} as 'key: value' in a game block, "
                                         f"got {rules_engine.errors.quote(text, 80)}")
            continue
        if key in options:
            collection.error(number + 1, f"option '{key}' is given twice")
            continue
        kind = OPTIONS[key]
        if kind == "int" and not re.fullmatch(r"[0-9]{1,6}", value):
            collection.error(number + 1, f"option '{key}' must be a whole number, got {value!r}")
            continue
        if kind == "yes" and value != "yes":
            collection.error(number + 1, f"option '{key}' is either 'yes' or left out, got {value!r}")
            continue
        if kind == "text" and not value:
            collection.error(number + 1, f"option '{key}' needs a value")
            continue
        if kind == "id" and not GAME_ID.fullmatch(value):
            collection.error(number + 1, f"option '{key}' must be a game's id, like 'the-clock', got {value!r}")
            continue
        options[key] = int(value) if kind == "int" else value
        option_lines[key] = number + 1
    line = start + 1
    game_id = options.get("game")
    if game_id is None:
        collection.error(line, "a game block needs 'game:', the id of the game")
        return None
    if options.get("games") == 0:
        collection.error(option_lines["games"], "option 'games' must be at least 1")
        del options["games"]
    if any(entry.game_id == game_id for entry in collection.entries):
        collection.error(line, f"the game '{game_id}' is in this collection twice")
        return None
    registered = game_id in specs
    if options.get("coming") and registered:
        collection.error(option_lines["coming"], f"'{game_id}' is on the site now: remove 'coming: yes' and give "
                                                 "'diagram:', the seed of the deal to draw")
    elif options.get("coming") and not options.get("name"):
        collection.error(line, "a game that is coming needs 'name:', the name to show until its engine is registered")
    elif not options.get("coming") and "name" in options:
        collection.error(option_lines["name"], f"'{game_id}' takes its name from the engine: remove 'name:'")
    elif not options.get("coming") and not registered:
        collection.error(option_lines["game"], f"no game '{game_id}' is registered (the games are "
                                               f"{', '.join(sorted(specs))}); a game not yet on the site is "
                                               "marked 'coming: yes'")
    elif registered:
        if "diagram" not in options:
            collection.error(line, "a game block needs 'diagram:', the seed of the deal to draw")
        else:
            try:
                options["drawing"] = diagrams.deal_diagram(game_id, options["diagram"], options.get("seats"),
                                                           element_id=f"diagram-{game_id}")
            except diagrams.DiagramError as error:
                collection.error(option_lines["diagram"], f"the diagram of '{game_id}': {error}")
        source = game_sources.get(game_id)
        plays = [fence.id for fence in getattr(source, "fences", ()) if fence.kind == "play"]
        options["table"] = plays[0] if plays else None
        run = measured_run(game_id, options.get("games"), options.get("seed"))
        figures = recorded_figures(collection.path.parent).get(run)
        if figures is None:
            collection.error(line, f"no figures of '{game_id}' measured by its bots ({run}) in "
                                   f"{FOLDER}/{FIGURES}: run `{MEASURE_COMMAND}`")
        options["figures"] = figures
    return Entry(game_id=game_id, line=line, options=options)


# ---- what the engine's bots measure ------------------------------------------------------------

def measured_run(game_id, games=None, seed=None):
    """The name of the bots' run that measures a game: ``"black-hole: 20 games, seed 8"``
    (by default ODDS_DEALS games of a solitaire, LENGTH_GAMES of others, from MEASURE_SEED)."""
    solitaire = rules_engine.load_game(game_id).spec.seats == (1, 1)
    games = games or (ODDS_DEALS if solitaire else LENGTH_GAMES)
    return f"{game_id}: {games} games, seed {MEASURE_SEED if seed is None else seed}"


def measure(game_id, games=None, seed=None):
    """``{"moves": median moves of seat 0 in a game, "games": how many, "won": wins or None}``
    over the heuristic bots' games of ``simulate GAME_ID --games N --seed S``, played now."""
    game = rules_engine.load_game(game_id)
    solitaire = game.spec.seats == (1, 1)
    games = games or (ODDS_DEALS if solitaire else LENGTH_GAMES)
    seed = MEASURE_SEED if seed is None else seed
    moves, won = [], 0
    for i in range(games):
        seed_i = f"{seed}-{i}"
        state = game.new(seed=seed_i)
        state = play_out(state, [make_bot("heuristic", f"{seed_i}-{seat}") for seat in range(state.seats)])
        moves.append(sum(seat == 0 for _, _, seat in state.moves_made))
        won += getattr(state, "result", None) == "won"
    return {"moves": statistics.median(moves), "games": len(moves), "won": won if solitaire else None}


def recorded_figures(folder):
    """The figures ``--measure`` wrote, by run name (empty when there are none yet)."""
    path = Path(folder) / FIGURES
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def measured_runs(docs_dir, specs):
    """Every run the collections under ``docs_dir`` show, as ``{name: (game id, games, seed)}``."""
    runs = {}
    for path in collection_sources(docs_dir):
        for entry in parse_collection(path, specs).entries:
            if entry.game_id in specs:
                games, seed = entry.options.get("games"), entry.options.get("seed")
                runs[measured_run(entry.game_id, games, seed)] = (entry.game_id, games, seed)
    return runs


def write_figures(docs_dir, specs):
    """Measure every run the collections show and write them to ``figures.json``; returns its path."""
    runs = measured_runs(docs_dir, specs)
    figures = {name: measure(*run) for name, run in sorted(runs.items())}
    path = Path(docs_dir) / FOLDER / FIGURES
    path.write_text(json.dumps(figures, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


# ---- the page ----------------------------------------------------------------------------------

def render_collection(collection, specs):
    """The Markdown of a checked collection (links relative to ``collections/``)."""
    out = [f"# {collection.title}", "", *collection.intro]
    for entry in collection.entries:
        out += ["", *_render_entry(entry, specs.get(entry.game_id))]
    return "\n".join(out).rstrip("\n") + "\n"


def _render_entry(entry, spec):
    if spec is None:  # a game the collection names, not on the site yet
        return [f"## {entry.options['name']} {{#{entry.game_id}}}", "", *entry.text, "",
                f"*{escape_md(entry.options['name'])} is not on the site yet: its rules and its table are being "
                "written.*{: .rules-coming }"]
    page = f"../games/{spec.id}.md"
    out = [f"## [{escape_md(spec.name)}]({page}) {{#{spec.id}}}", "", spec.summary, "{: .game-summary }",
           *entry.text, ""]
    out += _facts(spec, entry.options["figures"])
    drawing = entry.options["drawing"]
    out += ["", f'<figure class="rules-diagram" id="diagram-{spec.id}" data-search-exclude>', drawing.svg,
            f"<figcaption>{html.escape(drawing.title)}, as the engine deals it.</figcaption>", "</figure>", ""]
    table = entry.options.get("table")
    where = f"{page}#{table}" if table else page
    out.append(f"[Play {escape_md(spec.name)} on its page]({where}){{ .md-button .md-button--primary }}")
    return out


def _facts(spec, figures):
    low, high = spec.seats
    minutes = max(1, round(figures["moves"] * SECONDS_PER_MOVE / 60))
    solitaire = spec.seats == (1, 1)
    moves = f"{figures['moves']:g} moves" if solitaire else f"{figures['moves']:g} moves of one player"
    facts = [
        ("Players", f"[{players_text(spec.player_counts)}](../games/by-players.md#players-{low})"),
        ("Pack", spec.deck_words()),
        ("Family", f"[{spec.family.capitalize()}](../games/by-family.md#{slug(spec.family)})"),
        ("Time to play", f"about {minutes} minute{'s' if minutes != 1 else ''}: a {'game' if solitaire else 'whole game'} "
                         f"of the site's bots takes a median of {moves} ({figures['games']} "
                         f"games), at {SECONDS_PER_MOVE} seconds a move"),
    ]
    if solitaire:
        won, deals = figures["won"], figures["games"]
        low_share, high_share = wilson_interval(won, deals)
        facts.append(("Odds", f"the site's bot wins {won} of {deals} games ({100 * won / deals:.1f}%; 95% interval "
                              f"{100 * low_share:.1f}% to {100 * high_share:.1f}%)"))
    out = [f'<aside class="game-facts" aria-label="{html.escape(spec.name)} at a glance" markdown="1">', ""]
    for term, value in facts:
        out += [term, f":   {value}", ""]
    out.append("</aside>")
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description="Measure the bots' figures the collection pages show.")
    parser.add_argument("--measure", action="store_true", help=f"play every run and write {FOLDER}/{FIGURES}")
    parser.add_argument("--docs", default=str(Path(__file__).resolve().parent.parent / "docs"))
    args = parser.parse_args(argv)
    if not args.measure:
        parser.print_help()
        return 2
    path = write_figures(args.docs, {spec.id: spec for spec in rules_engine.list_games()})
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
