"""Sets of small numbers held as the bits of an int, where a search joins and tests them often."""


def bits(mask):
    """The indices of the bits of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
