"""Cards, their notation, and the decks the site's games are played with.

Notation: rank then suit in ASCII (``AS``, ``TD``, ``9C``); ``10`` is accepted
for ``T`` on input; ``JK`` is a joker and ``??`` a card whose face is hidden.
Suit symbols (♠♥♦♣) are for display and are accepted on input too.

Rank order, trump order and card values belong to each game, not to ``Card``:
see :class:`RankOrder`.
"""

import functools
from collections import Counter

from .errors import NotationError, quote

SUITS = "SHDC"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
JOKER = "JK"
JOKER_SYMBOL = "★"  # as rules texts print a joker; fonts rarely have U+1F0CF
HIDDEN = "??"

_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SUIT_WORDS = {name: suit for suit, name in SUIT_NAMES.items()}
_SUIT_WORDS.update({name[:-1]: suit for suit, name in SUIT_NAMES.items()})


class Card:
    """A playing card: ``rank`` is one of ``A23456789TJQK`` and ``suit`` one
    of ``SHDC``; a joker has rank and suit ``None``.

    Cards are interned, so equal cards are the same object and compare fast.
    """

    __slots__ = ("rank", "suit", "text")
    _interned = {}

    def __new__(cls, rank, suit):
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "text", JOKER if rank is None else rank + suit)
            cls._interned[key] = card
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def is_joker(self):
        return self.rank is None

    @property
    def is_red(self):
        return self.suit in RED_SUITS

    @property
    def symbol(self):
        """The display form: ``10♥``, ``Q♠``, ``★``."""
        if self.rank is None:
            return JOKER_SYMBOL
        rank = "10" if self.rank == "T" else self.rank
        return rank + SUIT_SYMBOLS[self.suit]

    @property
    def name(self):
        """Words for screen readers: ``queen of spades``."""
        if self.rank is None:
            return "joker"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Card({self.text!r})"

    def __lt__(self, other):
        return _default_key(self) < _default_key(other)


def _default_key(card):
    if card.rank is None:
        return (4, 0)
    return (SUITS.index(card.suit), RANKS.index(card.rank))


JOKER_CARD = Card(None, None)


def parse_card(text):
    """Read one card.

    >>> parse_card("10h"), parse_card("Q♠"), parse_card("jk")
    (Card('TH'), Card('QS'), Card('JK'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise NotationError(f"bad card {quote(text)}: a card is written as text, like 'AS' or '10D'")
    token = text.strip()
    upper = token.upper()
    if upper == JOKER or token in (JOKER_SYMBOL, "🃏"):
        return JOKER_CARD
    if upper == HIDDEN:
        raise NotationError(f"card {quote(token)} is hidden: '??' stands for a card no one may see here")
    if len(upper) >= 2:
        rank, suit = upper[:-1], upper[-1]
        suit = _SYMBOL_SUITS.get(token[-1], suit)
        if rank == "10":
            rank = "T"
        if rank == "1":
            rank = "A"
        if len(rank) == 1 and rank in RANKS and suit in SUITS:
            return Card(rank, suit)
    raise NotationError(
        f"bad card {quote(token)}: expected a rank (A 2-9 T J Q K, or 10) then a suit "
        f"(S H D C or ♠ ♥ ♦ ♣), like 'AS' or '10D', or 'JK' for a joker"
    )


def parse_cards(text):
    """Read a list of cards separated by spaces or commas.

    >>> parse_cards("AS 10D, 9c")
    [Card('AS'), Card('TD'), Card('9C')]
    """
    if isinstance(text, (list, tuple)):
        return [parse_card(card) for card in text]
    if not isinstance(text, str):
        raise NotationError(f"bad cards {quote(text)}: cards are written as text, like 'AS 10D 9C'")
    return [parse_card(token) for token in text.replace(",", " ").split()]


def format_cards(cards, symbols=False):
    """Write cards back as text; ``parse_cards(format_cards(x)) == x``.

    >>> format_cards(parse_cards("10h js jk"))
    'TH JS JK'
    >>> format_cards(parse_cards("10h js"), symbols=True)
    '10♥ J♠'
    """
    return " ".join(card.symbol if symbols else card.text for card in cards)


def parse_suit(text):
    """Read a suit as a letter, a symbol or a word (``H``, ``♥``, ``hearts``)."""
    if not isinstance(text, str):
        raise NotationError(f"bad suit {quote(text)}: a suit is written as text")
    token = text.strip()
    suit = _SYMBOL_SUITS.get(token) or _SUIT_WORDS.get(token.lower())
    if suit is None and token.upper() in SUITS and len(token) == 1:
        suit = token.upper()
    if suit is None:
        raise NotationError(f"bad suit {quote(token)}: expected S H D C, ♠ ♥ ♦ ♣ or a suit's name")
    return suit


class RankOrder:
    """A game's order of ranks, low to high.

    >>> aces_high = RankOrder("23456789TJQKA")
    >>> aces_high.beats(parse_card("AS"), parse_card("KS"))
    True
    >>> RankOrder("A23456789TJQK").next_above(parse_card("7H"))
    '8'
    """

    __slots__ = ("order", "_index")

    def __init__(self, order):
        self.order = tuple(order)
        self._index = {rank: i for i, rank in enumerate(self.order)}

    def index(self, card_or_rank):
        rank = card_or_rank.rank if isinstance(card_or_rank, Card) else card_or_rank
        return self._index[rank]

    def beats(self, card, other):
        return self._index[card.rank] > self._index[other.rank]

    def next_above(self, card_or_rank):
        i = self.index(card_or_rank) + 1
        return self.order[i] if i < len(self.order) else None

    def sort_key(self, card):
        return (SUITS.index(card.suit) if card.suit else 4, self._index.get(card.rank, -1))


ACES_HIGH = RankOrder("23456789TJQKA")
ACES_LOW = RankOrder("A23456789TJQK")


def build_deck(ranks=RANKS, suits=SUITS, jokers=0, copies=1, remove=(), extra=()):
    """Cards of ``ranks`` × ``suits``, ``copies`` times, plus ``jokers`` jokers,
    without the cards in ``remove`` and with the cards in ``extra``."""
    cards = [Card(rank, suit) for _ in range(copies) for suit in suits for rank in ranks]
    cards += [JOKER_CARD] * jokers
    for token in remove:
        cards.remove(parse_card(token))
    cards += [parse_card(token) for token in extra]
    return cards


DECKS = {
    "52": ("the standard 52-card pack", lambda: build_deck()),
    "54": ("52 cards and 2 jokers", lambda: build_deck(jokers=2)),
    "32": ("32 cards, 7 to ace in each suit", lambda: build_deck(ranks="789TJQKA")),
    "40": ("40 cards, 5 to ace in each suit", lambda: build_deck(ranks="56789TJQKA")),
    "48": ("48 cards, 3 to ace in each suit", lambda: build_deck(ranks="3456789TJQKA")),
    "36": ("36 cards, 6 to ace in each suit", lambda: build_deck(ranks="6789TJQKA")),
    "20": ("20 cards: ace, 10, king, queen and 7 in each suit", lambda: build_deck(ranks="7QKTA")),
    "35": ("36 cards without the 6♣", lambda: build_deck(ranks="6789TJQKA", remove=["6C"])),
    "40-italian": ("40 cards: ace to 7 and the three court cards (Italian pack)",
                   lambda: build_deck(ranks="A234567JQK")),
    "40-spanish": ("40 cards: ace to 7, sota, caballo and rey (Spanish pack, French suits)",
                   lambda: build_deck(ranks="A234567JQK")),
    "47": ("52 cards without the 2s and the 8♦", lambda: build_deck(ranks="A3456789TJQK", remove=["8D"])),
    "51": ("52 cards without the 8♦", lambda: build_deck(remove=["8D"])),
    "kaiser-32": ("8 to ace in each suit, 7♣ and 7♦, 5♥ and 3♠",
                  lambda: build_deck(ranks="89TJQKA", extra=["7C", "7D", "5H", "3S"])),
    "65": ("52 cards and a second suit of hearts", lambda: build_deck(extra=[r + "H" for r in RANKS])),
    "104": ("two 52-card packs", lambda: build_deck(copies=2)),
    "108": ("two 54-card packs", lambda: build_deck(jokers=4, copies=2)),
    "324": ("six 52-card packs and 12 jokers", lambda: build_deck(jokers=12, copies=6)),
}


def make_deck(name):
    """A fresh list of the named deck's cards, in a fixed order."""
    return DECKS[name][1]()


@functools.cache
def pack_copies(name):
    """How many of each card (by its text) the named pack holds; a card it lacks counts 0."""
    return Counter(card.text for card in make_deck(name))


def pack_words(name):
    """The named pack in words, with its count unless the words give it ("32 cards, 7 to ace...")."""
    words, size = DECKS[name][0], len(make_deck(name))
    return words if words.startswith(f"{size} cards") or f"{size}-card" in words else f"{words} ({size} cards)"


def same_cards(a, b):
    """True when the two collections hold the same cards, counted with duplicates."""
    return Counter(a) == Counter(b)
