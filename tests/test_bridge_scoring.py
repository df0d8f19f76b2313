"""Rubber bridge scoring against the published tables (Laws of Contract
Bridge), written out here by hand, independently of the implementation."""

import pytest

from rules_engine.families.bridge_scoring import contract_result, honours, undertricks

# Trick score below the line for each level 1..7, undoubled.
TRICK_SCORE = {
    "C": [20, 40, 60, 80, 100, 120, 140],
    "D": [20, 40, 60, 80, 100, 120, 140],
    "H": [30, 60, 90, 120, 150, 180, 210],
    "S": [30, 60, 90, 120, 150, 180, 210],
    "N": [40, 70, 100, 130, 160, 190, 220],
}
# Each overtrick: undoubled (minor, major/NT), doubled and redoubled, by vulnerability.
OVERTRICK = {(1, False): {"C": 20, "D": 20, "H": 30, "S": 30, "N": 30},
             (1, True): {"C": 20, "D": 20, "H": 30, "S": 30, "N": 30},
             (2, False): dict.fromkeys("CDHSN", 100), (2, True): dict.fromkeys("CDHSN", 200),
             (4, False): dict.fromkeys("CDHSN", 200), (4, True): dict.fromkeys("CDHSN", 400)}
# Penalties for 1..13 undertricks (the published cumulative table).
PENALTY = {
    (1, False): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (1, True): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (2, False): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (2, True): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (4, False): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (4, True): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}
SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
INSULT = {1: 0, 2: 50, 4: 100}


@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize("doubling", [1, 2, 4])
@pytest.mark.parametrize("strain", "CDHSN")
@pytest.mark.parametrize("level", range(1, 8))
def test_every_contract_made_or_defeated_by_every_count(level, strain, doubling, vulnerable):
    need = 6 + level
    for tricks in range(14):
        got = contract_result(level, strain, doubling, vulnerable, tricks)
        if tricks < need:
            expected = {"below": 0, "above": 0, "defenders": PENALTY[doubling, vulnerable][need - tricks - 1]}
        else:
            over = (tricks - need) * OVERTRICK[doubling, vulnerable][strain]
            above = over + INSULT[doubling] + SLAM.get((level, vulnerable), 0)
            expected = {"below": TRICK_SCORE[strain][level - 1] * doubling, "above": above, "defenders": 0}
        assert got == expected, (level, strain, doubling, vulnerable, tricks)


def test_undertricks_zero_is_nothing():
    assert undertricks(0, 2, True) == 0


@pytest.mark.parametrize("strain, hand, points", [
    ("C", "AC KC QC JC TC", 150),
    ("C", "AC KC QC TC 2C", 100),
    ("C", "AC KC QC 2C 3C", 0),
    ("H", "AC KC QC JC TC", 0),
    ("N", "AS AH AD AC", 150),
    ("N", "AS AH AD KC", 0),
])
def test_honours(strain, hand, points):
    assert honours(strain, hand.split()) == points
