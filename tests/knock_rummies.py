"""What the knock rummies' own tests share (rules_engine/families/knock_rummy.py): a hand set up
as given, the texts of the legal moves, and the step-by-step answers for a meld or a lay-off
checked against a brute force over the hand."""

from itertools import combinations

from rules_engine.cards import format_cards, make_deck, parse_cards
from rules_engine.families.rummy import canonical


def position(game, hands, *, stock, phase="discard", turn=1, discard="9C", taken=None, knocker=None, melds=(),
             **fields):
    """A hand of ``game`` set up as given, ``stock`` cards in the stock, taken from the cards held
    by no one (the rest go under the discard pile); ``fields``: further attributes of the state."""
    state = game.new(seed=1)
    state.hands = [parse_cards(h) for h in hands]
    held = {c for h in state.hands for c in h}
    assert len(held) == sum(map(len, state.hands)), "a card held twice"
    state.discard = [c for c in parse_cards(discard) if c not in held]
    laid = [(owner, parse_cards(cards)) for owner, cards in melds]
    used = held | set(state.discard) | {c for _, m in laid for c in m}
    state.stock = [c for c in make_deck("52") if c not in used]
    state.knock_card = None
    if knocker is not None:
        state.knock_card = state.stock.pop()
    extra = state.stock[stock:]
    state.stock = state.stock[:stock]
    state.discard = extra + state.discard
    state.phase, state.turn, state.knocker, state.melds = phase, turn, knocker, laid
    state.taken = parse_cards(taken)[0] if taken else None
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def moves(state):
    return [m.text for m in state.legal_moves()]


def built_by_brute_force(state):
    """Every move of several cards the rules allow here, found by asking ``explain`` about every
    meld of the hand's cards and every lay-off: ``{(cards, target): move}``."""
    hand = state.hands[state.to_act]
    found = {}
    for size in range(3, len(hand) + 1):
        for cards in combinations(hand, size):
            text = "meld " + format_cards(canonical(cards))
            if state.explain(text) is None:
                found[(frozenset(c.text for c in cards), None)] = text
    for card in hand:
        for number in range(1, len(state.melds) + 1):
            text = f"layoff {card.text} on meld {number}"
            if state.explain(text) is None:
                found[(frozenset([card.text]), f"meld-{number}")] = text
    return found


def check_choices(state, most):
    """Every choice of up to ``most`` of the hand's cards, aimed at nothing or at each meld: the
    cards that may follow, the moves it finishes, whether it is refused (and by a rule the game
    cites), and the melds it may aim at, all as the brute force finds them."""
    legal = built_by_brute_force(state)
    hand = [c.text for c in state.hands[state.to_act]]
    targets = [None] + [f"meld-{n}" for n in range(1, len(state.melds) + 1)]
    for size in range(0, most + 1):
        for picked in combinations(hand, size):
            chosen = frozenset(picked)
            for target in targets:
                answer = state.choose(list(picked), target)
                aimed = {k: m for k, m in legal.items() if chosen <= k[0] and (target is None or k[1] == target)}
                assert set(answer["next"]) == {c for k in aimed for c in k[0]} - chosen
                assert {f["move"] for f in answer["finish"]} == (
                    {m for (cards, t), m in aimed.items() if cards == chosen and (t is None or t == target)}
                    if picked else set())
                assert (answer["refused"] is None) == (not picked or bool(aimed)), (picked, target, answer)
                if answer["refused"]:
                    assert answer["refused"]["rule"] in state.spec.cited_rules
            reachable = {k[1] for k in legal if chosen <= k[0] and k[1]}
            assert set(state.choose(list(picked))["targets"]) == reachable


def knock_discard(state, seat):
    """The label and cards of the knocker's face-down discard on ``seat``'s table."""
    found = [z for z in state.table(seat)["zones"] if z["id"] == "knock-discard"]
    return found[0]["label"], found[0]["cards"]
