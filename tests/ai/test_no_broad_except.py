"""House rule 4 in the computer players: no ``except`` in the AI catches a broad type or an
error the engine raises on a defect.

A computer player that catches ``IllegalActionError``, ``KeyError`` or ``Exception`` around a
sample or a rollout hides a state the engine cannot play on (Space Genocide's search once
caught ``SAMPLE_FAULTS`` around every sample): the fault must surface. The AI asks instead
(is the action among the sample's legal actions?). Checked with ``ast`` over every
``pygame_core/**/ai*.py`` and ``pygame_core/ai/``: a handler's type may be a name, a dotted
name, a tuple, or a module-level name bound to a tuple of those (followed across modules).
"""

from __future__ import annotations

import ast
import builtins
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "pygame_core"

BROAD = frozenset({"Exception", "BaseException"})
# What Python raises on a defect in the code or a state that breaks the engine's invariants.
DEFECTS = frozenset({
    "AssertionError", "AttributeError", "TypeError", "KeyError", "IndexError", "LookupError", "ValueError",
    "RuntimeError", "ArithmeticError", "ZeroDivisionError", "StopIteration", "RecursionError",
})


def ai_modules() -> list[Path]:
    """Every AI module: ``pygame_core/**/ai*.py`` and the ``pygame_core/ai`` package."""
    found = {p for p in ENGINE.rglob("ai*.py")} | set((ENGINE / "ai").rglob("*.py"))
    return sorted(found)


@functools.cache
def engine_errors() -> frozenset[str]:
    """The names of the exception classes the engine defines (``IllegalActionError``,
    ``RecordError``, ``OptionError``, ...): a class whose bases lead to a built-in exception."""
    bases: dict[str, list[str]] = {}
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [_name(b) for b in node.bases]

    def is_error(name: str, seen: frozenset[str] = frozenset()) -> bool:
        if isinstance(getattr(builtins, name, None), type) and issubclass(getattr(builtins, name), BaseException):
            return True
        return name in bases and name not in seen and any(is_error(b, seen | {name}) for b in bases[name])

    return frozenset(name for name in bases if is_error(name))


def _name(node: ast.expr) -> str:
    """``X`` for ``X`` and for ``mod.X``; "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def tuple_aliases(sources: list[str]) -> dict[str, ast.expr]:
    """Module-level names bound to a tuple or another name (``FAULTS = (KeyError, ...)``)."""
    out: dict[str, ast.expr] = {}
    for source in sources:
        for node in ast.parse(source).body:
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            if not isinstance(value, (ast.Tuple, ast.Name, ast.Attribute)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    out[target.id] = value
    return out


def caught(node: ast.expr | None, aliases: dict[str, ast.expr], depth: int = 0) -> set[str]:
    """The exception names a handler's type catches; a bare ``except`` is ``BaseException``."""
    if node is None:
        return {"BaseException"}
    if isinstance(node, ast.Tuple):
        return {name for elt in node.elts for name in caught(elt, aliases, depth)}
    name = _name(node)
    if name in aliases and depth < 10:
        return caught(aliases[name], aliases, depth + 1)
    return {name or ast.unparse(node)}


def offences(source: str, where: str, forbidden: frozenset[str], aliases: dict[str, ast.expr]) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler):
            bad = caught(node.type, aliases) & forbidden
            if bad:
                out.append(f"{where}:{node.lineno} catches {', '.join(sorted(bad))}")
    return out


@functools.cache
def _engine_aliases() -> dict[str, ast.expr]:
    return tuple_aliases([p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py")])


def _forbidden() -> frozenset[str]:
    return BROAD | DEFECTS | engine_errors()


def _check(sources: dict[str, str]) -> list[str]:
    """The offences in ``sources`` (where -> text), aliases followed across all of them and
    the engine's modules (a tuple of types may be defined in one module and caught in another)."""
    aliases = {**_engine_aliases(), **tuple_aliases(list(sources.values()))}
    forbidden = _forbidden()
    return [o for where, source in sources.items() for o in offences(source, where, forbidden, aliases)]


def test_the_engine_errors_are_known_to_the_check() -> None:
    """The engine's own error types are among those no AI may catch."""
    assert {"IllegalActionError", "RecordError", "OptionError"} <= engine_errors()


def test_no_except_in_the_ai_catches_a_broad_or_engine_error_type() -> None:
    modules = ai_modules()
    assert ENGINE / "games" / "genocide" / "ai_search.py" in modules and ENGINE / "ai" / "search.py" in modules
    sources = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in modules}
    found = _check(sources)
    assert not found, "\n".join(found)


def test_the_check_finds_every_form_of_a_forbidden_catch() -> None:
    """So the test above can fail: bare, broad, dotted, tuples and a tuple bound to a name
    (as the old ``SAMPLE_FAULTS``), while a narrow catch that re-raises stays allowed."""
    bad = {
        "bare": "try:\n    f()\nexcept:\n    pass\n",
        "broad": "try:\n    f()\nexcept Exception as exc:\n    print(exc)\n",
        "base": "try:\n    f()\nexcept BaseException:\n    raise\n",
        "dotted": "from pygame_core import game\ntry:\n    f()\nexcept game.IllegalActionError:\n    pass\n",
        "tuple": "try:\n    f()\nexcept (OSError, KeyError):\n    pass\n",
        "alias": "FAULTS = (AssertionError, IndexError)\ntry:\n    f()\nexcept FAULTS:\n    pass\n",
        "group": "try:\n    f()\nexcept* ValueError:\n    pass\n",
    }
    for key, source in bad.items():
        assert _check({key: source}), key
    narrow = "try:\n    import x\nexcept ModuleNotFoundError as exc:\n    raise\n"
    assert not _check({"narrow": narrow})
