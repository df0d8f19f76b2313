"""What a page is given before the engine loads, made at build time from the engine's own replies.

A worked example's frames (:func:`frames`), a play block's first deal up to the reader's first turn
(:func:`opening`), the answers to the reader's first moves (:func:`answers`), and what the reader's
turn offers on such a table (:func:`turn_offers`): the moves built card by card, with their cards,
so that the widget builds them step by step (:func:`built_of`), and the engine's refusal of each
card that starts no move (:func:`refusals`), and each move's sentence, as the reader's seat would be told it, for the
widget's answers in the table's own words (:func:`move_sentences`). Each is what the reader's seat would be told by the
page protocol (rules_engine.host), and nothing more.
"""

import re

from .errors import RulesError
from .game import ALL
from .host import PROTOCOL_VERSION, Host
from .record import Record
from .cards import HIDDEN, parse_card
from .movelog import entry as log_entry
from .selection import answer as selection_answer, built_moves, lone_finish

OPENING_KEYS = ("view", "table", "human", "step", "last", "result", "log")


def opening(game, seed, seats=None, human=0, options=None):
    """What a play widget shows up to its reader's first turn on a new deal: the replies to
    ``open``, then to each ``bot`` until the reader is to move, as the widget asks for them, so
    that it shows the bots' moves one at a time. The build writes them beside the page so the table
    is drawn while the engine loads; the page goes on from them only if the live engine, once up,
    reaches the same last reply. They are the reader's seat's replies, so they show what that seat
    may see. None where the widget would not stop at the reader's turn first (a hand's end or the
    game's end before it, an error)."""
    return _readers_turn_after(game, seed, seats, human, options, ())[1]


def answers(game, seed, seats=None, human=0, options=None, played=()):
    """The answers to the reader's next move on a play block's deal, after the reader's moves
    ``played`` (each answered up to the reader's next turn): for each move the table offers then
    (a click, a button, the move list; not a move built card by card, whose steps the engine
    answers), the replies it brings, the reader's own and the bots' up to the reader's next turn,
    a hand's end or the game's end, as the widget asks for them. The build writes each move's
    answer to a file of its own, fetched only for the move the reader makes: together they would
    tell what the bots would have played to moves not made. Empty where the reader's turn is not
    reached."""
    host, turn = _readers_turn_after(game, seed, seats, human, options, played)
    if turn is None:
        return {}
    moves = dict.fromkeys(click["move"] for click in turn[-1]["table"]["moves"])
    out = {}
    for move in moves:
        host, _ = _readers_turn_after(game, seed, seats, human, options, played)
        reply = host.handle({"v": PROTOCOL_VERSION, "op": "move", "session": "opening", "move": move})
        out[move] = _told(host, human, _bots_until_turn(host, reply, human))
    return out


def _readers_turn_after(game, seed, seats, human, options, played):
    """A host whose session ``opening`` has dealt the block and played the reader's moves ``played``
    (the bots answering each), and the replies since the last of them: None unless it is the
    reader's turn then."""
    host = Host()
    reply = host.handle({"v": PROTOCOL_VERSION, "op": "open", "session": "opening", "game": game, "seed": seed,
                         "seats": seats, "human": human, "options": options or {}})
    replies = _bots_until_turn(host, reply, human)
    for move in played:
        if not _readers_turn(replies[-1], human):
            break
        reply = host.handle({"v": PROTOCOL_VERSION, "op": "move", "session": "opening", "move": move})
        replies = _bots_until_turn(host, reply, human)
    if not _readers_turn(replies[-1], human):
        return host, None
    return host, _told(host, human, replies)


def _told(host, human, replies):
    """The replies as the build writes them: what the widget compares (``OPENING_KEYS``), and on the
    last, where it is the reader's turn, what the turn offers (:func:`turn_offers`)."""
    out = [{key: each[key] for key in OPENING_KEYS} for each in replies]
    if _readers_turn(replies[-1], human):
        out[-1].update(turn_offers(host.sessions["opening"].state, out[-1]["table"]))
    return out


def turn_offers(state, table):
    """What the reader's turn on ``table`` (``state``'s, as the reader's seat sees it) offers a widget
    that has no engine yet, beyond the table's own clicks: ``built``, the moves built card by card
    with their cards (:func:`built_of`), so that they are built step by step, where the game lists
    them all; ``refusals``, the
    engine's refusal of the move each card that starts none would try (:func:`refusals`); and
    ``unpicked``, its refusal of each card the seat may pick that starts no move at all and no move
    built card by card, picked alone (as the widget asks, rules_engine.selection.answer)."""
    offers = {"refusals": refusals(state, table)}
    selection = table.get("selection")
    # A game that lists only some of its built moves (melds too many to list) answers each card
    # picked by a search: those wait for the engine.
    if selection and state.lists_built_moves:
        offers["built"] = built_of(state)
        started = {tuple(move["card"]) for move in table["moves"] if move.get("card")}
        offers["unpicked"] = {}
        for zone in table["zones"]:
            # The cards the reader may pick (widgets/tables.js, pickable), whose click is not a move tried.
            if zone.get("tries") or not zone.get("source") or zone["owner"] not in (None, state.to_act):
                continue
            for index, card in enumerate(zone["cards"]):
                if card in (HIDDEN, *selection["selectable"]) or (zone["id"], index) in started:
                    continue
                refused = selection_answer(state, [card])["refused"]
                if refused:
                    offers["unpicked"][card] = refused
    return offers


def _bots_until_turn(host, reply, human):
    """``reply``, then the bots' replies as the widget's loop asks for them (play.js, runBots): the bots
    play while the table is neither over nor waiting at a hand's end nor the reader's to play."""
    replies = [reply]
    while reply["ok"] and not reply["table"]["is_over"] and not reply["table"]["interlude"] \
            and reply["table"]["to_act"] != human and not _live(reply):
        reply = host.handle({"v": PROTOCOL_VERSION, "op": "bot", "session": "opening"})
        replies.append(reply)
    return replies


def _readers_turn(reply, human):
    # A real-time table goes by its beat, once the reader starts it (widgets/timing.js): no turn to draw.
    return reply["ok"] and not reply["table"]["is_over"] and not reply["table"]["interlude"] \
        and reply["table"]["to_act"] == human and not _live(reply)


def _live(reply):
    return bool((reply["table"].get("rhythm") or {}).get("live"))


def frames(record, seat=ALL):
    """A worked example as step frames, for the build: the table before the first move and after
    each one, with each move's seat and commentary, and ``said``, the line the stepper shows."""
    from .record import replay

    parsed = Record.load(record) if not isinstance(record, Record) else record
    return frames_of(list(replay(parsed)), seat)


def frames_of(states, seat=ALL):
    """Frames from the states of a replayed record (first to last). ``step`` is the number of
    moves made; a move that ends a hand gives two frames of the same step, the hand's end and
    then the next deal (or the game's end), so the stepper counts frames, not moves."""
    out = []
    for step, state in enumerate(states):
        made = state.moves_made[-1] if step else (None, None, None)
        # The stepper draws the table description alone; the legal moves would only weigh down the page.
        table = {**state.table(seat), "moves": []}
        frame = {"step": step, "move": made[0], "seat": made[2], "comment": made[1], "table": table,
                 "said": _move_said(table, *made) if step else "The deal, before the first move."}
        out.append(frame)
        if table["interlude"]:
            # A hand's end is a frame of its own: the last trick and the result, then the new deal.
            after = {**table, "interlude": None}
            out.append({**frame, "table": after, "said": _after_hand_said(after)})
    return out


def sentence(text):
    """``text`` as a sentence: its own stop kept (``…``, ``?``, ``...``), else a full stop added."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def _move_said(table, move, comment, seat):
    """A frame's line: who made the move and what it was, the example's comment, and what the
    engine says of it (or of the hand it ended): ``Seat 3: play 5♥ — A low heart. Seat 1 wins…``."""
    from .render import pretty_move

    who = f"{table['players'][seat]}: " if seat is not None and table["seats"] > 1 else ""
    told = table["interlude"]["title"] if table["interlude"] else table["last"]
    line = f"{who}{pretty_move(move)}"
    parts = [sentence(line[0].upper() + line[1:] + (f" — {comment}" if comment else ""))]
    return " ".join(parts + ([sentence(told)] if told else []))


def _after_hand_said(table):
    """The line of the frame after a hand's end: the game's result, or the next deal."""
    if table["result"]:
        return sentence(table["result"])
    return sentence(f"The next hand is dealt: {table['headline']['title']}")


def built_of(state, expected=()):
    """The moves built card by card that the seat may make, each with its cards, its target and
    its finishing button, so that the widget builds them step by step before the engine loads: the
    listed ones, and the ``expected`` ones left out by a game that does not list all it allows
    (melds too many to list). Where a card picked alone may also make its own move (a discard, a
    card trailed: ``lone_card_moves_finish``), that move is listed too, as one of that card alone
    with its own button, as the engine's selection offers it."""
    pairs = list(built_moves(state))
    listed = {move.text for move, _ in pairs}
    for text in expected:
        if text not in listed:
            move = state.parse_move(text)
            built = state._built(move)
            if built is not None:
                pairs.append((move, built))
    out = [{"move": move.text, "cards": list(built.cards), "target": built.target, "button": built.button}
           for move, built in pairs]
    if state.lone_card_moves_finish and out:
        picked_alone = {text for each in out for text in each["cards"]}
        out += [{"move": f["move"], "cards": [text], "target": None, "button": f["button"]}
                for text in sorted(picked_alone) for f in lone_finish(state, text)]
    return out


def refusals(state, table):
    """What the engine says of a click on each card that starts no legal move (a zone's ``tries``),
    so that a widget answers it before the engine has loaded: the cards of the seat's own zones and
    the shared ones, which the reader may pick (widgets/tables.js, pickable)."""
    out = {}
    started = {tuple(move["card"]) for move in table["moves"] if move.get("card")}
    for zone in table["zones"]:
        if not zone.get("tries") or zone["owner"] not in (None, state.to_act):
            continue
        for index, card in enumerate(zone["cards"]):
            if card == "??" or (zone["id"], index) in started:
                continue
            move = zone["tries"].replace("{card}", card)
            try:
                explanation = state.explain(move)
            except RulesError as error:
                explanation = (str(error), None)
            if explanation is not None:
                out[move] = {"reason": explanation[0], "rule": explanation[1]}
    return out


# A card as the engine's sentences name it: ``10♥``, ``Q♠``.
NAMED_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def move_sentences(state, seat, moves):
    """Each of ``moves`` as ``seat`` would be told it once made, in the move log's words (the play
    table's, rules_engine.movelog), so that a widget drawn before the engine answers a move in them
    ("Seat 1 takes the 10♥.") rather than in notation. A move not made must tell nothing the seat
    cannot see now: where the seat's sentence names a card its table does not show (a card drawn
    blind), the move is said as another seat is told it. Only the move is said, the sentence's first
    clause: what follows its ";" tells what the move would bring about, which may depend on cards
    still hidden (Spinado's "that stops the sequence", the points left in the others' hands when a
    hand ends). Where no sentence will do, the move is said in notation."""
    table = state.table(seat)
    seen = {parse_card(card).symbol for zone in table["zones"] for card in zone["cards"] if card != HIDDEN}
    others = [other for other in range(state.seats) if other != seat]
    out = {}
    for move in moves:
        after = state.apply(move)
        told = (log_entry(state, after, each) for each in [seat, *others])
        clauses = (sentence(each["said"].split(";")[0]) for each in told if each)
        out[move] = next((said for said in clauses if set(NAMED_CARD.findall(said)) <= seen), None)
        if out[move] is None:
            from .render import pretty_move
            words = pretty_move(move)
            out[move] = f"{words[0].upper()}{words[1:]}."
    return out
