"""The score pad's build step: its data file, written from the engine's
registry, and the place on its page where the pad is mounted.

The pad (``widgets/scorepad.js``) reads ``scorepad/games.json`` at first
paint, with no Pyodide: every registered game with its players and its
``ScoreRule`` (rules_engine/scoring.py). A game joins the pad the day it is
registered; nothing about a game is typed here.
"""

import html
import json

PAGE = "score-pad.md"
DATA = "scorepad/games.json"
MARKER = "<!-- scorepad: the pad is mounted here -->"
DATA_VERSION = 1
STYLES = "widgets/scorepad.css"


def game_entry(spec):
    return {
        "id": spec.id,
        "name": spec.name,
        "summary": spec.summary,
        "seats": list(spec.seats),
        "player_counts": list(spec.player_counts),
        "page": f"games/{spec.id}/",
        "scoring": spec.scoring.to_json(spec.options),
    }


def games_json(specs):
    """The pad's data file: ``specs`` (id -> spec) as JSON, games by name."""
    games = sorted(specs.values(), key=lambda spec: spec.name.casefold())
    data = {"version": DATA_VERSION, "games": [game_entry(spec) for spec in games]}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def mount_html(data_url, root_url):
    """The pad's element: where its data lies and the site's root, both relative to the page.
    Without JavaScript the text inside it says what the page needs."""
    attrs = {"data-widget": "scorepad", "data-games": data_url, "data-root": root_url.rstrip("/") + "/"}
    attributes = " ".join(f'{name}="{html.escape(value, quote=True)}"' for name, value in attrs.items())
    # The pad's styles load with its page only (in the body, which instant navigation swaps), so the
    # game pages do not carry them.
    style = html.escape(attrs["data-root"] + STYLES, quote=True)
    return (f'<link rel="stylesheet" href="{style}">\n'
            f'<div class="scorepad" {attributes}>\n'
            '<p class="scorepad__notice">The score pad needs JavaScript. It keeps everything in this '
            "browser and sends nothing anywhere.</p>\n</div>")


def page_markdown(markdown, data_url, root_url):
    """The pad's page with its element in place of the marker."""
    if MARKER not in markdown:
        raise ValueError(f"{PAGE} has lost its marker {MARKER!r}: the pad has nowhere to go")
    return markdown.replace(MARKER, mount_html(data_url, root_url))


def keep_score_link(game_id):
    """The Markdown link from a game's page (``games/<id>.md``) to the pad set up for that game."""
    return f"[Keep score](../{PAGE}?game={game_id})"
