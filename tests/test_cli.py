"""The command line, driven through ``cli.main(argv, stdin=..., stdout=..., stderr=...)``."""

import io
import json
import re

import pytest

import rules_engine
from rules_engine import cli
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.render import pretty_move, render


def run(*argv, stdin=""):
    """``(status, stdout, stderr)`` of one command."""
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def finished_game(game_id, seed):
    state = rules_engine.load_game(game_id).new(seed=seed)
    return play_out(state, [HeuristicBot(seat) for seat in range(state.seats)])


# ---- list ----------------------------------------------------------------------------------------


def test_list_shows_every_game_with_its_facts():
    status, out, _ = run("list")
    assert status == 0
    for spec in rules_engine.list_games():
        assert spec.id in out and spec.name in out and spec.family in out
    assert "4 seats" in out and "1 seat," in out
    assert "options: none" in out


def test_bad_arguments_and_games_exit_2():
    status, _, err = run("play", "nope")
    assert status == 2 and "unknown game 'nope'" in err
    status, _, err = run("simulate", "yukon", "--games", "x")
    assert status == 2 and "invalid int value" in err
    status, _, err = run("play", "yukon", "--option", "colour=red")
    assert status == 2 and "unknown option 'colour'" in err


# ---- play ----------------------------------------------------------------------------------------


def test_play_yukon_session_by_number_text_illegal_undo_quit():
    start = rules_engine.load_game("yukon").new(seed=3)
    first = start.legal_moves()[0]
    after_first = start.apply(first)
    illegal = "move 6S onto 9D"
    why = after_first.explain(illegal)
    assert why is not None, "the scripted illegal move must be illegal"
    legal = after_first.legal_moves()[1].text
    script = f"1\n{illegal}\nnonsense\n{legal.lower()}\nundo\nrecord\nquit\n"
    status, out, _ = run("play", "yukon", "--seed", "3", stdin=script)
    assert status == 0
    assert "Yukon · 0 of 52 cards on the foundations" in out and "    1    2    3    4    5    6    7" in out
    assert "  1. " + first.text in out  # the legal moves are listed, numbered
    assert "seat 0 (you): " + pretty_move(first.text) in out
    assert f"{why.reason} (rule {why.rule})" in out
    assert "bad move 'nonsense' in Yukon" in out
    assert "seat 0 (you): " + pretty_move(legal) in out  # still works after the refusals
    assert "Undone" in out
    record_after_undo = out.split("your move> record\n")[1].split("end\n")[0]
    assert f"1. {first.text}" in record_after_undo and "2. " not in record_after_undo
    assert "You quit." in out and "Game stopped before its end." in out
    assert out.rstrip().endswith("end")
    assert "??" in out and "6♠" in out  # face-down cards hidden, face-up ones shown by symbol


def test_play_hides_the_face_down_cards():
    state = rules_engine.load_game("yukon").new(seed=3)
    status, out, _ = run("play", "yukon", "--seed", "3", stdin="quit\n")
    assert status == 0
    table = out.split("Your moves:")[0]
    for card in state.hidden_from(0):
        assert card.symbol not in table


def test_play_king_against_bots():
    script = "1\n1\nhint\nbid 3\n1\nmoves\nquit\n"
    status, out, _ = run("play", "king", "--seed", "5", "--seat", "0", "--bots", "random", stdin=script)
    assert status == 0
    assert "King · Hand 1 of 10: No tricks" in out
    assert "Seat 0 (you) (to act) — 0 tricks" in out and "Score sheet (Ten hands;" in out
    assert "seat 1: play " in out and "seat 2: play " in out  # the bots' moves as they happen
    assert "hint: play " in out
    assert "Illegal move 'bid 3': this is the time to play a card to the trick" in out and "(rule play.turn)" in out
    assert out.count("seat 0 (you): play ") == 3
    record = rules_engine.Record.load(out[out.index("game: king"):])
    assert record.seed == 5 and len(record.moves) >= 3
    assert "Scores so far:" in out


def test_play_to_the_end_prints_scores_and_record():
    final = finished_game("yukon", 3)
    script = "".join(f"{text}\n" for text, _, _ in final.moves_made)
    status, out, _ = run("play", "yukon", "--seed", "3", stdin=script)
    assert status == 0
    assert "Game over." in out and f"Final score: {final.scores.game[0]}\n{final.result.capitalize()}: " in out
    assert rules_engine.Record.load(out[out.index("game: yukon"):]) == final.record


def test_play_stops_at_end_of_input():
    status, out, _ = run("play", "yukon", "--seed", "3", stdin="1\n")
    assert status == 0 and "(end of input)" in out and "1. " in out.split("game: yukon")[1]


# ---- replay and validate -------------------------------------------------------------------------


@pytest.fixture
def records(tmp_path):
    state = finished_game("yukon", 7)
    record = state.record
    record.moves[0].comment = "the first move"
    text, js = tmp_path / "game.txt", tmp_path / "game.json"
    text.write_text(record.to_text(), encoding="utf-8")
    js.write_text(record.dumps(), encoding="utf-8")
    return state, record, text, js


@pytest.mark.parametrize("kind", ["text", "json"])
def test_replay_prints_every_move_and_the_scores(records, kind):
    state, record, text, js = records
    status, out, err = run("replay", str(text if kind == "text" else js))
    assert status == 0 and err == ""
    moves = [line for line in out.splitlines() if ". seat 0: " in line]
    assert len(moves) == len(record.moves)
    assert moves[0].endswith("{the first move}")
    assert f"Final score: {state.scores.game[0]}\n{state.result.capitalize()}: " in out


@pytest.mark.parametrize("kind", ["text", "json"])
def test_validate(records, kind):
    state, record, text, js = records
    status, out, _ = run("validate", str(text if kind == "text" else js))
    assert status == 0
    assert out == f"ok: yukon, {len(record.moves)} moves, over, scores {state.scores.game[0]}\n"


def test_validate_reads_stdin_and_reports_a_game_in_progress():
    state = rules_engine.load_game("king").new(seed=11)
    for _ in range(6):
        state = state.apply(state.legal_moves()[0])
    status, out, _ = run("validate", "-", stdin=state.record.dumps())
    assert status == 0 and out.startswith("ok: king, 6 moves, in progress, scores ")


@pytest.mark.parametrize("command", ["replay", "validate"])
def test_tampered_records_exit_2_naming_the_bad_move(records, tmp_path, command):
    _, record, _, _ = records
    bad = tmp_path / "bad.txt"
    lines = record.to_text().splitlines()
    third = lines.index("moves:") + 3
    lines[third] = "3. move KS to column 9"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(command, str(bad))
    assert status == 2
    assert "record move 3 'move KS to column 9' does not apply" in err
    data = json.loads(record.dumps())
    data["moves"][4] = "move 2H onto 2S"
    bad.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(command, str(bad))
    assert status == 2 and "record move 5 'move 2H onto 2S'" in err
    bad.write_text(record.to_text().replace("\nend\n", "\n"), encoding="utf-8")
    status, _, err = run(command, str(bad))
    assert status == 2 and "truncated" in err


def test_missing_file_exits_2(tmp_path):
    status, _, err = run("validate", str(tmp_path / "none.txt"))
    assert status == 2 and "No such file" in err


# ---- simulate ------------------------------------------------------------------------------------


def test_simulate_yukon():
    status, out, _ = run("simulate", "yukon", "--games", "20", "--seed", "1")
    assert status == 0
    assert "Yukon: 20 games with heuristic bots" in out
    assert re.search(r"won: \d+ of 20 \([\d.]+%; 95% interval [\d.]+% to [\d.]+%\)", out), out
    assert "final game scores" in out and "games/s" in out and "moves/s" in out
    again = run("simulate", "yukon", "--games", "20", "--seed", "1")[1]
    assert again.split("time:")[0] == out.split("time:")[0]  # seeded: the same outcomes every time


def test_simulate_king():
    status, out, _ = run("simulate", "king", "--games", "5", "--seed", "2", "--bots", "random")
    assert status == 0
    for label in ("final game scores", "Seat 0", "Seat 3", "games won (ties count for each): Seat 0 "):
        assert label in out
    assert "games/s" in out


def test_simulate_bridge_solitaire():
    status, out, _ = run("simulate", "bridge-solitaire", "--games", "10", "--seed", "3")
    assert status == 0
    assert "won: " in out and " of 10 (" in out and "final game scores" in out and "You" in out


def interrupt_after(monkeypatch, games):
    """Ctrl-C pressed while game number ``games`` (from 0) is being played."""
    real, started = cli.play_out, []

    def play_out(state, bots):
        if len(started) == games:
            raise KeyboardInterrupt
        started.append(state)
        return real(state, bots)

    monkeypatch.setattr(cli, "play_out", play_out)


def test_simulate_stopped_by_ctrl_c_reports_the_games_so_far_as_partial(monkeypatch):
    whole = run("simulate", "yukon", "--games", "3", "--seed", "1")[1]
    interrupt_after(monkeypatch, 3)
    status, out, err = run("simulate", "yukon", "--games", "10", "--seed", "1")
    assert status == 130 and err == ""
    head, _, rest = out.partition("\n")
    assert head == "Yukon: 3 games with heuristic bots, seeds 1-0 to 1-2"
    assert rest.startswith("interrupted after 3 of 10 games: these figures are partial\n")
    # The figures are those of the games played: the same as a run of just those games.
    assert rest.partition("\n")[2].split("time:")[0] == whole.partition("\n")[2].split("time:")[0]


def test_simulate_stopped_before_any_game_ended_says_so(monkeypatch):
    interrupt_after(monkeypatch, 0)
    status, out, err = run("simulate", "the-clock", "--games", "50000", "--seed", "2026")  # as its page quotes
    assert (status, out, err) == (130, "", "interrupted before the first game ended: nothing to report\n")


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_simulate_shows_its_progress_and_the_time_left_on_a_terminal_only():
    out, err = io.StringIO(), Terminal()
    assert cli.main(["simulate", "the-clock", "--games", "3"], stdout=out, stderr=err) == 0
    progress = err.getvalue()
    assert re.match(r"\r1 of 3 games, \d+ s so far, about \d+ s left \(Ctrl-C stops with the figures so far\)",
                    progress), progress
    assert "\r3 of 3 games, " in progress
    assert re.search(r"\r +\r$", progress)  # the line is wiped once the run is done
    assert out.getvalue().startswith("The Clock: 3 games") and "\r" not in out.getvalue()
    status, out, err = run("simulate", "the-clock", "--games", "3")  # not a terminal: no progress
    assert status == 0 and err == "" and "\r" not in out


@pytest.mark.parametrize("seconds, words", [(0.4, "0 s"), (42, "42 s"), (425, "7 min 5 s"), (12_000, "3 h 20 min")])
def test_time_left_in_words(seconds, words):
    assert cli._duration(seconds) == words


# ---- rendering: one text renderer draws every game's table description ----------------------------------------


def test_render_bridge_solitaire_through_a_hand():
    state = rules_engine.load_game("bridge-solitaire").new(seed=5)
    text = render(state.table(0))
    assert "Face down (yours after the choice): 7 cards" in text and "Kept (0 of 6): --" in text
    lines = []
    while state.hand_no == 1:
        state = state.apply(state.legal_moves()[0].text)
        table = state.table(0)
        lines.append(table["last"])
        if table["interlude"]:
            lines += table["interlude"]["lines"]
    assert lines[5].startswith("You keep the ") and "; the house " in lines[5]
    assert any(line.startswith(("You lead the ", "You play the ")) and "wins the trick" in line for line in lines)
    assert "you took" in lines[-2] and "below the line" in lines[-1]
    text = render(state.table(0))
    assert "Bridge Solitaire · Hand 2" in text and "Rubber (" in text and "Above the line" in text


def test_render_king_shows_only_your_hand_and_tells_the_tricks():
    state = rules_engine.load_game("king").new(seed=5)
    seat = state.to_act
    text = render(state.table(seat))
    assert "King · Hand 1 of 10: No tricks" in text and f"Seat {seat} (you) (to act)" in text
    own = [c.symbol for c in state.play.hands[seat]]
    assert all(card in text for card in own)
    for other in range(4):
        if other != seat:
            assert f"Seat {other}'s hand: 13 cards" in text
    told = []
    for _ in range(4):
        state = state.apply(state.legal_moves()[0].text)
        told.append(state.table(0)["last"])
    winner = state.play.leader
    assert told[0].endswith(".") and "wins" not in told[0]
    assert f"Seat {winner} wins the trick with the " in told[-1] and told[-1].endswith(": −20 in No tricks.")


def test_render_yukon_draws_the_columns_side_by_side():
    state = rules_engine.load_game("yukon").new(seed=3)
    lines = render(state.table(0)).splitlines()
    assert lines[0] == "Yukon · 0 of 52 cards on the foundations"
    assert lines[4].split() == [str(n) for n in range(1, 8)]
    assert "Foundations: ♠ --  ♥ --  ♦ --  ♣ --" in lines


def test_options_and_the_generic_summary(monkeypatch):
    from dataclasses import replace

    from rules_engine import Option, registry
    from rules_engine.games.yukon import YukonState

    class Variant(YukonState):
        spec = replace(YukonState.spec, id="yukon-variant",
                       options=(Option("deal", "standard", ("standard", "open")), Option("rounds", 3)))

    monkeypatch.setitem(registry._CLASSES, "yukon-variant", Variant)
    assert 'options: deal="standard" (standard|open), rounds=3' in run("list")[1]
    status, out, _ = run("simulate", "yukon-variant", "--games", "2", "--option", "deal=open", "--option", "rounds=2")
    assert status == 0 and "final game scores" in out and "games/s" in out
    status, _, err = run("simulate", "yukon-variant", "--games", "2", "--option", "rounds=many")
    assert status == 2 and "bad value 'many' for option 'rounds'" in err
    status, _, err = run("simulate", "yukon-variant", "--option", "rounds")
    assert status == 2 and "expected NAME=VALUE" in err


# ---- bad input never ends in a traceback (issue 14) --------------------------------------------


def test_a_binary_file_is_refused_as_not_text(tmp_path):
    path = tmp_path / "game.bin"
    path.write_bytes(bytes(range(128, 256)) * 4)
    for command in ("replay", "validate"):
        status, out, err = run(command, str(path))
        assert status == 2 and err.startswith("error: the input is not UTF-8 text"), err


@pytest.mark.parametrize("record, message", [
    ("game: king\nseats: ²\nmoves:\nend\n", "record seats '²' is not a number of seats"),
    ("game: king\nseats: 4\nseed: " + "7" * 5000 + "\nmoves:\nend\n", "bad seed '777"),
    ("game: king\nseats: 4\noption first_hand: " + "1" * 5000 + "\nmoves:\nend\n", "is not JSON"),
    ('{"game": "king", "moves": null}', "record 'moves' must be a list, got None"),
    ('{"game": "king", "moves": [], "decks": "ab"}', "record 'decks' must be an object"),
    ('{"game": ["king"], "moves": []}', "record 'game' must be a text"),
    ('{"game": "king", "moves": [], "seed": ' + "7" * 5000 + "}", "record is not valid JSON"),
])
def test_bad_records_exit_2_with_one_line(tmp_path, record, message):
    path = tmp_path / "game.txt"
    path.write_text(record)
    for command in ("replay", "validate"):
        status, out, err = run(command, str(path))
        assert status == 2 and message in err and err.count("\n") == 1 and len(err) < 300, err


def test_play_with_a_seed_that_is_not_ascii_digits():
    status, out, err = run("play", "yukon", "--seed", "²", stdin="quit\n")
    assert status == 0 and "seed ²" in out and "seed: ²" in out
    status, out, err = run("play", "yukon", "--seed", " 5", stdin="quit\n")
    assert status == 2 and "bad seed ' 5'" in err


def test_a_bad_number_typed_during_play_is_answered():
    status, out, err = run("play", "king", "--seed", "3", stdin="bid --1\nbid ²\nquit\n")
    assert status == 0 and err == ""
    assert "expected a number, got '--1'. Try again." in out and "expected a number, got '²'. Try again." in out


def test_closed_standard_streams():
    # Python sets sys.stdin or sys.stdout to None when the stream was closed at start (`<&-`, `>&-`).
    import sys

    err = io.StringIO()
    saved = sys.stdin, sys.stdout
    try:
        sys.stdin = None
        out = io.StringIO()
        status = cli.main(["play", "yukon", "--seed", "1"], stdout=out, stderr=err)
        assert status == 0 and "(end of input)" in out.getvalue()
        sys.stdout = None
        assert cli.main(["list"], stderr=err) == 2 and "standard output is closed" in err.getvalue()
    finally:
        sys.stdin, sys.stdout = saved


def test_simulate_refuses_an_absurd_number_of_games():
    status, _, err = run("simulate", "king", "--games", str(10**30))
    assert status == 2 and f"at most {cli.MAX_GAMES}" in err
    status, _, err = run("simulate", "king", "--games", "1", "--option", "first_hand=" + "1" * 5000)
    assert status == 2 and "bad value '111" in err and len(err) < 300
