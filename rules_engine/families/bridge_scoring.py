"""Contract Bridge rubber scoring, for any game that borrows it.

Strains are ``"C" "D" "H" "S" "N"`` (N: no trumps); ``doubling`` is 1, 2
(doubled) or 4 (redoubled). Figures follow the Laws of Contract Bridge
(rubber bridge).

Trick score (below the line), per odd trick bid and made:

>>> [trick_score(1, s, 1) for s in "CDHSN"]
[20, 20, 30, 30, 40]
>>> trick_score(3, "N", 1), trick_score(4, "S", 1), trick_score(5, "D", 1)
(100, 120, 100)
>>> trick_score(1, "C", 2), trick_score(2, "H", 4)
(40, 240)

A whole hand, from the declarer's side: made (tricks >= 6 + level) or
defeated.

>>> contract_result(4, "S", 1, False, 10)
{'below': 120, 'above': 0, 'defenders': 0}
>>> contract_result(2, "H", 2, True, 9)   # doubled, vulnerable, one overtrick
{'below': 120, 'above': 250, 'defenders': 0}
>>> contract_result(6, "N", 1, True, 12)  # small slam, vulnerable
{'below': 190, 'above': 750, 'defenders': 0}
>>> [undertricks(n, 2, False) for n in (1, 2, 3, 4, 5)]
[100, 300, 500, 800, 1100]
>>> [undertricks(n, 2, True) for n in (1, 2, 3, 4)]
[200, 500, 800, 1100]
>>> undertricks(3, 1, True), undertricks(2, 4, False)
(300, 600)
>>> honours("C", "AC KC QC JC TC 2H".split()), honours("N", "AS AH AD AC".split())
(150, 150)
>>> honours("S", "AS KS QS JS".split()), honours("S", "AS KS QS".split())
(100, 0)
"""

STRAINS = "CDHSN"
STRAIN_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "N": "notrump"}
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "N": "NT"}
GAME_POINTS = 100
RUBBER_BONUS = {2: 700, 3: 500}  # won two games to none / two to one


def trick_score(level, strain, doubling):
    """Points below the line for ``level`` odd tricks bid and made."""
    if strain in "CD":
        base = 20 * level
    elif strain in "HS":
        base = 30 * level
    else:
        base = 40 + 30 * (level - 1)
    return base * doubling


def overtrick_score(count, strain, doubling, vulnerable):
    if doubling == 1:
        return count * (20 if strain in "CD" else 30)
    return count * (100 if not vulnerable else 200) * doubling // 2


def undertricks(count, doubling, vulnerable):
    """What the defenders score when the declarer falls ``count`` short."""
    if count <= 0:
        return 0
    if doubling == 1:
        return count * (100 if vulnerable else 50)
    if vulnerable:
        points = 200 + 300 * (count - 1)
    else:
        points = 100 + 200 * min(count - 1, 2) + 300 * max(count - 3, 0)
    return points * doubling // 2


def contract_items(level, strain, doubling, vulnerable, tricks):
    """A hand's points item by item (honours apart), as ``(side, line, label, points)``: ``side``
    ``"declarer"`` or ``"defenders"``, ``line`` ``"below"`` or ``"above"`` (the line).

    >>> contract_items(6, "S", 2, False, 13)
    [('declarer', 'below', '6 odd tricks bid and made', 360), ('declarer', 'above', '1 overtrick', 100), \
('declarer', 'above', 'Doubled contract made', 50), ('declarer', 'above', 'Small slam', 500)]
    >>> contract_items(3, "N", 1, True, 7)
    [('defenders', 'above', 'Undertricks: 2 down', 200)]
    """
    need = 6 + level
    if tricks < need:
        return [("defenders", "above", f"Undertricks: {need - tricks} down",
                 undertricks(need - tricks, doubling, vulnerable))]
    items = [("declarer", "below", f"{level} odd trick{'s' * (level > 1)} bid and made",
              trick_score(level, strain, doubling))]
    over = tricks - need
    if over:
        items.append(("declarer", "above", f"{over} overtrick{'s' * (over > 1)}",
                      overtrick_score(over, strain, doubling, vulnerable)))
    if doubling > 1:  # the insult: 50 doubled, 100 redoubled
        items.append(("declarer", "above", f"{'Doubled' if doubling == 2 else 'Redoubled'} contract made", 25 * doubling))
    if level == 6:
        items.append(("declarer", "above", "Small slam", 750 if vulnerable else 500))
    elif level == 7:
        items.append(("declarer", "above", "Grand slam", 1500 if vulnerable else 1000))
    return items


def contract_result(level, strain, doubling, vulnerable, tricks):
    """Points of a hand: ``below`` and ``above`` the line for the declarer,
    ``defenders`` above the line for the other side (``contract_items``' sums). Honours are apart."""
    result = {"below": 0, "above": 0, "defenders": 0}
    for side, line, _, points in contract_items(level, strain, doubling, vulnerable, tricks):
        result["defenders" if side == "defenders" else line] += points
    return result


def honours_held(strain, hand):
    """How many honours one hand (card texts) holds: trump honours (A K Q J 10
    of ``strain``), or aces at no trumps."""
    if strain == "N":
        return sum(text[0] == "A" for text in hand)
    return sum(text in {r + strain for r in "AKQJT"} for text in hand)


def honours_points(strain, held):
    """150 for all five trump honours or, at no trumps, all four aces; 100 for
    four of the five trump honours; else nothing."""
    if strain == "N":
        return 150 if held == 4 else 0
    return {5: 150, 4: 100}.get(held, 0)


def honours(strain, hand):
    """Honours held in one hand (card texts), in points."""
    return honours_points(strain, honours_held(strain, hand))


def rubber_step(line, games_won, below):
    """One hand's ``below``-the-line points (per side) added to the game in
    progress, ``line``. Returns ``(line, games_won, winner, bonus)``: the
    game's new line, the games each side has won, the side that won a game
    with this hand (or None) and, if that ends the rubber, its bonus.

    >>> rubber_step((40, 0), (1, 0), (60, 0))
    ((100, 0), (2, 0), 0, 700)
    >>> rubber_step((0, 70), (1, 0), (0, 30))
    ((0, 100), (1, 1), 1, 0)
    """
    line = tuple(a + b for a, b in zip(line, below))
    winner = next((side for side, points in enumerate(line) if points >= GAME_POINTS), None)
    bonus = 0
    if winner is not None:
        games_won = tuple(won + (side == winner) for side, won in enumerate(games_won))
        if games_won[winner] == 2:
            bonus = RUBBER_BONUS[2 + games_won[1 - winner]]
    return line, tuple(games_won), winner, bonus
