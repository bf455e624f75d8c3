"""The one place that turns failures into the sentence a person reads.

Every failure the core reports is a `TransferError`: a `kind` a program can
branch on, one `sentence` saying what failed and what to do next, and optional
`details` (the tool's own stderr) for people who want to dig.

This module holds the kinds, the error, and the wording of what tools and SSH
connections report (stderr, exit codes, connect errors); the sentences of each
step of the flow are in the modules beside it (host.py, selection.py, profile.py,
advice.py, transfer.py), and every one of them can be imported from here.
"""

from __future__ import annotations

import errno
import re
import signal
from dataclasses import dataclass
from enum import Enum
from typing import Callable

import asyncssh

from app.core.formatting import short_time
from app.core.language import Words, decimal


class ErrorKind(str, Enum):
    """What failed, for a program to branch on; the value is what `--json` prints as "kind"."""

    USAGE = "usage"                        # the command or the window was asked for something it cannot do
    CANCELLED = "cancelled"
    INTERNAL = "internal"                  # a bug: a crash log was written
    AUTH = "auth"                          # the login was refused
    HOST_KEY_CHANGED = "host-key-changed"
    HOST_KEY_UNKNOWN = "host-key-unknown"
    HOST_UNREACHABLE = "host-unreachable"
    CONNECTION_REFUSED = "connection-refused"
    CONNECTION_LOST = "connection-lost"    # a tool's connection closed (its neighbour's echo of a cause)
    LINK_LOST = "link-lost"                # the link went away during a copy, race or measurement
    INTRUDER = "intruder"                  # another computer took an unencrypted data port first
    TOOL_MISSING = "tool-missing"
    SOURCE_MISSING = "source-missing"
    DEST_FULL = "dest-full"
    DEST_UNWRITABLE = "dest-unwritable"
    CONFLICT = "conflict"                  # files already at the destination stop the copy
    CONFIRM_DELETE = "confirm-delete"      # a mirror would delete and was not allowed to (exit 3)
    DELETE_FAILED = "delete-failed"
    VERIFY_FAILED = "verify-failed"
    UNAVAILABLE = "unavailable"            # the method cannot run here
    INSECURE_NOT_ALLOWED = "insecure-not-allowed"
    FAILED = "failed"                      # a tool failed for a reason none of the above names

    __str__ = str.__str__  # "link-lost" in sentences and logs, as in JSON


class TransferError(Exception):
    """A failure worded for a person: what failed and what to do."""

    def __init__(self, kind: ErrorKind, sentence: str, details: str = "") -> None:
        super().__init__(sentence)
        self.kind = ErrorKind(kind)
        self.sentence = sentence
        self.details = details.strip()

    def as_dict(self) -> dict[str, str]:
        out = {"error": self.sentence, "kind": self.kind}
        if self.details:
            out["details"] = self.details
        return out


class CommonErrors(Words):
    """What tools and SSH connections report, lost links and bugs (the translator's context)."""


class Cancelled(TransferError):
    def __init__(self, placed: bool = False) -> None:
        super().__init__(ErrorKind.CANCELLED, CommonErrors.tr(
            "The copy was cancelled while the far side was being checked; the files are in place but were not "
            "verified.") if placed else
            CommonErrors.tr("The copy was cancelled; nothing was left half-written at the destination."))


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    kind: ErrorKind
    sentence: Callable[[str, str], str]  # (host, tool) → the sentence, in the person's language at the time


def _p(regex: str, kind: ErrorKind, sentence: Callable[[str, str], str]) -> _Pattern:
    return _Pattern(re.compile(regex, re.IGNORECASE), kind, sentence)


# Order matters: the first pattern that matches any line wins, whatever line it is on, because
# stderr from a pipeline mixes several tools and the neighbour of the tool that failed usually
# complains too ("Broken pipe"); the cause is ranked above its echoes.
_STDERR_PATTERNS = [
    # The listener's own line (app.core.host.listener): its token check failed, so nothing moved.
    _p(r"^transfer-advisor: another computer connected to the data port first$", ErrorKind.INTRUDER,
       lambda host, tool: CommonErrors.tr(
           "Another computer connected to the data port on {host} before this app did, so the copy was stopped "
           "and nothing was sent to it; use a secure method on this network.", host=host)),
    _p(r"REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed",
       ErrorKind.HOST_KEY_CHANGED,
       lambda host, tool: CommonErrors.tr(
           "The host key of {host} has changed, so the copy was refused because someone may be intercepting it; "
           "if the server was reinstalled, confirm its new fingerprint with its owner, remove the old key with "
           "`ssh-keygen -R` and run `transfer-advisor trust {host}`.", host=host)),
    _p(r"Host key verification failed|No \S+ host key is known",
       ErrorKind.HOST_KEY_UNKNOWN,
       lambda host, tool: CommonErrors.tr(
           "The host key of {host} is not trusted yet; run `transfer-advisor trust {host}` and check the "
           "fingerprint.", host=host)),
    _p(r"Could not resolve hostname|Name or service not known|Temporary failure in name resolution",
       ErrorKind.HOST_UNREACHABLE,
       lambda host, tool: CommonErrors.tr(
           "The name {host} could not be resolved; check the spelling or the ssh config.", host=host)),
    _p(r"Connection refused", ErrorKind.CONNECTION_REFUSED,
       lambda host, tool: CommonErrors.tr(
           "{host} refused the connection; check that its SSH server is running and the port is right.",
           host=host)),
    _p(r"No route to host|Network is unreachable|Connection timed out|timed out",
       ErrorKind.HOST_UNREACHABLE,
       lambda host, tool: CommonErrors.tr(
           "{host} could not be reached; check that it is on and on the network.", host=host)),
    _p(r"Permission denied \((?:publickey|password|keyboard-interactive)|Permission denied, please try again"
       r"|Too many authentication failures|Authentication failed",
       ErrorKind.AUTH,
       lambda host, tool: CommonErrors.tr(
           "{host} did not accept the login; check the user name and the key or password (or add the key with "
           "ssh-copy-id).", host=host)),
    # GNU tar reports a short write without errno ("Wrote only 5632 of 10240 bytes"): the disk filled up.
    _p(r"No space left on device|Disk quota exceeded|ENOSPC|Wrote only \d+ of \d+ bytes", ErrorKind.DEST_FULL,
       lambda host, tool: CommonErrors.tr(
           "The destination ran out of space during the copy; free some space there or choose another folder.")),
    _p(r"Read-only file system", ErrorKind.DEST_UNWRITABLE,
       lambda host, tool: CommonErrors.tr(
           "The destination is on a read-only filesystem; choose a folder you can write to.")),
    _p(r"Permission denied|Operation not permitted", ErrorKind.DEST_UNWRITABLE,
       lambda host, tool: CommonErrors.tr(
           "Permission was denied at the destination; choose a folder you can write to.")),
    _p(r"(?:^|: )(?P<tool>[\w.+-]+): (?:command )?not found$"
       r"|No such file or directory.*\b(?P<tool2>tar|rsync|nc|zstd|lz4)\b",
       ErrorKind.TOOL_MISSING,
       lambda host, tool: CommonErrors.tr(
           "`{tool}` is missing on one side of the copy; install it there or choose another method.", tool=tool)),
    _p(r"No such file or directory", ErrorKind.SOURCE_MISSING,
       lambda host, tool: CommonErrors.tr("A file to copy was not found; check the source paths.")),
    # rsync's receiver could not write a file (its sender then reads "Connection reset by peer"): the
    # cause is at the destination, not the link.
    _p(r"^rsync: \[(?:receiver|generator)\] write failed on|rsync error: error in file IO", ErrorKind.FAILED,
       lambda host, tool: CommonErrors.tr(
           "Writing the copy at the destination failed (rsync: error in file IO); see the details, then run the "
           "same copy again.")),
    # ssh's own keepalives went unanswered, or the host's end vanished (it rebooted, a laptop woke up on
    # another network): the link is gone, not the tool broken.
    _p(r"Timeout, server .* not responding|Connection reset by peer|client_loop: send disconnect"
       r"|closed by remote host|lost connection",
       ErrorKind.LINK_LOST,
       lambda host, tool: CommonErrors.tr(
           "The connection to {host} was lost during the copy; check the network (Wi-Fi, the NAS) and "
           "start the same copy again.", host=host)),
    _p(r"Broken pipe|Connection reset|Connection closed",
       ErrorKind.CONNECTION_LOST,
       lambda host, tool: CommonErrors.tr(
           "The connection to {host} was lost during the copy; check the network and try again.", host=host)),
]


def link_lost(host: str, doing: str = "copy", silent: float | None = None, upload: bool = True,
              details: str = "") -> TransferError:
    """A lost link (app.core.transfer.watchdog, app.core.host.link_loss): what was stopped, and what to do
    next. `doing`: "copy", "race" or "measurement". `silent`: the seconds no data moved (the progress
    watchdog); None when the connection itself was lost (keepalives unanswered, the host's end gone)."""
    if silent is None:
        cause = CommonErrors.tr("The connection to {host} was lost", host=host)
    elif upload:
        cause = CommonErrors.tr("No data reached {host} for {time}", host=host, time=short_time(silent))
    else:
        cause = CommonErrors.tr("No data came from {host} for {time}", host=host, time=short_time(silent))
    if doing == "copy":
        said = CommonErrors.tr("{cause}, so the copy was stopped; check the network (Wi-Fi, the NAS) and start the "
                               "same copy again: nothing half-written was put in place.", cause=cause)
    elif doing == "race":
        said = CommonErrors.tr("{cause}, so the race was stopped; check the network (Wi-Fi, the NAS) and try again.",
                               cause=cause)
    else:
        said = CommonErrors.tr("{cause}, so the measurement was stopped; check the network (Wi-Fi, the NAS) and "
                               "try again.", cause=cause)
    return TransferError(ErrorKind.LINK_LOST, said, details)


def connection_dropped(exc: BaseException) -> TransferError:
    """An error of an SSH connection met outside any copy or measurement (the last net of the command
    line and the window): one sentence instead of an unexpected error."""
    reason = getattr(exc, "reason", "") or str(exc) or (
        CommonErrors.tr("it stopped answering") if isinstance(exc, TimeoutError) else type(exc).__name__)
    return TransferError(ErrorKind.LINK_LOST, CommonErrors.tr(
        "The connection to the host was lost ({reason}); check the network (Wi-Fi, the NAS) and try again.",
        reason=reason), repr(exc))


# A copy that stopped, headed for the window: the same copy may simply work again after these kinds
# (the link or the host went away, or is not back yet), so the window offers to start it again.
RESUMABLE = frozenset({ErrorKind.LINK_LOST, ErrorKind.CONNECTION_LOST, ErrorKind.HOST_UNREACHABLE})


def copy_stopped(kind: ErrorKind) -> str:
    """The copy panel's line over the error's sentence."""
    if kind is ErrorKind.CANCELLED:
        return CommonErrors.tr("Copy cancelled.")
    if kind is ErrorKind.LINK_LOST:
        return CommonErrors.tr("The link was lost; the copy stopped.")
    return CommonErrors.tr("The copy failed.")


def copy_failed_title(kind: ErrorKind) -> str:
    """The banner's title over the error's sentence."""
    if kind is ErrorKind.HOST_UNREACHABLE:
        return CommonErrors.tr("The copy could not start: the host cannot be reached")
    if kind in RESUMABLE:
        return CommonErrors.tr("The copy stopped: the link was lost")
    return CommonErrors.tr("The copy failed")


# Bugs: the sentence, and where the details went.
def unexpected(exc: BaseException, log: str, details: str) -> TransferError:
    """The command line's last net: one sentence and the crash log instead of a traceback."""
    return TransferError(ErrorKind.INTERNAL, CommonErrors.tr(
        "Transfer Advisor hit an unexpected error ({error}); please report it with the log {log}.",
        error=type(exc).__name__, log=log), details)


def crash_said(log: str | None) -> str:
    """The window's crash dialog: what happened to the files, and where the details are."""
    where = (CommonErrors.tr("The details were written to {log}.", log=log) if log else
             CommonErrors.tr("The details could not be written to a log."))
    return CommonErrors.tr("Something went wrong inside Transfer Advisor. Your files are safe: a copy that was "
                           "running keeps its partial files out of the destination. {where} Please report it with "
                           "these details.", where=where)


def job_crashed(job: str) -> TransferError:
    """The window's last net around one job (its name, as the window gives it: "Connecting"): the crash
    dialog shows the details."""
    return TransferError(ErrorKind.INTERNAL, CommonErrors.tr(
        "{job} stopped on an unexpected error; the details are in the crash log.", job=job))


def settings_unwritable(path: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, CommonErrors.tr(
        "The settings could not be written to {path}; check that the state folder can be written.", path=path),
        details)


def explain_stderr(stderr: str, host: str, fallback: str) -> TransferError:
    """Word a failed tool run from what it printed."""
    lines = stderr.splitlines()
    for pattern in _STDERR_PATTERNS:
        for line in lines:
            match = pattern.regex.search(line.strip())
            if match:
                tool = next((v for k, v in match.groupdict().items() if k.startswith("tool") and v), None)
                return TransferError(pattern.kind, pattern.sentence(host, tool or CommonErrors.tr("a tool")), stderr)
    return TransferError(ErrorKind.FAILED, fallback, stderr)


def explain_exit(tool: str, returncode: int, stderr: str, host: str) -> TransferError:
    if returncode < 0:
        name = signal.Signals(-returncode).name if -returncode in signal.valid_signals() else str(-returncode)
        return TransferError(ErrorKind.FAILED, CommonErrors.tr(
            "{tool} was stopped by signal {signal}; try the copy again.", tool=tool, signal=name), stderr)
    if returncode == 127:
        return TransferError(ErrorKind.TOOL_MISSING, CommonErrors.tr(
            "`{tool}` is not installed; install it or choose another method.", tool=tool), stderr)
    return explain_stderr(stderr, host, CommonErrors.tr(
        "{tool} failed (exit {code}); see the details, fix the cause and try again.", tool=tool, code=returncode))


def tool_timed_out(tool: str, seconds: float, details: str = "") -> TransferError:
    """A local tool that did not finish in its time (app.core.runner): it was ended, not waited for."""
    return TransferError("failed", CommonErrors.tr(
        "`{tool}` on this computer did not finish within {seconds} s, so it was stopped; check that `{tool}` "
        "works when you run it in a terminal, then try again.", tool=tool, seconds=decimal(seconds, "g")), details)


def explain_connect(exc: BaseException, host: str, *, where: str = "", user: str = "",
                    keys: tuple[str, ...] = (), timeout: float | None = None,
                    password_tried: bool = False) -> TransferError:
    """Word a failure to open the control connection.

    `host` is what the user typed; `where` adds the address it resolved to (an alias hides it),
    `user` and `keys` say which login was refused, `timeout` how long we waited, `password_tried`
    whether a password was sent.
    """
    if isinstance(exc, TransferError):
        return exc
    where = where or host
    if isinstance(exc, asyncssh.PermissionDenied) and password_tried:
        if user:
            said = CommonErrors.tr("{host} did not accept the password for {user}; check it (and the user name) and "
                                   "try again.", host=host, user=user)
        else:
            said = CommonErrors.tr("{host} did not accept the password; check it (and the user name) and try again.",
                                   host=host)
        return TransferError(ErrorKind.AUTH, said, str(exc))
    if isinstance(exc, asyncssh.PermissionDenied):
        login = CommonErrors.tr(" as {user}", user=user) if user else ""
        tried = (CommonErrors.tr(" with the key {key}", key=keys[0]) if len(keys) == 1 else
                 CommonErrors.tr(" with the keys {keys}", keys=", ".join(keys)) if keys else "")
        return TransferError(ErrorKind.AUTH, CommonErrors.tr(
            "{host} did not accept the login{as_user}{with_keys}; check the user name and the key, or add your "
            "public key to the server with `ssh-copy-id`.", host=host, as_user=login, with_keys=tried), str(exc))
    if isinstance(exc, asyncssh.HostKeyNotVerifiable):
        return TransferError(ErrorKind.HOST_KEY_UNKNOWN, CommonErrors.tr(
            "The host key of {host} could not be verified; run `transfer-advisor trust {host}` and check the "
            "fingerprint.", host=host), str(exc))
    if isinstance(exc, asyncssh.DisconnectError):
        return TransferError(ErrorKind.CONNECTION_LOST, CommonErrors.tr(
            "{where} closed the connection during login ({reason}); check its SSH server logs.", where=where,
            reason=exc.reason), str(exc))
    if isinstance(exc, ConnectionRefusedError):
        return TransferError(ErrorKind.CONNECTION_REFUSED, CommonErrors.tr(
            "{where} refused the connection; check that its SSH server is running and that the port is right.",
            where=where), str(exc))
    if isinstance(exc, TimeoutError):
        if timeout:
            said = CommonErrors.tr("{where} did not answer within {time}; check that it is switched on and on the "
                                   "network, and that the address and port are right.", where=where,
                                   time=short_time(timeout))
        else:
            said = CommonErrors.tr("{where} did not answer in time; check that it is switched on and on the "
                                   "network, and that the address and port are right.", where=where)
        return TransferError(ErrorKind.HOST_UNREACHABLE, said, str(exc) or "timed out")
    if isinstance(exc, OSError):
        if exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT):
            return TransferError(ErrorKind.HOST_UNREACHABLE, CommonErrors.tr(
                "{where} could not be reached ({reason}); check that it is switched on and on the network.",
                where=where, reason=exc.strerror), str(exc))
        if "Name or service" in str(exc) or "resolve" in str(exc) or exc.errno in (-2, -3, -5):
            return TransferError(ErrorKind.HOST_UNREACHABLE, CommonErrors.tr(
                "The name {host} could not be resolved; check the spelling or the ssh config.", host=host), str(exc))
        return TransferError(ErrorKind.HOST_UNREACHABLE, CommonErrors.tr(
            "Could not connect to {where} ({reason}); check the address and the network.", where=where,
            reason=exc.strerror or exc), str(exc))
    if isinstance(exc, (asyncssh.KeyImportError, asyncssh.KeyEncryptionError)):
        return TransferError(ErrorKind.AUTH, CommonErrors.tr(
            "The key for {host} could not be read ({reason}); check the IdentityFile.", host=host, reason=exc),
            str(exc))
    return TransferError(ErrorKind.FAILED, CommonErrors.tr(
        "Connecting to {where} failed ({error}: {reason}); check the address and the ssh config.", where=where,
        error=type(exc).__name__, reason=exc), repr(exc))


# The sentences of each step of the flow, written in the modules beside this one, imported from here
# by everyone (these imports come last: those modules build on what is above).
from app.core.errors.host import (  # noqa: E402, F401 - handed on
    not_a_host, port_out_of_range, connect_timeout_not_seconds, ssh_config_missing, ssh_missing,
    ssh_config_unreadable, key_file_missing, not_for_ssh_config, demo_host_not_started, no_host_key,
    host_key_changed, host_unknown, trust_declined, no_known_hosts_file, fingerprint_unconfirmed,
    closed_after_login, not_connected, shared_connection_down, host_too_busy, host_refused_request, no_keyring,
    no_password_on_stdin, remembered_password_refused, openssh_too_old, key_install_failed,
    key_install_needs_shell, key_not_accepted, no_sftp, sftp_error, folder_unreadable, no_folder_on_the_way,
    destination_not_made, file_not_written, folders_not_made, links_not_made,
    helper_not_started, helper_stopped, helper_port_unknown, data_connection_refused, intruder,
    data_connection_unconfirmed, helper_survived)
from app.core.errors.selection import (  # noqa: E402, F401 - handed on
    source_missing, source_unreadable, inside_unreadable, remote_source_missing, remote_source_unreadable,
    remote_folder_unlisted, remote_listing_failed, source_is_a_root, source_is_ours, sources_share_a_name)
from app.core.errors.profile import probe_unavailable  # noqa: E402, F401 - handed on
from app.core.errors.advice import no_method_can_run, no_secure_method  # noqa: E402, F401 - handed on
from app.core.errors.transfer import (  # noqa: E402, F401 - handed on
    no_such_method, method_refuses, method_unusable, remote_side_failed, tool_reported, no_rename_in_own_module, no_free_port,
    ran_out_of_space, destination_unwritable, destination_too_small,
    local_destination_failed, module_without_daemon, not_a_module, rsyncd_conf_unreadable, no_such_module,
    outside_module, already_there, clash_words, never_replaced, renames_failed, went_missing, appeared, half_placed,
    placing_failed, refuse_policy, deletions_words, would_delete_unasked, not_deleted, verification_failed,
    local_hashing_failed, remote_hashing_failed, hashes_unreadable, contents_differ)
