"""Hidden cards stay hidden in every channel: for every game and player count,
deals that differ only in cards hidden from a seat look the same to that seat
at every move (tests/hidden.py)."""

import pytest

import rules_engine
from rules_engine.bots import RandomBot
from hidden import check_game

# The first 400 moves of a random game, every swap checked at each of them: the whole of most
# games, and several hands of every kind in the long ones (a game of Lórum is 28 hands of 32
# cards, 800 moves: its first twelve hands hold all seven contracts; King's first seven include a
# hand with trumps; random players of Last One make some 1,500 moves, and 400 go through stock
# rebuilds and melees).
RANDOM_MOVES = 400
# Random players of Vazhushal rearrange their melds whenever they may, and their pools grow until
# each list of moves is a search of a second or more: 200 moves hold several deals of every kind.
FEWER_RANDOM_MOVES = {"vazhushal": 200}
GAMES = [(spec.id, seats) for spec in rules_engine.list_games() for seats in spec.player_counts]


@pytest.mark.parametrize("game_id, seats", GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_deals_differing_in_hidden_cards_look_the_same(game_id, seats):
    # At the fewest and the most players, two games played at random and the start of one played by
    # the heuristic bots (some of which look ahead, slowly), every deal of each with its swaps; at
    # the counts between, whose deals and turns are the ends' in between, one game of each kind.
    counts = rules_engine.state_class(game_id).spec.player_counts
    seeds = (1, 2) if seats in (counts[0], counts[-1]) else (1,)
    moves = FEWER_RANDOM_MOVES.get(game_id, RANDOM_MOVES)
    compared = sum(check_game(game_id, seats, seed, bot_kind="random", max_moves=moves) for seed in seeds)
    compared += check_game(game_id, seats, 3, bot_kind="heuristic", max_moves=300)
    if compared == 0:  # a game played all face up (Black Hole) has nothing to swap: it must hide nothing
        assert _hides_nothing(game_id, seats), "no step was compared: the check found nothing to swap"


def _hides_nothing(game_id, seats):
    state = rules_engine.load_game(game_id).new(seed=1, seats=seats)
    bot = RandomBot(1)
    while True:
        if any(state.hidden_from(seat) for seat in (*range(seats), None)):
            return False
        if state.is_over:
            return True
        state = state.apply(bot.choose(state.view(state.to_act)))


def test_a_hands_end_that_counts_cards_it_does_not_show_is_caught(monkeypatch):
    """The end of a deal is compared too: Last One's end scores the cards left in each hand, which
    players lay down to be counted; a screen between hands that gave the scores without the cards
    would tell a seat what the hidden cards were worth."""
    from rules_engine.families.eights import EightsGame

    monkeypatch.setattr(EightsGame, "_counted_zones", lambda self, counted: [])
    with pytest.raises(AssertionError, match=r"last-one \(3 seats\): at the end of the deal, .* its end shows neither"):
        check_game("last-one", 3, 3, bot_kind="heuristic", max_moves=300)
