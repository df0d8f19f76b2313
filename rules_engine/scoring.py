"""Score sheets: what a score pad needs to know about a game, and the hand
rows the engine computes from what the players saw.

A game's spec carries a :class:`ScoreRule`: its hands, what ends it, who
wins and what a tie means, what must balance (a hand's total, chips passing
to and from a pot), the columns that are not players (Bridge Solitaire's
house, Lórum's pot) and, for a game whose hand score follows from a few
facts, a *calculator*: a pure function from those facts to the hand's row.
The game's own states score their hands with the same functions, so the
site's score pad and the rules cannot disagree. ``score_row`` is the door the
page's worker uses (``Host.op_score``); ``sheet_outcome`` and ``check_row``
say where a sheet's game stands and whether a row can be, as the pad's
``widgets/scorepad-rules.js`` does in the page.

>>> from rules_engine.scoring import score_row
>>> row = score_row("king", {"taken": [5, 4, 2, 2]}, hand=1)
>>> row["points"], row["rule"], row["check"]
([-100, -80, -40, -40], 'scoring.no-tricks', None)
>>> score_row("king", {"taken": [5, 4, 2, 1]}, hand=1)["check"]["rule"]
'scoring.negative-total'
"""

from dataclasses import dataclass

from .errors import RulesError, quote, quoted_list
from .moves import ASCII_NUMBER, MAX_DIGITS
from .table import plain

WINS = ("high", "low")
KINDS = ("number", "choice", "yesno", "seat")
TIES = ("share", "play-on", "first")


class ScoreError(RulesError):
    """Facts a hand calculator cannot score; ``reason`` and ``rule`` as for a refused move."""

    def __init__(self, reason, rule=None):
        self.reason = reason
        self.rule = rule
        super().__init__(reason if rule is None else f"{reason} (rule {rule})")


@dataclass(frozen=True)
class Fact:
    """One thing a player enters for an engine-computed row.

    ``kind``: ``number`` (``low``..``high``), ``choice`` (``choices`` as
    ``(value, label)`` pairs), ``yesno`` or ``seat`` (a column, from 0; a pad
    shows the players' names). A ``per_seat`` fact takes one
    number per column (``total``: what the column's numbers always add up
    to, which the row's check relies on). ``optional`` facts may be left out
    (``None``); the calculator decides what that means.
    """

    name: str
    label: str
    kind: str = "number"
    per_seat: bool = False
    low: int = 0
    high: int = 13
    total: object = None
    choices: tuple = ()
    optional: bool = False
    help: str = ""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"a fact's kind is one of {KINDS}, not {self.kind!r}")

    def read(self, value, columns):
        """The checked value of this fact from a pad's entry (raises ScoreError)."""
        if value is None or value == "":
            if self.optional:
                return None
            raise ScoreError(f"{self.label}: a value is needed")
        if self.per_seat:
            if not isinstance(value, (list, tuple)) or len(value) != columns:
                raise ScoreError(f"{self.label}: one number for each of the {columns} players, got {quote(value)}")
            return tuple(self._one(v, columns) for v in value)
        return self._one(value, columns)

    def _one(self, value, columns):
        if self.kind == "yesno":
            if not isinstance(value, bool):
                raise ScoreError(f"{self.label}: yes or no (true or false), got {quote(value)}")
            return value
        if self.kind == "seat":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < columns:
                raise ScoreError(f"{self.label}: a player, from 0 to {columns - 1}, got {quote(value)}")
            return value
        if self.kind == "choice":
            for choice, _ in self.choices:
                # A choice may come back as its text (from a form); str() of a huge int would raise.
                if type(value) is type(choice) and value == choice or type(value) is str and value == str(choice):
                    return choice
            allowed = ", ".join(str(c) for c, _ in self.choices)
            raise ScoreError(f"{self.label}: one of {allowed}, got {quote(value)}")
        if isinstance(value, str) and ASCII_NUMBER.fullmatch(value.strip()):
            # ASCII digits only ('²' passes str.isdigit() but not int()), and not so many that int() refuses.
            value = int(value) if len(value.strip().lstrip("-")) <= MAX_DIGITS else value
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise ScoreError(f"{self.label}: a whole number from {self.low} to {self.high}, got {quote(value)}")
        return value

    def to_json(self):
        data = {"name": self.name, "label": self.label, "kind": self.kind, "per_seat": self.per_seat,
                "optional": self.optional, "help": self.help}
        if self.kind == "number":
            data.update(low=self.low, high=self.high, total=self.total)
        if self.kind == "choice":
            data["choices"] = [{"value": value, "label": label} for value, label in self.choices]
        return data


@dataclass(frozen=True)
class ScoreHand:
    """One hand of a game played as a fixed list of hands (King's ten, Lórum's 28).

    ``total``: the points the hand always gives out in all, if fixed, with
    ``total_rule``, the rule that says so; ``empties_pool``: the hand leaves
    the pool (the sheet's pool column) empty, as Lórum's Domino does, with
    ``total_rule`` saying so; ``facts``: what a player enters for the
    engine to compute the hand's row."""

    name: str
    rule: str
    total: object = None
    total_rule: str = ""
    facts: tuple = ()
    empties_pool: bool = False

    def to_json(self):
        return {"name": self.name, "rule": self.rule, "total": self.total, "total_rule": self.total_rule or None,
                "empties_pool": self.empties_pool, "facts": [fact.to_json() for fact in self.facts]}


@dataclass(frozen=True)
class ScoreRule:
    """How a game's score sheet is kept: the facts a score pad needs.

    Which hands a sheet holds and what each row is:

    - ``hands``: the fixed list of hands (:class:`ScoreHand`); the game ends after the last;
    - ``per_game``: each row is a whole game (the engine plays one deal as a game), so the
      sheet is a session's tally that ends when the table stops;
    - ``hands_per_deal``: hands each dealer deals before the deal passes to the left.

    How the game ends (after a whole hand; several may apply, the first met ends it):

    - ``target``: a total reaches it (``target_by_seats``: ``((seats, target), ...)`` where the
      number of players changes it); ``floor`` (with ``floor_rule``): a total falls to it or below;
    - ``deals_option``: the game's option saying how often each player deals; the game
      ends after that many deals each;
    - ``hands_option``: the game's option saying how many hands the game lasts (a session of
      Bartok); the game ends after that many;
    - ``out_ends``: a hand that leaves a player with nothing (chips) ends the game;
    - ``last_hand`` (with ``last_rule``): the game ends after that many hands at the latest;
    - ``ends_by_rows``: the game's end is decided by the computed rows (a rubber);
    - ``out_at`` (or the option ``out_at_option`` naming it): a player whose total reaches it
      drops out, and the game ends when one player at most is left below it: that player wins,
      or, when the last ones all drop out in one hand, the lowest of them (``tie_rule``).

    Who wins: ``wins`` ``"high"`` or ``"low"``; ``ties`` says what level totals at the end mean:
    ``"share"`` (the win is shared), ``"play-on"`` (the game goes on until a hand leaves them
    unequal; at ``last_hand`` they draw) or ``"first"`` (when several reach ``target`` in one hand,
    the first to reach it in the order of scoring wins, whatever the totals), with ``tie_rule``.

    What balances (``check_row``, ``check_game``):

    - ``game_total`` (with ``total_rule``): what a whole game's totals add up to;
    - ``start_option``: the option giving what each player starts with (chips), the totals
      counting from there;
    - ``pool`` (with ``pool_rule``): the column of chips on the table (a pot, pools) that players
      pay into and take from; every row balances to zero with it, and it never holds less
      than nothing;
    - ``cells``: ``(low, high)``, what a cell may hold; ``row_sum``: ``(low, high)``, either None
      for no bound, what a row adds up to (one loser a game: at most -1).

    Bonuses added once the game is over (``sheet_outcome``'s ``final``), with ``bonus_rule``:
    ``hand_bonus`` to each player for each row it scored in (a hand won: a knock rummy's box),
    ``game_bonus`` to the game's one winner (``game_bonus_reached``: only when it reached the
    target), and ``shutout_doubles``: the winner's total with its bonuses doubled when no other
    player scored in any row.

    And: ``others``: columns of the sheet that are no player (``("The house",)``);
    ``partnerships``: players per side when they score together (0: each alone);
    ``calculator``: ``f(hand, facts, context) -> row``, pure, for engine-computed rows, with
    ``facts`` (or each hand's own facts) saying what it needs; ``unit``: what a score counts;
    ``rule``: the rule id of how the score is kept; ``end_rule``: how the game ends;
    ``cites``: other rule ids the calculator cites.
    """

    wins: str = "high"
    target: object = None
    target_by_seats: tuple = ()
    hands: tuple = ()
    game_total: object = None
    total_rule: str = ""
    others: tuple = ()
    partnerships: int = 0
    calculator: object = None
    facts: tuple = ()
    ends_by_rows: bool = False
    rule: str = ""
    end_rule: str = "end.game"
    tie_rule: str = ""
    cites: tuple = ()
    ties: str = "share"
    floor: object = None
    floor_rule: str = ""
    last_hand: object = None
    last_rule: str = ""
    deals_option: str = ""
    hands_option: str = ""
    out_ends: bool = False
    start_option: str = ""
    pool: str = ""
    pool_rule: str = ""
    hands_per_deal: int = 1
    per_game: bool = False
    cells: tuple = ()
    row_sum: tuple = ()
    unit: str = "points"
    out_at: object = None
    out_at_option: str = ""
    hand_bonus: int = 0
    game_bonus: int = 0
    game_bonus_reached: bool = False
    shutout_doubles: bool = False
    bonus_rule: str = ""

    def __post_init__(self):
        if self.wins not in WINS:
            raise ValueError(f"wins must be one of {WINS}, not {self.wins!r}")
        if self.ties not in TIES:
            raise ValueError(f"ties must be one of {TIES}, not {self.ties!r}")
        if self.ties == "first" and self.target is None:
            raise ValueError("ties='first' names who reached the target first: the rule needs a target")
        if self.target_by_seats and self.target is None:
            raise ValueError("a target by the number of players needs the rule's target, for the other numbers")
        if self.per_game and (self.hands or self.target is not None or self.deals_option or self.hands_option):
            raise ValueError("a sheet of whole games (per_game) has no hands, target or deals of its own")
        if any(hand.empties_pool for hand in self.hands) and not self.pool:
            raise ValueError("a hand that empties the pool needs the rule's pool")

    @property
    def end(self):
        """How the game ends: ``hands``, ``dropout``, ``deals``, ``target``, ``rows``, ``session`` (each row is a
        game) or ``open`` (the table decides)."""
        if self.hands or self.hands_option:
            return "hands"
        if self.out_at is not None:
            return "dropout"
        if self.deals_option:
            return "deals"
        if self.target is not None:
            return "target"
        if self.ends_by_rows:
            return "rows"
        return "session" if self.per_game else "open"

    def target_for(self, seats):
        """The target of a game of ``seats`` players."""
        return dict(self.target_by_seats).get(seats, self.target)

    @property
    def columns_other(self):
        """The columns after the players': ``others``, then the pool."""
        return self.others + ((self.pool,) if self.pool else ())

    def cited(self):
        """The rule ids the sheet cites, for the build's check that the page defines them."""
        ids = [self.rule, self.end_rule, self.total_rule, self.tie_rule, self.floor_rule, self.last_rule,
               self.pool_rule, self.bonus_rule, *self.cites]
        ids += [i for hand in self.hands for i in (hand.rule, hand.total_rule)]
        return tuple(dict.fromkeys(i for i in ids if i))

    def to_json(self, options=()):
        """JSON for the pad; ``options`` (the game's :class:`~rules_engine.game.Option` objects)
        give the default and choices of ``start_option``, ``deals_option`` and ``hands_option``."""
        known = {option.name: option for option in options}

        def option(name):
            if not name:
                return None
            if name not in known:
                raise ValueError(f"the score rule names the option {name!r}, which the game does not have")
            found = known[name]
            return {"option": name, "default": found.default, "choices": list(found.choices),
                    "label": found.description}

        return {
            "wins": self.wins,
            "target": self.target,
            "target_by_seats": {str(seats): target for seats, target in self.target_by_seats},
            "end": self.end,
            "hands": [hand.to_json() for hand in self.hands],
            "game_total": self.game_total,
            "total_rule": self.total_rule or None,
            "others": list(self.columns_other),
            "partnerships": self.partnerships,
            "computed": self.calculator is not None,
            "facts": [fact.to_json() for fact in self.facts],
            "rule": self.rule or None,
            "end_rule": self.end_rule,
            "tie_rule": self.tie_rule or None,
            "ties": self.ties,
            "floor": self.floor,
            "floor_rule": self.floor_rule or None,
            "last_hand": self.last_hand,
            "last_rule": self.last_rule or None,
            "deals": option(self.deals_option),
            "hands_option": option(self.hands_option),
            "out_ends": self.out_ends,
            "start": option(self.start_option),
            "pool": self.pool or None,
            "pool_rule": self.pool_rule or None,
            "hands_per_deal": self.hands_per_deal,
            "per_game": self.per_game,
            "cells": list(self.cells) or None,
            "row_sum": list(self.row_sum) or None,
            "unit": self.unit,
            "out_at": self.out_at,
            "out_at_option": option(self.out_at_option),
            "bonuses": {"hand": self.hand_bonus, "game": self.game_bonus, "reached": self.game_bonus_reached,
                        "shutout": self.shutout_doubles, "rule": self.bonus_rule or None},
        }

    @property
    def has_bonuses(self):
        return bool(self.hand_bonus or self.game_bonus)


# ---- a sheet's rows: their checks, the game's end and its winners --------------------------------
# widgets/scorepad-rules.js does the same for the pad (tests/test_score_sheets.py checks the two agree).

def people_columns(rule, seats):
    """The columns of ``seats`` players on a sheet: a side each when partners score together."""
    size = rule.partnerships
    return seats // size if size > 1 and seats > size and seats % size == 0 else seats


def _option(rule, name, options):
    return (options or {}).get(name) if name else None


def sheet_hands(rule, seats, options=None):
    """The hands a whole game lasts, if fixed: the list of hands, the option's number of hands,
    or each player's deals."""
    if rule.hands:
        return len(rule.hands)
    if rule.hands_option:
        return _option(rule, rule.hands_option, options)
    deals = _option(rule, rule.deals_option, options)
    return seats * deals if deals else None


def start_totals(rule, seats, options=None):
    """Each column's total before the first row: what the players start with, nothing for the others."""
    start = _option(rule, rule.start_option, options) or 0
    return [start] * people_columns(rule, seats) + [0] * len(rule.columns_other)


def _pool_holds(rule):
    """``("the pot", "holds")``: the pool's column in a sentence, with its verb."""
    name = rule.pool.lower()
    return f"the {name}", "hold" if name.endswith("s") else "holds"


def _count(value, unit):
    return f"{value} {unit[:-1] if abs(value) == 1 and unit.endswith('s') else unit}"


def check_row(rule, points, hand=None, before=None):
    """None if a row of ``points`` (None for an empty cell; the players' columns, then
    ``rule.columns_other``) is consistent with the game's rules, else ``{"message", "rule",
    "hard"}``. ``before`` holds the totals before the row (``start_totals`` plus the rows above),
    for the pool. A hard problem is a row the game cannot produce (chips made from nothing);
    a soft one, a hand total the pad flags and may save anyway. Sparse rows are left alone
    unless the hand is fixed."""
    cells = [p or 0 for p in points]
    if rule.cells:
        low, high = rule.cells
        for value in cells:
            if not low <= value <= high:
                return {"message": f"a row gives each player {plain(low)} to {plain(high)}, not {plain(value)}", "rule": rule.rule,
                        "hard": True}
    if rule.row_sum:
        low, high = rule.row_sum
        got = sum(cells)
        if low is not None and got < low:
            return {"message": f"this row adds up to {plain(got)}, and a row always adds up to {plain(low)} or more",
                    "rule": rule.rule, "hard": True}
        if high is not None and got > high:
            return {"message": f"this row adds up to {plain(got)}, and a row always adds up to {plain(high)} or less",
                    "rule": rule.rule, "hard": True}
    if rule.pool:
        got = sum(cells)
        pool, holds = _pool_holds(rule)
        if got:
            return {"message": f"this row adds up to {plain(got)}: {rule.unit} only pass between the players and "
                               f"{pool}, so a row adds up to 0", "rule": rule.pool_rule or rule.rule, "hard": True}
        held = before[-1] if before else 0
        if held + cells[-1] < 0:
            return {"message": f"{pool} {holds} {_count(held, rule.unit)} before this row and cannot pay "
                               f"out {-cells[-1]}", "rule": rule.pool_rule or rule.rule, "hard": True}
    if not rule.hands or hand is None:
        return None
    if not 1 <= hand <= len(rule.hands):
        return {"message": f"there is no hand {hand}: the game has {len(rule.hands)}", "rule": rule.end_rule,
                "hard": True}
    expected = rule.hands[hand - 1]
    if expected.empties_pool:
        held = before[-1] if before else 0
        if held + cells[-1]:
            pool, holds = _pool_holds(rule)
            return {"message": f"{expected.name} leaves {pool} empty: it {holds} "
                               f"{_count(held, rule.unit)} before this row, so the row takes {held} from it",
                    "rule": expected.total_rule or expected.rule, "hard": True}
    if expected.total is None:
        return None
    got = sum(cells[:len(cells) - len(rule.columns_other)])
    if got == expected.total:
        return None
    return {"message": f"this row adds up to {plain(got)}, but a {expected.name} hand always gives out "
                       f"{plain(expected.total)} in all", "rule": expected.total_rule or expected.rule, "hard": False}


def check_game(rule, totals):
    """None if a finished game's ``totals`` add up as the rules say, else ``{"message", "rule"}``."""
    if rule.game_total is None or sum(totals) == rule.game_total:
        return None
    return {"message": f"the totals add up to {plain(sum(totals))}, but a whole game's always add up to "
                      f"{plain(rule.game_total)}", "rule": rule.total_rule}


def _row(row):
    return row if isinstance(row, dict) else {"cells": list(row)}


def sheet_outcome(rule, rows, seats, options=None):
    """Where a game stands after ``rows`` (each ``{"cells", "hand", "first", "over"}``, or its
    cells alone): ``{"over", "winners", "why", "ended", "totals", "final"}``. ``winners`` are column
    indexes; ``why`` says what ended the game (``hands``, ``deals``, ``out``, ``target``,
    ``floor``, ``last``, ``rows``, ``draw``, or ``first?`` when several reached the target in one
    row and the row does not say who was first); ``ended`` is the index of the row that ended
    it; ``totals`` count from ``start_totals`` to that row (or the last); ``final``: once the game
    is over, the totals with its end bonuses, if it has any (else None)."""
    people = people_columns(rule, seats)
    totals = start_totals(rule, seats, options)
    last = sheet_hands(rule, seats, options)
    done = set()
    for index, row in enumerate(map(_row, rows)):
        before = totals[:people]
        for i, value in enumerate(row["cells"]):
            totals[i] += value or 0
        if row.get("hand"):
            done.add(row["hand"])
        if rule.per_game:
            continue
        if rule.out_at is not None:
            ended = _dropped_out(_option(rule, rule.out_at_option, options) or rule.out_at, before, totals[:people])
        else:
            ended = _ended(rule, totals[:people], len(done) if rule.hands else index + 1, last, row,
                           rule.target_for(seats))
        if ended:
            winners, why = ended
            final = with_bonuses(rule, totals, [_row(r)["cells"] for r in rows[:index + 1]], winners, why)
            return {"over": True, "winners": winners, "why": why, "ended": index, "totals": totals, "final": final}
    return {"over": False, "winners": [], "why": None, "ended": None, "totals": totals, "final": None}


def with_bonuses(rule, totals, rows, winners, why):
    """The totals of a finished game with its end bonuses (None: it has none): ``hand_bonus`` for
    each row a column scored in, ``game_bonus`` to a sole winner (only one who reached the target,
    if ``game_bonus_reached``), the winner's doubled after a shutout."""
    if not rule.has_bonuses:
        return None
    final = list(totals)
    won = [sum(1 for row in rows if (row[i] or 0) > 0) for i in range(len(totals))]
    for i in range(len(final)):
        final[i] += rule.hand_bonus * won[i]
    if len(winners) == 1 and (why == "target" or not rule.game_bonus_reached):
        (winner,) = winners
        final[winner] += rule.game_bonus
        if rule.shutout_doubles and not any(won[i] for i in range(len(won)) if i != winner):
            final[winner] *= 2
    return final


def _dropped_out(threshold, before, totals):
    """``(winners, "dropout")`` once one player at most is left below ``threshold``: that player,
    or the lowest of those who were still in before the row, else None."""
    left = [i for i, t in enumerate(totals) if t < threshold]
    if len(left) > 1:
        return None
    if left:
        return left, "dropout"
    were_in = [i for i, t in enumerate(before) if t < threshold]
    best = min(totals[i] for i in were_in)
    return [i for i in were_in if totals[i] == best], "dropout"


def _ended(rule, totals, played, last, row, target):
    """``(winners, why)`` if the game ends with ``row`` (``target``: the rule's for these players), else None."""
    why = None
    if last is not None and played >= last:
        why = "hands" if rule.hands or rule.hands_option else "deals"
    if rule.out_ends and min(totals) <= 0:
        why = "out"
    reached = []
    if target is not None:
        reached = [i for i, t in enumerate(totals) if (t >= target if target >= 0 else t <= target)]
        why = "target" if reached else why
    if rule.floor is not None and min(totals) <= rule.floor:
        why = "floor"
    if rule.ends_by_rows and row.get("over"):
        why = "rows"
    at_last = rule.last_hand is not None and played >= rule.last_hand
    if why is None and not at_last:
        return None
    best = max(totals) if rule.wins == "high" else min(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if rule.ties == "play-on" and len(leaders) > 1:
        return ([], "draw") if at_last else None
    if rule.ties == "first" and why == "target" and len(reached) > 1:
        first = row.get("first")
        return ([first], "target") if first in reached else ([], "first?")
    if rule.ties == "first" and why == "target":
        return reached, why
    return leaders, why or "last"


def read_facts(fact_list, facts, columns):
    if not isinstance(facts, dict):
        raise ScoreError(f"the facts must be an object of name: value, got {quote(facts)}")
    known = {fact.name for fact in fact_list}
    unknown = [name for name in facts if name not in known]
    if unknown:
        raise ScoreError(f"unknown fact(s) {quoted_list(unknown)}: this row takes {', '.join(sorted(known))}")
    return {fact.name: fact.read(facts.get(fact.name), columns) for fact in fact_list}


MAX_HANDS = 10_000   # a hand's number in a game of no fixed hands: far past any sheet's length


def score_row(game_id, facts, hand=None, context=None, columns=None):
    """The row the engine computes for ``game_id`` from a player's ``facts``.

    ``hand`` is the hand's number (1-based) for a game of fixed hands;
    ``context`` is the ``state`` of the sheet's previous computed row, if any
    (a rubber's games so far); ``columns`` the number of players (the game's
    fewest seats by default). Returns ``{"points", "rule", "detail", "check",
    ...}``: one number per column, the rule that scores the row, a sentence
    on how, and the row's check (None when it balances)."""
    from .registry import state_class

    spec = state_class(game_id).spec
    rule = spec.scoring
    if rule.calculator is None:
        raise ScoreError(f"{spec.name} has no hand rows computed by the engine: enter its scores directly")
    # A sheet has a column per player, or per side when partners score together (a game for four
    # in partnerships only is kept in two columns).
    allowed = sorted({people_columns(rule, n) for n in spec.player_counts} | set(spec.player_counts))
    if columns is None:
        columns = people_columns(rule, spec.seats[0])
    if type(columns) is not int or columns not in allowed:
        counts = spec.player_counts
        raise ScoreError(f"{spec.name} is for {counts[0]} to {counts[-1]} players"
                         f"{' (' + ' or '.join(map(str, counts)) + ')' if spec.seat_counts else ''}, not {quote(columns)}")
    if rule.hands:
        if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(rule.hands):
            raise ScoreError(f"which hand? {spec.name} has hands 1 to {len(rule.hands)}, got {quote(hand)}",
                             rule.end_rule)
        fact_list = rule.hands[hand - 1].facts
    else:
        if hand is not None and (type(hand) is not int or not 1 <= hand <= MAX_HANDS):
            raise ScoreError(f"which hand? a hand is numbered 1 to {MAX_HANDS:,}, got {quote(hand)}")
        fact_list = rule.facts
    if context is not None and not isinstance(context, dict):
        raise ScoreError(f"the context must be the previous row's state, got {quote(context)}")
    values = read_facts(fact_list, facts, columns)
    row = dict(rule.calculator(hand, values, context or {}))
    row["points"] = [int(p) for p in row["points"]]
    row["check"] = check_row(rule, row["points"], hand)
    row["hand"] = hand
    return row
