"""The core's packages import downward: shared low modules, then selection, host, transfer, profile, advice
and the window's wording, with state and demo beside the top. A step's own sentences (wording/transfer.py,
wording/profile.py, wording/advice.py and advice_card.py) rank with that step, as its errors/ sentences
rank below it. An import that only annotations need (under `if TYPE_CHECKING:`) does not count; one that runs, even inside a
function, does."""

from __future__ import annotations

import ast
from pathlib import Path

import app.core

CORE = Path(app.core.__file__).parent
# Bottom first; a module may import its own package, and packages of a lower (or the same low) rank.
RANKS = {"formatting": 0, "language": 0, "quoting": 0, "paths": 0, "atomic": 0, "tasks": 0, "keeper": 0, "events": 1, "errors": 1, "runner": 2,
         "selection": 3, "host": 4, "transfer": 5, "profile": 6, "advice": 7, "wording": 8, "state": 9, "demo": 10}
# Imports that still go upward; this list only shrinks (it is empty: keep it so).
KNOWN: set[tuple[str, str]] = set()


def _rank_of(parts: tuple[str, ...]) -> str:
    """The package a module ranks with: its own, but a step's wording module ranks with that step."""
    if parts[0] == "wording" and len(parts) > 1 and parts[1].split("_")[0] in RANKS:  # advice.py, advice_card.py
        return parts[1].split("_")[0]
    return parts[0]


def _package(path: Path) -> str:
    rel = path.relative_to(CORE).with_suffix("")
    return _rank_of(rel.parts)


def _run_time_imports(tree: ast.Module) -> list[str]:
    typing_only = {id(n) for branch in ast.walk(tree) if isinstance(branch, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(branch.test) for stmt in branch.body for n in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("app.core."):
            found.append(node.module)
        elif isinstance(node, ast.ImportFrom) and node.module == "app.core":
            found += [f"app.core.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith("app.core.")]
    return found


def _upward() -> set[tuple[str, str]]:
    upward = set()
    for path in CORE.rglob("*.py"):
        if path.parent == CORE and path.stem == "__init__":
            continue
        source = _package(path)
        for module in _run_time_imports(ast.parse(path.read_text())):
            target = _rank_of(tuple(module.split(".")[2:]))
            if target != source and RANKS[target] > RANKS[source]:
                upward.add((str(path.relative_to(CORE)), target))
    return upward


def test_every_package_of_the_core_has_a_place_in_the_layers():
    packages = {_package(p) for p in CORE.rglob("*.py") if p != CORE / "__init__.py"}
    assert packages == set(RANKS)


def test_the_core_imports_downward_but_for_the_known_few():
    assert _upward() - KNOWN == set()


def test_the_known_upward_imports_are_still_there():
    assert KNOWN - _upward() == set()  # one went: take it off the list
