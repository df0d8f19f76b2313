"""Black Hole's bot: it plays the solver's move (black_hole_search.best_move), the first
card, in the search's order of trial, after which the deal can still be won; so from a
winnable position it always wins, and its win rate is the share of winnable deals. From a
lost position it plays the first card in that order (the rank with the most cards left).
Every card lies face up, so the view shows the bot all that the solver needs."""

from .search import best_move, rank_index


def choose(view, rng):
    table = view["table"]
    fans = [[rank_index(text) for text in fan] for fan in table["fans"]]
    fan, _ = best_move(fans, rank_index(table["hole"][-1]))
    return f"play {table['fans'][fan][-1]}"
