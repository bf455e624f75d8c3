"""Every failure a person reads is worded in app/core/errors/ (or wording/): no other module of the
core builds a TransferError from a sentence written in place, it calls the named constructor."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import app.core
import app.core.errors
from app.core.errors import advice, host, profile, selection, transfer

CORE = Path(app.core.__file__).parent
WORDING_HOMES = ("errors/", "wording/")
# Modules that still word their own failures; empty now, and a module listed here must still need it.
KNOWN: set[str] = set()


def _is_literal(node: ast.AST | None) -> bool:
    """A sentence written in place: a string, an f-string, or strings joined or chosen between."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_literal(node.left) or _is_literal(node.right)
    if isinstance(node, ast.IfExp):
        return _is_literal(node.body) or _is_literal(node.orelse)
    return False


# What builds a TransferError from a sentence it is given: the sentence's position and keyword.
SENTENCE_ARG = {"TransferError": (1, "sentence"), "explain_stderr": (2, "fallback"), "sftp_error": (2, "fallback")}


def _sentence(call: ast.Call, name: str) -> ast.AST | None:
    position, keyword = SENTENCE_ARG[name]
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _names(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def literal_sentences(source: str) -> list[int]:
    """The lines where a TransferError (or a subclass's `super().__init__`), or a stderr or SFTP error's
    fallback, gets a sentence in place."""
    tree = ast.parse(source)
    subclasses = {n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                  and any(_names(b) == "TransferError" for b in n.bases)}
    inside_subclass = {id(c) for cls in subclasses for c in ast.walk(cls)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _names(node.func)
        if (id(node) in inside_subclass and name == "__init__" and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Call) and _names(node.func.value.func) == "super"):
            name = "TransferError"
        if name in SENTENCE_ARG and _is_literal(_sentence(node, name)):
            found.append(node.lineno)
    return found


def _core_modules() -> dict[str, str]:
    return {p.relative_to(CORE).as_posix(): p.read_text() for p in sorted(CORE.rglob("*.py"))}


def test_the_check_finds_a_sentence_written_in_place():
    assert literal_sentences('raise TransferError(ErrorKind.USAGE, f"{x} is not a host.")') == [1]
    assert literal_sentences('e = errors.TransferError(kind, "a" if x else f"b {y}", details)') == [1]
    assert literal_sentences('TransferError(kind=ErrorKind.FAILED, sentence="It failed.")') == [1]
    assert literal_sentences("class Refused(TransferError):\n    def __init__(self):\n"
                             "        super().__init__(ErrorKind.USAGE, 'No.')\n") == [3]
    assert literal_sentences('raise explain_stderr(err, host, f"Copying to {host} failed.")') == [1]
    assert literal_sentences("raise not_a_host(text)\nraise TransferError(kind, sentence, details)\n"
                             "raise explain_stderr(err, host, fallback)") == []


def test_no_core_module_words_a_failure_in_place():
    offenders = {path: lines for path, source in _core_modules().items()
                 if not path.startswith(WORDING_HOMES) and path not in KNOWN
                 and (lines := literal_sentences(source))}
    assert offenders == {}, ("build these sentences in a named constructor in app/core/errors/ "
                             f"(file: lines): {offenders}")


def test_the_known_exceptions_still_need_to_be_there():
    modules = _core_modules()
    stale = {path for path in KNOWN if path not in modules or not literal_sentences(modules[path])}
    assert stale == set(), f"these no longer word failures in place: remove them from KNOWN: {stale}"


@pytest.mark.parametrize("step", [host, selection, profile, advice, transfer], ids=lambda m: m.__name__)
def test_every_sentence_of_a_step_is_imported_from_app_core_errors(step):
    """Callers write `from app.core.errors import X` whichever step's module X is written in."""
    public = [name for name, value in vars(step).items() if not name.startswith("_") and (
              (inspect.isfunction(value) and value.__module__ == step.__name__)
              or (isinstance(value, str) and name.isupper()))]
    missing = [name for name in public if getattr(app.core.errors, name, None) is not getattr(step, name)]
    assert public and missing == []


# --- The other sentences a user reads: a step's detail while it works (`Phase(name, detail)`) and the
# notes beside a result (`notes.append(...)`, `notes = [...]`, `x.notes += [...]`) are worded in
# wording/ (or errors/), never in place. Modules that still do, and why (the list only shrinks; it is
# empty: keep it so).
KNOWN_NOTES: set[str] = set()


def _is_notes(node: ast.AST) -> bool:
    return _names(node) == "notes"


def _literal_items(node: ast.AST | None) -> bool:
    """A list (or a comprehension, or a list plus another) with a sentence written in place in it."""
    if isinstance(node, ast.List):
        return any(_is_literal(e.value if isinstance(e, ast.Starred) else e) for e in node.elts)
    if isinstance(node, ast.ListComp):
        return _is_literal(node.elt)
    if isinstance(node, ast.BinOp):
        return _literal_items(node.left) or _literal_items(node.right)
    return False


def literal_notes(source: str) -> list[int]:
    """The lines where a Phase gets its detail, or a list of notes a sentence, written in place."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _names(node.func) == "Phase":
            detail = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "detail"), None)
            if _is_literal(detail):
                found.append(node.lineno)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("append", "extend", "insert") and _is_notes(node.func.value)):
            if any(_is_literal(a) or _literal_items(a) for a in node.args):
                found.append(node.lineno)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(_is_notes(t) for t in targets) and _literal_items(node.value):
                found.append(node.lineno)
    return found


def test_the_check_finds_a_note_or_a_phase_written_in_place():
    assert literal_notes('emit(Phase("copying", "Reading the selection"))') == [1]
    assert literal_notes('emit(Phase("copying", label if same else f"{label}: again"))') == [1]
    assert literal_notes('emit(events.Phase(name="x", detail=f"Measuring {host}"))') == [1]
    assert literal_notes('notes.append(f"{label} not measured: {why}")') == [1]
    assert literal_notes('profile.notes.append("Hashing failed.")') == [1]
    assert literal_notes('notes += [f"Kept {x}." for x in kept]') == [1]
    assert literal_notes('profile.notes = [*kept.notes, f"Kept from {when}."]') == [1]
    assert literal_notes('notes: list[str] = ["It was cut short."]') == [1]
    assert literal_notes("emit(Phase('racing', label(candidate)))\nnotes.append(wording.kept_note(kept))\n"
                         "notes += wording.placement_notes(p) + [left]\nnotes = list(result.notes)\n"
                         "emit(Phase('scanning', wording.PHASE_SCANNING))") == []


def test_no_core_module_words_a_note_or_a_phase_in_place():
    offenders = {path: lines for path, source in _core_modules().items()
                 if not path.startswith(WORDING_HOMES) and path not in KNOWN_NOTES
                 and (lines := literal_notes(source))}
    assert offenders == {}, ("build these notes and phase lines in a named function or constant in "
                             f"app/core/wording/ (file: lines): {offenders}")


def test_the_modules_known_to_word_notes_still_do():
    modules = _core_modules()
    stale = {path for path in KNOWN_NOTES if path not in modules or not literal_notes(modules[path])}
    assert stale == set(), f"these no longer word notes in place: remove them from KNOWN_NOTES: {stale}"
