"""Triple Play's cards, melds and scoring, apart from the play (the package's __init__.py).

Cards: jokers and 2s are wild; red 3s are bonus cards laid apart; black 3s never meld. A meld
is three to seven cards of one rank (``rank`` its natural rank, or ``WILD`` for a meld of wild
cards only): one wild card at most in three to five cards, two in six or seven, none in 5s or
7s (``play.wild-limit``). Seven cards make a canasta, which takes no more.

>>> from rules_engine.cards import parse_cards
>>> meld_problem(parse_cards("KH KS 2C")), meld_problem(parse_cards("KH 2S 2C")) is not None
(None, True)
>>> meld_problem(parse_cards("7H 7S JK")) is not None, meld_problem(parse_cards("JK 2S 2C"))
(True, None)
"""

from collections import Counter
from functools import lru_cache

from ...cards import make_deck
from ...moves import Move
from ...scoring import Fact, ScoreError, ScoreRule
from ...table import Tally, plural

WILD = "W"                      # the "rank" of a meld of wild cards only
CANASTA = 7
OPENING = (50, 90, 120, 150)    # the first meld's least points, deal by deal (play.opening)
NO_WILDS = ("5", "7")           # ranks whose melds never take a wild card
BONUS = {"7": 5000, "5": 3000, WILD: 2500, "natural": 500, "mixed": 300}
RED_THREE, MANY_RED_THREES, MANY = 100, 300, 7
OUT_BONUS = 200
UNPLAYED_RED_THREE, UNPLAYED_BLACK_THREE = 500, 100
SIDES = ("North–South", "East–West")   # the partnerships, each a column of the score sheet


# The jokers and the 2s. Whether a card is wild is a lookup by the (interned) card, not a function
# call: it is asked of every card of every meld and hand looked at.
WILD_CARDS = frozenset(card for card in make_deck("324") if card.rank is None or card.rank == "2")
is_wild = WILD_CARDS.__contains__
THREES = frozenset(card for card in make_deck("324") if card.rank == "3")
# The meld each card goes to, by rank (``WILD`` for a wild card), looked up as is_wild is.
MELD_GROUP = {card: WILD if card in WILD_CARDS else card.rank for card in set(make_deck("324"))}


# Cards are interned: the same card is the same object. A Card defines __lt__ (to sort), so the
# list methods that compare (remove, count) call Python for every card they pass; a hand of
# six packs is long, and these two compare by identity instead.
def remove_card(cards, card):
    """``cards.remove(card)``."""
    for index, held in enumerate(cards):
        if held is card:
            del cards[index]
            return
    raise ValueError(f"{card} is not among the cards")


def count_card(cards, card):
    """``cards.count(card)``."""
    return len([held for held in cards if held is card])


def is_red_three(card):
    return card.rank == "3" and card.is_red


RED_THREES = frozenset(filter(is_red_three, make_deck("324")))


def value(card):
    """A card's points in a meld or left in hand: joker 50, 2 and ace 20, king to 8 10, 7 to 4 5;
    a 3 left unplayed costs 500 (red) or 100 (black)."""
    if card.rank is None:
        return 50
    if card.rank == "3":
        return UNPLAYED_RED_THREE if card.is_red else UNPLAYED_BLACK_THREE
    if card.rank in "2A":
        return 20
    return 10 if card.rank in "89TJQK" else 5


VALUES = {card: value(card) for card in MELD_GROUP}
RANK_VALUES = {card.rank: value(card) for card in MELD_GROUP if MELD_GROUP[card] not in (WILD, "3")}


def wild_limit(size):
    return 1 if size <= 5 else 2


def meld_rank(cards):
    """The rank a meld's cards make (``WILD`` for wild cards only), or None when their natural
    cards are of several ranks or include a 3."""
    ranks = set(map(MELD_GROUP.__getitem__, cards))
    ranks.discard(WILD)
    if not ranks:
        return WILD
    if len(ranks) > 1 or "3" in ranks:
        return None
    return ranks.pop()


def meld_problem(cards, size_matters=True, rank=False):
    """Why ``cards`` make no meld, ``(reason, rule)``, or None; ``size_matters`` False checks
    all but the least size (cards picked so far, or added to a meld); ``rank``: their
    ``meld_rank``, if known."""
    if not THREES.isdisjoint(cards):
        return "3s never meld: a red 3 is laid apart, a black 3 stays in hand", "play.threes"
    if rank is False:
        rank = meld_rank(cards)
    if rank is None:
        return "a meld holds cards of one rank (with wild cards)", "play.meld"
    if size_matters and len(cards) < 3:
        return "a meld holds three cards at least", "play.meld"
    if len(cards) > CANASTA:
        return "a meld holds seven cards at most: a canasta is closed", "play.canasta"
    wilds = sum(map(is_wild, cards))
    if rank != WILD and wilds:
        if rank in NO_WILDS:
            return f"melds of {rank}s take no wild card", "play.wild-limit"
        if wilds > (wild_limit(len(cards)) if size_matters else 2):
            return (f"{wilds} wild cards in a meld of {len(cards)}: one at most in three to five cards, "
                    "two in six or seven", "play.wild-limit")
    return None


@lru_cache(maxsize=4096)   # a hand's representative melds and additions come back turn after turn
def meld_verdict(cards):
    """``(meld_rank(cards), meld_problem(cards))`` of ``cards``, a tuple."""
    rank = meld_rank(cards)
    return rank, meld_problem(cards, rank=rank)


def kind(rank, cards):
    """A canasta's kind: ``"7"``, ``"5"``, ``WILD``, ``"natural"`` or ``"mixed"``."""
    if rank in (WILD, "7", "5"):
        return rank
    return "natural" if WILD_CARDS.isdisjoint(cards) else "mixed"


def canastas(melds):
    """Counter of the kinds of the canastas among ``melds`` (``(rank, cards)``)."""
    done = Counter()
    for rank, cards in melds:
        if len(cards) == CANASTA:
            done[kind(rank, cards)] += 1
    return done


def canastas_made(melds):
    """The canastas among ``melds`` (``(rank, cards)``), each as ``(kind, rank, cards)``."""
    return [(kind(rank, cards), rank, cards) for rank, cards in melds if len(cards) == CANASTA]


def book_missing(melds):
    """What the basic book still lacks (``play.book``), in words; empty once it is complete:
    a canasta of 5s, one of 7s, one of wild cards, one more natural canasta and a mixed one."""
    done = canastas(melds)
    missing = [words for key, words in (("5", "a canasta of 5s"), ("7", "a canasta of 7s"),
                                        (WILD, "a canasta of wild cards"), ("mixed", "a mixed canasta"))
               if not done[key]]
    if done["natural"] + max(done["5"] - 1, 0) + max(done["7"] - 1, 0) < 1:
        missing.append("one more natural canasta")
    return missing


def deal_points(melded, canasta_kinds, red_threes, left, out):
    """A side's points for a deal, and its parts in words: ``melded`` the value of its melded
    cards, ``canasta_kinds`` a Counter of its canastas by kind, ``red_threes`` how many it
    laid, ``left`` the value of the cards left in its hands, knees and feet, ``out`` whether it
    went out (the score pad's count: ``score_deal`` scores it).

    >>> deal_points(900, {"7": 1, "natural": 2, "mixed": 1}, 3, 145, True)[0]
    7555
    """
    canastas = [(kind, None, ()) for kind, n in canasta_kinds.items() for _ in range(n)]
    total = score_deal(Tally(1), 0, melded, canastas, red_threes, [("Cards left", left, ())], out)
    return total, deal_words(melded, canasta_kinds, red_threes, left, out)


def deal_words(melded, canasta_kinds, red_threes, left, out):
    """A side's deal in words, part by part, from the counts ``deal_points`` takes."""
    bonus = sum(BONUS[kind] * n for kind, n in canasta_kinds.items())
    threes = RED_THREE * red_threes + (MANY_RED_THREES if red_threes >= MANY else 0)
    parts = [f"{melded} melded", f"{left} left in hand", f"{bonus} for canastas", f"{threes} for red 3s"]
    return parts + [f"{OUT_BONUS} for going out"] if out else parts


def score_deal(tally, side, melded, canastas, red_threes, left, out, melded_note=None, red_cards=()):
    """Score ``side``'s deal item by item into ``tally`` (a ``table.Tally``) and return its
    points: ``melded`` the value of its melded cards (``melded_note`` what they are), each of its
    ``canastas`` as ``(kind, rank, cards)``, ``red_threes`` how many red 3s it laid (``red_cards``
    which), ``left`` what each hand left costs as ``(label, points, cards)``, ``out`` whether it
    went out. On the score pad the cards are not known: the items are counts."""
    tally.add(side, "Cards melded", melded, "scoring.deal", note=melded_note)
    for kind, rank, cards in canastas:
        tally.add(side, canasta_words(kind, rank), BONUS[kind], "scoring.deal", cards)
    if red_threes:
        tally.add(side, "Red 3s laid", RED_THREE * red_threes, "scoring.red-threes", red_cards,
                  plural(red_threes, "red 3"))
    if red_threes >= MANY:
        tally.add(side, f"{MANY} red 3s or more", MANY_RED_THREES, "scoring.red-threes")
    for label, points, cards in left:
        tally.add(side, label, -points, "scoring.deal", cards, plural(len(cards), "card") if cards else None)
    if out:
        tally.add(side, "Going out", OUT_BONUS, "scoring.deal")
    return tally.points[side]


def deal_tally(melds, red_threes, left, out, names):
    """A deal's score, item by item: a ``table.Tally`` of the two partnerships, and each one's
    parts in words. Per side, ``melds`` (``(rank, cards)``) and ``red_threes`` (the cards laid);
    per seat, ``left``, its cards left in hand, knee and foot, and ``names``; ``out``, the side
    that went out, or None."""
    tally, lines = Tally(2), []
    for side in range(2):
        melded = [c for _, cards in melds[side] for c in cards]
        held = [(f"{names[seat]}'s cards left", sum(map(value, left[seat])), left[seat]) for seat in (side, side + 2)
                if left[seat]]
        what = f"{plural(len(melded), 'card')} in {plural(len(melds[side]), 'meld')}"
        score_deal(tally, side, sum(map(value, melded)), canastas_made(melds[side]), len(red_threes[side]), held,
                   out == side, what, red_threes[side])
        lines.append(", ".join(deal_words(sum(map(value, melded)), canastas(melds[side]), len(red_threes[side]),
                                          sum(points for _, points, _ in held), out == side)))
    return tally, tuple(lines)


RANK_WORDS = {"A": "aces", "T": "10s", "J": "jacks", "Q": "queens", "K": "kings", WILD: "wild cards"}


def rank_words(rank):
    """What a meld of ``rank`` holds, in words (its wild cards stand for that rank): ``kings``, ``7s``."""
    return RANK_WORDS.get(rank, f"{rank}s")


def canasta_words(kind, rank=None):
    """A canasta's bonus in words: ``Canasta of 7s``, ``Natural canasta of kings``, ``Mixed canasta``."""
    if kind in ("7", "5", WILD):
        return f"Canasta of {rank_words(kind)}"
    return f"{kind.capitalize()} canasta" + (f" of {rank_words(rank)}" if rank else "")


def _new_melds_hold(total, wilds):
    """Whether ``total`` cards of one rank, ``wilds`` of them wild, make new melds: canastas of
    seven and at most one meld of three to six, within the wild-card limits."""
    canastas, short = divmod(total, CANASTA)
    if short in (1, 2):
        return False
    return wilds <= 2 * canastas + (wild_limit(short) if short else 0)


def _rank_holds(naturals, wilds, held=0, held_wilds=0):
    """Whether ``naturals`` and ``wilds`` more cards of a rank can all be melded: first into the
    partnership's meld of that rank short of a canasta (``held`` cards, ``held_wilds`` of them
    wild), completing it before any new meld of the rank, the rest in new melds."""
    if not held:
        return _new_melds_hold(naturals + wilds, wilds)
    total = held + naturals + wilds
    if total <= CANASTA:
        return held_wilds + wilds <= wild_limit(total)
    room = CANASTA - held
    for into in range(min(wilds, 2 - held_wilds, room), -1, -1):   # the wild cards that complete it
        if room - into <= naturals and _new_melds_hold(naturals - room + wilds, wilds - into):
            return True
    return False


def most_points(hand, melds=()):
    """The most points the cards of ``hand`` can meld: in new melds and added to ``melds`` (the
    partnership's, ``(rank, cards)``), at most one meld of a rank short of a canasta, within the
    wild-card limits. An unopened partnership may lay a first meld short of its minimum only
    while this can still make it up (``play.opening``), and take the pile only if the top card
    and the hand can (the hand's cards of its rank joining the pile's meld).

    >>> from rules_engine.cards import parse_cards
    >>> most_points(parse_cards("TH TH QS QS QD QH QD 6C 6C 6D 6H 6S 8H 8S JS KC 3S 3S"), [("T", parse_cards("TC TS TD"))])
    95
    """
    wild_values, counts = [], {}
    for card in hand:
        group = MELD_GROUP[card]
        if group == WILD:
            wild_values.append(VALUES[card])
        elif group != "3":
            counts[group] = counts.get(group, 0) + 1
    wild_values.sort(reverse=True)
    short = {rank: (len(cards), sum(map(is_wild, cards))) for rank, cards in melds if len(cards) < CANASTA}
    spare = len(wild_values)
    best = {0: 0}   # wild cards used in melds of natural ranks: the most their natural cards score
    alike = 0       # and what the ranks that take no wild card score, whatever the others use
    for rank in dict.fromkeys([*counts, *(r for r in short if r != WILD)]):
        n, (held, held_wilds) = counts.get(rank, 0), short.get(rank, (0, 0))
        # A meld of seven holds two wild cards, of three to six one or two: no more can go into this rank.
        most_wilds = 0 if rank in NO_WILDS else min(spare, (2 * (held + n) + 14) // 5)
        options = _rank_choices(n, held, held_wilds, most_wilds, RANK_VALUES.get(rank, 0) if n else 0)
        if len(options) == 1 and options[0][0] == 0:   # no wild card to spend here: every count gains alike
            alike += options[0][1]
            continue
        grown = {}
        for used, points in best.items():
            for wilds, more in options:
                if used + wilds <= spare and grown.get(used + wilds, -1) < points + more:
                    grown[used + wilds] = points + more
        best = grown
    held = short.get(WILD, (0, 0))[0]
    top, together = [0], [0]   # the best wild cards' points; the most wild cards meldable together, of so many
    for k, v in enumerate(wild_values, 1):
        top.append(top[-1] + v)
        together.append(k if _rank_holds(k, 0, held) else together[-1])
    return alike + max(points + top[used + together[spare - used]] for used, points in best.items())


@lru_cache(maxsize=1024)   # the same few counts come up at every opening count
def _rank_choices(naturals, held, held_wilds, most_wilds, worth):
    """``((wild cards, points), ...)``: what ``naturals`` cards of a rank worth ``worth`` each
    score with each number of wild cards up to ``most_wilds`` that can meld with them."""
    choices = []
    for wilds in range(most_wilds + 1):
        most = _most_naturals(naturals, wilds, held, held_wilds)
        if most is not None:
            choices.append((wilds, most * worth))
    return tuple(choices)


def _most_naturals(naturals, wilds, held, held_wilds):
    """The most of ``naturals`` cards of a rank that can be melded with exactly ``wilds`` wild
    cards (``_rank_holds``), or None."""
    if held:
        return next((a for a in range(naturals, -1, -1) if _rank_holds(a, wilds, held, held_wilds)), None)
    # The most cards that make new melds (_new_melds_hold): all, or down to whole canastas when one
    # or two are left over; fewer never help, as the wild cards fewer cards hold never grow with them.
    total = naturals + wilds
    if total % CANASTA in (1, 2):
        total -= total % CANASTA
    canastas, short = divmod(total, CANASTA)
    if total < wilds or wilds > 2 * canastas + (wild_limit(short) if short else 0):
        return None
    return total - wilds


# ---- moves made directly: a turn lists many ------------------------------------------------------

# A turn lists the same few melds and additions again and again (moves are never changed): each
# is written once while it is in use.
@lru_cache(maxsize=2048)
def meld_move(cards):
    """The game's ``FORMS["meld"].make(cards)``."""
    return Move("meld", (cards,), "meld " + " ".join([c.text for c in cards]))


@lru_cache(maxsize=2048)
def add_move(cards, number):
    """The game's ``FORMS["add"].make(cards, number)``."""
    return Move("add", (cards, number), f"add {' '.join([c.text for c in cards])} to meld {number}")


def discard_move(card):
    """The game's ``FORMS["discard"].make(card)``."""
    return Move("discard", (card,), "discard " + card.text)


# ---- the score pad ----------------------------------------------------------------------------

def deal_row(hand, facts, context):
    """The score pad's calculator: a deal's row per side from its canastas, red 3s, melded
    points, points left and who went out.

    >>> facts = {"sevens": [1, 0], "fives": [1, 1], "wilds": [1, 0], "naturals": [1, 2],
    ...          "mixed": [1, 2], "red_threes": [3, 7], "melded": [1200, 760], "left": [145, 40],
    ...          "out": 0}
    >>> deal_row(None, facts, {})["points"]
    [12855, 6320]
    """
    row = []
    for side in range(2):
        kinds = {"7": facts["sevens"][side], "5": facts["fives"][side], WILD: facts["wilds"][side],
                 "natural": facts["naturals"][side], "mixed": facts["mixed"][side]}
        if facts["red_threes"][0] + facts["red_threes"][1] > 24:
            raise ScoreError("the pack holds 24 red 3s", "scoring.red-threes")
        if facts["out"] is not None and facts["out"] == side and not _book(kinds):
            raise ScoreError("a side goes out only with its basic book complete", "play.book")
        row.append(deal_points(facts["melded"][side], kinds, facts["red_threes"][side], facts["left"][side],
                               facts["out"] == side)[0])
    return {"points": row, "rule": "scoring.deal", "detail": "melds, canastas, red 3s, going out, less cards left"}


def _book(kinds):
    return kinds["5"] and kinds["7"] and kinds[WILD] and kinds["mixed"] and \
        kinds["natural"] + kinds["5"] + kinds["7"] >= 3


FACTS = (
    Fact("sevens", "Canastas of 7s", per_seat=True, high=6),
    Fact("fives", "Canastas of 5s", per_seat=True, high=6),
    Fact("wilds", "Canastas of wild cards", per_seat=True, high=5),
    Fact("naturals", "Other natural canastas", per_seat=True, high=30),
    Fact("mixed", "Mixed canastas", per_seat=True, high=30),
    Fact("red_threes", "Red 3s laid", per_seat=True, high=24),
    Fact("melded", "Points of the cards melded", per_seat=True, high=9000),
    Fact("left", "Points left in hand, knee and foot (3s: 500 red, 100 black)", per_seat=True, high=20000),
    Fact("out", "Who went out (nobody: the stock ran out)", kind="seat", optional=True),
)

SCORING = ScoreRule(wins="high", partnerships=2, rule="scoring.deal", end_rule="end.game",
                    hands_option="deals", calculator=deal_row, facts=FACTS,
                    cites=("play.book", "scoring.red-threes"))
