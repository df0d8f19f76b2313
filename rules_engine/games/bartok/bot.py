"""Bartok's heuristic bot, from its seat's view only.

Between hands, having won, it adds a rule that leaves play possible, preferring the
rules that leave the most room to play (so that hands end with a winner), then those
that hurt the next player (draws, skips), and otherwise by chance; it never stops the session. In play it never tries a card that may not
go, always plays rather than draws, takes the first play and follows when it can, passes
draws on when it can, turns its draws and skips on a player close to going out, keeps
its wild cards for when nothing else will do, prefers a card its hand can follow again,
and says "Bartok".
"""

from ...cards import parse_card
from ...families.eights_bots import best_play, hand_sizes, nearness, own_hand, seat_after
from . import catalogue as rules


def _fits(card, up, table):
    in_force = table["rules"]
    if not rules.follows(card, up, in_force):
        return False
    if table["phase"] == "draws":
        return card.rank in rules.effect_of(up, in_force).stack
    return True


def _room(in_force):
    """The share of the pack's pairs in which one card may follow the other: rules that leave
    little room make hands drag on, and nobody goes out."""
    pack = rules.PACK
    return sum(rules.follows(c, up, in_force) for up in pack for c in pack if c != up) / (52 * 51)


def _choose_rule(moves, table, rng):
    in_force = table["rules"]
    best, best_score = "stop", None
    for move in moves:
        if not move.startswith("rule "):
            continue
        rule_id = move.split()[1]
        rule = rules.RULES[rule_id]
        score = 3 * rng.random() + 30 * _room(list(in_force) + [rule_id])
        if rules.dead_ends(list(in_force) + [rule_id]):
            score -= 100
        effect = rule.effect
        score += bool(effect.draw) + effect.skip
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


def _value(move, hand, table, me, up):
    card = parse_card(move.split()[1])
    in_force = table["rules"]
    effect = rules.effect_of(card, in_force)
    rest = [c for c in hand if c != card]
    score = 0.0
    threat = nearness(hand_sizes(table)[seat_after(table, me)], 4)
    if effect.draw or effect.skip:
        score += 3 + 4 * threat + effect.draw
    if effect.again and rest:
        score += 6
    if effect.wild and any(not rules.effect_of(c, in_force).wild for c in rest):
        score -= 20
    # Cards of the hand that could follow this one, were play to come back.
    score += sum(1 for c in rest if rules.follows(c, card, in_force))
    if move.endswith("bartok"):
        score += 100
    return score


def choose(view, rng):
    moves = view["moves"]
    if len(moves) == 1:
        return moves[0]
    table, me = view["table"], view["seat"]
    if table["phase"] == "rule":
        return _choose_rule(moves, table, rng)
    hand = own_hand(view)
    up = parse_card(table["discard"][-1])
    return best_play(moves, lambda m: _value(m, hand, table, me, up), rng,
                     fits=lambda m: _fits(parse_card(m.split()[1]), up, table))
