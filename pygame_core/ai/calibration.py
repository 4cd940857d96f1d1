"""The review's chance to win from its samples' value and how the seat has played so far (issue 36).

The samples' value of a position (rollouts by the heuristic, then ``evaluate``) is not the rate at
which such positions are won, and the rate depends on who plays them: over 200 seeded games of
two computer levels, the same shown 44% was won 13% of the time by the weaker level and 67% by
the stronger. What the review sees of who plays is its own verdicts: the share of the seat's
decisions so far where the top level would have moved otherwise. The chance it shows is

    chance = logistic(slope * logit(value) + skill * (share - usual) + offset[seat])

fitted on seeded games by ``benchmarks/recalibrate.py`` (a logistic regression, checked on ten
folds by game seed). ``share`` starts at ``usual`` (``prior`` decisions' worth of it) and moves
with each verdict, so the first decisions are shown as an average player's, and a decision's
chance never depends on what the seat did after it. Those games were between computer levels,
the stronger one being the review's own: a share above the highest seen there counts as that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["ReviewCalibration"]

EDGE = 1e-4
"""Values are kept this far inside (0, 1), where the logit is finite."""


def _logit(p: float) -> float:
    p = min(1.0 - EDGE, max(EDGE, p))
    return math.log(p / (1.0 - p))


@dataclass(frozen=True)
class ReviewCalibration:
    """A game's map from the review's value to the chance it shows (the module docstring)."""

    slope: float  # on the logit of the samples' value: above 0, so a better move never shows less
    skill: float  # per unit of the share of decisions the top level would have made otherwise
    usual: float  # that share over the games fitted on, in [0, 1]
    prior: float  # decisions' worth of ``usual`` the share starts from, at least 0
    offset: dict[int, float] = field(default_factory=dict)  # per seat (who moves first); others 0
    highest: float = 1.0  # the highest share fitted on: a share above it counts as it

    def __post_init__(self) -> None:
        numbers = (self.slope, self.skill, self.usual, self.prior, self.highest, *self.offset.values())
        if not all(math.isfinite(x) for x in numbers):
            raise ValueError("a review calibration's numbers must be finite")
        if self.slope <= 0 or not 0.0 <= self.usual <= self.highest <= 1.0 or self.prior < 0:
            raise ValueError("a review calibration needs a slope above 0, 0 <= usual <= highest <= 1 "
                             "and a prior of at least 0")

    def share(self, differed: int, decisions: int) -> float:
        """The seat's share of decisions so far where the top level would have moved otherwise:
        ``differed`` of ``decisions``, starting from the usual share."""
        if decisions + self.prior <= 0:
            return self.usual
        return (differed + self.usual * self.prior) / (decisions + self.prior)

    def chance(self, value: float, seat: int, share: float | None = None) -> float:
        """The chance to win shown for ``value`` (the samples'), for ``seat``, which has played so
        far with ``share`` (None: the usual share)."""
        # The games it was fitted on were between computer levels: a share beyond theirs (a person
        # who often moves otherwise than the computer would) is not extrapolated.
        lean = self.skill * ((self.usual if share is None else min(share, self.highest)) - self.usual)
        x = self.slope * _logit(value) + lean + self.offset.get(seat, 0.0)
        return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))
