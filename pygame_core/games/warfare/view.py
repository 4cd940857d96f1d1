"""What each player may see of a Galactic Warfare state (RULES.md GW-13, C-4.2): plain data."""

from __future__ import annotations

import copy

from ... import windows
from . import cards, odds, words
from .actions import Attack
from .board import COLOUR_NAMES, home_rank, name, rank_of
from .models import AttackOdds, BattleOdds, WarfareView
from .rules import current_player, legal_actions, ship_counts
from .state import TURN, WarfareState


def _card(card_id: int) -> str:
    return cards.key_of(card_id)


_PHASE_LABELS = {
    "choose_first": "Who moves first", "choose_deferred": "Who moves first", "turn": "Move",
    "window": "Cards", "place": "Placing a stack", "over": "Game over",
}


def _moment(s: WarfareState) -> str:
    """When it is, as the board says it (GW-4): "Round 5" (two turns a round); "" before the
    first round and at the end."""
    round_no = (s.turn_no + 1) // 2
    return f"Round {round_no}" if round_no and s.phase != "over" else ""


def _status(s: WarfareState) -> str:
    """Round and phase for the game screen's header (GW-4)."""
    if s.phase == "over":
        return "Game over"
    label = _PHASE_LABELS.get(s.phase, s.phase)
    moment = _moment(s)
    return f"{moment} · {label}" if moment else label


def _battle_odds(s: WarfareState) -> BattleOdds | None:
    """GW-6.3 with the cards played so far in this battle: Overcharges already in effect and,
    while a response chain is open, the ones that will take effect if everyone passes now
    (C-5.3: a Counter-Intelligence that is not itself cancelled cancels the card below it)."""
    b = s.battle
    if b is None or b.rolled:
        return None
    boost = list(b.boost)
    if s.window is not None and s.window.chain:
        negates = lambda play: cards.kind_of(play.card) == cards.COUNTER_INTELLIGENCE  # noqa: E731 (GW-12 #10)
        for res in windows.resolve(reversed(s.window.chain), negates):
            if res.effective and cards.kind_of(res.play.card) == cards.OVERCHARGE:
                boost[res.play.player] = True
    p = s.active
    attack_n, defend_n = odds.battle_dice(abs(s.board[b.src]), abs(s.board[b.target]), b.home, (boost[p], boost[1 - p]))
    return {"attack_dice": attack_n, "defend_dice": defend_n, "chance": float(odds.win_chance(attack_n, defend_n)),
            "overcharge": boost}


def _attack_odds(s: WarfareState) -> list[AttackOdds]:
    """GW-6.3 for each attack the player to move may declare now, so that the screen shows the
    chance before the attack is committed without a dice table of its own (house rule 10)."""
    if s.phase != TURN:
        return []
    out: list[AttackOdds] = []
    for a in legal_actions(s):
        if isinstance(a, Attack):
            home = rank_of(a.target) == home_rank(1 - s.active)  # GW-6.1: a home attack
            attack_n, defend_n = odds.battle_dice(abs(s.board[a.src]), abs(s.board[a.target]), home)
            out.append({"from": name(a.src), "target": name(a.target), "attack_dice": attack_n,
                        "defend_dice": defend_n, "home": home, "chance": float(odds.win_chance(attack_n, defend_n))})
    return out


def view(s: WarfareState, player: int | None) -> WarfareView:
    """Board, battle and log are PUBLIC; a hand is PRIVATE to its owner, the set-aside cards
    SEALED (GW-13.2). Hand counts, played cards and stop settings are PUBLIC."""
    reading = words.reader(s.log)
    last_move = reading.last_move
    out: WarfareView = {
        "game": "warfare",
        "viewer": player,
        "phase": s.phase,
        "to_move": current_player(s),
        "active": s.active,
        "turn": s.turn_no,
        "round": (s.turn_no + 1) // 2,
        "round_limit": s.round_limit,
        "colours": list(COLOUR_NAMES),
        "stacks": [
            {"square": name(sq), "owner": 0 if c > 0 else 1, "size": abs(c)}
            for sq, c in enumerate(s.board)
            if c
        ],
        "ships_on_board": ship_counts(s),
        "removed": s.removed,
        "rolloff": list(s.rolloff),
        "mode": s.mode,
        "battle": None,
        "placement": None,
        "winners": list(s.winners),
        "reason": s.reason,
        "log": list(reading.out),
        # Each line's event kind (events.py), and the last battles and the last move, read from
        # the events once (words.py), so the screen needs no parsing of words: which lines are
        # dice records, the dice per round, cards, result, where the loser went.
        "log_kinds": list(reading.kinds),
        "battles": copy.deepcopy([b.plain() for b in reading.battles[-4:]]),
        "last_move": last_move.copy() if last_move else None,
        "attacks": _attack_odds(s),
        "cards": s.cards_on,
        # The keys every game's view offers the web shell (docs/ENGINE.md).
        "seat_names": list(COLOUR_NAMES),
        "turn_number": s.turn_no,
        "status": _status(s),
        "moment": _moment(s),
        "score_line": " · ".join(f"{COLOUR_NAMES[p]} {n} ships" for p, n in enumerate(ship_counts(s))),
        "secrets": s.cards_on,  # GW-13: hands are private only when the cards are in play
    }
    if player is not None:
        # The events as plain data, for the seat's computer player: the determinizer rebuilds a
        # state from them (C-4.5: the last actor, the squares of chained cards), so the state's
        # view is this one. Every event is public (events.py); the controller strips this key
        # before the page gets the view, and a spectator has no computer player.
        out["events"] = list(reading.plain)  # read-only: shared by the views of a game
    if s.battle is not None:
        b = s.battle
        out["battle"] = {
            "from": name(b.src),
            "target": name(b.target),
            "land": name(b.land),
            "home_attack": b.home,
            "overcharge": list(b.boost),
            "attack_dice": list(b.attack_dice),
            "defend_dice": list(b.defend_dice),
            "salvage_crews": b.salvage,
            "emergency_jump": b.jump,
            "odds": _battle_odds(s),
        }
    if s.placement is not None:
        out["placement"] = {
            "purpose": s.placement.purpose,
            "from": name(s.placement.src),
            "chooser": s.placement.chooser,
        }
    if s.cards_on:
        w = s.window
        out["hand"] = [_card(c) for c in s.hands[player]] if player is not None else None
        out["hand_counts"] = [len(h) for h in s.hands]
        out["set_aside"] = len(s.deck.draw_pile)  # SEALED: the count only
        out["discard"] = [_card(c) for c in s.deck.discard_pile]
        out["card_played_this_turn"] = list(s.card_used)
        out["stops_off"] = [[seat, kind] for seat, kind in s.stops.off]
        out["window"] = None if w is None else {
            "kind": w.kind,
            "holder": w.holder,
            "responding": w.responding,
            "chain": [{"player": play.player, "card": _card(play.card)} for play in w.chain],
        }
    return out
