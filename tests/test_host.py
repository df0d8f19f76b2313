"""The page ↔ worker protocol, driven directly on CPython."""

import pytest

from rules_engine.host import Host, decode_share, encode_share, frames


def call(host, op, **args):
    return host.handle({"v": 1, "id": 1, "op": op, **args})


@pytest.fixture
def king():
    host = Host()
    reply = call(host, "open", session="w", game="king", seed=42, human=0)
    assert reply["ok"], reply
    return host, reply


def play_until_human(host, reply):
    while not reply["view"]["is_over"] and reply["view"]["to_act"] != reply["human"]:
        reply = call(host, "bot", session="w")
        assert reply["ok"] and reply["played"]["move"]
    return reply


def test_open_deals_and_shows_only_the_humans_cards(king):
    host, reply = king
    view = reply["view"]
    assert reply["v"] == 1 and reply["id"] == 1 and reply["step"] == 0 and reply["share"] == ""
    assert view["game"] == "king" and view["seat"] == 0
    hands = view["table"]["play"]["hands"]
    assert "??" not in hands[0] and all(set(h) == {"??"} for h in hands[1:])


def test_bots_answer_and_the_human_moves(king):
    host, reply = king
    reply = play_until_human(host, reply)
    move = reply["view"]["moves"][0]
    after = call(host, "move", session="w", move=move)
    assert after["ok"] and after["last"] == {"move": move, "seat": 0} and after["step"] == reply["step"] + 1


def test_illegal_move_is_refused_as_data_and_changes_nothing(king):
    host, reply = king
    reply = play_until_human(host, reply)
    hand = reply["view"]["table"]["play"]["hands"][0]
    legal = {m.split()[1] for m in reply["view"]["moves"]}
    wrong = next((c for c in hand if c not in legal), None)
    if wrong is None:
        wrong = next(c for c in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC",
                                 "2D"] if c not in hand)
    answer = call(host, "move", session="w", move=f"play {wrong}")
    assert not answer["ok"]
    error = answer["error"]
    assert error["kind"] == "IllegalMoveError" and error["rule"] in ("play.follow-suit", "play.turn")
    assert error["reason"] and f"'play {wrong}'" in error["message"]
    explained = call(host, "explain", session="w", move=f"play {wrong}")
    assert explained["legal"] is False and explained["rule"] == error["rule"]
    assert call(host, "record", session="w")["record"].count("\n") == reply["step"] + 6


def test_moves_out_of_turn_and_bad_messages(king):
    host, reply = king
    reply = play_until_human(host, reply)
    reply = call(host, "move", session="w", move=reply["view"]["moves"][0])
    assert reply["view"]["to_act"] != 0
    answer = call(host, "move", session="w", move="play 2C")
    assert answer["error"]["kind"] == "NotYourTurnError" and answer["error"]["rule"] == "play.turn"
    assert call(host, "undo", session="w")["ok"]
    assert host.handle({"v": 2, "op": "games"})["error"]["message"] == "protocol version 2 is not 1"
    assert host.handle({"v": 1, "op": "dance"})["error"]["kind"] == "ProtocolError"
    assert host.handle("hello")["ok"] is False
    assert call(host, "move", session="nope", move="x")["error"]["message"] == "no open session 'nope'"
    assert call(host, "open", session="x", game="snap")["error"]["kind"] == "OptionError"
    assert call(host, "open", session="x", game="king", colour=3)["error"]["kind"] == "ProtocolError"


def test_undo_takes_back_the_bots_replies_and_they_answer_the_same_again(king):
    host, reply = king
    reply = play_until_human(host, reply)
    before = reply["view"]
    move = before["moves"][-1]
    after_move = call(host, "move", session="w", move=move)
    answered = play_until_human(host, after_move)
    undone = call(host, "undo", session="w")
    assert undone["view"] == before and undone["step"] == reply["step"]
    again = play_until_human(host, call(host, "move", session="w", move=move))
    assert again["view"] == answered["view"]


def test_share_code_reproduces_the_position(king):
    host, reply = king
    for _ in range(3):
        reply = play_until_human(host, reply)
        reply = call(host, "move", session="w", move=reply["view"]["moves"][0])
    other = Host()
    copy = call(other, "open", session="v", game="king", seed=42, human=0, share=reply["share"])
    assert copy["view"] == reply["view"] and copy["step"] == reply["step"]
    assert call(other, "open", session="v", game="king", seed=42, share="zzzz")["error"]["kind"] == "ProtocolError"


def test_share_codes_round_trip():
    indexes = [0, 5, 61, 62, 100, 3843]
    assert decode_share(encode_share(indexes)) == indexes
    assert encode_share([0, 10, 61]) == "0aZ"


def test_hint_is_a_legal_move(king):
    host, reply = king
    reply = play_until_human(host, reply)
    assert call(host, "hint", session="w")["hint"] in reply["view"]["moves"]


def test_open_from_a_record_plays_on_from_there():
    host = Host()
    text = "game: yukon\nseed: 3\nmoves:\nend\n"
    first = call(host, "open", session="y", record=text, human=0)
    move = first["view"]["moves"][0]
    reply = call(host, "open", session="y", record=text.replace("end", f"1. {move} {{first}}\nend"), human=0)
    assert reply["step"] == 1 and reply["last"]["move"] == move


def test_games_lists_the_registry():
    games = call(Host(), "games")["games"]
    assert {g["id"] for g in games} >= {"king", "yukon"}


def test_frames_of_a_worked_example():
    text = "game: yukon\nseed: 3\nmoves:\nend\n"
    host = Host()
    reply = call(host, "open", session="y", record=text, human=0)
    moves = []
    for _ in range(4):
        move = reply["view"]["moves"][0]
        moves.append(move)
        reply = call(host, "move", session="y", move=move)
    record = "game: yukon\nseed: 3\nmoves:\n" + "".join(f"{m} {{step {i}}}\n" for i, m in enumerate(moves, 1)) + "end\n"
    steps = frames(record)
    assert [f["step"] for f in steps] == [0, 1, 2, 3, 4]
    assert steps[0]["move"] is None and steps[2]["move"] == moves[1] and steps[2]["comment"] == "step 2"
    assert steps[-1]["view"]["table"] == reply["view"]["table"]
