"""Text tables for the terminal, drawn from a view — never from a state.

Everything here reads only ``state.view(seat)``, the same JSON-ready dict a
widget or a bot gets, so hidden cards cannot leak into what is drawn. No I/O:
the functions return strings and the command line prints them.

>>> from rules_engine import load_game
>>> print(render(load_game("yukon").new(seed=3).view(0)).splitlines()[3])
   6♠   ??   ??   ??   ??   ??   ??
>>> pretty_move("move 7H onto 8C")
'move 7♥ onto 8♣'
"""

import json

from .cards import SUIT_SYMBOLS, SUITS, parse_card
from .errors import NotationError

HIDDEN = "??"


def symbol(text):
    """A card's display form (``TH`` -> ``10♥``); ``??`` stays as it is."""
    return text if text == HIDDEN else parse_card(text).symbol


def pretty_move(text):
    """A move's text with its cards as symbols: ``move 7H onto 8C`` -> ``move 7♥ onto 8♣``."""
    words = []
    for word in text.split():
        try:
            words.append(parse_card(word).symbol if len(word) in (2, 3) and word[0].isalnum() else word)
        except NotationError:
            words.append(word)
    return " ".join(words)


def seat_label(seat, you=None):
    return f"seat {seat} (you)" if you is not None and seat == you else f"seat {seat}"


def render(view):
    """A readable text table of ``view``, drawn by the game's own renderer if it has one."""
    drawer = RENDERERS.get(view["game"], _render_generic)
    return drawer(view)


def section(view):
    """A heading for the part of the game ``view`` is in (King: the hand), or None.

    A replay prints it whenever it changes.
    """
    headline = SECTIONS.get(view["game"])
    return headline(view) if headline else None


def narrate(before, after, move=None):
    """Lines telling what happened between two views of the same seat when
    ``move`` (its text) was made: a trick won, a hand scored, a card turned up.
    Public facts only."""
    teller = NARRATORS.get(after["game"])
    return teller(before, after, move) if teller else []


# ---- Yukon ------------------------------------------------------------------------------------------


def _render_yukon(view):
    table = view["table"]
    columns = table["columns"]
    piles = table["foundations"]
    on_foundations = sum(len(pile) for pile in piles.values())
    tops = "  ".join(f"{SUIT_SYMBOLS[suit]} {symbol(pile[-1]) if pile else '--':<3}" for suit, pile in piles.items())
    lines = [f"Yukon · foundations  {tops.rstrip()}   ({on_foundations} of 52)", ""]
    lines.append("".join(f"{n:>5}" for n in range(1, len(columns) + 1)))
    stacks = [column["down"] + [symbol(t) for t in column["up"]] for column in columns]
    depth = max((len(stack) for stack in stacks), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for stack in stacks:
            if row < len(stack):
                cells.append(f"{stack[row]:>5}")
            else:
                cells.append(f"{'--' if row == 0 else '':>5}")
        lines.append("".join(cells).rstrip())
    result = table.get("result")
    if result == "won":
        lines += ["", "Won: all 52 cards are on the foundations."]
    elif result == "lost":
        lines += ["", f"Lost: no move is left ({on_foundations} of 52 cards on the foundations)."]
    return "\n".join(lines)


def _narrate_yukon(before, after, move=None):
    lines = []
    for n, (old, new) in enumerate(zip(before["table"]["columns"], after["table"]["columns"]), 1):
        if len(new["down"]) < len(old["down"]) and new["up"]:
            lines.append(f"{symbol(new['up'][0])} is turned up in column {n}")
    if after["table"].get("result") and not before["table"].get("result"):
        lines.append(f"the game is {after['table']['result']}")
    return lines


# ---- King ---------------------------------------------------------------------------------------------


def _section_king(view):
    table = view["table"]
    return (f"Hand {table['hand_number']} of {table['hands_total']}: {table['hand_name']}"
            f" (dealer seat {table['dealer']})")


def _king_contract(table):
    if table["negative"]:
        return None
    parts = []
    auction = table["auction"]
    if auction:
        calls = ", ".join(f"seat {c['seat']} {'pass' if c['call'] == 'pass' else 'bid ' + str(c['call'])}"
                          for c in auction["calls"])
        parts.append(f"Auction: {calls or 'no bids yet'}")
        if auction["high_bidder"] is not None and table["phase"] != "bid":
            bid = auction["high_bid"]
            parts.append(f"seat {auction['high_bidder']} won the auction at {bid}: "
                         f"{bid} of its tricks count for the dealer")
    if table["strain"]:
        parts.append(f"Contract: {table['strain']}" + (f", playing {table['direction']}" if table["direction"] else ""))
    elif table["phase"] == "choose":
        parts.append("The dealer chooses trumps, no trumps or an auction")
    return parts


def _trick_line(cards, you):
    return ", ".join(f"{seat_label(item['seat'], you)} {symbol(item['card'])}" for item in cards)


def _render_king(view):
    table = view["table"]
    play = table["play"]
    you = view["seat"]
    seats = view["seats"]
    lines = [f"King · {_section_king(view)}"]
    if table["hand_number"] == 1 and not any(play["tricks_won"]):
        lines.append(f"(seat {table['first_dealer']} was dealt the K♥ face up, so deals first)")
    lines += _king_contract(table) or []
    lines.append("")
    if you is not None and 0 <= you < seats:
        lines.append(f"Your hand ({seat_label(you)}):")
        cards = [parse_card(t) for t in play["hands"][you]]
        for suit in SUITS:
            ranks = " ".join(c.symbol[:-1] for c in cards if c.suit == suit)
            lines.append(f"  {SUIT_SYMBOLS[suit]}  {ranks or '--'}")
    else:
        lines.append("Cards in hand: " + ", ".join(f"seat {s} {len(h)}" for s, h in enumerate(play["hands"])))
    if play["trick"]:
        lines.append(f"On the table: {_trick_line(play['trick'], you)}")
    elif not view["is_over"]:
        lines.append("On the table: nothing yet")
    if play["last_trick"]:
        lines.append(f"Last trick: {_trick_line(play['last_trick'], you)} - won by seat {play['leader']}")
    lines.append("")
    won = play["tricks_won"]
    adjusted = table["adjusted_tricks"]
    header = f"{'':14}{'tricks':>7}{'hand':>7}{'game':>7}"
    lines.append(header)
    for seat in range(seats):
        tricks = str(won[seat]) if adjusted[seat] == won[seat] else f"{won[seat]}→{adjusted[seat]}"
        marks = ", ".join(mark for mark, on in (("dealer", seat == table["dealer"]),
                                                 ("to act", seat == view["to_act"])) if on)
        lines.append(f"{seat_label(seat, you):<14}{tricks:>7}{view['scores']['hand'][seat]:>7}"
                     f"{view['scores']['game'][seat]:>7}  {marks}".rstrip())
    fresh = not play["trick"] and not play["last_trick"]
    if table["hands"] and (fresh or view["is_over"]):
        lines += ["", "Score sheet:"]
        for number, hand in enumerate(table["hands"], 1):
            points = "".join(f"{p:>7}" for p in hand["points"])
            lines.append(f"  {number:>2}. {hand['name']:<22}{points}")
    return "\n".join(lines)


def _narrate_king(before, after, move=None):
    old, new = before["table"], after["table"]
    lines = []
    hand_ended = len(new["hands"]) > len(old["hands"])
    if hand_ended:
        winner = _last_trick_winner(old, new)
        if winner is not None:
            lines.append(f"seat {winner} wins the trick")
    elif sum(new["play"]["tricks_won"]) > sum(old["play"]["tricks_won"]):
        lines.append(f"seat {new['play']['leader']} wins the trick")
    if new["direction"] and not old["direction"]:
        lines.append(f"contract: {new['strain']}, playing {new['direction']}")
    if hand_ended:
        hand = new["hands"][-1]
        points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(hand["points"]))
        lines.append(f"{hand['name']} is over: {points}")
    return lines


def _last_trick_winner(old, new):
    """Who took a hand's last trick: the seat whose final trick count is one
    more than it was before the last card."""
    for seat, (then, final) in enumerate(zip(old["play"]["tricks_won"], new["hands"][-1]["tricks"])):
        if final == then + 1:
            return seat
    return None


# ---- Bridge Solitaire --------------------------------------------------------------------------------


def _cards(texts):
    return " ".join(symbol(t) for t in texts) or "--"


def _section_bridge_solitaire(view):
    table = view["table"]
    vulnerable = [side for side, v in zip(("you", "the house"), table["rubber"]["vulnerable"]) if v]
    return f"Hand {table['hand_no']} (vulnerable: {' and '.join(vulnerable) or 'nobody'})"


def _render_bridge_solitaire(view):
    table = view["table"]
    rubber = table["rubber"]
    lines = [f"Bridge Solitaire · {_section_bridge_solitaire(view)} · stock {table['stock']} cards, "
             f"discard pile {table['discards']}" + (f" (top {symbol(table['discard_top'])})"
                                                   if table["discard_top"] else "")]
    if table["phase"] == "choose":
        lines += [f"face down: {_cards(table['facedown'])}",
                  f"kept ({len(table['kept'])} of 6): {_cards(table['kept'])}",
                  f"face up: {_cards(table['play']['hands'][0])}"]
    else:
        lines.append(f"house bid: {table['house_bid']}" + (f" · contract: {table['contract']}"
                                                            if table["contract"] else ""))
        lines.append(f"your hand: {_cards(table['play']['hands'][0])}")
    if table["turned"]:
        lines.append(f"turned and set aside: {_cards(table['turned'])}")
    if table["last_trick"]:
        last = table["last_trick"]
        lines.append(f"last trick: {_cards(last['cards'])}, {'you' if last['winner'] == 'player' else 'the house'}"
                     f" took it")
    if table["trick"]:
        lines.append(f"the house leads: {_cards(table['trick'])}")
    if table["phase"] == "play":
        lines.append(f"tricks: you {table['tricks']['player']}, the house {table['tricks']['house']}")
    below = " | ".join(f"{you} {house}" for you, house in rubber["games"])
    lines.append(f"rubber (you, house): above {rubber['above'][0]} {rubber['above'][1]}; below by game "
                 f"{below}; games {rubber['games_won'][0]}-{rubber['games_won'][1]}; "
                 f"total {rubber['totals'][0]} {rubber['totals'][1]}")
    if table["result"]:
        lines.append(f"Rubber over: you {table['result']}, {rubber['totals'][0]} to {rubber['totals'][1]}.")
    return "\n".join(lines)


def _narrate_bridge_solitaire(before, after, move=None):
    old, new = before["table"], after["table"]
    lines = []
    if new["house_bid"] is not None and old["house_bid"] is None:
        lines.append(f"the house bids {new['house_bid']}")
    if new["last_trick"] and new["last_trick"] != old["last_trick"] and new["hand_no"] == old["hand_no"]:
        winner = "you" if new["last_trick"]["winner"] == "player" else "the house"
        lines.append(f"{winner} took the trick {_cards(new['last_trick']['cards'])}")
    if len(new["rubber"]["hands"]) > len(old["rubber"]["hands"]):
        hand = new["rubber"]["hands"][-1]
        lines.append(f"hand {hand['hand']}: {hand['contract']}, tricks you {hand['tricks'][0]}, house "
                     f"{hand['tricks'][1]}; you {hand['below'][0]} below {hand['above'][0]} above, the house "
                     f"{hand['below'][1]} below {hand['above'][1]} above")
    return lines


def _outcomes_bridge_solitaire(views):
    tables = [view["table"] for view in views]
    won = sum(t["result"] == "won" for t in tables)
    stopped = sum(t["rubber"]["rubber_bonus"][0] == "unfinished" for t in tables)
    hands = [len(t["rubber"]["hands"]) for t in tables]
    return [f"won: {won} of {len(views)} rubbers ({100 * won / len(views):.1f}%); "
            f"{stopped} stopped unfinished at the hand limit",
            f"{'':<20}{'min':>8}{'mean':>9}{'max':>8}",
            _spread("final score", [view["scores"]["game"][0] for view in views]),
            _spread("hands per rubber", hands)]


# ---- lists, scores and outcomes ------------------------------------------------------------------


def numbered(moves, width=78):
    """The moves numbered from 1, in as many columns as fit in ``width``."""
    items = [f"{n:>3}. {text}" for n, text in enumerate(moves, 1)]
    cell = max(map(len, items), default=0) + 2
    per_line = max(1, width // cell)
    rows = [items[i:i + per_line] for i in range(0, len(items), per_line)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)


def scoreboard(view, you=None):
    """The scores: final ones with the winners once the game is over, else the hand's and the game's."""
    hand, game = view["scores"]["hand"], view["scores"]["game"]
    if view["seats"] == 1:
        result = view["table"].get("result") if isinstance(view["table"], dict) else None
        label = "Final score" if view["is_over"] else "Score so far"
        return f"{label}: {game[0]}" + (f" ({result})" if result else "")
    if not view["is_over"]:
        lines = [f"{'Scores so far:':<16}{'hand':>7}{'game':>7}"]
        lines += [f"  {seat_label(s, you):<14}{hand[s]:>7}{game[s]:>7}" for s in range(view["seats"])]
        return "\n".join(lines)
    lines = ["Final scores:"] + [f"  {seat_label(s, you):<14}{game[s]:>7}" for s in range(view["seats"])]
    winners = [seat_label(s, you) for s, score in enumerate(game) if score == max(game)]
    lines.append(f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}")
    return "\n".join(lines)


def outcomes(views):
    """What a batch of finished games came to, one line each fact, from their final views."""
    summary = OUTCOMES.get(views[0]["game"], _outcomes_generic)
    return summary(views)


def _spread(label, values):
    return f"  {label:<18}{min(values):>8}{sum(values) / len(values):>9.1f}{max(values):>8}"


def _outcomes_yukon(views):
    won = sum(view["table"]["result"] == "won" for view in views)
    cards = [view["scores"]["game"][0] for view in views]
    return [f"won: {won} of {len(views)} ({100 * won / len(views):.1f}%)",
            f"cards on the foundations: mean {sum(cards) / len(cards):.1f} (min {min(cards)}, max {max(cards)})"]


def _outcomes_king(views):
    games = [view["scores"]["game"] for view in views]
    lines = [f"{'final game scores':<20}{'min':>8}{'mean':>9}{'max':>8}"]
    lines += [_spread(f"seat {seat}", [g[seat] for g in games]) for seat in range(views[0]["seats"])]
    lines.append(_spread("winner", [max(g) for g in games]))
    off = [str(i) for i, g in enumerate(games) if sum(g) != 0]
    lines.append(f"scores total 0: NO, not in games {', '.join(off)}" if off
                 else f"scores total 0: yes, in all {len(games)} games")
    return lines


def _outcomes_generic(views):
    games = [view["scores"]["game"] for view in views]
    return ["mean final scores: " + ", ".join(
        f"seat {seat} {sum(g[seat] for g in games) / len(games):.1f}" for seat in range(views[0]["seats"]))]


# ---- any other game ------------------------------------------------------------------------------


def _render_generic(view):
    to_act = "nobody" if view["to_act"] is None else seat_label(view["to_act"], view["seat"])
    return "\n".join([f"{view['game']} · to act: {to_act}",
                      f"scores: hand {view['scores']['hand']}, game {view['scores']['game']}",
                      json.dumps(view["table"], indent=2, ensure_ascii=False)])


RENDERERS = {"yukon": _render_yukon, "king": _render_king, "bridge-solitaire": _render_bridge_solitaire}
SECTIONS = {"king": _section_king, "bridge-solitaire": _section_bridge_solitaire}
NARRATORS = {"yukon": _narrate_yukon, "king": _narrate_king, "bridge-solitaire": _narrate_bridge_solitaire}
OUTCOMES = {"yukon": _outcomes_yukon, "king": _outcomes_king, "bridge-solitaire": _outcomes_bridge_solitaire}
