"""A small deck and helpers to script Daggers Brink games card by card and die by die."""

from workbench.games.daggers_brink.chance import ScriptedChance
from workbench.games.daggers_brink.deck import CardType, Deck
from workbench.games.daggers_brink.engine import DaggersBrink
from workbench.games.daggers_brink.rules import Rules

#: 20 cards: the least three players of five cards need (3 x 6 + 2).
SMALL = Deck(
    (
        CardType("S+1", "bonus", (1, 0, 0, 0), 4),
        CardType("H+1", "bonus", (0, 1, 0, 0), 4),
        CardType("D+1", "bonus", (0, 0, 1, 0), 4),
        CardType("A+1", "bonus", (0, 0, 0, 1), 4),
        CardType("A+3", "bonus", (0, 0, 0, 3), 2),
        CardType("W", "wildcard", (1, 1, 1, 1), 2),
    )
)
S1, H1, D1, A1, A3, W = range(6)


def deal_order(hands, top, *, dealer=0, n=3, deck=SMALL, rest=None):
    """The deck order that deals ``hands`` ({seat: 5 cards}) and turns ``top`` face up.

    Cards go one at a time round the table from the dealer's left; ``rest`` (default:
    the remaining cards in type order) is the deck below the discard pile's card.
    """
    seats = [(dealer + k) % n for k in range(1, n + 1)]
    order = [hands[seats[i % n]][i // n] for i in range(5 * n)]
    order.append(top)
    remaining = list(deck.cards())
    for card in order:
        remaining.remove(card)
    if rest is not None:
        for card in rest:
            remaining.remove(card)
        remaining = list(rest) + remaining
    return order + remaining


def scripted_game(decks, faces=(), *, n=3, deck=SMALL, **rules):
    """The first state of a game with given deck orders and die faces (seat 0 deals)."""
    rules.setdefault("first_dealer", "seat 0")
    game = DaggersBrink(n, rules=Rules(**rules), deck=deck)
    return game.initial_state(chance=ScriptedChance(faces=faces, decks=decks, rules=game.rules))


def rolls(*groups):
    """Die faces of several rolls, in the order rolled (e.g. attack dice, then defend dice)."""
    return [face for group in groups for face in group]


def keep_hands(state, turns):
    """``turns`` draw turns in which each player takes the discard pile's top and puts it back."""
    for _ in range(turns):
        state = state.apply("discard")
        state = state.apply(state.drawn)
    return state


def finish(state, agents):
    """Play ``state`` to its end with one agent per seat; return the final state."""
    while not state.is_terminal():
        state = state.apply(agents[state.current_player()].act(state))
    return state
