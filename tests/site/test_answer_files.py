"""The files that answer a play block's first moves before the engine loads (build_scripts/render.py,
rules_engine.prepared.answers): every move the reader's first turn offers (one built card by card too)
has a file of its own, named in the turn's reply, holding the replies the live widget would get, the
reader's move and the bots' up to the reader's next turn, a hand's end or the game's end; a second
turn is answered only while the block stays within its budget, and the build says how far it went."""

import gzip
import json

from build_scripts.render import ANSWER_BUDGET
from rules_engine.prepared import OPENING_KEYS, answers


def _answered(turn, human):
    """The reader's turn's answers; checks that each move the turn offers has one, and that the turn
    says what its clicks do before the engine (rules_engine.prepared.turn_offers): the refusals, and
    where moves are built card by card and the game lists them, each with its cards."""
    offered = {click["move"] for click in turn["table"]["moves"]}
    named = turn.get("answers") or {}
    assert set(named) == offered, (sorted(offered - set(named)), sorted(set(named) - offered))
    assert isinstance(turn["refusals"], dict)
    listed = {click["move"] for click in turn["table"]["moves"] if click.get("built")}
    if "built" in turn:
        assert listed <= {b["move"] for b in turn["built"]} <= offered, turn["built"]
    return named


def _check_answer(replies, move, human, where):
    assert replies[0]["last"] == {"move": replies[0]["last"]["move"], "seat": human}, where
    assert all(set(OPENING_KEYS) <= set(reply) for reply in replies), where
    for reply in replies[1:]:
        assert reply["last"]["seat"] != human, f"{where}: only the bots play between the reader's turns"
    end = replies[-1]["table"]
    assert end["is_over"] or end["interlude"] or end["to_act"] == human, where
    assert all(not r["table"]["is_over"] and not r["table"]["interlude"] for r in replies[:-1]), where


def test_every_play_block_answers_each_first_move_in_a_file_of_its_own(built_site):
    site = built_site["site"]
    openings = sorted(site.glob("games/*/*-opening.json"))
    assert len(openings) >= 100, len(openings)
    deep = 0
    for opening in openings:
        turn = json.loads(opening.read_text())[-1]
        human, folder = turn["human"], opening.parent
        block = opening.name.removesuffix("-opening.json")
        files = []
        for move, name in _answered(turn, human).items():
            path = site / name
            assert path.parent == folder and path.name.startswith(f"{block}-answer-"), (block, name)
            replies = json.loads(path.read_text())
            _check_answer(replies, move, human, f"{block} {move!r}")
            files.append(path)
            if replies[-1].get("answers") is not None:
                deep += 1
                for second, further in _answered(replies[-1], human).items():
                    later = site / further
                    _check_answer(json.loads(later.read_text()), second, human, f"{block} {move!r} {second!r}")
                    files.append(later)
        # A block goes a second turn deep only within its budget: the first turn is always answered.
        first = sum(1 for path in files if path.name.count("-") == f"{block}-answer-0.json".count("-"))
        if len(files) > first:
            assert sum(len(gzip.compress(path.read_bytes(), 6)) for path in files) <= ANSWER_BUDGET, block
    assert deep >= 50, deep
    assert "First moves answered before the engine loads: " in built_site["log"]


def test_an_answer_is_the_replies_of_the_live_engine_to_that_move():
    # King's block: the reader's move, then the bots' cards up to the reader's next lead or follow.
    found = answers("king", 42, None, 0, {})
    assert found and all(replies[0]["last"] == {"move": move, "seat": 0} for move, replies in found.items())
    again = answers("king", 42, None, 0, {}, played=(next(iter(found)),))
    first = found[next(iter(found))][-1]
    assert first["table"]["to_act"] == 0 and again
    # Each move of that second turn follows on from the first answer's position.
    assert all(replies[0]["step"] > first["step"] for replies in again.values())
    # A turn that is not reached (a move the reader cannot make) has no answers.
    assert answers("king", 42, None, 0, {}, played=("play JK",)) == {}
