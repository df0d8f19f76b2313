"""Pope Joan's own rules: the first dealer by the first jack, the dealer's
ante to the board, the dead hand and the turned trump card (and what it
takes at once), starts with the lowest card of a suit, the pools taken by
trump honours, the pairs and the Pope, the hand's settlement, and the
interpretation notes. Chips are conserved throughout (the conformance
suite checks every move of its playouts)."""

import random

import rules_engine
from conformance import check_step, check_table, refused
from rules_engine.bots import HeuristicBot, play_out
from rules_engine.cards import ACES_HIGH, HIDDEN, parse_card, parse_cards
from rules_engine.families.stops import StopsPlay
from rules_engine.games.pope_joan import bot as pope_joan_bot
from rules_engine.games.pope_joan import ANTE, pools_won_by
from ends import first_hand_end, played_to_end
from family_tests import check_dealt_round_end, random_play

# The shared conformance suite (tests/test_conformance.py) plays fewer of this game's games a batch
# than of most: its heuristic bots look ahead by play-outs at every real choice, as the stops games'
# bots do.
CONFORMANCE_GAMES_PER_BATCH = {"heuristic": 4}

POPE = rules_engine.load_game("pope-joan")


def position(hands, dead, trump="H", starter=1):
    """A first hand of seed 1 (seat 0 deals) with ``hands`` and ``dead`` (texts) in place of the deal."""
    state = POPE.new(seed=1, seats=len(hands))
    state.play = StopsPlay.deal([parse_cards(h) for h in hands], starter=starter, ranks=ACES_HIGH,
                                dead=parse_cards(dead))
    state.trump = trump
    state.turned = parse_cards(dead)[-1]
    return state


# Hearts are trumps; every card of the 51 placed.
HANDS = ["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AC",
         "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
         "2D 3D 4D 5D 6D 7D 9D TD JD QD KD AD"]
DEAD = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


def test_the_first_jack_chooses_the_dealer_who_alone_antes_fifteen_chips():
    state = POPE.new(seed=1)
    assert state.dealer_turned[-1].rank == "J" and state.dealer == (len(state.dealer_turned) - 1) % 4
    dealer = state.dealer
    taken = sum(n for name, n in state.chips.pools) + sum(state.chips.held) - 200
    assert taken == 0 and state.chips.held[dealer] <= 50 - 15 + 6
    assert all(state.chips.held[s] == 50 for s in range(4) if s != dealer)


def test_the_deal_has_a_dead_hand_and_the_last_card_turned_up_gives_trumps():
    state = POPE.new(seed=3)
    assert len(state._pack()) == 51 and parse_card("8D") not in state._pack()
    assert sorted(map(len, state.play.hands)) == [10, 10, 10, 11] and len(state.play.dead) == 10
    assert state.trump == state.turned.suit
    # the turned card is face up for everyone, wherever it lies
    for seat in range(4):
        assert state.turned not in state.hidden_from(seat)
        shown = [c for z in state.table(seat)["zones"] for c in z["cards"]]
        assert state.turned.text in shown
        check_table(state, seat)


def test_the_turned_card_gives_its_pool_to_the_dealer_at_once():
    state = POPE.new(seed=0)                       # the Q♣ is turned up: seat 3 deals
    assert state.turned == parse_card("QC") and state.dealer == 3
    assert state.chips.pool("Queen") == 0 and state.chips.held[3] == 50 - 15 + 1


def test_every_seat_is_told_where_the_turned_card_lies():
    state = POPE.new(seed=1)                       # the J♥, in seat 1's hand
    for seat in (0, 2, 3):
        assert state.view(seat)["table"]["turned"] == {"card": "JH", "in": 1}
    assert state.view(1)["table"]["turned"] is None      # its holder sees it in the hand
    state = state.apply("play 4H").apply("play 5H").apply("play 6H").apply("play 7H").apply("play JH")
    assert state.view(0)["table"]["turned"] is None      # played now
    # the 51st card never falls to the dead hand: with the dead hand dealt after the dealer, it goes to
    # the dealer with three players, the dealer's left with four, and so on
    for seats, after_dealer in ((3, 0), (4, 1), (5, 3), (6, 2), (7, 3), (8, 6)):
        state = POPE.new(seed=seats, seats=seats)
        assert (state.play.holder(state.turned) - state.dealer) % seats == after_dealer


def test_the_turned_card_in_another_hand_tells_nothing_of_the_hidden_ones():
    state = POPE.new(seed=1)                       # the J♥ lies in seat 1's hand
    zone = next(z for z in state.table(0)["zones"] if z["id"] == "hand-1")
    assert zone["cards"][0] == "JH" and set(zone["cards"][1:]) == {HIDDEN}


def test_a_sequence_starts_with_the_lowest_card_of_a_suit():
    state = POPE.new(seed=1)
    assert [m.text for m in state.legal_moves()] == ["play 2S", "play 4H", "play 2D", "play 4C"]
    assert "the 4♣" in refused(state, "play JC", "play.start")
    assert "not in your hand" in refused(state, "play AS", "play.turn")


def test_the_seven_of_diamonds_and_aces_stop_play():
    state = position(HANDS, DEAD, starter=2).apply("play 2D")
    for card in "3D 4D 5D 6D".split():
        state = state.apply(f"play {card}")
    state = state.apply("play 7D")                 # the 8♦ is missing
    assert state.play.sequence == () and state.to_act == 2
    state = position(HANDS, DEAD, starter=0).apply("play 2S")
    for card in "3S 4S 5S 6S 7S 8S 9S TS JS QS KS".split():
        state = state.apply(f"play {card}")
    assert state.to_act == 1                       # seat 1 holds the A♠
    state = state.apply("play AS")
    assert state.play.sequence == () and state.to_act == 1


def test_trump_honours_pairs_and_the_pope_take_their_pools():
    state = position(HANDS, DEAD, starter=1)
    pools, start = dict(state.chips.pools), state.chips.held[1]
    for card in "2H 3H 4H 5H 6H 7H 8H 9H TH".split():
        state = state.apply(f"play {card}")
    state = state.apply("play JH")
    assert state.chips.pool("Jack") == 0
    state = state.apply("play QH")                 # Queen, and Intrigue: the same player played J♥ and Q♥
    assert state.chips.pool("Queen") == 0 and state.chips.pool("Intrigue") == 0
    state = state.apply("play KH").apply("play AH")
    assert state.chips.pool("King") == state.chips.pool("Matrimony") == state.chips.pool("Ace") == 0
    assert state.chips.held[1] == start + sum(pools[p] for p in ("Jack", "Queen", "Intrigue", "King", "Matrimony", "Ace"))
    # the 9♦ can only start a sequence: seat 2 plays its diamonds up to the 7♦, then starts with the Pope
    state = position(HANDS, DEAD, starter=2)
    for card in "2D 3D 4D 5D 6D 7D".split():
        state = state.apply(f"play {card}")
    state = state.apply("play 9D")
    assert state.chips.pool("Pope") == 0 and "collects Pope" in state.table(None)["last"]


def test_the_first_out_takes_game_and_a_chip_a_card_the_pope_not_counted():
    hands = ["2S", "3S 9D", "4S 5S 6S"]
    dead = ("7S 8S 9S TS JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2D 3D 4D 5D 6D 7D TD JD QD KD AD "
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    state = position(hands, dead, starter=0)
    before, first_dealer = state.chips.held, state.dealer
    pools = dict(state.chips.pools)
    state = state.apply("play 2S")
    # the pools not won carry over, and the new dealer alone feeds the board again
    # (less any pool the new turned card gives the new dealer at once)
    fed = {pool: (0 if pool == "Game" else pools[pool]) + ANTE[pool] for pool in pools}
    taken = pools_won_by(state.turned, state.trump)
    assert dict(state.chips.pools) == {pool: 0 if pool in taken else n for pool, n in fed.items()}
    number, won, lines = state.hand_results[0]
    assert lines[0].startswith("Seat 0 collects Game")
    # The 9♦ held is shown, to be let off: the payment alone would tell the others where it lay.
    assert lines[1:] == ("Seat 1 pays Seat 0 1 chip for the cards left, shows the 9♦ and is let off it",
                         "Seat 2 pays Seat 0 3 chips for the cards left")
    assert state.hand_number == 2 and state.dealer == (first_dealer + 1) % 3 and state.chips.conserved
    assert before[1] - 1 == state.totals_at_deal[1]


def test_pools_carry_over_and_only_the_dealer_antes_again():
    state = next(s for s in random_play(POPE.new(seed=4)) if s.hand_number != 1)
    dealer = state.dealer
    assert all(state.totals_at_deal[s] == state.chips.held[s] for s in range(4) if s != dealer)
    check_step(state)


def test_every_player_count_plays_to_the_end_with_chips_conserved():
    for seats in (3, 6, 8):
        for state in random_play(POPE.new(seed=seats, seats=seats)):
            assert state.chips.conserved
        assert state.hand_number == seats or min(state.chips.held) <= 0


def test_the_bot_takes_a_pool_when_it_can_and_goes_out_first():
    state = position(["2S 3S", "JH QH 4C", "5C 6C"], "9S", starter=1)
    assert pope_joan_bot.choose(state.view(1), random.Random(1)) == "play JH"
    state = position(["2S", "3D 4D", "5C"], "9S", starter=1)
    assert pope_joan_bot.choose(state.view(1), random.Random(1)) == "play 3D"


def test_heuristic_games_end():
    final = play_out(POPE.new(seed=7, seats=5), [HeuristicBot(s) for s in range(5)])
    assert final.is_over and final.chips.conserved


def test_a_default_game_ends_as_its_text_says():
    # Every player deals once (the default), or a player is out of chips; the most chips win.
    check_dealt_round_end(played_to_end("pope-joan"))


def test_a_hands_end_shows_the_dealers_ante_the_pools_taken_and_the_cards_paid_for():
    end = first_hand_end(POPE.new(seed=3))
    labels = {item["label"]: item for group in end["breakdown"] for item in group["items"]}
    assert labels["Ante to the board"]["points"] == -15 and labels["Ante to the board"]["rule"] == "setup.ante"
    assert labels["Takes Game"]["rule"] == "scoring.hand"
    assert any(label.endswith("'s cards left") for label in labels)
