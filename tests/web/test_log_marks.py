"""Issue 31: the page styles the log by the engine's marks (a dice record, a turn's heading), not by its words."""

from __future__ import annotations

import pytest
from star_web.recap import LogIndex, log_marks

from pygame_core import GAMES
from tests.conformance.playouts import finished_playout


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_mark_per_line_dice_records_and_turn_headings_from_the_event_kinds(game_id: str) -> None:
    match = finished_playout(game_id, {}, 2)
    for viewer in range(match.game.num_players(match.state)):
        lines = match.game.view_log(match.state, viewer)
        marks = log_marks(match, viewer, LogIndex())
        assert len(marks) == len(lines) and set(marks) <= {".", "d", "h"}
        for line, mark in zip(lines, marks, strict=True):
            assert (mark == "d") == line.startswith("  roll "), line  # C-2.8: the dice records
        if game_id != "warfare":  # Warfare's log has no turn heading
            assert "h" in marks, game_id
