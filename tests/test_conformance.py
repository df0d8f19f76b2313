"""The contract, checked over every registered game: a game joins this suite
by registering. Seeded bot games are played to the end with checks at every
step; records round-trip and replay to identical states."""

import random

import pytest

import rules_engine
from conformance import check_explain, check_no_mutation, play_checked
from game_tests import declared
from rules_engine.bots import PlayoutLimitError, make_bot, play_out
from rules_engine.game import ALL
from rules_engine.host import MAX_SHARE, encode_share
from rules_engine.record import Record
from rules_engine.registry import bot_module

GAMES = [spec.id for spec in rules_engine.list_games()]
BATCHES = 3  # 5, then 4, until the browser tests of lessons, hand ends and first answers took the run near its 20 minutes
GAMES_PER_BATCH = {"random": 30, "heuristic": 12}  # at most 168 games per game id, checked at every step
# ...and a batch stops early once it has checked this many positions: a long game (Lórum's 28
# hands, 800 moves a game) is checked over as many positions as a short one, not four times as
# many, so the suite's time grows with the number of games rather than with their length. Some
# 4,000 random and 2,000 heuristic positions per game, every player count in every batch (10,000
# and 5,000 until 41 games and a slower machine took the run past its 20 minutes, then 7,500 and
# 3,750 until the lessons' and the hand ends' browser tests did).
STEPS_PER_BATCH = {"random": 1_000, "heuristic": 500}
# A game whose games are long or whose bots think hard may play fewer a batch: its test module
# (tests/games/<game>/test_<game>.py) says so, and why, as
# ``CONFORMANCE_GAMES_PER_BATCH = {"random": 1, "heuristic": 2}``.
FEWER_GAMES = {game_id: declared(game_id, "CONFORMANCE_GAMES_PER_BATCH", {}) for game_id in GAMES}


@pytest.mark.parametrize("bot_kind", ["random", "heuristic"])
@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.parametrize("game_id", GAMES)
def test_bot_games_keep_the_contract(game_id, batch, bot_kind):
    count = FEWER_GAMES[game_id].get(bot_kind, GAMES_PER_BATCH[bot_kind])
    counts = rules_engine.state_class(game_id).spec.player_counts
    checked = 0
    for i in range(count):
        number = batch * count + i
        seed = f"conformance-{bot_kind}-{number}"
        # Every player count the game allows, in turn; heavy checks (explain, no mutation)
        # every 7th move of the first game of each batch.
        final = play_checked(game_id, seed, bot_kind, full_every=7 if i == 0 else 0,
                             seats=counts[number % len(counts)])
        assert final.is_over
        checked += len(final.moves_made) + 1
        if checked >= STEPS_PER_BATCH[bot_kind] and i + 1 >= len(counts):
            break  # enough positions, and every player count played in this batch


def _play(game_id, seed, kind="random"):
    state = rules_engine.load_game(game_id).new(seed=seed)
    return play_out(state, [make_bot(kind, seat) for seat in range(state.seats)])


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game_whatever_the_global_random(game_id):
    first = _play(game_id, 11)
    random.seed(12345)
    [random.random() for _ in range(1000)]
    second = _play(game_id, 11)
    random.shuffle(list(range(100)))
    assert second.record == first.record
    assert second.scores == first.scores


@pytest.mark.parametrize("game_id", GAMES)
def test_different_seeds_deal_differently(game_id):
    # As a commentator sees them: a spectator of a game whose cards are all in hands sees only backs.
    a, b = (rules_engine.load_game(game_id).new(seed=seed) for seed in (1, 2))
    if len(a.hidden_from(ALL)) == len(a._cards_in_play()):  # every card face down: the first card turned
        a, b = (state.apply(state.legal_moves()[0]) for state in (a, b))
    assert a.view(ALL) != b.view(ALL)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_record_round_trips_and_replays_to_identical_states(game_id, kind):
    final = _play(game_id, 5, kind)
    record = final.record
    assert Record.load(record.to_text()) == record
    assert Record.load(record.dumps()) == record
    original = [final]
    # Every state of the replay equals the state reached by applying the same moves.
    state = rules_engine.load_game(game_id).new(seed=5)
    states = [state]
    for move in record.moves:
        state = state.apply(move.text)
        states.append(state)
    replayed = list(rules_engine.replay(record.to_text()))
    assert len(replayed) == len(states) == len(record.moves) + 1
    for a, b in zip(replayed, states):
        assert a.view(None) == b.view(None)
        assert a.scores == b.scores
        for seat in range(a.seats):
            assert a.view(seat) == b.view(seat)
    assert replayed[-1].record == original[0].record


@pytest.mark.parametrize("game_id", GAMES)
def test_explain_and_no_mutation_on_the_first_position(game_id):
    state = rules_engine.load_game(game_id).new(seed=3)
    check_explain(state)
    check_no_mutation(state)


@pytest.mark.parametrize("spec", rules_engine.list_games(), ids=GAMES)
def test_spec_is_complete(spec):
    data = spec.to_json()
    assert data["id"] and data["name"] and data["family"], "the spec names the game's id, name and family"
    assert 1 <= data["seats"][0] <= data["seats"][1], "the spec's seats are (fewest, most), at least one"
    assert data["deck_size"] > 0, "the spec names the game's pack (deck)"
    assert "play.turn" in data["rules"] and "end.game" in data["rules"], (
        "every game cites play.turn (who plays when) and end.game (how the game ends): the spec's rules "
        "include them, and the page has a paragraph for each")
    assert callable(getattr(bot_module(spec.id), "choose", None)), \
        f"rules_engine/games/{spec.id.replace('-', '_')}/bot.py defines choose(view, rng): the heuristic bot"


def values_worth_playing(option):
    """Every value of an option, but of a long range of numbers (Bridge Solitaire's 1 to 100 hands)
    only its ends and the default's neighbours: the values between differ from these only by how
    long the game lasts, and playing all of them took two minutes of the suite."""
    values = list(option.choices)
    if len(values) > 8 and all(type(v) is int for v in values) and values == list(range(values[0], values[-1] + 1)):
        values = sorted({values[0], values[1], values[-2], values[-1],
                         max(values[0], option.default - 1), min(values[-1], option.default + 1)})
    return [v for v in values if v != option.default]


@pytest.mark.parametrize("game_id, options", [
    (spec.id, {option.name: choice})
    for spec in rules_engine.list_games() for option in spec.options for choice in values_worth_playing(option)
], ids=str)
def test_every_option_value_plays_to_the_end(game_id, options):
    from conformance import check_step

    state = rules_engine.load_game(game_id, **options).new(seed=f"options-{options}")
    # Seat 0 plays at random, the others to win, as a reader tries an option against the site's bots.
    bots = [make_bot("random" if seat == 0 else "heuristic", seat) for seat in range(state.seats)]
    step = 0
    while not state.is_over:
        check_step(state, step)
        state = state.apply(bots[state.to_act].choose(state.view(state.to_act)))
        step += 1
    assert Record.load(state.record.to_text()).options == options
    assert list(rules_engine.replay(state.record))[-1].scores == state.scores


SPECS = rules_engine.list_games()
PLAYER_COUNTS = [(spec.id, seats) for spec in SPECS if spec.seats[1] >= 2
                 for seats in spec.player_counts if seats >= 2]


@pytest.mark.parametrize("spec", SPECS, ids=GAMES)
def test_every_game_of_two_or_more_players_states_a_bound_on_its_length(spec):
    state = rules_engine.load_game(spec.id).new(seed=1)
    bound = state.move_bound()
    if spec.seats[1] < 2:
        assert bound is None   # a solitaire's player may go round in circles and stop when they like
    else:
        assert type(bound) is int and bound > 0, (
            f"{spec.id}: move_bound() returns the most moves the whole game can take, worked out from its rules "
            "(docs/adding-a-game.md, 'Every game ends')")


@pytest.mark.parametrize("pick", ["first", "last"])
@pytest.mark.parametrize("game_id, seats", PLAYER_COUNTS, ids=[f"{g}-{n}" for g, n in PLAYER_COUNTS])
def test_a_bot_that_always_makes_the_first_or_the_last_legal_move_ends_within_the_stated_bound(game_id, seats, pick):
    """Every game ends under any legal play: fixed choices are what go round in circles, so each game
    is played by the simplest fixed players there are, to its end within the bound it states, and
    its share code fits the host's limit (a game that never ends would be one the host cannot share)."""
    for seed in range(2):
        state = rules_engine.load_game(game_id).new(seed=f"bound-{seed}", seats=seats)
        bound = state.move_bound()   # the first state's: a caller relies on it
        indexes = []
        while not state.is_over:
            assert len(indexes) < min(bound, MAX_SHARE), (
                f"{game_id} at {seats} seats, seed {seed}: not over after {len(indexes)} moves (bound {bound})")
            moves = state.legal_moves()
            indexes.append(0 if pick == "first" else len(moves) - 1)
            state = state.apply(moves[indexes[-1]])
        assert state.move_bound() == bound
        assert len(encode_share(indexes)) <= MAX_SHARE


FEWEST_AND_MOST = [(spec.id, seats) for spec in SPECS if spec.seats[1] >= 2
                   for seats in dict.fromkeys((min(n for n in spec.player_counts if n >= 2), spec.player_counts[-1]))]


@pytest.mark.parametrize("game_id, seats", FEWEST_AND_MOST, ids=[f"{g}-{n}" for g, n in FEWEST_AND_MOST])
def test_random_players_end_the_game_within_the_bound_its_first_state_states(game_id, seats):
    """The first state's ``move_bound()`` bounds the whole game under any legal play, hands that
    leave the end no nearer (a tie, a drawn deal, a misdeal) included: random players meet
    them often (Couillon's ties and lost acceptances once took 181 moves against a bound of 180)."""
    for seed in range(3):
        state = rules_engine.load_game(game_id).new(seed=f"random-bound-{seed}", seats=seats)
        bound, rng, made = state.move_bound(), random.Random(seed), 0
        while not state.is_over:
            assert made < bound, f"{game_id} at {seats} seats, seed {seed}: not over after {made} moves (bound {bound})"
            state = state.apply(rng.choice(state.legal_moves()))
            made += 1
        assert state.move_bound() == bound


def test_a_playout_past_its_limit_fails_with_a_clear_error(monkeypatch):
    state = rules_engine.load_game("king").new(seed=1)
    monkeypatch.setattr(type(state), "move_bound", lambda self: 10)
    with pytest.raises(PlayoutLimitError, match=r"^king \(4 seats, seed 1\): not over after 10 moves, "
                                                r"past the 10 moves its rules allow$"):
        play_out(state, [make_bot("random", seat) for seat in range(4)])
    yukon = rules_engine.load_game("yukon").new(seed=1)
    with pytest.raises(PlayoutLimitError, match=r"past the playout's limit of 5 moves$"):
        play_out(yukon, [make_bot("random")], max_moves=5)
