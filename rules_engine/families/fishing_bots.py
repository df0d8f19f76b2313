"""What a fishing game's bot reads from its seat's view: the cards it knows of and the moves
offered, as cards (the bots score each move, ``choose(view, rng)`` in each game's bot.py)."""

from collections import namedtuple

from ..cards import make_deck, parse_card

# The bot's hand, the loose cards on the table, the piles on it (``(cards, value)``, a game with
# builds), every card on the table, and the cards of the pack it has not seen: in the others'
# hands or the stock.
Seen = namedtuple("Seen", "hand layout piles on_table unseen")
# A move's text read: its kind, the table cards it takes (or builds on), the card played and the
# value of the build it makes (None for a capture or a card laid).
Read = namedtuple("Read", "kind taken card value")


def cards(texts):
    return [parse_card(t) for t in texts]


def seen_from(view):
    """The :class:`Seen` of ``view``: the cards are those of the view's hand, table, won piles and
    the card turned up from the stock (a game that turns one up)."""
    table = view["table"]
    hand, layout = cards(table["hands"][view["seat"]]), cards(table["layout"])
    piles = [(cards(p["cards"]), p["value"]) for p in table.get("piles", ())]
    on_table = layout + [c for pile, _ in piles for c in pile]
    seen = set(hand) | set(on_table) | {parse_card(t) for w in table["won"] for t in w}
    if table.get("turned"):
        seen.add(parse_card(table["turned"]))
    return Seen(hand, layout, piles, on_table, [c for c in make_deck("52") if c not in seen])


def read_move(text):
    """The :class:`Read` of a move's text: ``capture 2H 3S with 5D``, ``build 3D with 5S as 8``,
    ``play 4C``."""
    words = text.split()
    if "with" not in words:
        return Read(words[0], [], parse_card(words[1]), None)
    at = words.index("with")
    value = int(words[-1]) if words[-2] == "as" else None
    return Read(words[0], cards(words[1:at]), parse_card(words[at + 1]), value)
