"""The sentences of the transfer step: a method that cannot be used, a destination that cannot take
the copy, the user's rsync daemon, placing the copy, a mirror's deletions and the check of the far
side (app.core.transfer)."""

from __future__ import annotations

from app.core.errors import ErrorKind, TransferError, explain_stderr
from app.core.formatting import size
from app.core.language import Words

_NAMED = 3  # names shown in a sentence


class TransferErrors(Words):
    """Why a copy cannot start or did not finish (the translator's context)."""


def _named(paths: list[str]) -> str:
    names = ", ".join(repr(p) for p in paths[:_NAMED])
    if len(paths) > _NAMED:
        return TransferErrors.tr("{names} and %n more", "", len(paths) - _NAMED, names=names)
    return names


# Choosing the method (app.core.transfer.methods, preflight; the command line's options).
def no_such_method(method_id: str, known: list[str]) -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr("There is no method '{method}'; choose one of: {methods}.",
                                                            method=method_id, methods=", ".join(known)))


def method_refuses(method_id: str, why: str, able: list[str]) -> TransferError:
    """A method that cannot take the options asked for (`why`: "cannot compress with zstd")."""
    return TransferError(ErrorKind.USAGE, TransferErrors.tr("{method} {why}; choose one of: {methods}.",
                                                            method=method_id, why=why, methods=", ".join(able)))


def method_unusable(label: str, reason: str, insecure_refused: bool) -> TransferError:
    """`reason`: why the method says it cannot run ("copies exactly one regular file; ...", or a reason
    that names its subject: "`nc` is not installed on the remote host", "the server does not offer ...");
    `insecure_refused`: the method is unencrypted and insecure methods were not allowed."""
    kind = ErrorKind.INSECURE_NOT_ALLOWED if insecure_refused else ErrorKind.UNAVAILABLE
    # A method's own reasons say which they are (app.core.transfer.methods.base.Reason), in any language;
    # a plain string is told by its English words.
    own_subject = getattr(reason, "own_subject", None)
    if own_subject is None:
        own_subject = reason.startswith(("`", "the ", "its "))
    if not own_subject:
        return TransferError(kind, TransferErrors.tr("{method} cannot be used here: it {reason}.", method=label,
                                                     reason=reason))
    return TransferError(kind, TransferErrors.tr("{method} cannot be used here: {reason}; choose another method.",
                                                 method=label, reason=reason))


# The destination (app.core.transfer.preflight, staging).
def destination_unwritable(where: str) -> TransferError:
    return TransferError(ErrorKind.DEST_UNWRITABLE, TransferErrors.tr(
        "{where} cannot be written; choose a folder you can write to.", where=where))


def destination_too_small(where: str, free: int, needed: int) -> TransferError:
    return TransferError(ErrorKind.DEST_FULL, TransferErrors.tr(
        "{where} has {free} free but the selection needs {needed}; free some space or choose another folder.",
        where=where, free=size(free), needed=size(needed)))


def local_destination_failed(dest: str, exc: OSError) -> TransferError:
    """The destination folder on this computer could not be made."""
    if exc.errno in (28, 122):  # ENOSPC, EDQUOT
        return TransferError(ErrorKind.DEST_FULL, TransferErrors.tr(
            "{where} is full; free some space or choose another folder.", where=dest))
    return TransferError(ErrorKind.DEST_UNWRITABLE, TransferErrors.tr(
        "Cannot write to {where} ({why}); choose a folder you can write to.", where=dest, why=exc.strerror))


# The user's own rsync daemon (app.core.transfer.rsyncd, preflight).
def module_without_daemon() -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "--rsync-module goes with --method rsync-daemon; add it or drop the module."))


def not_a_module(text: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "'{text}' is not an rsync module; write [user@]module as in rsync://host/module.", text=text))


def rsyncd_conf_unreadable(conf: str, host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "The rsync daemon config {conf} could not be read on {host}; pass its location with --rsyncd-conf.",
        conf=conf, host=host), details)


def no_such_module(conf: str, host: str, name: str, modules: list[str]) -> TransferError:
    known = ", ".join(sorted(modules)) or TransferErrors.tr("none")
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "The rsync daemon config {conf} on {host} has no module '{name}' (it has: {modules}); check the name or "
        "pass --rsyncd-conf.", conf=conf, host=host, name=name, modules=known))


def outside_module(path: str, name: str, module_path: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "{path} is outside the rsync module '{name}' ({module_path}); choose a path inside it.", path=path,
        name=name, module_path=module_path))


# The copy as a whole (app.core.transfer.engine).
def no_rename_in_own_module() -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "Keeping both copies cannot be done through your own rsync daemon (it writes in place); choose --existing "
        "skip, replace or newer, or another method."))


def no_free_port() -> TransferError:
    return TransferError(ErrorKind.FAILED, TransferErrors.tr(
        "No free port was found for the remote helper; try again."))


def ran_out_of_space(details: str) -> TransferError:
    return TransferError(ErrorKind.DEST_FULL, TransferErrors.tr(
        "The destination ran out of space during the copy; free some space there or choose another folder."), details)


# Running a method's tools (app.core.transfer.execute).
def remote_side_failed(stderr: str, host: str, code: int) -> TransferError:
    return explain_stderr(stderr, host, TransferErrors.tr(
        "The remote side of the copy failed (exit {code}); see the details.", code=code))


def tool_reported(tool: str, lines: list[str], host: str) -> TransferError:
    """A tool that carries on past a file it could not write and exits 0 (smbclient reading its commands from
    standard input) printed these lines of failure (Plan.fails_on)."""
    text = "\n".join(lines)
    if any(code in text for code in ("NT_STATUS_DISK_FULL", "NT_STATUS_QUOTA_EXCEEDED")):
        return ran_out_of_space(text)
    if "NT_STATUS_ACCESS_DENIED" in text or "NT_STATUS_MEDIA_WRITE_PROTECTED" in text:
        return TransferError(ErrorKind.DEST_UNWRITABLE, TransferErrors.tr(
            "{host} refused {tool} a file of the copy (access denied); check that your account may write there, "
            "or choose another method.", host=host, tool=tool), text)
    if any(code in text for code in ("NT_STATUS_CONNECTION_", "NT_STATUS_IO_TIMEOUT", "NT_STATUS_PIPE_BROKEN")):
        return TransferError(ErrorKind.CONNECTION_LOST, TransferErrors.tr(
            "{tool}'s connection to {host} was lost during the copy; run the copy again to carry on.",
            host=host, tool=tool), text)
    return TransferError(ErrorKind.FAILED, TransferErrors.tr(
        "{tool} could not copy {count} of the files ({first}); see the details, fix the cause and try again.",
        tool=tool, count=len(lines), first=lines[0].strip()), text)


# Placing the copy (app.core.host.staging, app.core.host.remote_files).
def renames_failed(where: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, TransferErrors.tr(
        "Giving the kept copies their new names at {where} failed.", where=where), details)


def went_missing(path: str, where: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, TransferErrors.tr(
        "{path} went missing from the staging folder at {where}; run the same copy again.", path=repr(path),
        where=where))


def appeared(paths: list[str], where: str) -> TransferError:
    return TransferError(ErrorKind.CONFLICT, TransferErrors.tr(
        "Something turned up at {where} while copying ({names}), so nothing was placed; what was copied is kept: "
        "run the same copy again to decide about it.", where=where, names=_named(paths)))


def half_placed(done: int, total: int, path: str, where: str, details: str = "") -> TransferError:
    return TransferError(ErrorKind.FAILED, TransferErrors.tr(
        "Moving the copy into place at {where} failed at {path} after %n item(s) of {total} were placed; the rest "
        "are kept: run the same copy again to place them.", "", done, where=where, path=repr(path), total=total),
        details)


def placing_failed(host: str, stderr: str) -> TransferError:
    return explain_stderr(stderr, host, TransferErrors.tr("Moving the copy into place failed; see the details."))


# Files already at the destination (app.core.transfer.survey, from existing.py's clashes).
def already_there(paths: list[str], where: str) -> TransferError:
    """Why a copy without a choice stopped: how many, the first names, what to add."""
    return TransferError(ErrorKind.CONFLICT, TransferErrors.tr(
        "%n item(s) of the copy are already at {where} and differ ({names}); nothing was copied: add --existing "
        "skip, replace, newer or rename (keep both).", "", len(paths), where=where, names=_named(paths)))


def clash_words(path: str, ours: str, theirs: str, newer_there: int, other_size: bool) -> str:
    """Something in the copy's way (existing.Clash.describe()): "'a.jpg' differs (newer there, another
    size)"; `ours`, `theirs`: the kinds ("file", "dir", "link"); `newer_there`: 1 newer, -1 older, 0 the
    same time. Part of never_replaced's sentence, and a line of the window's question."""
    if ours != theirs:
        return _kinds_clash(path, theirs, ours)
    when = {1: TransferErrors.tr("newer there"), -1: TransferErrors.tr("older there"),
            0: TransferErrors.tr("same time")}[newer_there]
    if other_size:
        when = TransferErrors.tr("{when}, another size", when=when)
    return TransferErrors.tr("{path} differs ({how})", path=repr(path), how=when)


def _kinds_clash(path: str, theirs: str, ours: str) -> str:
    """"'a' is a folder where the copy has a file", for each two kinds that differ."""
    p = repr(path)
    return {("dir", "file"): TransferErrors.tr("{path} is a folder where the copy has a file", path=p),
            ("dir", "link"): TransferErrors.tr("{path} is a folder where the copy has a link", path=p),
            ("file", "dir"): TransferErrors.tr("{path} is a file where the copy has a folder", path=p),
            ("file", "link"): TransferErrors.tr("{path} is a file where the copy has a link", path=p),
            ("link", "dir"): TransferErrors.tr("{path} is a link where the copy has a folder", path=p),
            ("link", "file"): TransferErrors.tr("{path} is a link where the copy has a file", path=p)}[(theirs, ours)]


def never_replaced(first: str, count: int, where: str) -> TransferError:
    """A folder against a file or link (`first`: the first of `count` such clashes, described)."""
    if count > 1:
        return TransferError(ErrorKind.CONFLICT, TransferErrors.tr(
            "At {where}, {first} (and %n item(s) more like it), which is never replaced; nothing was copied: move it "
            "aside, or add --existing skip or rename (keep both).", "", count - 1, where=where, first=first))
    return TransferError(ErrorKind.CONFLICT, TransferErrors.tr(
        "At {where}, {first}, which is never replaced; nothing was copied: move it aside, or add --existing skip or "
        "rename (keep both).", where=where, first=first))


# A mirror (app.core.transfer.mirror).
def refuse_policy(policy_value: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, TransferErrors.tr(
        "--mirror makes the destination equal to the selection, which --existing {policy} would not; use "
        "--existing replace or --update with it.", policy=policy_value))


def _files(files: int) -> str:
    return TransferErrors.tr("%n file(s)", "", files)


def deletions_words(paths: list[str], files: int, nbytes: int) -> str:
    """What a mirror deletes (mirror.Deletion.summary()): "3 items (5 files, 1.2 MB): 'a', 'b', 'c' and 2 more"."""
    return TransferErrors.tr("%n item(s) ({files}, {size}): {names}", "", len(paths), files=_files(files),
                             size=size(nbytes), names=_named(paths))


def would_delete_unasked(where: str, deletions: str) -> str:
    """The sentence of mirror.Unconfirmed (`deletions`: Deletion.summary())."""
    return TransferErrors.tr("Making {where} match would delete {deletions}; nothing was copied or deleted: add "
                             "--yes-delete to delete them, or --dry-run to list them all.", where=where,
                             deletions=deletions)


def not_deleted(left: list[str], where: str) -> TransferError:
    return TransferError(ErrorKind.DELETE_FAILED, TransferErrors.tr(
        "The copy is in place and verified, but %n item(s) at {where} could not be deleted ({names}); check the "
        "permissions there and run the mirror again.", "", len(left), where=where, names=_named(left)))


# Checking the far side (app.core.transfer.verify, app.core.host.remote_files).
def verification_failed(problems: list[str], where: str) -> TransferError:
    """Sizes or kinds that differ at the destination (`problems`: one line each)."""
    shown = "; ".join(problems[:5])
    if len(problems) > 5:
        shown = TransferErrors.tr("{problems}; and %n more", "", len(problems) - 5, problems=shown)
    return TransferError(ErrorKind.VERIFY_FAILED, TransferErrors.tr(
        "Verification failed: %n item(s) differ(s) at {where}; copy again (with a different method if it repeats).",
        "", len(problems), where=where), shown)


def local_hashing_failed(tool: str, details: str) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, TransferErrors.tr(
        "Hashing the files here with {tool} failed; see the details.", tool=tool), details)


def remote_hashing_failed(host: str, tool: str, details: str) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, TransferErrors.tr(
        "Hashing on {host} with {tool} failed.", host=host, tool=tool), details)


def hashes_unreadable(files: int, ours: int, theirs: int) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, TransferErrors.tr(
        "Verification could not read every hash; copy again and verify."),
        ", ".join((_files(files), TransferErrors.tr("%n local hash(es)", "", ours),
                   TransferErrors.tr("%n remote hash(es)", "", theirs))))


def contents_differ(bad: list[str]) -> TransferError:
    return TransferError(ErrorKind.VERIFY_FAILED, TransferErrors.tr(
        "Verification failed: %n file(s) differ(s) in content; copy again.", "", len(bad)),
        "; ".join(repr(f) for f in bad[:10]))
