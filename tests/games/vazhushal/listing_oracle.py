"""The oracle of Vazhushal's moves built from several cards: its legal moves as the engine listed
them before it listed only a few melds and takes (every meld of the hand, every take from the
line, every meld open while rearranging), written as that code was. A move is legal now exactly
when this list holds it."""

import rules_engine
from rules_engine.cards import parse_card, parse_cards
from rules_engine.games.vazhushal import FORMS
from rules_engine.games.vazhushal.melds import identity, lay_offs, meld_move, melds_from, read_meld, take_move
from rules_engine.games.vazhushal.rearrange import PoolMelds, offered
from rules_engine.moves import Move


def full_legal_moves(state):
    seat, hand = state.turn, state.hands[state.turn]
    melded = state.has_melded(seat)
    mine = {identity(m) for _, m in state.own_melds(seat)}
    if state.phase == "throw-in":
        return [FORMS["throw-in"].make()]
    if state.phase == "rearrange":
        return [meld_move(m.cards) for m in _rearranging(state)] + [FORMS["put-back"].make()]
    if state.phase == "draw":
        moves = [FORMS["draw"].make()]
        for index, card in enumerate(state.line):
            pool = hand + state.line[index:]
            for meld in melds_from(pool, state.negative, must=card, natural_runs_only=not melded):
                if len(pool) - len(meld.cards) >= 1 and identity(meld) not in mine:
                    moves.append(take_move(index + 1, meld.cards))
        if not melded:
            moves += [meld_move(m.cards) for m in melds_from(hand, None, natural_runs_only=True)]
        return moves
    keep = 0 if state.phase == "final" else 1
    melds = melds_from(hand, state.negative, natural_runs_only=not melded)
    melds.sort(key=lambda m: not m.natural)
    moves = [meld_move(m.cards) for m in melds if len(hand) - len(m.cards) >= keep and identity(m) not in mine]
    if melded and len(hand) > keep:
        moves += [FORMS["layoff"].make(card, number) for number, card in lay_offs(state.own_melds(seat), hand,
                                                                                    state.negative)]
    if not state.rearranged and any(n != state.taken_meld for n, _ in state.own_melds(seat)):
        moves.append(FORMS["rearrange"].make())
    if state.phase == "final":
        moves.append(FORMS["done"].make())
    else:
        moves += [Move("discard", (c,), "discard " + c.text) for c in dict.fromkeys(hand)]
    return moves


def _rearranging(state):
    """The melds the search offered: its melds those of the cards taken up and the hand when the
    melds were taken up, narrowed as melds were laid (the search's budget counts its work on them)."""
    seat, hand = state.turn, state.hands[state.turn]
    melds, held, taken_meld = state.before_rearrange
    taken = [c for n, (o, m) in enumerate(melds, 1) if o == seat and n != taken_meld for c in m.cards]
    known = PoolMelds(taken + list(held), state.negative).narrowed(state.pool + hand)
    mine = [m for _, m in state.own_melds(seat)]
    return offered(state.pool, hand, state.negative, {identity(m) for m in mine},
                   not any(m.kind == "run" and m.natural for m in mine), 0 if state.after_pool == "final" else 1,
                   known)


def full_built_moves(state):
    """``[(move, Built)]`` of the moves built from several cards in the full list."""
    return [(m, built) for m in full_legal_moves(state) if (built := state._built(m)) is not None]


def take_position(hand, line, negative, melds=(), seats=2):
    """Seat 1 to draw, holding ``hand``, with ``line`` (oldest first), the negative joker and
    ``melds`` of its own laid (texts)."""
    state = rules_engine.load_game("vazhushal").new(seed=1, seats=seats)
    neg = parse_card(negative) if isinstance(negative, str) else negative
    state.hands[1] = list(parse_cards(hand) if isinstance(hand, str) else hand)
    state.line = list(parse_cards(line) if isinstance(line, str) else line)
    state.negative, state.turn, state.phase = neg, 1, "draw"
    state.melds = [(1, read_meld(parse_cards(m) if isinstance(m, str) else m, neg)) for m in melds]
    state.__dict__.pop("_legal_cached", None)
    return state
