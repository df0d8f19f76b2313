"""The move log: every move a seat is told of since the deal, in words, as that seat may know it.

The page protocol (host.py) keeps a session's entries as its moves are made and sends the page
those it does not have yet; the leak check (tests/hidden.py) compares them like every other channel.
An entry is the move as the seat was told it (the table's last sentence then, the mover as the seat
may know them), where it belongs (the hand, and the trick or round where the game is played so:
``State._log_place``, asked before the move) and the rule that decided something in it, if one did
(``State._log_rule``). The game's hooks are in game.py; no game writes a log of its own.
"""

from .render import pretty_move


def entry(before, after, seat):
    """The move from ``before`` to ``after`` as ``seat`` is told it: ``{"move", "seat", "said",
    "hand", "part"}``, with ``"own": True`` for the seat's own move and ``"rule"`` where a rule
    decided something; None when the seat is not told of it (another seat's private decision)."""
    if not after.told_last_move(seat):
        return None
    move, mover = after.last_move_seen_by(seat)
    # A decision made in private (Comet's holder passing on the comet) leaves the table as it was,
    # its sentence included: it is told to its own seat in plain words.
    private = after.last_move_private()
    said = None if private else after._said(seat)
    if said is None:
        names = after.player_names()
        who = f"{names[mover]}: " if mover is not None and after.seats > 1 else ""
        said = f"{who}{pretty_move(move)}."
        said = said[0].upper() + said[1:]
    hand, part = before._log_place()
    out = {"move": move, "seat": mover, "said": said, "hand": hand, "part": part}
    if mover is not None and mover == seat:
        out["own"] = True
    rule = None if private else after._log_rule()
    if rule:
        out["rule"] = rule
    return out
