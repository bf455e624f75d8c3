"""The sentences of the transfer step: a method that cannot be used, a destination that cannot take
the copy, the user's rsync daemon, placing the copy, a mirror's deletions and the check of the far
side (app.core.transfer)."""

from __future__ import annotations

from app.core.errors import ErrorKind, TransferError, explain_stderr
from app.core.formatting import agree, plural, size

_NAMED = 3  # names shown in a sentence


def _named(paths: list[str]) -> str:
    return ", ".join(repr(p) for p in paths[:_NAMED]) + (
        f" and {len(paths) - _NAMED} more" if len(paths) > _NAMED else "")


# Choosing the method (app.core.transfer.methods, preflight; the command line's options).
def no_such_method(method_id: str, known: list[str]) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"There is no method '{method_id}'; choose one of: {', '.join(known)}.")


def method_refuses(method_id: str, why: str, able: list[str]) -> TransferError:
    """A method that cannot take the options asked for (`why`: "cannot compress with zstd")."""
    return TransferError(ErrorKind.USAGE, f"{method_id} {why}; choose one of: {', '.join(able)}.")


def method_unusable(label: str, reason: str, insecure_refused: bool) -> TransferError:
    """`reason`: why the method says it cannot run ("copies exactly one regular file; ...", or a reason
    that names its subject: "`nc` is not installed on the remote host", "the server does not offer ...");
    `insecure_refused`: the method is unencrypted and insecure methods were not allowed."""
    kind = ErrorKind.INSECURE_NOT_ALLOWED if insecure_refused else ErrorKind.UNAVAILABLE
    return TransferError(kind, f"{label} cannot be used here: it {reason}."
                         if not reason.startswith(("`", "the ", "its ")) else
                         f"{label} cannot be used here: {reason}; choose another method.")


# The destination (app.core.transfer.preflight, staging).
def destination_unwritable(where: str) -> TransferError:
    return TransferError(ErrorKind.DEST_UNWRITABLE, f"{where} cannot be written; choose a folder you can write to.")


def destination_too_small(where: str, free: int, needed: int) -> TransferError:
    return TransferError(ErrorKind.DEST_FULL, f"{where} has {size(free)} free but the selection needs {size(needed)}; "
                         "free some space or choose another folder.")


def local_destination_failed(dest: str, exc: OSError) -> TransferError:
    """The destination folder on this computer could not be made."""
    if exc.errno in (28, 122):  # ENOSPC, EDQUOT
        return TransferError(ErrorKind.DEST_FULL, f"{dest} is full; free some space or choose another folder.")
    return TransferError(ErrorKind.DEST_UNWRITABLE, f"Cannot write to {dest} ({exc.strerror}); choose a folder you "
                         "can write to.")


# The user's own rsync daemon (app.core.transfer.rsyncd, preflight).
def module_without_daemon() -> TransferError:
    return TransferError(ErrorKind.USAGE, "--rsync-module goes with --method rsync-daemon; add it or drop the module.")


def not_a_module(text: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"'{text}' is not an rsync module; write [user@]module as in "
                         "rsync://host/module.")


def rsyncd_conf_unreadable(conf: str, host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"The rsync daemon config {conf} could not be read on "
                         f"{host}; pass its location with --rsyncd-conf.", details)


def no_such_module(conf: str, host: str, name: str, modules: list[str]) -> TransferError:
    known = ", ".join(sorted(modules)) or "none"
    return TransferError(ErrorKind.USAGE, f"The rsync daemon config {conf} on {host} has no module '{name}' "
                         f"(it has: {known}); check the name or pass --rsyncd-conf.")


def outside_module(path: str, name: str, module_path: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"{path} is outside the rsync module '{name}' ({module_path}); "
                         "choose a path inside it.")


# The copy as a whole (app.core.transfer.engine).
def no_rename_in_own_module() -> TransferError:
    return TransferError(ErrorKind.USAGE, "Keeping both copies cannot be done through your own rsync daemon (it "
                         "writes in place); choose --existing skip, replace or newer, or another method.")


def no_free_port() -> TransferError:
    return TransferError(ErrorKind.FAILED, "No free port was found for the remote helper; try again.")


def ran_out_of_space(details: str) -> TransferError:
    return TransferError(ErrorKind.DEST_FULL, "The destination ran out of space during the copy; free some space "
                         "there or choose another folder.", details)


# Running a method's tools (app.core.transfer.execute).
def remote_side_failed(stderr: str, host: str, code: int) -> TransferError:
    return explain_stderr(stderr, host, f"The remote side of the copy failed (exit {code}); see the details.")


# Placing the copy (app.core.host.staging, app.core.host.remote_files).
def renames_failed(where: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, f"Giving the kept copies their new names at {where} failed.", details)


def went_missing(path: str, where: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, f"{path!r} went missing from the staging folder at {where}; run the "
                         "same copy again.")


def appeared(paths: list[str], where: str) -> TransferError:
    return TransferError(ErrorKind.CONFLICT, f"Something turned up at {where} while copying ({_named(paths)}), so "
                         "nothing was placed; what was copied is kept: run the same copy again to decide about it.")


def half_placed(done: int, total: int, path: str, where: str, details: str = "") -> TransferError:
    return TransferError(ErrorKind.FAILED, f"Moving the copy into place at {where} failed at {path!r} after "
                         f"{plural(done, 'item')} of {total} were placed; the rest are kept: run the same copy "
                         "again to place them.", details)


def placing_failed(host: str, stderr: str) -> TransferError:
    return explain_stderr(stderr, host, "Moving the copy into place failed; see the details.")


# Files already at the destination (app.core.transfer.survey, from existing.py's clashes).
def already_there(paths: list[str], where: str) -> TransferError:
    """Why a copy without a choice stopped: how many, the first names, what to add."""
    verb = "is" if len(paths) == 1 else "are"
    return TransferError(ErrorKind.CONFLICT, f"{plural(len(paths), 'item')} of the copy {verb} already at {where} "
                         f"and differ{'s' if len(paths) == 1 else ''} ({_named(paths)}); nothing was copied: add "
                         "--existing skip, replace, newer or rename (keep both).")


def clash_words(path: str, ours: str, theirs: str, newer_there: int, other_size: bool) -> str:
    """Something in the copy's way (existing.Clash.describe()): "'a.jpg' differs (newer there, another
    size)"; `ours`, `theirs`: the kinds ("file", "dir", "link"); `newer_there`: 1 newer, -1 older, 0 the
    same time. Part of never_replaced's sentence, and a line of the window's question."""
    if ours != theirs:
        return f"{path!r} is {_a(theirs)} where the copy has {_a(ours)}"
    when = {1: "newer there", -1: "older there", 0: "same time"}[newer_there]
    return f"{path!r} differs ({when}{', another size' if other_size else ''})"


def _a(kind: str) -> str:
    return {"dir": "a folder", "link": "a link", "file": "a file"}[kind]


def never_replaced(first: str, count: int, where: str) -> TransferError:
    """A folder against a file or link (`first`: the first of `count` such clashes, described)."""
    more = f" (and {plural(count - 1, 'item')} more like it)" if count > 1 else ""
    return TransferError(ErrorKind.CONFLICT, f"At {where}, {first}{more}, which is never replaced; nothing was "
                         "copied: move it aside, or add --existing skip or rename (keep both).")


# A mirror (app.core.transfer.mirror).
def refuse_policy(policy_value: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"--mirror makes the destination equal to the selection, which --existing "
                         f"{policy_value} would not; use --existing replace or --update with it.")


def deletions_words(paths: list[str], files: int, nbytes: int) -> str:
    """What a mirror deletes (mirror.Deletion.summary()): "3 items (5 files, 1.2 MB): 'a', 'b', 'c' and 2 more"."""
    return f"{plural(len(paths), 'item')} ({plural(files, 'file')}, {size(nbytes)}): {_named(paths)}"


def would_delete_unasked(where: str, deletions: str) -> str:
    """The sentence of mirror.Unconfirmed (`deletions`: Deletion.summary())."""
    return (f"Making {where} match would delete {deletions}; nothing was copied or deleted: add "
            "--yes-delete to delete them, or --dry-run to list them all.")


def not_deleted(left: list[str], where: str) -> TransferError:
    return TransferError(ErrorKind.DELETE_FAILED,
                         f"The copy is in place and verified, but {plural(len(left), 'item')} at "
                         f"{where} could not be deleted ({_named(left)}); check the permissions there and run the "
                         "mirror again.")


# Checking the far side (app.core.transfer.verify, app.core.host.remote_files).
def verification_failed(problems: list[str], where: str) -> TransferError:
    """Sizes or kinds that differ at the destination (`problems`: one line each)."""
    shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
    differ = f"{plural(len(problems), 'item')} {agree(len(problems), 'differs', 'differ')}"
    return TransferError(ErrorKind.VERIFY_FAILED, f"Verification failed: {differ} at {where}; copy again (with a "
                         "different method if it repeats).", shown)


def local_hashing_failed(tool: str, details: str) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, f"Hashing the files here with {tool} failed; see the details.",
                         details)


def remote_hashing_failed(host: str, tool: str, details: str) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, f"Hashing on {host} with {tool} failed.", details)


def hashes_unreadable(files: int, ours: int, theirs: int) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, "Verification could not read every hash; copy again and verify.",
                         f"{plural(files, 'file')}, {plural(ours, 'local hash', 'local hashes')}, "
                         f"{plural(theirs, 'remote hash', 'remote hashes')}")


def contents_differ(bad: list[str]) -> TransferError:
    differ = f"{plural(len(bad), 'file')} {agree(len(bad), 'differs', 'differ')}"
    return TransferError(ErrorKind.VERIFY_FAILED, f"Verification failed: {differ} in content; copy again.",
                         "; ".join(repr(f) for f in bad[:10]))
