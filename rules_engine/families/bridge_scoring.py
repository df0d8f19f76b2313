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


def contract_result(level, strain, doubling, vulnerable, tricks):
    """Points of a hand: ``below`` and ``above`` the line for the declarer,
    ``defenders`` above the line for the other side. Honours are apart."""
    need = 6 + level
    if tricks < need:
        return {"below": 0, "above": 0, "defenders": undertricks(need - tricks, doubling, vulnerable)}
    above = overtrick_score(tricks - need, strain, doubling, vulnerable)
    if doubling > 1:
        above += 25 * doubling  # the insult: 50 doubled, 100 redoubled
    if level == 6:
        above += 750 if vulnerable else 500
    elif level == 7:
        above += 1500 if vulnerable else 1000
    return {"below": trick_score(level, strain, doubling), "above": above, "defenders": 0}


def honours(strain, hand):
    """Honours held in one hand (card texts): 150 for all five trump honours
    or, at no trumps, all four aces; 100 for four of the five trump honours."""
    if strain == "N":
        return 150 if sum(text[0] == "A" for text in hand) == 4 else 0
    held = sum(text in {r + strain for r in "AKQJT"} for text in hand)
    return {5: 150, 4: 100}.get(held, 0)
