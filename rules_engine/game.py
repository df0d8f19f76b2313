"""The contract every game keeps: a spec, a game with its options, and states.

A game module subclasses :class:`State`, sets its ``spec`` (rules_engine/spec.py) and its move
``forms``, and fills in a handful of hooks (``_setup``, ``_legal``,
``_why_not``, ``_play``, ``_table``...). Everything a player, a widget or a
test touches — ``legal_moves``, ``explain``, ``apply``, ``view``, ``record`` —
is written once, here.
"""

from collections import namedtuple
from functools import lru_cache

from .cards import HIDDEN, format_cards, make_deck, pack_copies, pack_words, parse_cards
from .errors import IllegalMoveError, NotationError, NotYourTurnError, OptionError, RecordError, quote
from .moves import Move
from .rng import canonical_seed, fresh_seed, shuffled
from .spec import COMMON_RULES, GameSpec, Option  # noqa: F401 (the games import them from here)

Explanation = namedtuple("Explanation", "reason rule")
Scores = namedtuple("Scores", "hand game")

# view(ALL) shows every seat's own cards (never cards no one may see), for worked examples.
ALL = "all"
# The moves a state keeps as a chain of nested tuples before sealing them into one flat tuple.
HISTORY_SEGMENT = 256

class Game:
    """A game with its options fixed; ``new`` deals the first state."""

    def __init__(self, state_class, **options):
        spec = state_class.spec
        known = {o.name: o for o in spec.options}
        for name in options:
            if name not in known:
                names = ", ".join(known) or "none"
                raise OptionError(f"unknown option {quote(name)} for {spec.id}: its options are {names}")
        self.spec = spec
        self.state_class = state_class
        self.options = {
            name: option.check(options.get(name, option.default), spec.id) for name, option in known.items()
        }

    def __repr__(self):
        return f"<Game {self.spec.id} {self.options}>"

    def new(self, seed=None, seats=None, decks=None):
        """The first state of a game.

        ``seed`` (an int or a string) feeds every shuffle; ``decks`` can fix
        the order of any labelled shuffle instead (``{"hand-1": "AS KD ..."}``),
        as a worked example does. With neither, a fresh seed is drawn.
        """
        spec = self.spec
        if seats is None:
            seats = spec.default_seats or spec.seats[0]
        if type(seats) is not int or seats not in spec.player_counts:
            counts = spec.player_counts
            span = " or ".join(map(str, counts)) if spec.seat_counts else (
                f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}")
            raise OptionError(f"bad number of seats {quote(seats)} for {spec.id}: it takes {span}")
        if seed is None and not decks:
            seed = fresh_seed()
        if seed is not None:
            seed = canonical_seed(seed)
        if decks is not None and not isinstance(decks, dict):
            raise OptionError(f"bad decks {quote(decks)} for {spec.id}: expected labels with their cards")
        fixed = {}
        most = max(len(make_deck(name)) for name in {spec.deck, *dict(spec.deck_by_seats).values()}) if decks else 0
        for label, cards in (decks or {}).items():
            if type(label) is not str or not isinstance(cards, (str, list, tuple)):
                raise OptionError(f"bad deck {quote(label)}: {quote(cards)} for {spec.id}: expected a label and cards")
            if isinstance(cards, str):
                cards = cards.replace(",", " ").split()
            if len(cards) > most:  # refused before reading every card of a text of any length
                raise OptionError(f"deck {quote(label)} for {spec.id} holds {len(cards)} cards: "
                                  f"the game's pack has {most}")
            fixed[label] = tuple(parse_cards(cards))
        state = self.state_class.__new__(self.state_class)
        state.game = self
        state.options = self.options
        state.seats = seats
        state.seed = seed
        state.decks = fixed
        state.labels_dealt = frozenset()
        state._history = state._history_sealed = None
        state._history_recent = 0
        state._setup()
        return state


class State:
    """A position of a game. States are never changed: ``apply`` returns a new one."""

    spec: GameSpec
    forms = None

    # ---- hooks for the game -------------------------------------------------

    def _setup(self):
        """Deal and set up the first position, drawing cards from ``self._shuffle``."""
        raise NotImplementedError

    def _legal(self):
        """The legal moves of the seat to act, in a deterministic order."""
        raise NotImplementedError

    def _why_not(self, move):
        """Why a move that is not legal here is refused: ``(reason, rule id)``."""
        raise NotImplementedError

    def _play(self, move):
        """Carry out a legal move on this state, which is a fresh copy."""
        raise NotImplementedError

    def _table(self, seat):
        """The game's own part of ``view(seat)``: JSON-ready, hidden cards as ``??``."""
        raise NotImplementedError

    def _cards_in_play(self):
        """Every card of the deck, wherever it lies, for the accounting checks."""
        raise NotImplementedError

    def _describe(self, seat):
        """The game's part of ``table(seat)`` (see rules_engine/table.py):
        ``headline``, ``zones``, ``score``, ``last``, ``result``, ``interlude``;
        a family's machinery builds most of it."""
        raise NotImplementedError

    def _click_source(self, move, where):
        """The ``[zone id, index]`` of the card a click on which starts ``move``
        (``where`` maps each visible card to its place), or None for a button."""
        card = move.card
        return where.get(card.text) if card is not None else None

    def _click_target(self, move, table):
        """The id of the zone a click on which completes ``move`` once its card
        is chosen, or None when clicking the card is the whole move."""
        return None

    def _click_choice(self, move):
        """The words of the choice ``move`` makes once its card is picked (``call hearts`` for an 8,
        ``as the 7♣`` for a joker), when several moves start from that card and end nowhere:
        renderers then offer the choices as buttons. None: the card, or card and zone, is the move."""
        return None

    def _button_words(self, move):
        """The words on the button of ``move`` when no card starts it, where its text alone would
        not tell a reader what it does (Bartok's ``rule club-even`` adds a rule: the button says
        which). None: the move's text."""
        return None

    def _built(self, move):
        """For a move built from several cards (a meld, a lay-off), a ``selection.Built``: its
        cards, its target zone and its finishing button's words; None for any other move."""
        return None

    lists_built_moves = True  # False: too many to list, and the game answers ``_selection`` itself

    def _unlisted_legal(self, move):
        """For a game that does not list all its built moves (``lists_built_moves`` False):
        whether ``move``, missing from ``legal_moves()``, is legal all the same."""
        return False
    # True: a card picked alone also offers its moves that are not built (a card laid) as finishing buttons
    lone_card_moves_finish = False

    def _selection(self, picked, target):
        """``selection.answer`` for this state (read from the legal moves unless overridden)."""
        from .selection import listed_answer

        return listed_answer(self, picked, target)

    def _selection_refusal(self, picked, target):
        """Why cards picked (texts) lead to no legal move: ``(reason, rule id)``."""
        return "no move of this turn is made of these cards", "play.turn"

    def pack_name(self):
        """The name of the pack in play (``cards.DECKS``): the spec's for this number of players,
        unless an option chooses another (two packs shuffled together)."""
        return self.spec.deck_for(self.seats)

    def hidden_from(self, seat):
        """The cards that ``seat`` may not see (``None``: a spectator; ``ALL``: a commentator)."""
        raise NotImplementedError

    def progress(self):
        """A value that changes whenever the game gains ground for good, for a
        solitaire whose moves can go round in circles (``bots.play_out`` stops a
        playout that gains none); None: every move gains ground, or the game
        ends within ``move_bound()``."""
        return None

    def move_bound(self):
        """The most moves a whole game can last, under any legal play, the same
        number at every state of it, its first included: a game of two or more
        players must state one (the conformance suite plays a bot that always
        takes the first legal move, one that always takes the last, and random
        ones, and requires each game to end within the bound its first state
        states), and so must end under any legal play; None for a solitaire,
        whose player may go round in circles and stop when they like.

        Work it out from the rules, for the game's seats and options: hands
        times the most moves a hand takes. A game whose every hand brings its
        end nearer (a fixed number of hands, points that only grow) counts how
        many it can last. A hand that can leave the end no nearer by the
        players' choices (a tie that scores nothing) could come again and
        again: such a game needs a rule that ends it after so many hands, as
        players would decide it, noted on its page. A deal made again by the
        luck of the deal (a misdeal a hand may call, a deal thrown in) is
        counted from the deals the seed holds (``_redeals_dealt``)."""
        return None

    def _private_turn(self):
        """Whether the seat to act decides in private: the other seats must not even learn that
        it is asked (Comet's holder is offered the comet out of turn, and the asking would tell
        who holds it). Their views then show the turn as ``_public_turn()``, and a move that
        ``_keeps_private`` is not told to them."""
        return False

    def _public_turn(self):
        """The seat the other seats see the table wait on: the seat to act, unless knowing it
        would tell them where a card lies. During a private turn it is the turn they expect;
        None while a seat they cannot name is to act (in stops play, whoever holds the next card
        plays it, and the others learn who when it is played). ``_waiting()`` then says for what."""
        return self.to_act

    def _waiting(self):
        """What the table waits for when the others cannot know who is to act, as words
        ("the holder of the Q♥")."""
        return None

    def _keeps_private(self, move):
        """Whether ``move``, made in a private turn, leaves unchanged all that the others see."""
        return True

    def _told_in_part(self, move):
        """For a move some seats see only in part (Ristiseiska's gift passed face down):
        ``(its text for the others, the seats that see it whole)``; None: all see it. Made
        while the others cannot name the seat to act (``_public_turn`` None: Spinado's holder
        of the next card keeping it back), it is not told them who made it either."""
        return None

    # The move log (rules_engine/movelog.py) tells every move a seat is told of, with these hooks.
    def _said(self, seat):
        """The move that led here in a sentence, as ``seat`` sees it: the table's ``last``. A
        family that keeps it on the state returns it from there, so that the log, which asks for
        every move of a session, does not describe the whole table each time."""
        return self._describe(seat).get("last")

    def _log_place(self):
        """Where a move made now is told in the log: ``(hand, part)``, the hand's number (None in a
        game of one deal) and the part of the hand in words (``"Trick 3"``, ``"Round 2"``,
        ``"Bidding"``), or None where the hand is not played in parts."""
        return getattr(self, "hand_number", None), None

    def _log_rule(self):
        """The id of the rule that decided something in the move that led here (a forced capture,
        a penalty, a special card's effect), which the log links; None where no rule did. A family
        sets it as ``self.decided_by`` while it makes the move: it lasts for that move only."""
        return self.__dict__.get("decided_by")

    def candidate_moves(self):
        """Well-formed moves worth asking ``explain`` about: the legal ones and
        plausible illegal ones, so tests can check the two agree."""
        return self.legal_moves()

    def _copied(self):
        """Fresh copies of the mutable parts; games keep most data in tuples."""

    # ---- the contract ---------------------------------------------------------

    @property
    def to_act(self):
        """The seat to move, or None once the game is over."""
        raise NotImplementedError

    @property
    def is_over(self):
        return self.to_act is None

    @property
    def scores(self):
        """``Scores(hand, game)``: a tuple per seat for the current hand and the game."""
        raise NotImplementedError

    def legal_moves(self):
        """The legal moves of the seat to act, in a deterministic order."""
        return [] if self.is_over else list(self._legal_now())

    def _legal_now(self):
        """``_legal()``, computed once per state (a game whose end depends on
        whether any move is left can call this from ``to_act``)."""
        cached = self.__dict__.get("_legal_cached")
        if cached is None:
            cached = self._legal_cached = self._legal()
        return cached

    # A real-time game's beat (``{"beat_ms": …}``): its table says when each seat may react out of
    # turn (``reactions``), and the host takes those moves in the order they arrive. None: turn by turn.
    rhythm = None

    def reactions(self, seat):
        """The moves ``seat`` may make now whoever is to act (a reaction game's gestures): the
        page sends them as the reader makes them and the bots' at their reaction times, and the
        record keeps the order they came in. None for a game played turn by turn."""
        self._check_seat(seat)
        return [] if self.is_over or self.rhythm is None else list(self._reactions(seat))

    def _reactions(self, seat):
        return []

    def _reaction_key(self, move):
        """The key that makes a reaction on a keyboard (one character), or None."""
        return None

    def _reactor(self, move):
        """The seat whose reaction ``move`` is, or None."""
        if self.rhythm is None or self.is_over:
            return None
        return next((s for s in range(self.seats) if move in self._reactions(s)), None)

    def parse_move(self, move):
        if isinstance(move, Move):
            return move
        if not isinstance(move, str):
            raise NotationError(f"bad move {quote(move)} in {self.spec.name}: a move is written as text")
        # The move that led here, read again to tell it (its sentence, the move log), is the one made.
        made = self.__dict__.get("_cached_move")
        if made is not None and made.text == move:
            return made
        parsed = self.forms.parse(move, self.spec.name)
        # A card the pack lacks (a joker, a 2 of a 32-card pack) is refused here, once for every
        # game: the rules of a game never need to ask what such a card would do.
        pack = self.pack_name()
        lacking = next((card for card in parsed.cards() if not pack_copies(pack)[card.text]), None)
        if lacking is not None:
            card = "joker" if lacking.is_joker else lacking.symbol
            raise NotationError(f"bad move {quote(move, 80)} in {self.spec.name}: there is no {card} in its pack "
                                f"({pack_words(pack)})")
        return parsed

    def explain(self, move):
        """None if ``move`` is legal now, else ``Explanation(reason, rule)``."""
        move = self.parse_move(move)
        if self.is_over:
            return Explanation("the game is over", "end.game")
        if move in self.legal_moves() or not self.lists_built_moves and self._unlisted_legal(move) \
                or self._reactor(move) is not None:
            return None
        reason, rule = self._why_not(move)
        return Explanation(self.addressed(reason), rule)

    def addressed(self, reason):
        """A refusal's reason worded for the seat to act, who tried the move: "you must…", never
        its own name (``table.addressed``). Every refusal reaches a reader through here."""
        from .table import addressed

        return addressed(reason, self.player_names()[self.to_act])

    def apply(self, move, seat=None, comment=None):
        """The state after ``move`` (a Move or its text); this state is unchanged.

        With ``seat``, the move is refused unless that seat is the one to act or the move is one
        of its ``reactions``.
        """
        to_act = self.to_act
        # A legal move's own text is taken as that move without parsing it again (every legal
        # move's text parses back to itself: tests/conformance.py checks it).
        listed = self._listed(move) if to_act is not None and type(move) is str else None
        move = listed or self.parse_move(move)
        self._check_seat(seat)
        mover, reactor = to_act, self._reactor(move)
        if reactor is not None and seat in (None, reactor) and (seat is not None or move not in self.legal_moves()):
            mover = reactor
            move = next(m for m in self._reactions(reactor) if m == move)
        elif reactor is not None and seat is not None and seat != to_act:
            names = self.player_names()
            raise IllegalMoveError(move, f"it is {names[reactor]}'s to make, not {names[seat]}'s", "play.turn")
        else:
            if seat is not None and seat != to_act and to_act is not None:
                raise NotYourTurnError(move, seat, to_act)
            legal = listed or (self._listed(move) if to_act is not None else None)
            if legal is not None:
                move = legal
            elif self.lists_built_moves or not self._unlisted_legal(move):
                reason, rule = self.explain(move)
                raise IllegalMoveError(move, reason, rule)
        private = self._private_turn() and self._keeps_private(move)
        # What was computed for this state, and a hand's end (shown only right after the move that
        # ends it, and the private moves the others are not told of), do not carry over to the next.
        passing = ("_legal_cached", "decided_by")
        if not private:
            passing += ("hand_end", "hand_tally")
        kept = self.__dict__.copy()
        for key in passing:
            kept.pop(key, None)
        for key in [key for key in kept if key[0] == "_" and key.startswith("_cached")]:
            del kept[key]
        new = self.__class__.__new__(self.__class__)   # a shallow copy, as copy.copy makes it
        new.__dict__.update(kept)
        new._copied()
        in_part = self._told_in_part(move)
        if in_part is not None:
            public_mover = to_act if self._public_turn() is not None else None
            in_part = (in_part[0], frozenset(in_part[1]), public_mover)
        new._history = (self._history, move.text, comment, mover, private, in_part)
        new._history_recent = self._history_recent + 1
        if new._history_recent == HISTORY_SEGMENT:
            # Sealed into a flat tuple: a chain of thousands of nested tuples overflows the
            # stack that frees it under Pyodide (Kaiser's 200 hands make some 7,000 moves).
            new._history_sealed = (self._history_sealed, tuple(_chain(new._history))[::-1])
            new._history, new._history_recent = None, 0
        new._cached_move = move
        new._play(move)
        return new

    def _listed(self, move):
        """The legal move of this state (not over) that ``move`` (a Move or a text) is, or None."""
        text = move if type(move) is str else move.text
        for legal in self._legal_now():
            if legal.text == text:
                return legal
        return None

    def view(self, seat=None):
        """What ``seat`` may see, JSON-ready.

        ``seat=None`` is a spectator; ``seat=ALL`` a commentator who sees every
        seat's own cards (as in a worked example) but no face-down card.
        """
        self._check_seat(seat, ALL)
        scores = self.scores
        view = {
            "game": self.spec.id,
            "seat": seat,
            "seats": self.seats,
            "to_act": self.turn_seen_by(seat),
            "is_over": self.is_over,
            "scores": {"hand": list(scores.hand), "game": list(scores.game)},
            "moves": [m.text for m in self.legal_moves()] if seat in (self.to_act, ALL) and seat is not None else [],
            "table": self._table(seat),
        }
        if self.rhythm is not None and seat not in (None, ALL):
            view["reactions"] = [m.text for m in self.reactions(seat)]
        return view

    def choose(self, picked=(), target=None):
        """What a partial choice of cards (texts) and target may become (rules_engine/selection.py)."""
        from .selection import answer

        return answer(self, picked, target)

    def table(self, seat=None, picked=(), target=None):
        """The table as ``seat`` sees it, described for any renderer (rules_engine/table.py);
        ``picked`` and ``target``: the move being built from several cards, for the seat to act."""
        from .table import card_moves

        self._check_seat(seat, ALL)
        if picked or target is not None:
            from .selection import read_choice

            read_choice(self, picked, target)   # a malformed choice is refused, whoever asks
            if seat is None or seat != self.to_act:
                raise NotationError("cards are picked only by the seat to act, on its turn")
        described = self._describe(seat)
        to_act, scores = self.to_act, self.scores
        table = {
            "game": self.spec.id,
            "name": self.spec.name,
            "seat": seat,
            "seats": self.seats,
            "to_act": self.turn_seen_by(seat),
            "is_over": to_act is None,
            "scores": {"hand": list(scores.hand), "game": list(scores.game)},
            "players": list(self.player_names()),
            "dealer": described.get("dealer"),
            "headline": described["headline"],
            "zones": described["zones"],
            "moves": [],
            "score": described.get("score"),
            "last": described.get("last"),
            "result": described.get("result"),
            # A hand's end is shown until this seat is told of a move after it: the seat that
            # decided in private since (Comet's holder passing on the offer) has moved on.
            "interlude": None if self._moved_on_since_hand_end(seat) else described.get("interlude"),
        }
        if table["to_act"] is None and to_act is not None:
            table["waiting"] = self._waiting()
        if self.rhythm is not None:
            # The beat, and what the seat may do out of turn: a button and a key for each reaction.
            rhythm = {**self.rhythm, **described.get("rhythm", {})}
            now = set(self.reactions(seat)) if seat not in (None, ALL) else set()
            table["reactions"] = [{"move": m.text, "label": self._button_words(m), "key": self._reaction_key(m),
                                   "legal": m in now} for m in rhythm.pop("buttons", ())]
            table["rhythm"] = rhythm
        if seat is not None and seat in (to_act, ALL) and to_act is not None:
            table["moves"] = card_moves(self, table)
            if any(click.get("built") for click in table["moves"]):
                from .selection import described

                table["selection"] = described(self, table, picked, target)
        return table

    def _check_seat(self, seat, *others):
        """Refuse a seat that is not None, one of ``others`` or a seat of this game (not True,
        which equals 1, nor 1.0: a view for them would be seat 1's, or a spectator's)."""
        if seat is None or seat in others and type(seat) is str or type(seat) is int and 0 <= seat < self.seats:
            return
        expected = " or 'all'" if others else ""
        raise OptionError(f"bad seat {quote(seat)} for {self.spec.id}: expected a seat from 0 to {self.seats - 1}, "
                          f"None{expected}")

    def turn_seen_by(self, seat):
        """``to_act`` as ``seat`` may know it: its own turn, else the public one (``_public_turn``),
        which is None while the others cannot know who is to act."""
        to_act = self.to_act
        if to_act is None or seat in (to_act, ALL):
            return to_act
        return self._public_turn()

    def _moved_on_since_hand_end(self, seat):
        """Whether ``seat`` has been told of a move since the one that led here publicly: a
        hand's end lasts through private moves only (``apply``), so such a seat has seen it go."""
        for _, _, _, mover, private, _ in self._history_newest_first():
            if not private:  # only the private moves since the last public one count
                return False
            if seat in (mover, ALL):
                return True
        return False

    def _history_newest_first(self):
        """Every move so far, newest first, as ``(None, text, comment, mover, private, in_part)``."""
        yield from _chain(self._history)
        sealed = self._history_sealed
        while sealed is not None:
            sealed, entries = sealed
            yield from reversed(entries)

    def player_names(self):
        return self.spec.seat_names or _seat_names(self.seats)

    @property
    def moves_made(self):
        """``(move text, comment, seat)`` for every move so far, in order."""
        items = [(text, comment, seat) for _, text, comment, seat, _, _ in self._history_newest_first()]
        items.reverse()
        return items

    @property
    def last_move(self):
        """``(move text, seat)`` of the move that led here, or None at the start."""
        last = next(self._history_newest_first(), None)
        if last is None:
            return None
        _, text, _, seat, _, _ = last
        return text, seat

    def last_move_private(self):
        """Whether the move that led here was a private decision, not told to the other seats."""
        last = next(self._history_newest_first(), None)
        return last is not None and last[4]

    def told_last_move(self, seat):
        """Whether ``seat`` is told of the move that led here (not another seat's private move)."""
        last = next(self._history_newest_first(), None)
        if last is None:
            return False
        _, _, _, mover, private, _ = last
        return not private or seat in (mover, ALL)

    def last_move_seen_by(self, seat):
        """``(move text, seat)`` of the last move ``seat`` knows of, as that seat knows it
        (a move it sees only in part by its public text, and its seat None if it may not know
        who made it), or None."""
        for _, text, _, mover, private, in_part in self._history_newest_first():
            if not private or seat in (mover, ALL):
                if in_part is not None and seat != ALL and seat not in in_part[1]:
                    text, mover = in_part[0], in_part[2]
                return text, mover
        return None

    def moves_seen_by(self, seat):
        """How many moves ``seat`` has been told of: the others' private decisions are not counted."""
        return sum(not private or seat in (mover, ALL)
                   for _, _, _, mover, private, _ in self._history_newest_first())

    @property
    def record(self):
        from .record import Record, RecordedMove

        return Record(
            game=self.spec.id,
            # Only the options that differ from their defaults, so records stay short and
            # an option added later does not change the records already written.
            options={o.name: self.options[o.name] for o in self.spec.options if self.options[o.name] != o.default},
            seats=self.seats,
            seed=self.seed,
            decks={label: format_cards(cards) for label, cards in self.decks.items()},
            moves=[RecordedMove(text, comment) for text, comment, _ in self.moves_made],
        )

    # ---- helpers for games ---------------------------------------------------------

    def _shuffle(self, label, cards):
        """The deal order for the shuffle called ``label``: fixed by the record's
        ``decks`` if it names this label, otherwise drawn from the seed."""
        self.labels_dealt = self.labels_dealt | {label}
        return self._deal_order(label, cards)

    def _redeals_dealt(self, hands, label, pack, redealt):
        """How many redeals the deals of this game call for in its ``hands`` hands, under any play:
        for each hand, the run of deals of ``pack`` from its first that ``redealt(cards)`` (the
        luck of the deal lets it, or makes it, be dealt again), ``label(hand, redeal)`` naming each
        deal's shuffle. Read from the seed, or the record's fixed deals, once."""
        found = self.__dict__.get("_redeals_found")
        if found is None:
            found = 0
            for number in range(1, hands + 1):
                redeal = 0
                while True:
                    try:
                        cards = self._deal_order(label(number, redeal), pack)
                    except RecordError:   # a deal that neither the seed nor the record gives is never made
                        break
                    if not redealt(cards):
                        break
                    redeal += 1
                found += redeal
            self._redeals_found = found
        return found

    def _deal_order(self, label, cards):
        """What ``_shuffle(label, cards)`` deals, without dealing it: a game's bound looks ahead
        at the deals its seed holds (a redeal the luck of the deal calls for)."""
        cards = list(cards)
        fixed = self.decks.get(label)
        if fixed is not None:
            if sorted(fixed, key=_card_key) != sorted(cards, key=_card_key):
                raise RecordError(f"deck {quote(label)} of {self.spec.id} does not hold the game's cards: "
                                  f"{_difference(fixed, cards)}")
            return list(fixed)
        if self.seed is None:
            raise RecordError(f"no seed and no deck {quote(label)} given for {self.spec.id}")
        return shuffled(cards, self.seed, label)

    @staticmethod
    def _hide(cards, visible):
        return [card.text if visible else HIDDEN for card in cards]


def _chain(node):
    """The nodes of a history chain, newest first."""
    while node is not None:
        yield node
        node = node[0]


@lru_cache(maxsize=16)
def _seat_names(seats):
    """``Seat 0``, ``Seat 1``...: asked for at every move's sentences, so written once per count."""
    return tuple(f"Seat {seat}" for seat in range(seats))


def _card_key(card):
    return card.text


def _difference(got, expected):
    """What a fixed deck lacks and holds too many of, in a few words."""
    from collections import Counter

    got, expected = Counter(got), Counter(expected)
    parts = []
    for what, cards in (("missing", expected - got), ("not in the pack, or too many", got - expected)):
        texts = sorted(card.text for card in cards.elements())
        if texts:
            more = f" and {len(texts) - 8} more" if len(texts) > 8 else ""
            parts.append(f"{what}: {' '.join(texts[:8])}{more}")
    return "; ".join(parts)
