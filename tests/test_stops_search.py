"""The stops bots' look-ahead (families/stops_search.py): the imagined deals
keep to what the seat knows, the play-outs follow the rules of stops play, and
the search prefers the move whose play-outs earn more."""

import random

import rules_engine
from rules_engine.cards import ACES_HIGH, ACES_LOW, parse_card, parse_cards
from rules_engine.families.stops import StopsPlay
from rules_engine.families.stops_search import NOBODY, Imagined, PackIndex, Playout, StopsRules, search

SPINADO_RULES = StopsRules(ACES_LOW, "47", start="any", interrupter=parse_card("AD"))
POPE_RULES = StopsRules(ACES_HIGH, "51", start="lowest")


def test_the_pack_as_numbers_knows_the_stops():
    pack = PackIndex(SPINADO_RULES)
    after = {pack.card[c].text: (pack.card[n].text if n != NOBODY else None) for c, n in enumerate(pack.after)
             if c in pack.card}
    assert after["3H"] == "4H" and after["KH"] is None and after["7D"] is None and after["AD"] is None
    assert len(pack.card) == 47
    high = PackIndex(POPE_RULES)
    assert high.card[high.after[high.index[parse_card("KS")]]] == parse_card("AS")
    assert high.after[high.index[parse_card("AS")]] == NOBODY


def test_imagined_deals_keep_every_hand_size_and_never_place_a_known_card():
    spinado = rules_engine.load_game("spinado")
    state = spinado.new(seed=8)
    view = state.view(state.to_act)
    pack = PackIndex(SPINADO_RULES)
    dead = {parse_card("5S")} - set(state.play.hands[state.to_act])
    imagined = Imagined(pack, view, known_dead=dead)
    mine = {pack.index[c] for c in state.play.hands[state.to_act]}
    for seed in range(20):
        hands = imagined.sample(random.Random(seed))
        assert [len(h) for h in hands] == [len(h) for h in state.play.hands]
        others = [c for s, h in enumerate(hands) if s != state.to_act for c in h]
        assert len(set(others)) == len(others) and not set(others) & mine
        assert {pack.index[c] for c in dead}.isdisjoint(others)
        assert set(hands[state.to_act]) == mine


def test_a_card_seen_face_up_stays_where_it_lies():
    state = rules_engine.load_game("pope-joan").new(seed=1)   # the J♥ turned up lies in seat 1's hand
    seat = 2
    view = {"seat": seat, "moves": [], "table": state.view(seat)["table"]}
    pack = PackIndex(POPE_RULES)
    imagined = Imagined(pack, view, placed={parse_card("JH"): 1})
    for seed in range(10):
        assert pack.index[parse_card("JH")] in imagined.sample(random.Random(seed))[1]


def test_a_player_who_started_a_suit_is_dealt_none_of_it_below_that_card():
    view = {"seat": 0, "moves": [], "table": {"play": {
        "hands": [["2C"], 5, 5], "dead": 38, "played": [[1, "9S"], [1, "TS"]],
    }}}
    pack = PackIndex(POPE_RULES)
    imagined = Imagined(pack, view)
    low_spades = {pack.index[c] for c in parse_cards("2S 3S 4S 5S 6S 7S 8S")}
    assert all(imagined.barred[c] == {1} for c in low_spades)
    assert not imagined.barred[pack.index[parse_card("JS")]]
    for seed in range(20):
        assert not low_spades & set(imagined.sample(random.Random(seed))[1])


def test_a_playout_follows_the_runs_and_the_spinado_stops_play():
    pack = PackIndex(SPINADO_RULES)
    i = pack.index

    def hands(*texts):
        return [[i[c] for c in parse_cards(t)] for t in texts]

    out = Playout(pack, hands("3H 5H AD 9C", "4H 6H"), [NOBODY] * 52, random.Random(1))
    assert out.move(0, i[parse_card("3H")]) == (1, i[parse_card("4H")])
    assert out.move(1, i[parse_card("4H")]) == (0, i[parse_card("5H")])
    assert out.move(0, i[parse_card("5H")], spin=True) == (0, None)   # the 6♥ is seat 1's, but the spinado stops
    assert out.by[i[parse_card("AD")]] == 0 and out.winner is None
    assert out.run(0, None) in (0, 1) and out.winner is not None


def test_the_search_spends_the_spinado_to_keep_the_lead_and_go_out():
    spinado = rules_engine.load_game("spinado")
    state = spinado.new(seed=1)
    # seat 1 holds the spinado; played alone, the 4♥ lets seat 2 go out with the 5♥
    state.play = StopsPlay.deal([parse_cards(h) for h in ("3S 3C", "AD 4H 9S", "5H", "6C 7C")],
                                starter=1, dead=parse_cards("KS"))
    view = state.view(1)
    assert "play 4H" in view["moves"]

    def chips_won(out, me):
        return (10 if out.winner == me else 0) - (2 * len(out.hands[me]) if i_spinado in out.hands[me] else 0)

    i_spinado = PackIndex(SPINADO_RULES).index[parse_card("AD")]
    chosen = search(view, random.Random(3), SPINADO_RULES, chips_won, playouts=200)
    assert chosen in ("play 4H with AD", "play 9S with AD")
