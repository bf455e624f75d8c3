"""Where all state is kept, chosen in the settings, and moving it there.

The core reads one switch, TRANSFER_ADVISOR_HOME. When it is set from outside (tests,
--config-dir, a packaged build) it wins and the window only shows it. Otherwise the folder
chosen in the settings is remembered in a one-line pointer file in the default config folder
and applied at start by `paths.settle`, for the commands as for the window.

The state is everything in the config and data folders (`app.core.paths`): the settings and
recent hosts, the hosts added in the window and their ssh config, the history of copies, the
measured profiles and the crash log. The runtime folder only holds sockets of this run and is
not state. In a chosen folder they are FOLDER/config and FOLDER/data.

`move` never loses state: it copies both folders into hidden folders in the new place, flushes
them to disk and compares them byte for byte with the originals, puts them in place, and only
then points the pointer at the new folder and removes the old files. Anything that fails before
the pointer is written undoes what was done, so the old folder stays in use. `use` adopts state
that a folder already holds, leaving the present state where it is. A folder whose config or data
folder holds files the app did not write is refused, so a replace never deletes a user's own files.
The state is small (kilobytes, a few megabytes with a long crash log) and is written on the GUI
thread like every other state write, so a move takes milliseconds.
"""

from __future__ import annotations

import errno
import filecmp
import os
import shutil
from pathlib import Path

from app.core import atomic
from app.core.language import Words
from app.core.state import crash_log

from app.core import paths
from app.core.paths import ENV_HOME, POINTER, config_dir, data_dir

KINDS = ("config", "data")
# What the app writes in each folder (names starting with a dot are its temporary files). A folder
# whose config or data folder holds anything else is not ours to adopt or replace: it is refused.
KNOWN = {"config": {"gui-settings.json", "added-hosts.json", "ssh_config", POINTER},
         "data": {"transfers.jsonl", "transfers.json", *crash_log.FILES, "profiles", "keys"}}


class StateFolderWords(Words):
    """Moving the state folder: why a folder cannot hold the state, and why a move failed (the translator's
    context)."""


class MoveError(Exception):
    """The state was not moved (or adopted); `sentence` says why and what to do. Nothing changed."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def can_change() -> bool:
    return not paths.set_from_outside()


def current() -> str:
    """The folder state goes to: the switch, or the default config folder's parent."""
    value = os.environ.get(ENV_HOME)
    return value if value else str(config_dir())


def _places() -> list[Path]:
    """The folders that hold the state now: the chosen folder, or the two default folders."""
    root = os.environ.get(ENV_HOME)
    return [Path(root)] if root else [config_dir(), data_dir()]


def _sources() -> dict[str, Path]:
    return {"config": config_dir(), "data": data_dir()}


def _absolute(folder: str | os.PathLike) -> Path:
    return Path(os.path.abspath(os.path.expanduser(str(folder))))


def _within(inner: Path, outer: Path) -> bool:
    inner, outer = inner.resolve(), outer.resolve()
    return inner == outer or outer in inner.parents


def is_current(folder: str | os.PathLike) -> bool:
    return _absolute(folder).resolve() == _absolute(current()).resolve()


def refusal(folder: str | os.PathLike) -> str | None:
    """Why `folder` cannot hold the state, in one sentence with what to do; None when it can."""
    target = _absolute(folder)
    if target.exists() and not target.is_dir():
        return StateFolderWords.tr("{target} is a file; choose a folder.", target=target)
    if is_current(target):
        return StateFolderWords.tr("The state is kept in {target} already; choose another folder to move it.",
                                   target=target)
    foreign = _foreign(target)
    if foreign:
        return StateFolderWords.tr("{foreign} is not Transfer Advisor's, so {target} cannot hold its state; choose "
                                   "an empty folder or make a new one.", foreign=foreign[0], target=target)
    for place in _places():
        if _within(target, place):
            return StateFolderWords.tr("{target} is inside the folder the state is kept in now ({place}); choose a "
                                       "folder outside it.", target=target, place=place)
        if _within(place, target):
            return StateFolderWords.tr("The state is kept in {place} now, which is inside {target}; choose a folder "
                                       "that does not hold it.", place=place, target=target)
    return None


def _entries(target: Path, kind: str) -> list[Path]:
    try:
        return sorted(p for p in (target / kind).iterdir() if not p.name.startswith("."))
    except OSError:
        return []


def _foreign(target: Path) -> list[Path]:
    """What the config and data folders of `target` hold that the app did not write."""
    folder = target / "config"
    if folder.exists() and not folder.is_dir():
        return [folder]
    folder = target / "data"
    if folder.exists() and not folder.is_dir():
        return [folder]
    return [p for kind in KINDS for p in _entries(target, kind) if p.name not in KNOWN[kind]]


def holds_state(folder: str | os.PathLike) -> bool:
    """True when `folder` already has Transfer Advisor's state (one of its files in config or data)."""
    target = _absolute(folder)
    return any(p.name in KNOWN[kind] and p.name != POINTER for kind in KINDS for p in _entries(target, kind))


def _point_at(target: Path) -> None:
    pointer = paths.pointer_file()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    atomic.write(pointer, f"{target}\n")


def _allowed(folder: str | os.PathLike) -> Path:
    """The folder as an absolute path, when state may go there; else why not."""
    if not can_change():
        raise RuntimeError(f"{ENV_HOME} was set from outside; unset it to choose the folder here")
    target = _absolute(folder)
    why = refusal(target)
    if why:
        raise MoveError(why)
    return target


def use(folder: str | os.PathLike) -> None:
    """Keep the state in `folder` from now on, as that folder holds it; the present state stays put."""
    target = _allowed(folder)
    try:
        for kind in KINDS:
            (target / kind).mkdir(parents=True, exist_ok=True, mode=0o700)
        _point_at(target)
    except OSError as exc:
        raise MoveError(_failure(exc, target)) from exc
    os.environ[ENV_HOME] = str(target)


def move(folder: str | os.PathLike, replace: bool = False) -> list[Path]:
    """Move all state into `folder`; with `replace`, state already there is replaced by ours.

    Returns the old files that could not be removed afterwards (the state itself is safe in the new
    folder then); raises MoveError, with the old folder still in use, when the state was not moved.
    """
    target = _allowed(folder)
    if holds_state(target) and not replace:
        raise MoveError(StateFolderWords.tr("{target} already holds Transfer Advisor's state; use it as it is, or "
                                            "replace it.", target=target))
    sources, was = _sources(), current()
    undo: list = []
    try:
        if not target.exists():
            target.mkdir(parents=True, mode=0o700)
            undo.append(target.rmdir)  # only if it is empty again by then
        staged = {}
        for kind, source in sources.items():
            staged[kind] = stage = target / f".{kind}.moving"
            if stage.exists():
                shutil.rmtree(stage)  # left by a move that was cut short (the pointer never named it)
            undo.append(lambda stage=stage: shutil.rmtree(stage, ignore_errors=True))
            _copy_tree(source, stage)
            _compare(source, stage)
        set_aside = []
        for kind, stage in staged.items():
            final = target / kind
            if final.exists():
                aside = target / f".{kind}.replaced"
                if aside.exists():
                    shutil.rmtree(aside)
                final.rename(aside)
                set_aside.append(aside)
                undo.append(lambda final=final, aside=aside: aside.rename(final))
            stage.rename(final)
            undo.append(lambda final=final, stage=stage: final.rename(stage))
        _fsync(target)
        _point_at(target)
    except (OSError, _Mismatch) as exc:
        for step in reversed(undo):
            try:
                step()
            except OSError:
                pass
        raise MoveError(_failure(exc, target, was)) from exc
    os.environ[ENV_HOME] = str(target)
    leftovers = [p for aside in set_aside for p in _remove(aside)]
    for kind, source in sources.items():
        leftovers += _remove(source, keep={POINTER, POINTER + ".tmp"})
    old_root = Path(was)
    if was != str(sources["config"]):  # a chosen folder: remove it too when nothing else is left in it
        for empty in (old_root / "run", old_root):
            try:
                empty.rmdir()
            except OSError:
                pass
    return leftovers


class _Mismatch(Exception):
    pass


def _copy_synced(src: str, dst: str) -> str:
    shutil.copy2(src, dst)
    with open(dst, "rb") as f:
        os.fsync(f.fileno())
    return dst


def _ignore_pointer(folder: str, names: list[str]) -> set[str]:
    if Path(folder) != paths.pointer_file().parent:
        return set()
    return {n for n in names if n in (POINTER, POINTER + ".tmp")}


def _copy_tree(source: Path, stage: Path) -> None:
    """Copy `source` to the new folder `stage`, each file and folder flushed to disk. The first error is
    raised as it is (shutil.copytree gathers them into one that has no errno to word)."""
    stage.mkdir(mode=0o700)
    for folder, dirs, files in os.walk(source):
        here = stage / Path(folder).relative_to(source)
        skip = _ignore_pointer(folder, dirs + files)
        for name in dirs + files:
            if name in skip:
                continue
            src, dst = Path(folder) / name, here / name
            if src.is_symlink():
                os.symlink(os.readlink(src), dst)
            elif src.is_dir():
                dst.mkdir(mode=0o700)
            else:
                _copy_synced(src, dst)
        _fsync(here)


def _fsync(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _compare(source: Path, copy: Path) -> None:
    """Every folder, file and link of `source` is in `copy` with the same bytes, read back from disk."""
    for folder, dirs, files in os.walk(source):
        rel = Path(folder).relative_to(source)
        skip = _ignore_pointer(folder, dirs + files)
        for name in dirs + files:
            if name in skip:
                continue
            a, b = Path(folder) / name, copy / rel / name
            if a.is_symlink():
                same = b.is_symlink() and os.readlink(a) == os.readlink(b)
            elif a.is_dir():
                same = b.is_dir() and not b.is_symlink()
            else:
                same = b.is_file() and filecmp.cmp(a, b, shallow=False)
            if not same:
                raise _Mismatch(f"{b} differs from {a}")


def _remove(folder: Path, keep: set[str] = frozenset()) -> list[Path]:
    """Remove `folder` (or only its contents when it holds a name in `keep`); what stayed is returned."""
    if not folder.exists():
        return []
    if not keep or not any((folder / name).exists() for name in keep):
        shutil.rmtree(folder, ignore_errors=True)
        return [folder] if folder.exists() else []
    left = []
    for entry in folder.iterdir():
        if entry.name in keep:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            try:
                entry.unlink()
            except OSError:
                pass
        if entry.exists() or entry.is_symlink():
            left.append(entry)
    return left


def _failure(exc: BaseException, target: Path, was: str | None = None) -> str:
    # `stays` is a clause the sentences below put after "so" (in German after a dash).
    stays = StateFolderWords.tr("nothing was moved and the state stays in {was}", was=was) if was else \
        StateFolderWords.tr("nothing was changed")
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, errno.EDQUOT):
        return StateFolderWords.tr("{target} has no room for the state, so {stays}; free some space there or choose "
                                   "another folder.", target=target, stays=stays)
    if code in (errno.EACCES, errno.EPERM, errno.EROFS):
        return StateFolderWords.tr("{target} cannot be written, so {stays}; choose a folder you may write to.",
                                   target=target, stays=stays)
    if isinstance(exc, _Mismatch):
        return StateFolderWords.tr("The copy in {target} did not read back the same, so {stays}; check that disk or "
                                   "choose another folder.", target=target, stays=stays)
    reason = getattr(exc, "strerror", None) or str(exc)
    return StateFolderWords.tr("The state could not be copied to {target} ({reason}), so {stays}; choose another "
                               "folder.", target=target, reason=reason, stays=stays)
