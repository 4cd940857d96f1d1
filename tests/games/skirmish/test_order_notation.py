"""The screen's order notation and ghost path agree with the engine (MSC-6.2, MSC-7).

For every order the engine offers at SPEED 0-5 (walking its own legal actions), from every
facing, in the open and at the map's edge: the web screen's JavaScript (run under node, no
browser) and ``notation`` read the written form back to the same steps, call it legal, and
put the ship where the engine's movement phase does, with its facing, or off the map.
"""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from pygame_core.games.skirmish import notation, rules
from pygame_core.games.skirmish.geometry import check_orders, compress_orders, expand_orders, order_problem
from pygame_core.games.skirmish.rules import hex_of
from pygame_core.games.skirmish.state import Design, Order, Plan, Ship, SkirmishState
from pygame_core.hexgrid import Hex
from pygame_core.rng import Rng

ROOT = Path(__file__).resolve().parents[3]
HEXMATH = ROOT / "web/screens/skirmish/hexmath.js"
W, H = 24, 18
STARTS = [(11, 8), (12, 9), (0, 0), (23, 17), (22, 1), (1, 16)]


def legal_orders(speed: int) -> list[str]:
    """Every complete order at ``speed``, by walking the engine's offered next steps."""
    out: list[str] = []

    def walk(prefix: str) -> None:
        if len(prefix) == speed:
            out.append(prefix)
            return
        for step in rules.next_steps(prefix, speed):
            walk(prefix + step)

    walk("")
    return out


ORDERS = {speed: legal_orders(speed) for speed in range(6)}


def moved(start: tuple[int, int], facing: int, speed: int, steps: str) -> Ship:
    """The ship after the engine's movement phase (rules._movement) with these orders."""
    design = Design(5, 5, 0, (), "custom")
    ship = Ship(0, 0, 1, design, 5, 5, (0,) * 6, col=start[0], row=start[1], facing=facing)
    far = Ship(1, 1, 1, design, 5, 5, (0,) * 6, col=start[0], row=start[1], facing=0)
    state = SkirmishState(W, H, "duel", 1, 15, 15, 30, "annihilation_or_score", Rng.from_seed(1),
                          phase="orders", turn=1, ships=(ship, far),
                          plans=(Plan(done=True, orders=(Order(0, speed, steps),)),
                                 Plan(done=True, orders=(Order(1, 0, ""),))))
    after = rules._movement(state)
    return after.ships[0]


def test_every_order_is_offered_and_legal() -> None:
    # The walk matches the grammar: all strings over F/L/R of length SPEED, no two turns in a row.
    for speed, orders in ORDERS.items():
        brute = ["".join(p) for p in itertools.product("FLR", repeat=speed)]
        assert sorted(orders) == sorted(s for s in brute if order_problem(s, speed) is None)
        for steps in orders:
            written = compress_orders(steps)
            assert notation.check(written, speed) == steps
            if written:
                assert check_orders(written, speed) == steps
            assert notation.parse(written) == steps
            assert notation.problem(steps, speed) is None
    assert len(ORDERS[5]) > 0 and ORDERS[0] == [""]


def test_illegal_orders_are_explained() -> None:
    assert "twice in a row" in (notation.problem("LR", 2) or "")
    assert "SPEED 3" in (notation.problem("FF", 3) or "")
    with pytest.raises(notation.NotationError, match="0 is not"):
        notation.parse("0L1")
    with pytest.raises(notation.NotationError, match="neither"):
        notation.parse("2X")
    assert notation.parse("2l1") == expand_orders("2l1") == "FFLF"
    assert notation.parse("f f") == "FF" and notation.parse("-") == ""


def test_python_ghost_matches_movement() -> None:
    for start, facing, speed in itertools.product(STARTS, range(6), range(6)):
        for steps in ORDERS[speed]:
            g = notation.ghost(Hex(*start), facing, steps, W, H)
            ship = moved(start, facing, speed, steps)
            if g.leaves_map:
                assert ship.fate == "disengaged"
            else:
                assert (ship.fate, hex_of(ship), ship.facing) == ("", g.path[-1], g.facing)


NODE_SCRIPT = """
import * as m from MODULE;
const [cases, W, H] = JSON.parse(process.argv[1]);
const out = cases.map(([col, row, facing, speed, written]) => {
  const parsed = m.parseOrders(written);
  const t = m.trace(col, row, facing, parsed.steps, W, H);
  return {steps: parsed.steps, problem: m.orderProblem(parsed.steps, speed), end: t.path[t.path.length - 1],
          facing: t.facing, left: t.left, next: m.nextSteps(parsed.steps.slice(0, -1), speed)};
});
const hexes = [];
for (let c = 0; c < W; c++) for (let r = 0; r < H; r++) {
  const [x, y] = m.hexCenter(c, r);
  hexes.push([c, r, m.hexAt(x, y, W, H), m.hexAt(x + 0.8, y + 0.1, W, H)]);
}
const arcs = [];
for (let f = 0; f < 6; f++) for (let c = 5; c < 18; c++) for (let r = 2; r < 15; r++)
  arcs.push(m.arcsOf(f, m.relative([11, 8], [c, r])));
console.log(JSON.stringify({out, hexes, arcs}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_screen_ghost_path_matches_engine_movement() -> None:
    cases = [(c, r, f, speed, compress_orders(steps))
             for (c, r), f, speed in itertools.product(STARTS, range(6), range(6)) for steps in ORDERS[speed]]
    script = NODE_SCRIPT.replace("MODULE", json.dumps(HEXMATH.as_uri()))
    result = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps([cases, W, H])],
                            capture_output=True, text=True, check=True, timeout=60)
    data = json.loads(result.stdout)
    assert len(data["out"]) == len(cases) > 1000
    for (col, row, facing, speed, written), got in zip(cases, data["out"], strict=True):
        steps = expand_orders(written) if written else ""
        assert got["steps"] == steps, written
        assert got["problem"] is None, (written, got["problem"])
        if steps:  # the step before the last was offered by the engine too
            assert steps[-1] in got["next"]
            assert tuple(got["next"]) == rules.next_steps(steps[:-1], speed)
        ship = moved((col, row), facing, speed, steps)
        where = f"{written or '-'} from {Hex(col, row)} facing {facing}"
        if ship.fate == "disengaged":
            assert got["left"], where
        else:
            assert not got["left"], where
            assert (Hex(*got["end"]), got["facing"]) == (hex_of(ship), ship.facing), where
    # Pixels: a hex's centre (and a point inside it) maps back to that hex.
    for col, row, centre, inside in data["hexes"]:
        assert centre == [col, row] and inside == [col, row]
    # Arcs: the same sides as the engine (MSC-3.4).
    from pygame_core.games.skirmish.geometry import arcs_of, relative
    expected = [list(arcs_of(f, relative(Hex(11, 8), Hex(c, r))))
                for f in range(6) for c in range(5, 18) for r in range(2, 15)]
    assert data["arcs"] == expected


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_screen_explains_illegal_orders() -> None:
    script = """
import * as m from MODULE;
const cases = [["LR", 2], ["2", 3], ["4", 3], ["0L", 1], ["2X", 2], ["l", 1], ["", 0]];
console.log(JSON.stringify(cases.map(([t, s]) => {
  const p = m.parseOrders(t);
  return p.steps === null ? "parse: " + p.error : m.orderProblem(p.steps, s);
})));
""".replace("MODULE", json.dumps(HEXMATH.as_uri()))
    result = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True,
                            check=True, timeout=30)
    got = json.loads(result.stdout)
    assert "twice in a row" in got[0]
    assert "1 more step" in got[1]
    assert "more than SPEED 3" in got[2]
    assert got[3].startswith("parse: 0 is not")
    assert got[4].startswith("parse:")
    assert got[5] is None and got[6] is None


def test_ghost_uses_the_rules_of_leaving_the_map() -> None:
    # MSC-H12: a ship at the east edge facing SE with orders "2" disengages at its first step.
    g = notation.ghost(Hex(23, 5), 2, "FF", W, H)
    assert g.leaves_map and g.path == (Hex(23, 5),)
    assert replace(moved((23, 5), 2, 2, "FF")).fate == "disengaged"
