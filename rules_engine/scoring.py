"""Score sheets: what a score pad needs to know about a game, and the hand
rows the engine computes from what the players saw.

A game's spec carries a :class:`ScoreRule`: whether the high or the low total
wins, the target or the fixed list of hands, the totals that must balance,
the columns that are not players (Bridge Solitaire's house) and, for a game
whose hand score follows from a few facts, a *calculator*: a pure function
from those facts to the hand's row. The game's own states score their hands
with the same functions, so the site's score pad and the rules cannot
disagree. ``score_row`` is the door the page's worker uses (``Host.op_score``).

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
    """One hand of a game played as a fixed list of hands (King's ten).

    ``total``: the points the hand always gives out in all, if fixed, with
    ``total_rule``, the rule that says so; ``facts``: what a player enters
    for the engine to compute the hand's row."""

    name: str
    rule: str
    total: object = None
    total_rule: str = ""
    facts: tuple = ()

    def to_json(self):
        return {"name": self.name, "rule": self.rule, "total": self.total, "total_rule": self.total_rule or None,
                "facts": [fact.to_json() for fact in self.facts]}


@dataclass(frozen=True)
class ScoreRule:
    """How a game's score sheet is kept: the facts a score pad needs.

    - ``wins``: ``"high"`` or ``"low"``, the total that wins;
    - ``target``: the game ends once a total reaches it (after a whole hand);
    - ``hands``: the fixed list of hands (:class:`ScoreHand`), the game ends after the last;
    - ``game_total`` (with ``total_rule``): what a whole game's totals add up to;
    - ``others``: columns of the sheet that are no player (``("The house",)``);
    - ``partnerships``: players per side when they score together (0: each alone);
    - ``calculator``: ``f(hand, facts, context) -> row``, pure, for engine-computed rows,
      with ``facts`` (or each hand's own facts) saying what it needs;
    - ``ends_by_rows``: the game's end is decided by the computed rows (a rubber);
    - ``rule``: the rule id of how the score is kept; ``end_rule``: how the game ends;
      ``tie_rule``: what a tie for the win means; ``cites``: other rule ids the calculator cites.
    """

    wins: str = "high"
    target: object = None
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

    def __post_init__(self):
        if self.wins not in WINS:
            raise ValueError(f"wins must be one of {WINS}, not {self.wins!r}")

    @property
    def end(self):
        """How the game ends: ``hands``, ``target``, ``rows`` or ``open`` (the table decides)."""
        if self.hands:
            return "hands"
        if self.target is not None:
            return "target"
        return "rows" if self.ends_by_rows else "open"

    def cited(self):
        """The rule ids the sheet cites, for the build's check that the page defines them."""
        ids = [self.rule, self.end_rule, self.total_rule, self.tie_rule, *self.cites]
        ids += [i for hand in self.hands for i in (hand.rule, hand.total_rule)]
        return tuple(dict.fromkeys(i for i in ids if i))

    def to_json(self):
        return {
            "wins": self.wins,
            "target": self.target,
            "end": self.end,
            "hands": [hand.to_json() for hand in self.hands],
            "game_total": self.game_total,
            "total_rule": self.total_rule or None,
            "others": list(self.others),
            "partnerships": self.partnerships,
            "computed": self.calculator is not None,
            "facts": [fact.to_json() for fact in self.facts],
            "rule": self.rule or None,
            "end_rule": self.end_rule,
            "tie_rule": self.tie_rule or None,
        }


def check_row(rule, points, hand=None):
    """None if a row of ``points`` (None for an empty cell) is consistent with
    the game's rules, else ``{"message", "rule"}``: a hand whose fixed total
    the row does not reach. Sparse rows are left alone unless the hand is fixed."""
    if not rule.hands or hand is None:
        return None
    if not 1 <= hand <= len(rule.hands):
        return {"message": f"there is no hand {hand}: the game has {len(rule.hands)}", "rule": rule.end_rule}
    expected = rule.hands[hand - 1]
    if expected.total is None:
        return None
    got = sum(p or 0 for p in points)
    if got == expected.total:
        return None
    return {"message": f"this row adds up to {plain(got)}, but a {expected.name} hand always gives out "
                       f"{plain(expected.total)} in all", "rule": expected.total_rule or expected.rule}


def check_game(rule, totals):
    """None if a finished game's ``totals`` add up as the rules say, else ``{"message", "rule"}``."""
    if rule.game_total is None or sum(totals) == rule.game_total:
        return None
    return {"message": f"the totals add up to {plain(sum(totals))}, but a whole game's always add up to "
                      f"{plain(rule.game_total)}", "rule": rule.total_rule}


def read_facts(fact_list, facts, columns):
    if not isinstance(facts, dict):
        raise ScoreError(f"the facts must be an object of name: value, got {quote(facts)}")
    known = {fact.name for fact in fact_list}
    unknown = [name for name in facts if name not in known]
    if unknown:
        raise ScoreError(f"unknown fact(s) {quoted_list(unknown)}: this row takes {', '.join(sorted(known))}")
    return {fact.name: fact.read(facts.get(fact.name), columns) for fact in fact_list}


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
    if columns is None:
        columns = spec.seats[0]
    if type(columns) is not int or not spec.seats[0] <= columns <= spec.seats[1]:
        raise ScoreError(f"{spec.name} is for {spec.seats[0]} to {spec.seats[1]} players, not {quote(columns)}")
    if rule.hands:
        if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(rule.hands):
            raise ScoreError(f"which hand? {spec.name} has hands 1 to {len(rule.hands)}, got {quote(hand)}",
                             rule.end_rule)
        fact_list = rule.hands[hand - 1].facts
    else:
        fact_list = rule.facts
    if context is not None and not isinstance(context, dict):
        raise ScoreError(f"the context must be the previous row's state, got {quote(context)}")
    values = read_facts(fact_list, facts, columns)
    row = dict(rule.calculator(hand, values, context or {}))
    row["points"] = [int(p) for p in row["points"]]
    row["check"] = check_row(rule, row["points"], hand)
    row["hand"] = hand
    return row
