"""A seeded play block deals a hand its reader plays from the start: the bots before the reader's
first turn neither end the hand nor play it out (Gin Rummy's seed 376 had the bot knock first), so
the reader makes a fair part of the hand's moves."""

import pathlib

import pytest

from build_scripts.source import parse_source
from rules_engine.bots import make_bot
from rules_engine.host import Host

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "games"
SEEDED = [(path.stem, fence) for path in sorted(DOCS.glob("*.md")) for fence in parse_source(str(path)).fences
          if fence.kind == "play" and fence.options.get("seed") is not None]
# Of the first hand's moves, the reader makes at least this much of an even share (its moves
# over all moves, times the players): two thirds, as a heuristic player of the reader's seat plays.
FAIR_PART = 2 / 3


def first_hand(game_id, fence):
    """The reader's moves and all moves of the block's first hand, every seat played by the
    heuristic bot (the reader's by one of its own), as the widget asks for the bots' moves."""
    seat = fence.options.get("seat", 0)
    host = Host()
    send = lambda op, **args: host.handle({"v": 1, "op": op, "session": "s", **args})  # noqa: E731
    reply = send("open", game=game_id, seed=fence.options["seed"], seats=fence.options.get("seats"),
                 human=seat, options=fence.game_options)
    reader, mine, moves = make_bot("heuristic", "reader"), 0, 0
    while reply["ok"] and not reply["table"]["is_over"] and not reply["table"]["interlude"]:
        if reply["table"].get("rhythm"):
            return None   # a real-time table goes by its beat, which the reader starts
        if reply["table"]["to_act"] == seat:
            reply = send("move", move=reader.choose(reply["view"]))
            mine += 1
        else:
            reply = send("bot")
        moves += 1
    assert reply["ok"], reply
    return mine, moves, reply["table"]["seats"]


@pytest.mark.parametrize("game_id, fence", SEEDED, ids=[f"{game}-{fence.id}" for game, fence in SEEDED])
def test_a_seeded_play_block_deals_a_hand_the_reader_plays_from_its_start(game_id, fence):
    played = first_hand(game_id, fence)
    if played is None:
        return
    mine, moves, seats = played
    assert mine * seats >= FAIR_PART * moves, (
        f"{game_id} {fence.id} (seed {fence.options['seed']}): the reader makes {mine} of the first hand's "
        f"{moves} moves at a table of {seats}: the bots play it out; choose a seed that deals the reader in")



def introduction(lines, fence):
    """The paragraph just above ``fence``, or None where another block ends there."""
    above = [line.strip() for line in lines[:fence.line - 1]]
    while above and not above[-1]:
        above.pop()
    paragraph = []
    while above and above[-1]:
        paragraph.insert(0, above.pop())
    return None if not paragraph or paragraph[-1].startswith("```") else " ".join(paragraph)


def first_tables(path):
    """The play blocks of a page that do not follow another play block at once (those after it are
    the same table for other numbers of players, drawn as its tabs)."""
    source = parse_source(str(path))
    fences, found = source.fences, []
    for before, fence in zip([None] + fences, fences):
        joined = before is not None and before.kind == "play" and not any(
            line.strip() for line in source.lines[before.end_index:fence.line - 1])
        if fence.kind == "play" and not joined:
            found.append((path.stem, fence, source.lines))
    return found


FIRST_TABLES = [table for path in sorted(DOCS.glob("*.md")) for table in first_tables(path)]


@pytest.mark.parametrize("game_id, fence, lines", FIRST_TABLES, ids=[f"{g}-{f.id}" for g, f, _ in FIRST_TABLES])
def test_a_play_table_is_introduced_as_a_table_the_reader_plays(game_id, fence, lines):
    """The words above a table say what it is, a table the reader plays: Cassino's said "a whole
    game between the engine's players", and Getaway's tables had no words at all."""
    text = introduction(lines, fence)
    assert text is not None, f"{game_id}: the table at line {fence.line} has no words above it"
    assert "between the engine's players" not in text, text
