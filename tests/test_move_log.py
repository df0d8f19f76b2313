"""The move log (rules_engine/movelog.py) through the page protocol: an entry per move the reader's
seat was told of, one for one, as the page keeps them from the replies (each carries those it does
not have yet), after undo, a reopened game and a share link alike."""

import pytest

import rules_engine
from rules_engine import movelog
from rules_engine.bots import make_bot
from rules_engine.host import Host

GAMES = [spec.id for spec in rules_engine.list_games()]


def call(host, op, **args):
    reply = host.handle({"v": 1, "op": op, "session": "s", **args})
    assert reply["ok"], reply
    return reply


class Page:
    """What a page holds of the log: the entries before a reply's "from", then the reply's own."""

    def __init__(self):
        self.log = []

    def take(self, reply):
        sent = reply["log"]
        assert sent["from"] <= len(self.log), "a reply left a gap in the page's log"
        del self.log[sent["from"]:]
        self.log += sent["entries"]
        return reply


def told(session):
    """The log the session's states make for its reader's seat, rebuilt from them."""
    states = session.states
    entries = (movelog.entry(before, after, session.human) for before, after in zip(states, states[1:]))
    return [entry for entry in entries if entry is not None]


def play(host, page, reply, moves, seat=0, rng_seed="log"):
    bot = make_bot("heuristic", rng_seed)
    for _ in range(moves):
        if reply["table"]["is_over"]:
            break
        if reply["table"]["to_act"] == seat and not reply["table"].get("rhythm", {}).get("live"):
            reply = page.take(call(host, "move", move=bot.choose(reply["view"])))
        elif reply["table"].get("rhythm"):
            reply = page.take(call(host, "move", move=reply["view"]["moves"][0])) if reply["view"]["moves"] \
                else page.take(call(host, "bot"))
        else:
            reply = page.take(call(host, "bot"))
        assert len(page.log) == reply["step"], "the log holds an entry per move the seat was told of"
    return reply


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_tells_each_move_the_readers_seat_was_told_of_once(game_id):
    host, page = Host(), Page()
    reply = page.take(call(host, "open", game=game_id, seed=7, human=0))
    reply = play(host, page, reply, 80)
    session = host.sessions["s"]
    assert page.log == told(session)
    cited = rules_engine.state_class(game_id).spec.cited_rules
    for entry in page.log:
        assert entry["said"] and entry["said"][0].isupper(), entry
        assert entry.get("own", False) == (entry["seat"] == 0), entry
        assert entry.get("rule") in (None, *cited), entry
    # Undone, the page keeps exactly the entries of the moves left.
    if session.states[1:] and any(s.to_act == 0 for s in session.states[:-1]):
        reply = page.take(call(host, "undo"))
        assert len(page.log) == reply["step"] and page.log == told(session)
    # The same game opened again from its record (a kept game) or its share code sends it whole.
    record, code = call(host, "share")["record"], call(host, "share")["share"]
    for args in ({"record": record}, {"game": game_id, "seed": 7, "share": code}):
        again = Page()
        reopened = again.take(call(host, "open", human=0, **args))
        assert reopened["log"]["from"] == 0 and again.log == page.log


def test_a_move_told_to_its_own_seat_only_is_in_that_seats_log_alone():
    """Comet's holder is offered the comet in private after each card: another seat never learns
    of it, and the holder's own pass is told to the holder in plain words."""
    for seed in range(40):
        host, page = Host(), Page()
        reply = page.take(call(host, "open", game="comet", seats=4, seed=seed, human=0))
        for _ in range(120):
            if reply["table"]["is_over"]:
                break
            if reply["table"]["to_act"] == 0:
                moves = reply["view"]["moves"]
                if "pass" in moves and any(m.startswith("play") for m in moves):
                    reply = page.take(call(host, "move", move="pass"))
                    assert page.log[-1] == {**page.log[-1], "move": "pass", "seat": 0, "own": True,
                                            "said": "Seat 0: pass."}
                    session = host.sessions["s"]
                    spectator = [e for e in (movelog.entry(b, a, 1) for b, a in zip(session.states, session.states[1:]))
                                 if e is not None]
                    assert "pass" not in [e["move"] for e in spectator]
                    return
                reply = page.take(call(host, "move", move=moves[0]))
            else:
                reply = page.take(call(host, "bot"))
    pytest.fail("no Comet deal offered seat 0 the comet")


def test_a_page_that_set_a_reply_aside_asks_for_the_log_again():
    host, page = Host(), Page()
    page.take(call(host, "open", game="king", seed=42, human=0))
    call(host, "bot")  # a reply the page set aside (its bots' loop was stopped)
    reply = call(host, "bot")
    assert reply["log"]["from"] == 1 > len(page.log) == 0
    page.take(call(host, "log", since=len(page.log)))
    assert [entry["seat"] for entry in page.log] == [1, 2]
    page.take(call(host, "bot"))
    assert len(page.log) == 3
    for bad in (-1, 4, True, "1", None):
        refused = host.handle({"v": 1, "op": "log", "session": "s", "since": bad})
        assert not refused["ok"] and refused["error"]["kind"] == "ProtocolError", bad


def test_the_log_groups_tricks_and_links_the_rules_that_acted():
    host, page = Host(), Page()
    reply = page.take(call(host, "open", game="king", seed=42, human=0))
    play(host, page, reply, 9)
    assert [(e["hand"], e["part"]) for e in page.log[:9]] == [(1, "Trick 1")] * 4 + [(1, "Trick 2")] * 4 + [(1, "Trick 3")]
    host, page = Host(), Page()
    reply = page.take(call(host, "open", game="last-one", seed=1, human=0))
    play(host, page, reply, 40)
    effects = {e["rule"] for e in page.log if "rule" in e}
    assert effects and effects <= {"play.two", "play.three", "play.melee", "play.eight", "play.jack", "play.ace",
                                   "play.joker"}
    jack = next(e for e in page.log if e.get("rule") == "play.jack")
    assert "skipped" in jack["said"]
