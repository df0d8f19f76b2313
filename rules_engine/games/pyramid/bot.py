"""Pyramid's heuristic bot, from its own view: the pyramid, the card turned
up and the waste (never the stock's order).

Before each deal it looks ahead over every order of the discards it can
see (kings, pairs; no deal), and makes the first discard of the best run:
the most pyramid cards taken, then the most pyramid cards left exposed
(keeping choices for what the stock brings), then the most cards taken from
beside the pyramid. It never pairs the card turned up with the waste's top
card while the pyramid still holds a card that either could partner. Among
runs equally good, it prefers a pair of two pyramid cards, then the card
lying lowest (it holds up the most). With nothing to discard, it deals, or
turns the waste over."""

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12,
          "K": 13}


class Position:
    """What the bot sees: the pyramid's rows, the card turned up and the waste, with cards discarded
    in its look-ahead marked by a set."""

    def __init__(self, table):
        self.rows = table["pyramid"]
        self.turned = table["turned"]
        self.waste = table["waste"]
        self.places = {card: (r, p) for r, row in enumerate(self.rows) for p, card in enumerate(row) if card}

    def exposed(self, gone):
        out = []
        last = len(self.rows) - 1
        for card, (r, p) in self.places.items():
            if card in gone:
                continue
            below = () if r == last else (self.rows[r + 1][p], self.rows[r + 1][p + 1])
            if all(c is None or c in gone for c in below):
                out.append(card)
        return out

    def beside(self, gone):
        """The available cards beside the pyramid: the card turned up and the waste's top."""
        waste = [c for c in self.waste if c not in gone]
        return [c for c in (self.turned, waste[-1] if waste else None) if c and c not in gone]

    def discards(self, gone):
        """Every discard (a tuple of cards) that the bot would make from here, each pair once."""
        pyramid = self.exposed(gone)
        beside = self.beside(gone)
        cards = pyramid + beside
        found = [(c,) for c in cards if c[0] == "K"]
        for i, first in enumerate(cards):
            for second in cards[i + 1:]:
                if VALUES[first[0]] + VALUES[second[0]] == 13:
                    if first in beside and second in beside and self.needed(gone, first, second):
                        continue
                    found.append((first, second))
        return found

    def needed(self, gone, *cards):
        left = {13 - VALUES[c[0]] for c in self.places if c not in gone}
        return any(VALUES[c[0]] in left for c in cards)

    def score(self, gone):
        taken = sum(c in gone for c in self.places)
        return taken, len(self.exposed(gone)), len(gone) - taken


def best_run(position):
    """The best value reachable by discards alone, and the first discards that reach it."""
    memo = {}

    def value(gone):
        if gone in memo:
            return memo[gone]
        best = position.score(gone)
        for cards in position.discards(gone):
            best = max(best, value(gone | frozenset(cards)))
        memo[gone] = best
        return best

    start = frozenset()
    firsts = [(value(frozenset(cards)), cards) for cards in position.discards(start)]
    if not firsts:
        return None, []
    top = max(v for v, _ in firsts)
    return top, [cards for v, cards in firsts if v == top]


def choose(view, rng):
    moves = view["moves"]
    position = Position(view["table"])
    _, firsts = best_run(position)
    if not firsts:
        # Nothing worth discarding: deal, or turn the waste over; failing those, any discard left.
        return moves[-1]

    def preference(cards):
        in_pyramid = [c for c in cards if c in position.places]
        return len(in_pyramid), sum(position.places[c][0] for c in in_pyramid)

    top = max(preference(cards) for cards in firsts)
    cards = rng.choice([cards for cards in firsts if preference(cards) == top])
    return f"remove {cards[0]}" if len(cards) == 1 else f"pair {cards[0]} {cards[1]}"
