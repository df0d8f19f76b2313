import json

import pytest

import rules_engine
from rules_engine import Record, RecordError, replay
from rules_engine.bots import RandomBot, play_out
from rules_engine.cards import format_cards, make_deck
from rules_engine.rng import shuffled


@pytest.fixture(scope="module")
def king_record():
    state = rules_engine.load_game("king").new(seed=21)
    for _ in range(30):
        state = state.apply(state.legal_moves()[-1], comment="the last legal move" if _ == 3 else None)
    return state.record


def test_text_form_is_readable_and_round_trips(king_record):
    text = king_record.to_text()
    assert text.startswith("game: king\nengine: 0.1.0\nseats: 4\nseed: 21\n")
    assert "4. " in text and "{the last legal move}" in text and text.endswith("end\n")
    assert Record.from_text(text) == king_record


def test_json_form_round_trips(king_record):
    data = json.loads(king_record.dumps())
    assert data["game"] == "king" and data["seed"] == 21 and len(data["moves"]) == 30
    assert data["moves"][3] == {"move": king_record.moves[3].text, "comment": "the last legal move"}
    assert Record.from_json(data) == king_record == Record.load(king_record.dumps())


def test_records_accept_hand_written_moves():
    state = rules_engine.load_game("king").new(seed=4)
    card = state.legal_moves()[0].card
    text = f"game: king\nseats: 4\nseed: 4\n# a comment line\nmoves:\n  play {card.symbol}   {{first lead}}\nend\n"
    states = list(replay(text))
    assert len(states) == 2
    assert states[-1].record.moves[0].text == f"play {card.text}"
    assert states[-1].record.moves[0].comment == "first lead"


def test_explicit_deck_instead_of_seed():
    yukon = rules_engine.load_game("yukon")
    seeded = yukon.new(seed=9)
    order = format_cards(shuffled(make_deck("52"), 9, "deal"))
    fixed = yukon.new(decks={"deal": order})
    assert fixed.view(0)["table"] == seeded.view(0)["table"]
    assert fixed.seed is None
    record = fixed.record
    assert record.decks == {"deal": order}
    again = list(replay(Record.load(record.to_text())))[0]
    assert again.view(0) == fixed.view(0)


def test_a_whole_game_replays_to_the_same_end():
    final = play_out(rules_engine.load_game("king").new(seed=8), [RandomBot(i) for i in range(4)])
    states = list(replay(final.record.to_text()))
    assert states[-1].is_over and states[-1].scores == final.scores


@pytest.mark.parametrize("text, message", [
    ("", "no 'game:' line"),
    ("game: king\nseed: 1\nmoves:\n1. play 2C\n", "truncated"),
    ("game: king\nseed: 1\n", "truncated"),
    ("game: king\nseed: 1\nmoves:\n1. play 2C {unclosed\nend\n", "not closed"),
    ("game: king\nflavour: sweet\nmoves:\nend\n", "unknown header 'flavour'"),
    ("game: king\nseats: four\nmoves:\nend\n", "seats 'four'"),
    ("game: king\nmoves:\nend\nplay 2C\n", "after the closing 'end'"),
    ('{"game": "king", "moves": [', "not valid JSON"),
    ('{"game": "king"}', "no 'moves' field"),
    ('{"game": "king", "moves": [3]}', "move 1 is not a move"),
    ('{"game": "king", "moves": [], "colour": 1}', "unknown fields: 'colour': its fields are game, engine"),
])
def test_damaged_records_are_refused_clearly(text, message):
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        list(replay(text))


def test_tampered_move_is_named_by_number(king_record):
    record = Record.load(king_record.to_text())
    record.moves[7].text = "bid 99"
    with pytest.raises(RecordError, match=r"record move 8 'bid 99' does not apply"):
        list(replay(record))


def test_unknown_game_or_option_in_a_record():
    with pytest.raises(RecordError, match="unknown game 'snap'"):
        list(replay("game: snap\nmoves:\nend\n"))
    with pytest.raises(RecordError, match="unknown option 'jokers'"):
        list(replay('game: king\nseed: 1\noption jokers: 2\nmoves:\nend\n'))


def test_a_deck_that_is_not_the_games_cards_is_refused():
    with pytest.raises(RecordError, match="deck 'deal' of yukon does not hold the game's cards"):
        list(replay("game: yukon\ndeck deal: AS KS\nmoves:\nend\n"))
    with pytest.raises(RecordError, match="no seed and no deck 'hand-1'"):
        list(replay(f"game: king\ndeck first-dealer: {format_cards(make_deck('52'))}\nmoves:\nend\n"))
    with pytest.raises(RecordError, match="does not hold the game's cards: missing: 2C 3C 4C 5C 6C 7C 8C 9C "
                                          "and 4 more; not in the pack, or too many: AS"):
        list(replay(f"game: yukon\ndeck deal: AS AS {format_cards(make_deck('52')[1:-12])}\nmoves:\nend\n"))


# ---- deck lines, engine versions and what a record is (issue 25) ----------------------------------


def test_a_deck_line_the_game_never_deals_is_refused_naming_it():
    deck = format_cards(make_deck("52"))
    with pytest.raises(RecordError, match="record deck 'hand1' is never dealt in King: this record deals "
                                          "'first-dealer', 'hand-1'"):
        list(replay(f"game: king\nseed: 1\ndeck hand1: {deck}\nmoves:\nend\n"))
    with pytest.raises(RecordError, match="record deck 'deal' is never dealt in King"):
        list(replay(f"game: king\nseed: 1\ndeck deal: {deck}\nmoves:\nend\n"))
    # A later hand of a game still going may be fixed now: the record may go on to deal it.
    states = list(replay(f"game: king\nseed: 1\ndeck hand-2: {deck}\nmoves:\nend\n"))
    assert states[-1].decks.keys() == {"hand-2"} and "hand-2" not in states[-1].labels_dealt
    # Once the game is over, every deck it was given must have been dealt.
    final = finished_yukon()
    text = final.record.to_text().replace("moves:", f"deck hand-2: {deck}\nmoves:")
    with pytest.raises(RecordError, match="record deck 'hand-2' is never dealt in Yukon: this record deals 'deal'"):
        list(replay(text))


def finished_yukon():
    return play_out(rules_engine.load_game("yukon").new(seed=1), [RandomBot()])


@pytest.mark.parametrize("version", ["0.1.0", "0.12.3", "0.1.9999"])
def test_a_record_of_this_major_version_replays(version):
    for text in (f"game: yukon\nengine: {version}\nseed: 1\nmoves:\nend\n",
                 {"game": "yukon", "engine": version, "seed": 1, "moves": []}):
        assert Record.load(text).engine == version
        assert len(list(replay(text))) == 1


@pytest.mark.parametrize("version, message", [
    ("1.0.0", "record engine '1.0.0' cannot be replayed by this engine (0.1.0), which replays records of engine 0.x.y"),
    ("banana", "record engine 'banana' is not a version: expected major.minor.patch, like '0.1.0'"),
    ("0.1", "record engine '0.1' is not a version"),
    ("０.1.0", "is not a version"),
    ("0.1.0-beta", "is not a version"),
    ("00000.1.0", "is not a version"),
])
def test_a_record_of_another_engine_is_refused_clearly(version, message):
    for text in (f"game: yukon\nengine: {version}\nseed: 1\nmoves:\nend\n",
                 {"game": "yukon", "engine": version, "seed": 1, "moves": []}):
        with pytest.raises(RecordError) as info:
            list(replay(text))
        assert message in str(info.value)


@pytest.mark.parametrize("thing", [5, None, b"game: king", ["game: king"], 1.5])
def test_start_and_replay_refuse_what_is_not_a_record(thing):
    from rules_engine.record import start

    for call in (lambda: start(thing), lambda: list(replay(thing))):
        with pytest.raises(RecordError, match="a record is text or a JSON object, not"):
            call()


def test_a_json_record_names_its_options_by_text():
    with pytest.raises(RecordError, match="record option 1 must be named by a text"):
        list(replay({"game": "king", "seed": 1, "moves": [], "options": {1: 2}}))


def test_a_long_games_history_stays_shallow_and_whole():
    # Kaiser's random games run to the 200-hand limit, some 7,000 moves: a history kept as one chain
    # of nested tuples that deep overflowed the stack that frees it under Pyodide. Past each segment
    # the moves are sealed flat; every way of reading them back still sees all of them, in order.
    from rules_engine.game import HISTORY_SEGMENT

    state = rules_engine.load_game("kaiser").new(seed="pyodide-random-3")
    bots, texts = [RandomBot(f"long/{seat}") for seat in range(state.seats)], []
    while not state.is_over and len(texts) < 3 * HISTORY_SEGMENT + 5:
        seat = state.to_act
        move = bots[seat].choose(state.view(seat))
        state = state.apply(move)
        texts.append(state.last_move[0])
        if len(texts) in (HISTORY_SEGMENT - 1, HISTORY_SEGMENT, HISTORY_SEGMENT + 1):
            assert state.moves_seen_by(0) == len(texts) and len(state.moves_made) == len(texts)
    assert len(texts) == 3 * HISTORY_SEGMENT + 5
    assert [text for text, _, _ in state.moves_made] == texts
    assert [m.text for m in state.record.moves] == texts and state.last_move[0] == texts[-1]
    assert state.moves_seen_by(2) == len(texts) and state.last_move_seen_by(1)[0] == texts[-1]
    depth, node = 0, state._history
    while node is not None:
        depth, node = depth + 1, node[0]
    assert depth < HISTORY_SEGMENT
    *_, replayed = replay(state.record)
    assert replayed.record == state.record and replayed.view(3) == state.view(3)
