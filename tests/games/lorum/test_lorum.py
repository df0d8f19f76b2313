"""Lórum's own rules: the seven contracts dealt by each player in turn, each
with its duties of play and its payments, the pot carried from hand to hand
until a Domino is won, the 28 hands, and the interpretation notes. Chips are
conserved throughout (the conformance suite checks every move of its
playouts; here, whole games too)."""

from dataclasses import replace

import pytest

import rules_engine
from conformance import check_step, snapshot
from rules_engine.bots import HeuristicBot, RandomBot, play_out
from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.errors import IllegalMoveError
from rules_engine.games.lorum import HEARTS, avoidance_payments, net_of, train_charge
from ends import hand_ends_explained, most, played_to_end

LORUM = rules_engine.load_game("lorum")


def pack_starting(cards):
    """The 32-card pack with ``cards`` on top: a cut gives them to seats 0 to 3."""
    return cards + " " + " ".join(c.text for c in make_deck("32") if c.text not in cards.split())


CUT_TO_SEAT_0 = pack_starting("AS 7S 7H 7D")


def deck_dealing(hands, dealer):
    """The pack in the order that deals ``hands`` (seat 0 first), dealt one at a time from the dealer's left."""
    hands = [parse_cards(h) for h in hands]
    order = []
    for i in range(8):
        for step in range(1, 5):
            order.append(hands[(dealer + step) % 4][i])
    return format_cards(order)


def hand(number, hands, **options):
    """A game started at hand ``number``, seat 0 having cut for the first deal, with ``hands`` (seat 0 first) dealt."""
    dealer = 0
    state = rules_engine.load_game("lorum", first_hand=number, **options).new(
        seed=1, decks={"first-dealer": CUT_TO_SEAT_0, f"hand-{number}": deck_dealing(hands, dealer)})
    assert state.dealer == dealer and state.contract.key == state.CONTRACTS[(number - 1) % 7].key
    return state


def refused(state, move, rule):
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule, info.value
    assert snapshot(state) == before
    return info.value.reason


def play(state, *moves):
    for move in moves:
        state = state.apply(move)
        check_step(state)
    return state


# Seat 0 holds the spades, seat 1 the hearts, seat 2 the diamonds, seat 3 the clubs.
SUITED = [" ".join(r + s for r in "789TJQKA") for s in "SHDC"]


def test_the_pack_the_deal_and_each_dealer_dealing_the_seven_contracts_in_turn():
    state = LORUM.new(seed=4)
    assert sorted(c.text for c in state._cards_in_play()) == sorted(c.text for c in make_deck("32"))
    assert [len(h) for h in state.play.hands] == [8, 8, 8, 8]
    first = state.first_dealer
    assert [state.dealer_of(n) for n in (1, 7, 8, 14, 15, 22, 28)] == [
        first, first, (first + 1) % 4, (first + 1) % 4, (first + 2) % 4, (first + 3) % 4, (first + 3) % 4]
    assert [state.contract_of(n).name for n in range(1, 9)] == [
        "No hearts", "Queens", "No tricks", "Hairy Ape", "Train", "Quart", "Domino", "No hearts"]
    assert state.to_act == (first + 1) % 4      # the dealer's left leads


def test_a_game_started_later_is_dealt_first_by_the_cuts_winner_and_still_ends_after_hand_28():
    state = rules_engine.load_game("lorum", first_hand=12).new(seed=1, decks={"first-dealer": CUT_TO_SEAT_0})
    assert state.hand_number == 12 and state.dealer == 0 and state.contract.name == "Train"
    assert [state.dealer_of(n) for n in (12, 14, 15, 21, 22, 28)] == [0, 0, 1, 1, 2, 2]
    final = play_out(state, [RandomBot(seat) for seat in range(4)])
    assert final.hand_number == 28 and [n for n, *_ in final.hand_results] == list(range(12, 29))


def test_the_first_dealer_is_whoever_cuts_highest():
    state = LORUM.new(seed=1, decks={"first-dealer": pack_starting("7S 7H AD 8C")})
    assert state.first_dealer == state.dealer == 2
    assert "Seat 2 cut highest and deals first" in state.table(None)["headline"]["facts"][1]


def test_no_heart_may_be_led_to_the_first_trick_unless_the_leader_holds_nothing_else():
    state = hand(1, ["7H 8S 9S TS JS QS KS AS", "8H 9H TH JH QH KH AH 7S", *SUITED[2:]])
    assert state.to_act == 1
    assert "play 7S" in [m.text for m in state.legal_moves()] and len(state.legal_moves()) == 1
    assert "first trick" in refused(state, "play AH", "contract.no-hearts")
    only_hearts = hand(1, [SUITED[0], SUITED[1], *SUITED[2:]])
    assert [m.text for m in only_hearts.legal_moves()][:2] == ["play 7H", "play 8H"]  # interpretation.only-hearts


@pytest.mark.parametrize("seed", range(6))
def test_avoiding_hands_are_paid_by_the_schemes_and_stop_once_nothing_is_left_to_take(seed):
    state = LORUM.new(seed=seed)
    bots = [HeuristicBot(seat) if seed % 2 else RandomBot(seat) for seat in range(4)]
    checked = 0
    while not state.is_over:
        before, seat = state, state.to_act
        state = state.apply(bots[seat].choose(state.view(seat)))
        if state.hand_results and state.hand_results[-1][0] == before.hand_number:
            contract, play = before.contract, state.hand_end[2]
            if contract.key in ("no-hearts", "queens", "no-tricks"):
                taken = contract.taken(play)
                whole = {"no-hearts": 8, "queens": 10, "no-tricks": 8}[contract.key]
                assert sum(taken) == whole
                assert state.hand_results[-1][2] == net_of(avoidance_payments(taken, whole))
                # No hearts and Queens stop at the trick that took the last of them; No tricks plays all eight.
                taken_before_last = contract.taken(replace(play, tricks=play.tricks[:-1]))
                assert sum(taken_before_last) < whole
                checked += 1
    assert checked == 12


def test_the_payment_schemes_for_each_number_of_clean_players():
    hearts, queens = 8, 10
    assert net_of(avoidance_payments([2, 2, 2, 2], hearts)) == (-2, -2, -2, -2)      # all into the pot
    assert net_of(avoidance_payments([0, 3, 3, 2], hearts)) == (8, -3, -3, -2)       # one clean player collects 8
    assert net_of(avoidance_payments([0, 6, 0, 4], queens)) == (5, -6, 5, -4)        # two share the 10
    assert net_of(avoidance_payments([0, 0, 10, 0], queens)) == (-10, -10, 30, -10)  # one took all: 30
    assert net_of(avoidance_payments([1, 1, 1, 1], 4)) == (-1, -1, -1, -1)


def test_queens_cost_what_the_text_says_and_the_hand_stops_at_the_last_queen():
    state = hand(2, SUITED)
    state = play(state, "play QH", "play QD", "play QC", "play QS")   # nobody else has a heart: the Q♥ takes all
    assert state.hand_number == 3
    number, name, won, lines = state.hand_results[-1]
    assert name == "Queens" and won == (-10, 30, -10, -10)              # seat 1 took all four: 10 from each other
    assert state.chips.conserved


def test_no_tricks_is_played_to_the_eighth_trick_and_paid_like_no_hearts():
    state = hand(3, SUITED)
    moves = 0
    while state.hand_number == 3:
        state = state.apply(state.legal_moves()[0])
        moves += 1
    assert moves == 32
    assert state.hand_results[-1][1] == "No tricks"


def test_the_hairy_apes_cards_face_away_from_their_holder():
    state = hand(4, ["7H 8S 9S TS JS QS KS AS", "8H 9H TH JH QH KH AH 7S", *SUITED[2:]])
    seat = state.to_act
    view = state.view(seat)
    assert view["table"]["play"]["hands"][seat] == ["??"] * 8
    assert all("??" not in cards for s, cards in enumerate(view["table"]["play"]["hands"]) if s != seat)
    assert [m.text for m in state.legal_moves()] == [f"play card {n}" for n in range(1, 9)]
    assert "by its place" in refused(state, "play 7S", "contract.hairy-ape")
    assert "from 1 to 8" in refused(state, "play card 9", "contract.hairy-ape")
    table = state.table(seat)
    assert table["moves"][2] == {"move": "play card 3", "card": [f"hand-{seat}", 2], "to": None}
    after = play(state, "play card 3")
    assert after.play.trick[0] == (seat, state.play.hands[seat][2])
    assert "plays card 3 of 8" in after.said


def test_a_hairy_ape_trick_nobody_follows_goes_back_to_its_players_and_the_leader_leads_again():
    state = hand(4, SUITED)   # each seat holds one suit: nobody can follow anyone
    leader = state.to_act
    state = play(state, "play card 1", "play card 1", "play card 1", "play card 1")
    winner, trick = state.play.tricks[-1]
    assert winner is None and state.to_act == leader
    assert all(card in state.play.won_cards()[seat] for seat, card in trick)
    assert "each player takes back their own card" in state.said


def test_whoever_takes_the_king_of_hearts_pays_the_pot_four_and_the_hand_stops_there():
    state = hand(4, ["KH 8S 9S TS JS QS KS AS", "7S 9H TH JH QH 8H AH 7H", *SUITED[2:]])
    state = play(state, "play card 1")          # seat 1 leads its first card, the 7♠
    state = play(state, "play card 1", "play card 1", "play card 1")   # seat 0's first card is the K♥
    assert state.hand_number == 5
    assert state.hand_results[-1][2] == (-4, 0, 0, 0) and state.chips.pool("Pot") == 4


def test_the_hairy_ape_may_be_played_facing_as_a_plain_hand_of_tricks():
    state = hand(4, ["KH 8S 9S TS JS QS KS AS", "7S 9H TH JH QH 8H AH 7H", *SUITED[2:]], hairy_ape="facing")
    assert [m.text for m in state.legal_moves()][0] == "play 7S"
    state = play(state, "play 7S", "play 7D", "play 7C")
    assert [m.text for m in state.legal_moves()] == [f"play {r}S" for r in "89TJQKA"]   # seat 0 must follow


def test_train_charges_whoever_reaches_25_50_and_75():
    assert [train_charge(24, 25), train_charge(49, 60), train_charge(74, 75), train_charge(99, 100)] == [1, 2, 3, 4]
    state = hand(5, ["AS AH AD AC KS KH KD KC", "7H 8H 9H TH JH QH 7S 8S", "7D 8D 9D TD JD QD 9S TS",
                     "7C 8C 9C TC JC QC JS QS"])
    state = play(state, "play 7H", "play 7D", "play 7C", "play AS", "play 8H", "play 8D", "play 8C", "play AH",
                 "play 9H", "play 9D", "play 9C")
    assert state.play.count == 22 and state.chips.held[0] == 100
    state = play(state, "play AD")                    # 33: seat 0 reached 25
    assert state.chips.held[0] == 99 and state.chips.pool("Pot") == 1
    assert "pays the pot 1 chip for reaching 25" in state.said


def test_quart_runs_four_cards_at_most_the_ace_then_the_seven_and_the_first_out_collects():
    state = hand(6, ["QS KS AS 7S 8S QH KH AH", "9S TS JS 7H 8H 9H TH JH", *SUITED[2:]])
    assert state.to_act == 1
    state = play(state, "play JS")
    assert state.to_act == 0 and [m.text for m in state.legal_moves()] == ["play QS"]
    assert "you must play it" in refused(state, "play 7S", "contract.quart")
    state = play(state, "play QS", "play KS", "play AS")     # four cards: seat 0, who played the last, starts
    assert state.play.stopped and state.to_act == 0
    state = play(state, "play QH", "play KH", "play AH")
    assert state.to_act == 1 and [m.text for m in state.legal_moves()] == ["play 7H"]   # after the ace, the 7
    state = play(state, "play 7H", "play 9S", "play TS")     # the J♠ is gone: the sequence stops after two
    assert state.play.stopped and state.to_act == 1 and state.hand_number == 6
    state = play(state, "play 8H", "play 9H", "play TH", "play JH")   # seat 1's last card
    assert state.hand_number == 7
    assert state.hand_results[-1][2] == (-2, 18, -8, -8)     # a chip for each card the others still hold


def test_domino_rows_start_from_the_first_cards_rank_and_a_player_who_can_lay_must():
    state = hand(7, SUITED)
    assert state.to_act == 1
    state = play(state, "play TH")                    # the rows now start from 10s
    assert [m.text for m in state.legal_moves()] == ["play TD"]   # seat 2 holds the diamonds
    refused(state, "pass", "interpretation.must-lay")
    assert "cannot go on the layout" in refused(state, "play 9D", "contract.domino")


def test_a_whole_game_is_28_hands_conserves_chips_and_empties_the_pot():
    for seed, bot in ((1, HeuristicBot), (2, RandomBot)):
        final = play_out(LORUM.new(seed=seed), [bot(seat) for seat in range(4)])
        assert final.is_over and final.hand_number == 28 and len(final.hand_results) == 28
        assert final.chips.conserved and final.chips.pool("Pot") == 0
        assert sum(final.chips.held) == 400
        assert final.winners == tuple(s for s in range(4) if final.chips.held[s] == max(final.chips.held))


def test_a_default_game_ends_as_its_text_says():
    final = played_to_end("lorum")
    # 28 hands: each of the four dealers deals the seven contracts; the most chips win.
    assert final.hand_number == final.hands_in_game == 28 == len(final.hand_results)
    assert final.winners == most(final.chips.held)


def test_each_hands_end_shows_every_payment_under_its_rule():
    # hand_ends_explained checks that the items add up to the chips each player won or lost.
    shown = hand_ends_explained("lorum")
    assert len(shown) == 28
    rules = [{item["rule"] for seat in hand for item in seat["items"]} for hand in shown]
    contracts = ["avoid", "avoid", "avoid", "hairy-ape", "train", "quart", "domino"] * 4
    for hand_rules, contract in zip(rules, contracts):
        assert len(hand_rules) == 1 and hand_rules.pop().startswith(f"scoring.{contract}")
    # The hearts of No hearts, all taken, show on the items of the players who took them.
    hearts = [card for seat in shown[0] for item in seat["items"] for card in item["cards"]]
    assert sorted(hearts) == sorted(card for card, _ in HEARTS)
    # Each chip paid from one player to another shows on both sides.
    for hand in shown:
        items = [item for seat in hand for item in seat["items"]]
        paid = sorted(-item["points"] for item in items if item["label"].startswith("Pays Seat"))
        assert paid == sorted(item["points"] for item in items if item["label"].startswith("From "))


def test_a_hands_end_says_what_ended_it_a_hand_stopped_early_by_the_card_that_stopped_it():
    state, bots, ended = LORUM.new(seed=5), [RandomBot(seat) for seat in range(4)], []
    while len(ended) < 2:   # No hearts played out, then Queens stopped once the last queen is taken
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        if state.table(0)["interlude"]:
            ended.append(state.table(0)["interlude"]["ended"])
    assert ended == ["All 8 tricks are played.",
                     "Trick 7 takes the Q♣, the last of the cards that count, which stops the hand."]
