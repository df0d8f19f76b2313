"""What the tests of one family's games share: a position set up by hand, a pack stacked for a
deal, moves played in turn, whole games played by bots and counted, and a family's own end
checked. A game's test module keeps its own rules' tests and calls these."""

from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import make_deck, parse_card, parse_cards
from ends import chips_after_each_hand, most


def play(state, *moves):
    """``state`` after ``moves``, applied in turn."""
    for move in moves:
        state = state.apply(move)
    return state


def stacked(order, deck):
    """The pack ``deck`` with ``order`` (texts) on top, in that order, and the rest in the pack's order."""
    first = parse_cards(order)
    return first + [c for c in make_deck(deck) if c not in first]


def random_play(state):
    """Each state random players reach from ``state``, a move at a time, up to the game's end."""
    bots = [RandomBot(s) for s in range(state.seats)]
    while not state.is_over:
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        yield state


def heads_up_wins(game, games):
    """Of ``games`` two-player games (seeds ``bot-0``, ``bot-1``...), how many the heuristic bot in
    seat 0 wins against a random player."""
    wins = 0
    for seed in range(games):
        final = play_out(game.new(seed=f"bot-{seed}", seats=2), [HeuristicBot(seed), RandomBot(seed)])
        wins += 0 in final.winners
    return wins


def hero_counts(game, games, seats, counted):
    """How often ``counted(final, hero)`` holds at tables of random players, for the heuristic bot
    as the hero and for a random player in its place: game ``i`` (seed ``bench-i``) seats
    ``seats[i % len(seats)]`` players, the hero in seat ``i`` modulo that count."""
    counts = {"heuristic": 0, "random": 0}
    for kind in counts:
        for i in range(games):
            players = seats[i % len(seats)]
            bots = [RandomBot(f"{i}/{s}") for s in range(players)]
            hero = i % players
            if kind == "heuristic":
                bots[hero] = HeuristicBot(i)
            final = play_out(game.new(seed=f"bench-{i}", seats=players), bots)
            counts[kind] += counted(final, hero)
    return counts


# ---- the banking family ------------------------------------------------------------------------

def check_banking_end(final):
    """A banking game's end: after its hands, or after the first hand that leaves a player with no
    chips; every stake settled and no chip lost; the most chips win."""
    held, hands = final.chips.held, len(final.hand_results)
    assert hands == final.options["hands"] or min(held) <= 0
    assert all(min(held_after) > 0 for held_after in chips_after_each_hand(final)[:-1])
    assert not any(final.staked(s) for s in range(final.seats)) and sum(held) == final.chips.issued
    assert final.winners == tuple(s for s in range(final.seats) if held[s] == max(held))


# ---- the stops family, played for chips ---------------------------------------------------------

def check_dealt_round_end(final):
    """The end of a stops game for chips: every player has dealt once (the default), or a player
    is out of chips; the most chips win."""
    assert final.hand_number == final.hands_in_game or min(final.chips.held) <= 0
    assert final.winners == most(final.chips.held)


# ---- the Crazy Eights family -------------------------------------------------------------------

def eights_position(game, hands, up, stock="", discard="", turn=1, **fields):
    """A hand of a Crazy Eights game set up as given: ``hands`` and ``stock`` (texts), ``up`` the
    upcard on top of ``discard``, ``turn`` to play, play going left, no suit called and no draws
    pending; then each of ``fields`` set as given."""
    state = game.new(seed=1, seats=len(hands))
    state.hands = [parse_cards(h) for h in hands]
    state.stock = parse_cards(stock)
    state.discard = parse_cards(discard) + [parse_card(up)]
    state.up, state.turn, state.phase, state.called, state.direction = state.discard[-1], turn, "play", None, 1
    state.pending = 0
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def turning_up(game, card, seats, hand_size):
    """A game of ``seats`` players whose first deal, ``hand_size`` cards each, turns up ``card``
    (a text) as the first upcard."""
    deck = make_deck(game.spec.deck_for(seats))
    upcard = len(deck) - hand_size * seats - 1   # the cards are dealt from the end of the shuffled pack
    deck.remove(parse_card(card))
    deck.insert(upcard, parse_card(card))
    return game.new(seats=seats, decks={"hand-1": " ".join(c.text for c in deck)})
