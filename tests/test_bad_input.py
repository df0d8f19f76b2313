"""Bad input gets a clear error and changes nothing."""

import io
import json

import pytest

import rules_engine
from conformance import snapshot
from rules_engine import IllegalMoveError, NotationError, NotYourTurnError, OptionError
from rules_engine.errors import quote
from rules_engine.host import Host


@pytest.fixture
def king():
    return rules_engine.load_game("king").new(seed=2)


@pytest.mark.parametrize("text, message", [
    ("play", "bad move 'play' in King: expected one of"),
    ("play ZZ", "bad move 'play ZZ' in King: bad card 'ZZ'"),
    ("fold", "bad move 'fold' in King"),
    ("bid lots", "expected a number, got 'lots'"),
    ("", "bad move ''"),
])
def test_malformed_moves(king, text, message):
    before = snapshot(king)
    with pytest.raises(NotationError) as info:
        king.apply(text)
    assert message in str(info.value)
    assert snapshot(king) == before


def test_move_out_of_turn_names_both_seats(king):
    before = snapshot(king)
    wrong = (king.to_act + 1) % 4
    with pytest.raises(NotYourTurnError) as info:
        king.apply(king.legal_moves()[0], seat=wrong)
    assert info.value.rule == "play.turn"
    assert f"it is seat {king.to_act}'s turn, not seat {wrong}'s" in str(info.value)
    assert snapshot(king) == before


def test_illegal_move_carries_reason_and_rule(king):
    leader_hand = king.view(king.to_act)["table"]["play"]["hands"][king.to_act]
    other = next(c for c in rules_engine.cards.make_deck("52") if c.text not in leader_hand)
    before = snapshot(king)
    with pytest.raises(IllegalMoveError) as info:
        king.apply(f"play {other.text}")
    error = info.value
    assert error.rule == "play.turn" and "not in your hand" in error.reason
    assert str(error) == f"illegal move 'play {other.text}': {error.reason} (rule play.turn)"
    assert isinstance(error, ValueError)
    assert snapshot(king) == before


def test_a_finished_game_takes_no_moves():
    from rules_engine.bots import RandomBot, play_out

    final = play_out(rules_engine.load_game("yukon").new(seed=1), [RandomBot()])
    with pytest.raises(IllegalMoveError, match="the game is over") as info:
        final.apply("move AS to foundation")
    assert info.value.rule == "end.game"
    assert final.explain("move AS to foundation").rule == "end.game"


@pytest.mark.parametrize("call, message", [
    (lambda: rules_engine.load_game("snap"), "unknown game 'snap': no such id among the"),
    (lambda: rules_engine.load_game("kng"), "unknown game 'kng' (did you mean king?): no such id"),
    (lambda: rules_engine.load_game("king", jokers=2), "unknown option 'jokers' for king: its options are first_hand"),
    (lambda: rules_engine.load_game("king").new(seed=1, seats=3), "bad number of seats 3 for king: it takes 4"),
    (lambda: rules_engine.load_game("yukon").new(seed=1, seats="one"), "bad number of seats 'one'"),
])
def test_unknown_games_options_and_seats(call, message):
    with pytest.raises(OptionError) as info:
        call()
    assert message in str(info.value)


def test_option_values_are_checked():
    from rules_engine.game import Option

    option = Option("target", 61, choices=(61, 121))
    assert option.check(121, "x") == 121
    with pytest.raises(OptionError, match="bad value 100 for option 'target' of x: expected one of 61, 121"):
        option.check(100, "x")
    with pytest.raises(OptionError, match="expected a value like 10"):
        Option("hands", 10).check("ten", "x")


# ---- input that used to escape as something other than a RulesError (issue 14) ------------------

HUGE = 10**5000


@pytest.mark.parametrize("game_id, text, message", [
    ("king", "bid --1", "expected a number, got '--1'"),
    ("king", "bid ²", "expected a number, got '²'"),
    ("king", "bid 1234567", "number '1234567' is too long: at most 6 digits"),
    ("king", "bid " + "9" * 5000, "is too long: at most 6 digits"),
    ("yukon", "move AS to column --1", "expected a number, got '--1'"),
    ("yukon", "move AS to column ７", "expected a number, got '７'"),
    ("gin-rummy", "meld " + "5H " * 200_000, "600,005 characters, more than any move needs"),
])
def test_numbers_in_moves_are_ascii_digits_and_short(game_id, text, message):
    state = rules_engine.load_game(game_id).new(seed=2)
    before = snapshot(state)
    with pytest.raises(NotationError, match=message) as info:
        state.apply(text)
    assert len(str(info.value)) < 300
    assert snapshot(state) == before


@pytest.mark.parametrize("move", [5, None, HUGE, ["bid", "1"]], ids=quote)
def test_a_move_that_is_not_text_is_a_notation_error(king, move):
    with pytest.raises(NotationError, match="a move is written as text"):
        king.apply(move)


@pytest.mark.parametrize("text, message", [
    ("seats: ²", "record seats '²' is not a number of seats"),
    ("seats: " + "4" * 5000, "is not a number of seats"),
    ("seed: " + "4" * 5000, "bad seed '444"),
    ("seed:  5\t", "record line"),  # a seed cannot start with a space: the line is read as seed "5"
    ("option first_hand: " + "1" * 5000, "option value '111"),
    ("option first_hand: 1.0", "bad value 1.0 for option 'first_hand' of king"),
    ("option first_hand: true", "bad value True for option 'first_hand' of king"),
])
def test_bad_header_values_in_a_text_record(text, message):
    record = f"game: king\nseats: 4\nseed: 42\n{text}\nmoves:\nend\n".replace("seed:  5\t", "seed: 5")
    if message == "record line":
        state = next(rules_engine.replay(record))  # "seed:  5" is simply seed 5
        assert state.seed == 5
        return
    with pytest.raises(rules_engine.RecordError, match=message) as info:
        list(rules_engine.replay(record))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("change, message", [
    ({"moves": None}, "record 'moves' must be a list, got None"),
    ({"moves": 5}, "record 'moves' must be a list, got 5"),
    ({"moves": [5]}, "record move 1 is not a move: 5"),
    ({"decks": "ab"}, "record 'decks' must be an object, got 'ab'"),
    ({"decks": True}, "record 'decks' must be an object, got True"),
    ({"decks": {"hand-1": 5}}, "record deck 'hand-1' must be its cards as text"),
    ({"game": ["king"]}, "record 'game' must be a text, got ['king']"),
    ({"seats": True}, "record 'seats' must be a number, got True"),
    ({"seed": HUGE}, "bad seed a number of 5001 digits or so"),
    ({"seed": [1, 2]}, "a seed is a number or a text, not a list"),
    ({"options": {"first_hand": 1.0}}, "bad value 1.0 for option 'first_hand'"),
])
def test_json_records_of_the_wrong_shape(change, message):
    record = {"game": "king", "seats": 4, "seed": 42, "moves": [], **change}
    with pytest.raises(rules_engine.RecordError) as info:
        list(rules_engine.replay(record))
    assert message in str(info.value)


def test_json_with_a_huge_number_and_records_that_are_not_text():
    with pytest.raises(rules_engine.RecordError, match="record is not valid JSON"):
        rules_engine.Record.load('{"game": "king", "moves": [], "seats": ' + "4" * 5000 + "}")
    for thing in ([], 5, None, b"game: king"):
        with pytest.raises(rules_engine.RecordError, match="a record is text or a JSON object"):
            rules_engine.Record.load(thing)


@pytest.mark.parametrize("seed", [HUGE, -HUGE, 2**53, (4, 2), b"42", True, " 5", "5 ", "", "a\nb", "x" * 101, 4.0], ids=quote)
def test_seeds_that_could_not_replay_the_same_deal_are_refused(seed):
    with pytest.raises(OptionError, match="bad seed") as info:
        rules_engine.load_game("yukon").new(seed=seed)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("seed, kept", [
    ("007", "007"), ("-0", "-0"), ("４２", "４２"), ("²", "²"), ("a seed", "a seed"), ("42", 42), (-5, -5),
    (2**53 - 1, 2**53 - 1),
])
def test_every_seed_replays_the_same_deal_from_its_record(seed, kept):
    state = rules_engine.load_game("king").new(seed=seed)
    assert state.seed == kept
    for form in (state.record.to_text(), state.record.dumps()):
        again = rules_engine.Record.load(form)
        assert again == state.record
        assert next(rules_engine.replay(again)).view(0) == state.view(0)


@pytest.mark.parametrize("value", [1.0, True, "1", [1], 10**5000], ids=quote)
def test_an_option_equal_to_an_allowed_value_but_of_another_type_is_refused(value):
    with pytest.raises(OptionError, match="bad value .* for option 'first_hand' of king"):
        rules_engine.load_game("king", first_hand=value)


@pytest.mark.parametrize("seats", [True, 4.0, "4"])
def test_seats_must_be_an_int(seats):
    with pytest.raises(OptionError, match="bad number of seats"):
        rules_engine.load_game("king").new(seed=1, seats=seats)


@pytest.mark.parametrize("decks, message", [("ab", "bad decks 'ab'"), ({"deal": 5}, "bad deck 'deal': 5")])
def test_decks_must_be_labels_with_cards(decks, message):
    with pytest.raises(OptionError, match=message):
        rules_engine.load_game("yukon").new(decks=decks)


def test_an_unhashable_game_id_is_an_unknown_game():
    with pytest.raises(OptionError, match=r"unknown game \['king'\]"):
        rules_engine.load_game(["king"])


# ---- input of any size stays small in messages (issue 25) ----------------------------------------

BIG = "Q" * 10_000_000  # 10 MB
BIG_RECORD = "game: king\nseats: 4\nseed: 42\n{}\nmoves:\n1. play 2C\nend\n"


def _text_record(line):
    return BIG_RECORD.format(line)


def _king():
    return rules_engine.load_game("king").new(seed=42)


BRIDGE_FACTS = {"level": 1, "strain": "S", "declarer": "player", "doubling": 1, "tricks": 7, "honours": 0}


ENTRY_POINTS = {
    "a move": lambda: _king().apply(BIG),
    "a move's card": lambda: _king().apply("play " + BIG),
    "a move's number": lambda: _king().apply("bid " + "9" * 10_000_000),
    "a move of many words": lambda: _king().apply("play " + "2C " * 3_000_000),
    "an explained move": lambda: _king().explain("play " + BIG + "S"),
    "a move for a seat": lambda: _king().apply("play 2C", seat=BIG),
    "a card": lambda: rules_engine.cards.parse_card(BIG),
    "a hidden card": lambda: rules_engine.cards.parse_card("?" * 10_000_000),
    "a suit": lambda: rules_engine.cards.parse_suit(BIG),
    "a game id": lambda: rules_engine.load_game(BIG),
    "an option's name": lambda: rules_engine.load_game("king", **{BIG: 1}),
    "an option's value": lambda: rules_engine.load_game("king", first_hand=BIG),
    "a seed": lambda: rules_engine.load_game("king").new(seed=BIG),
    "a number of seats": lambda: rules_engine.load_game("king").new(seats=BIG),
    "a deck's label": lambda: rules_engine.load_game("yukon").new(decks={BIG: "AS"}),
    "a deck's cards": lambda: rules_engine.load_game("yukon").new(decks={"deal": "AS " * 3_000_000}),
    "a deck of bad cards": lambda: rules_engine.load_game("yukon").new(decks={"deal": BIG}),
    "a view's seat": lambda: _king().view(BIG),
    "a table's seat": lambda: _king().table(BIG),
    "a record": lambda: rules_engine.Record.load(BIG),
    "a record line": lambda: rules_engine.Record.load(_text_record(BIG)),
    "a record header": lambda: rules_engine.Record.load(_text_record(BIG + ": 1")),
    "a record's engine": lambda: rules_engine.Record.load(_text_record("engine: " + BIG)),
    "a record's seats": lambda: rules_engine.Record.load(_text_record("seats: " + "4" * 10_000_000)),
    "a record's seed": lambda: rules_engine.Record.load(_text_record("seed: " + BIG)),
    "a record's option value": lambda: rules_engine.Record.load(_text_record("option first_hand: " + BIG)),
    "a record's option name": lambda: list(rules_engine.replay(_text_record(f"option {BIG}: 1"))),
    "a record's deck": lambda: list(rules_engine.replay(_text_record(f"deck {BIG}: {BIG}"))),
    "a record's move": lambda: list(rules_engine.replay(_text_record("").replace("1. play 2C", "1. play " + BIG))),
    "a record's comment": lambda: rules_engine.Record.load(_text_record("").replace("play 2C", "play 2C {" + BIG)),
    "a record after its end": lambda: rules_engine.Record.load(_text_record("") + BIG),
    "a JSON record's field": lambda: rules_engine.Record.load({"game": "king", "moves": [], BIG: 1}),
    "a JSON record's game": lambda: list(rules_engine.replay({"game": BIG, "moves": []})),
    "a JSON record's move": lambda: list(rules_engine.replay({"game": "king", "seed": 1, "moves": [BIG]})),
    "a JSON record's moves": lambda: rules_engine.Record.load({"game": "king", "moves": [[BIG]]}),
    "a JSON record's deck": lambda: list(rules_engine.replay({"game": "king", "moves": [], "decks": {"hand-1": BIG}})),
    "a JSON record's options": lambda: list(rules_engine.replay({"game": "king", "moves": [], "options": {BIG: BIG}})),
    "a JSON record as text": lambda: rules_engine.Record.load('{"game": "king", "moves": [' + "1, " * 3_000_000),
    "a score fact": lambda: score_row("king", {"taken": [BIG, 0, 0, 0]}, hand=1),
    "a score fact's name": lambda: score_row("king", {BIG: 1}, hand=1),
    "a score's facts": lambda: score_row("king", BIG, hand=1),
    "a score's per-seat facts": lambda: score_row("king", {"taken": [0] * 3_000_000}, hand=1),
    "a score's hand": lambda: score_row("king", {"taken": [13, 0, 0, 0]}, hand=BIG),
    "a score's hand with no fixed hands": lambda: score_row("bridge-solitaire", BRIDGE_FACTS, hand=BIG),
    "a score's game": lambda: score_row(BIG, {}),
    "a score's columns": lambda: score_row("bridge-solitaire", {}, columns=BIG),
    "a score's context": lambda: score_row("bridge-solitaire", {}, context=BIG),
    "a score's choice": lambda: score_row("bridge-solitaire", {**BRIDGE_FACTS, "strain": BIG}),
    "a rubber so far": lambda: score_row("bridge-solitaire", BRIDGE_FACTS, context={"line": [BIG, 0]}),
}


def score_row(*args, **kwargs):
    from rules_engine.scoring import score_row

    return score_row(*args, **kwargs)


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_ten_megabytes_of_input_give_a_message_under_500_characters(entry):
    with pytest.raises(rules_engine.RulesError) as info:
        ENTRY_POINTS[entry]()
    assert len(str(info.value)) < 500, str(info.value)[:1000]


@pytest.mark.parametrize("op, args", [
    ("open", {"session": "w", "game": "king", "seed": BIG}),
    ("open", {"session": "w", "game": "king", "options": {"first_hand": BIG}}),
    ("open", {"session": "w", "record": _text_record("").replace("play 2C", "play " + BIG)}),
    ("open", {"session": "w", "game": "king", "share": BIG}),
    ("open", {"session": BIG, "game": "king"}),
    ("open", {"session": "w", "game": "king", BIG: 1}),
    ("move", {"session": "w", "move": BIG}),
    ("explain", {"session": "w", "move": BIG}),
    ("score", {"game": "king", "hand": 1, "facts": {"taken": [BIG, 0, 0, 0]}}),
    (BIG, {}),
])
def test_ten_megabytes_through_the_page_protocol_give_a_small_error_reply(op, args):
    host = Host()
    assert host.handle({"v": 1, "id": 1, "op": "open", "session": "w", "game": "king", "seed": 42})["ok"]
    reply = host.handle({"v": 1, "id": 2, "op": op, **args})
    assert reply["ok"] is False and reply["error"]["kind"] != "InternalError", reply["error"]["message"][:500]
    assert len(reply["error"]["message"]) < 500 and len(json.dumps(reply)) < 1000


def test_a_ten_megabyte_record_line_gives_one_short_line_on_stderr(tmp_path):
    from rules_engine import cli

    path = tmp_path / "game.txt"
    for text in (_text_record("").replace("play 2C", "play " + BIG), _text_record(BIG)):
        path.write_text(text)
        for command in ("validate", "replay"):
            out, err = io.StringIO(), io.StringIO()
            assert cli.main([command, str(path)], stdout=out, stderr=err) == 2
            assert err.getvalue().count("\n") == 1 and len(err.getvalue()) < 500
    err = io.StringIO()
    argv = ["simulate", "king", "--games", "1", "--option", "first_hand=" + "1" * 100_000, "--seed", BIG[:100_000]]
    assert cli.main(argv, stdout=io.StringIO(), stderr=err) == 2
    assert len(err.getvalue()) < 500
    err = io.StringIO()
    assert cli.main(["simulate", "king", "--games", "9" * 100_000], stdout=io.StringIO(), stderr=err) == 2
    assert len(err.getvalue().splitlines()[-1]) < 500


# ---- what used to be accepted as something else, or escape as another error (issue 25) ---------


@pytest.mark.parametrize("seat", [-1, 99, 4, True, False, 1.0, "1", "ALL", [0], HUGE], ids=quote)
def test_a_view_or_table_for_no_seat_of_the_game_is_refused(king, seat):
    for call in (king.view, king.table):
        with pytest.raises(OptionError, match=r"bad seat .* for king: expected a seat from 0 to 3, None or 'all'"):
            call(seat)
    with pytest.raises(OptionError, match="bad seat"):
        king.apply(king.legal_moves()[0], seat=seat)


def test_every_seat_a_spectator_and_a_commentator_still_see_the_table(king):
    for seat in (None, "all", 0, 1, 2, 3):
        assert king.view(seat)["seat"] == seat and king.table(seat)["seat"] == seat


@pytest.mark.parametrize("version", [True, 1.0, "1", 2, None, [1], HUGE], ids=quote)
def test_the_protocol_version_must_be_the_number_1(version):
    reply = Host().handle({"v": version, "id": 3, "op": "games"})
    assert reply["ok"] is False and reply["id"] == 3
    assert reply["error"]["message"] == f"protocol version {quote(version)} is not 1"


@pytest.mark.parametrize("message_id", [HUGE, 2**53, 1.5, True, "x" * 101, [1], {"a": 1}], ids=quote)
def test_a_message_id_the_page_could_not_match_is_refused_and_not_echoed(message_id):
    reply = Host().handle({"v": 1, "id": message_id, "op": "games"})
    assert reply["ok"] is False and reply["id"] is None and "bad message id" in reply["error"]["message"]


def test_an_id_the_page_sends_comes_back():
    for message_id in (None, 0, 7, -(2**53 - 1), "w1-7"):
        assert Host().handle({"v": 1, "id": message_id, "op": "games"})["id"] == message_id


@pytest.mark.parametrize("facts, hand, message", [
    ({"taken": [HUGE, 0, 0, 0]}, 1, "Tricks taken: a whole number from 0 to 13, got a number of 5001 digits or so"),
    ({"taken": [[HUGE], 0, 0, 0]}, 1, "Tricks taken: a whole number from 0 to 13, got a list too large to show"),
    ({"taken": [True, 0, 0, 0]}, 1, "Tricks taken: a whole number from 0 to 13, got True"),
    ({"taken": [13, 0, 0, 0]}, HUGE, "which hand? King has hands 1 to 10, got a number of 5001 digits or so"),
    ({"taken": [13, 0, 0, 0]}, True, "which hand? King has hands 1 to 10, got True"),
    ({HUGE: 1}, 1, "unknown fact(s) a number of 5001 digits or so: this row takes taken"),
], ids=quote)
def test_the_score_op_names_the_fact_it_refuses(facts, hand, message):
    reply = Host().handle({"v": 1, "id": 1, "op": "score", "game": "king", "hand": hand, "facts": facts})
    assert reply["ok"] is False and reply["error"]["kind"] == "ScoreError"
    assert reply["error"]["message"].startswith(message)


@pytest.mark.parametrize("context, message", [
    ({"line": [HUGE, 0]}, "the rubber so far: line must be two whole numbers from 0 to 99"),
    ({"line": [100, 0]}, "line must be two whole numbers from 0 to 99, got [100, 0]"),
    ({"games_won": [0, 5]}, "games_won must be two whole numbers from 0 to 1, got [0, 5]"),
    ({"games_won": [True, 0]}, "games_won must be two whole numbers from 0 to 1, got [True, 0]"),
], ids=quote)
def test_a_rubber_so_far_that_no_rubber_reaches_is_refused(context, message):
    reply = Host().handle({"v": 1, "id": 1, "op": "score", "game": "bridge-solitaire", "facts": BRIDGE_FACTS,
                           "context": context})
    assert reply["ok"] is False and reply["error"]["kind"] == "ScoreError" and message in reply["error"]["message"]


@pytest.mark.parametrize("value", [1.0, True, "1.0", HUGE], ids=quote)
def test_a_score_choice_of_another_type_is_refused(value):
    with pytest.raises(rules_engine.RulesError, match="Jokers in your hand: one of 1, 2, 4"):
        score_row("bridge-solitaire", {**BRIDGE_FACTS, "doubling": value})
    as_text = score_row("bridge-solitaire", {**BRIDGE_FACTS, "doubling": "2"})  # as a form gives it
    assert as_text == score_row("bridge-solitaire", {**BRIDGE_FACTS, "doubling": 2})


@pytest.mark.parametrize("columns", [True, 1.0, "1", HUGE], ids=quote)
def test_a_score_rows_columns_are_a_number_of_players(columns):
    with pytest.raises(rules_engine.RulesError, match="Bridge Solitaire is for 1 to 1 players, not"):
        score_row("bridge-solitaire", BRIDGE_FACTS, columns=columns)


# ---- a card the game's pack lacks is refused, never looked up (issue: five games crashed) --------

# Every card face there is, the jokers' included: each a larger pack holds than some game's.
EVERY_FACE = list(dict.fromkeys(card.text for card in rules_engine.cards.make_deck("54")))
# Cards written in ways a reader might try: a joker, a hidden card, an ace as 1, a 10 in full.
ODD_CARDS = ["JK", "??", "1S", "10S"]


def _card_words(move_text):
    """The places of ``move_text``'s words that are cards."""
    places = []
    for i, word in enumerate(move_text.split()):
        try:
            rules_engine.cards.parse_card(word)
        except NotationError:
            continue
        places.append(i)
    return places


def _strangers(state):
    """The cards to put in a move: the odd ways of writing one, and every card the pack lacks."""
    held = rules_engine.cards.pack_copies(state.pack_name())
    return ODD_CARDS + [text for text in EVERY_FACE if not held[text] and text not in ODD_CARDS]


def _in_pack(state, token):
    return token != "??" and rules_engine.cards.pack_copies(state.pack_name())[rules_engine.cards.parse_card(token).text]


def _try_every_stranger(state, text, place):
    """Each stranger in the card word at ``place`` of the move ``text``: a card the pack lacks is
    refused with a RulesError that quotes it; a card it holds is refused or made, no other way."""
    words = text.split()
    for token in _strangers(state):
        move = " ".join(words[:place] + [token] + words[place + 1:])
        for call in (state.explain, state.apply):
            try:
                call(move)
            except rules_engine.RulesError as error:
                assert _in_pack(state, token) or token in str(error), (move, str(error))
            else:
                assert _in_pack(state, token), f"{state.spec.id}: {call.__name__}({move!r}) was not refused"


@pytest.mark.parametrize("spec", rules_engine.list_games(), ids=lambda spec: spec.id)
def test_a_card_the_pack_lacks_is_refused_in_every_move_that_names_a_card(spec):
    """A card put in each card word of the legal moves met in the first moves of a random game (each
    kind of move and place once), then in each form's own words: black-hole's 'play JK' was a
    TypeError, pyramid's 'pair JK 3C' a KeyError."""
    import random

    for seats in dict.fromkeys((spec.player_counts[0], spec.player_counts[-1])):
        state = rules_engine.load_game(spec.id).new(seed=1, seats=seats)
        rng, tried = random.Random(spec.id), set()
        for _ in range(150):
            if state.is_over:
                break
            for move in state.legal_moves():
                for place in _card_words(move.text):
                    if (move.kind, place) not in tried:
                        tried.add((move.kind, place))
                        _try_every_stranger(state, move.text, place)
            state = state.apply(rng.choice(state.legal_moves()))
        fillers = {"{card}": "AS", "{cards}": "AS", "{int}": "1", "{seat}": "0", "{suit}": "hearts"}
        for form in state.forms.forms:
            words = [fillers.get(word, word) for word in form.template.split()]
            for place, word in enumerate(form.template.split()):
                if word in ("{card}", "{cards}") and (form.kind, place) not in tried:
                    _try_every_stranger(state, " ".join(words), place)


def test_a_card_the_pack_lacks_is_refused_when_picked():
    state = rules_engine.load_game("gin-rummy").new(seed=1)
    with pytest.raises(NotationError, match=r"the joker picked is no card of this game: its pack is the standard"):
        state.choose(["JK"])
    couillon = rules_engine.load_game("couillon").new(seed=1)
    with pytest.raises(NotationError, match=r"^bad move 'play 2S' in Couillon: there is no 2♠ in its pack \(32 cards"):
        couillon.explain("play 2S")


def test_a_card_the_pack_lacks_comes_back_through_the_page_protocol_as_a_notation_error():
    host = Host()
    assert host.handle({"v": 1, "id": 1, "op": "open", "session": "w", "game": "black-hole", "seed": 1})["ok"]
    reply = host.handle({"v": 1, "id": 2, "op": "explain", "session": "w", "move": "play JK"})
    assert reply["ok"] is False and reply["error"]["kind"] == "NotationError"
    assert reply["error"]["message"] == ("bad move 'play JK' in Black Hole: there is no joker in its pack "
                                         "(the standard 52-card pack)")


# ---- the page protocol: a message of the wrong shape, and a bug, are told apart -------------------

@pytest.mark.parametrize("args, words", [
    ({"session": "w", "move": "play 2C", "seat": 0}, "unexpected keyword argument 'seat'"),
    ({"move": "play 2C"}, "missing a required argument: 'session'"),
])
def test_a_message_of_the_wrong_shape_is_a_protocol_error(args, words):
    reply = Host().handle({"v": 1, "id": 1, "op": "move", **args})
    assert reply["ok"] is False and reply["error"]["kind"] == "ProtocolError"
    assert reply["error"]["message"].startswith("bad arguments: ") and words in reply["error"]["message"]


def test_a_type_error_inside_an_operation_is_an_internal_error_and_logged(monkeypatch, caplog):
    def broken(self, index=None):
        return {"games": (1, 2)[index]}   # a bug in the engine, not a message of the wrong shape

    monkeypatch.setattr(Host, "op_games", broken)
    reply = Host().handle({"v": 1, "id": 1, "op": "games"})
    assert reply["ok"] is False and reply["error"]["kind"] == "InternalError"
    assert reply["error"]["message"].startswith("TypeError: 'tuple indices must be integers")
    logged = [r for r in caplog.records if r.name == "rules_engine.host"]
    assert len(logged) == 1 and logged[0].exc_info[0] is TypeError and "internal error answering" in logged[0].message
