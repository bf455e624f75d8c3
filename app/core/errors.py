"""The one place that turns failures into the sentence a person reads.

Every failure the core reports is a `TransferError`: a `kind` a program can
branch on, one `sentence` saying what failed and what to do next, and optional
`details` (the tool's own stderr) for people who want to dig.
"""

from __future__ import annotations

import errno
import re
import signal
from dataclasses import dataclass
from enum import Enum

import asyncssh

from app.core import quoting
from app.core.formatting import short_time


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


class Cancelled(TransferError):
    def __init__(self, placed: bool = False) -> None:
        super().__init__(ErrorKind.CANCELLED, "The copy was cancelled while the far side was being checked; the files "
                         "are in place but were not verified." if placed else
                         "The copy was cancelled; nothing was left half-written at the destination.")


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    kind: ErrorKind
    sentence: str


def _p(regex: str, kind: ErrorKind, sentence: str) -> _Pattern:
    return _Pattern(re.compile(regex, re.IGNORECASE), kind, sentence)


# Order matters: the first pattern that matches any line wins, whatever line it is on, because
# stderr from a pipeline mixes several tools and the neighbour of the tool that failed usually
# complains too ("Broken pipe"); the cause is ranked above its echoes.
_STDERR_PATTERNS = [
    # The listener's own line (app.core.transfer.methods.listen): its token check failed, so nothing moved.
    _p(r"^transfer-advisor: another computer connected to the data port first$", ErrorKind.INTRUDER,
       "Another computer connected to the data port on {host} before this app did, so the copy was stopped "
       "and nothing was sent to it; use a secure method on this network."),
    _p(r"REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed",
       ErrorKind.HOST_KEY_CHANGED,
       "The host key of {host} has changed, so the copy was refused because someone may be intercepting it; "
       "if the server was reinstalled, confirm its new fingerprint with its owner, remove the old key with "
       "`ssh-keygen -R` and run `transfer-advisor trust {host}`."),
    _p(r"Host key verification failed|No \S+ host key is known",
       ErrorKind.HOST_KEY_UNKNOWN,
       "The host key of {host} is not trusted yet; run `transfer-advisor trust {host}` and check the fingerprint."),
    _p(r"Could not resolve hostname|Name or service not known|Temporary failure in name resolution",
       ErrorKind.HOST_UNREACHABLE, "The name {host} could not be resolved; check the spelling or the ssh config."),
    _p(r"Connection refused", ErrorKind.CONNECTION_REFUSED,
       "{host} refused the connection; check that its SSH server is running and the port is right."),
    _p(r"No route to host|Network is unreachable|Connection timed out|timed out",
       ErrorKind.HOST_UNREACHABLE, "{host} could not be reached; check that it is on and on the network."),
    _p(r"Permission denied \((?:publickey|password|keyboard-interactive)|Permission denied, please try again"
       r"|Too many authentication failures|Authentication failed",
       ErrorKind.AUTH,
       "{host} did not accept the login; check the user name and the key or password (or add the key with "
       "ssh-copy-id)."),
    # GNU tar reports a short write without errno ("Wrote only 5632 of 10240 bytes"): the disk filled up.
    _p(r"No space left on device|Disk quota exceeded|ENOSPC|Wrote only \d+ of \d+ bytes", ErrorKind.DEST_FULL,
       "The destination ran out of space during the copy; free some space there or choose another folder."),
    _p(r"Read-only file system", ErrorKind.DEST_UNWRITABLE,
       "The destination is on a read-only filesystem; choose a folder you can write to."),
    _p(r"Permission denied|Operation not permitted", ErrorKind.DEST_UNWRITABLE,
       "Permission was denied at the destination; choose a folder you can write to."),
    _p(r"(?:^|: )(?P<tool>[\w.+-]+): (?:command )?not found$"
       r"|No such file or directory.*\b(?P<tool2>tar|rsync|nc|zstd|lz4)\b",
       ErrorKind.TOOL_MISSING,
       "`{tool}` is missing on one side of the copy; install it there or choose another method."),
    _p(r"No such file or directory", ErrorKind.SOURCE_MISSING,
       "A file to copy was not found; check the source paths."),
    # rsync's receiver could not write a file (its sender then reads "Connection reset by peer"): the
    # cause is at the destination, not the link.
    _p(r"^rsync: \[(?:receiver|generator)\] write failed on|rsync error: error in file IO", ErrorKind.FAILED,
       "Writing the copy at the destination failed (rsync: error in file IO); see the details, then run the "
       "same copy again."),
    # ssh's own keepalives went unanswered, or the host's end vanished (it rebooted, a laptop woke up on
    # another network): the link is gone, not the tool broken.
    _p(r"Timeout, server .* not responding|Connection reset by peer|client_loop: send disconnect"
       r"|closed by remote host|lost connection",
       ErrorKind.LINK_LOST,
       "The connection to {host} was lost during the copy; check the network (Wi-Fi, the NAS) and "
       "start the same copy again."),
    _p(r"Broken pipe|Connection reset|Connection closed",
       ErrorKind.CONNECTION_LOST,
       "The connection to {host} was lost during the copy; check the network and try again."),
]


# A lost link (app.core.transfer.watchdog, app.core.host.link_loss): what was stopped, and what to do next.
_STOPPED = {"copy": ("the copy", "start the same copy again: nothing half-written was put in place"),
            "race": ("the race", "try again"),
            "measurement": ("the measurement", "try again")}


def link_lost(host: str, doing: str = "copy", silent: float | None = None, upload: bool = True,
              details: str = "") -> TransferError:
    """`silent`: the seconds no data moved (the progress watchdog); None when the connection itself
    was lost (keepalives unanswered, the host's end gone)."""
    what, next_step = _STOPPED[doing]
    if silent is None:
        cause = f"The connection to {host} was lost"
    else:
        cause = f"No data {'reached' if upload else 'came from'} {host} for {short_time(silent)}"
    return TransferError(ErrorKind.LINK_LOST, f"{cause}, so {what} was stopped; check the network (Wi-Fi, the NAS) and "
                         f"{next_step}.", details)


def connection_dropped(exc: BaseException) -> TransferError:
    """An error of an SSH connection met outside any copy or measurement (the last net of the command
    line and the window): one sentence instead of an unexpected error."""
    reason = getattr(exc, "reason", "") or str(exc) or (
        "it stopped answering" if isinstance(exc, TimeoutError) else type(exc).__name__)
    return TransferError(ErrorKind.LINK_LOST, f"The connection to the host was lost ({reason}); check the network "
                         "(Wi-Fi, the NAS) and try again.", repr(exc))


# A copy that stopped, headed for the window: the same copy may simply work again after these kinds
# (the link or the host went away, or is not back yet), so the window offers to start it again.
RESUMABLE = frozenset({ErrorKind.LINK_LOST, ErrorKind.CONNECTION_LOST, ErrorKind.HOST_UNREACHABLE})


def copy_stopped(kind: ErrorKind) -> str:
    """The copy panel's line over the error's sentence."""
    return ("Copy cancelled." if kind is ErrorKind.CANCELLED else
            "The link was lost; the copy stopped." if kind is ErrorKind.LINK_LOST else "The copy failed.")


def copy_failed_title(kind: ErrorKind) -> str:
    """The banner's title over the error's sentence."""
    if kind is ErrorKind.HOST_UNREACHABLE:
        return "The copy could not start: the host cannot be reached"
    return "The copy stopped: the link was lost" if kind in RESUMABLE else "The copy failed"


# Bugs: the sentence, and where the details went.
def unexpected(exc: BaseException, log: str, details: str) -> TransferError:
    """The command line's last net: one sentence and the crash log instead of a traceback."""
    return TransferError(ErrorKind.INTERNAL, f"Transfer Advisor hit an unexpected error ({type(exc).__name__}); "
                         f"please report it with the log {log}.", details)


def crash_said(log: str | None) -> str:
    """The window's crash dialog: what happened to the files, and where the details are."""
    where = f"The details were written to {log}." if log else "The details could not be written to a log."
    return ("Something went wrong inside Transfer Advisor. Your files are safe: a copy that was running keeps its "
            f"partial files out of the destination. {where} Please report it with these details.")


def job_crashed(job: str) -> TransferError:
    """The window's last net around one job ("The copy"): the crash dialog shows the details."""
    return TransferError(ErrorKind.INTERNAL, f"{job} stopped on an unexpected error; the details are in the crash log.")


# What was asked cannot be done (the command line's words, and the window's).


def no_password_on_stdin() -> TransferError:
    return TransferError(ErrorKind.USAGE, "--password-stdin read no password; pipe it in as the first line of "
                         "standard input, e.g. from a password manager.")


def method_refuses(method_id: str, why: str, able: list[str]) -> TransferError:
    """A method that cannot take the options asked for (`why`: "cannot compress with zstd")."""
    return TransferError(ErrorKind.USAGE, f"{method_id} {why}; choose one of: {', '.join(able)}.")


def no_secure_method() -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE, "No secure method can run here; allow insecure methods or install "
                         "rsync or tar on the host.")


def fingerprint_unconfirmed(host: str, fingerprint: str) -> TransferError:
    return TransferError(ErrorKind.HOST_KEY_UNKNOWN, f"{host} has key fingerprint {fingerprint}; check it with the "
                         "host's owner, then run again with --yes to trust it.")


def not_connected(then: str) -> TransferError:
    """The window asked for something that needs a tested connection (`then`: "its folders can be browsed")."""
    return TransferError(ErrorKind.USAGE, f"Test the connection to a host first; then {then}.")


def closed_after_login(host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.CONNECTION_LOST, f"{host} closed the connection right after login; check its SSH "
                         "server.", details)


def folder_unreadable(path: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"The folder {path} cannot be read on the host; choose another one.",
                         details)


def settings_unwritable(path: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, f"The settings could not be written to {path}; check that the state "
                         "folder can be written.", details)


# Passwords and key login.
NO_KEYRING = ("No system keyring is available here, so the password is kept in memory only until Transfer "
              "Advisor closes.")


def remembered_password_refused(host: str) -> TransferError:
    return TransferError(ErrorKind.AUTH,
                         f"{host} did not accept the remembered password, so it was forgotten; run again "
                         "and type the current password.")


def openssh_too_old(found: tuple[int, int] | None) -> TransferError:
    version = f"OpenSSH {found[0]}.{found[1]}" if found else "an ssh client that is not OpenSSH"
    return TransferError(ErrorKind.TOOL_MISSING,
                         f"Copying to a host that takes only a password needs OpenSSH 8.4 or newer "
                         f"on this computer, which has {version}; update openssh-client, or set up key login with "
                         "`transfer-advisor setup-key HOST`.")


def key_install_failed(host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED,
                         f"The key could not be added to ~/.ssh/authorized_keys on {host}; check that "
                         "the account may write its home folder, then try again.", details)


def key_install_needs_shell(host: str) -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE,
                         f"This account on {host} may only use SFTP, so the app cannot add a key to "
                         "it; add the key in the NAS's own settings (its users or SSH page), or keep using the "
                         "password.")


def key_not_accepted(host: str) -> str:
    return (f"The key is in ~/.ssh/authorized_keys on {host}, but {host} still does not accept it; its SSH server "
            "may not allow key logins (PubkeyAuthentication), so keep using the password.")


# Unencrypted data connections and the helpers behind them (app.core.host.remote_helper).
def intruder(host: str, details: str = "") -> TransferError:
    return TransferError(ErrorKind.INTRUDER, f"Another computer connected to the data port on {host} before this app "
                         "did, so the copy was stopped and nothing was sent to it; use a secure method on this "
                         "network.", details)


def data_connection_unconfirmed(host: str, waited: float, details: str = "") -> TransferError:
    return TransferError(ErrorKind.CONNECTION_REFUSED, f"{host} did not confirm this app's data connection within "
                         f"{short_time(waited)} (something else may hold the data port, or the connection went elsewhere), "
                         "so the copy was stopped before any data moved; use a secure method.", details)


def helper_survived(host: str, check_output: str) -> str | None:
    """The sentence for what the app started on the host and could not stop, from the check's
    `left PID NAME` and `left-folder DIR` lines; None when nothing is left."""
    procs = [line.split(None, 2)[1:] for line in check_output.splitlines() if line.startswith("left ")]
    folders = [line.split(None, 1)[1] for line in check_output.splitlines() if line.startswith("left-folder ")]
    if procs:
        named = ", ".join(f"{name} (process {pid})" for pid, name, *_ in (p + ["?"] for p in procs))
        kill = " ".join(pid for pid, *_ in procs)
        return (f"Transfer Advisor could not stop what it started on {host}: {named} still "
                f"{'runs' if len(procs) == 1 else 'run'}; end {'it' if len(procs) == 1 else 'them'} there "
                f"with `kill -9 {kill}`.")
    if folders:
        return (f"Transfer Advisor could not remove its folder {folders[0]} on {host}; remove it there with "
                f"`rm -rf {quoting.quote(folders[0])}`.")
    return None


def explain_stderr(stderr: str, host: str, fallback: str) -> TransferError:
    """Word a failed tool run from what it printed."""
    lines = stderr.splitlines()
    for pattern in _STDERR_PATTERNS:
        for line in lines:
            match = pattern.regex.search(line.strip())
            if match:
                tool = next((v for k, v in match.groupdict().items() if k.startswith("tool") and v), "a tool")
                return TransferError(pattern.kind, pattern.sentence.format(host=host, tool=tool), stderr)
    return TransferError(ErrorKind.FAILED, fallback, stderr)


def explain_exit(tool: str, returncode: int, stderr: str, host: str) -> TransferError:
    if returncode < 0:
        name = signal.Signals(-returncode).name if -returncode in signal.valid_signals() else str(-returncode)
        return TransferError(ErrorKind.FAILED, f"{tool} was stopped by signal {name}; try the copy again.", stderr)
    if returncode == 127:
        return TransferError(ErrorKind.TOOL_MISSING, f"`{tool}` is not installed; install it or choose another method.",
                             stderr)
    return explain_stderr(stderr, host, f"{tool} failed (exit {returncode}); see the details, fix the cause and try again.")


def tool_timed_out(tool: str, seconds: float, details: str = "") -> TransferError:
    """A local tool that did not finish in its time (app.core.runner): it was ended, not waited for."""
    return TransferError("failed", f"`{tool}` on this computer did not finish within {seconds:g} s, so it was "
                         f"stopped; check that `{tool}` works when you run it in a terminal, then try again.", details)


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
        login = f" for {user}" if user else ""
        return TransferError(ErrorKind.AUTH, f"{host} did not accept the password{login}; check it (and the user name) "
                             "and try again.", str(exc))
    if isinstance(exc, asyncssh.PermissionDenied):
        login = f" as {user}" if user else ""
        tried = (f" with the key {keys[0]}" if len(keys) == 1 else
                 f" with the keys {', '.join(keys)}" if keys else "")
        return TransferError(ErrorKind.AUTH, f"{host} did not accept the login{login}{tried}; check the user name and "
                             "the key, or add your public key to the server with `ssh-copy-id`.", str(exc))
    if isinstance(exc, asyncssh.HostKeyNotVerifiable):
        return TransferError(ErrorKind.HOST_KEY_UNKNOWN, f"The host key of {host} could not be verified; "
                             f"run `transfer-advisor trust {host}` and check the fingerprint.", str(exc))
    if isinstance(exc, asyncssh.DisconnectError):
        return TransferError(ErrorKind.CONNECTION_LOST, f"{where} closed the connection during login ({exc.reason}); "
                             "check its SSH server logs.", str(exc))
    if isinstance(exc, ConnectionRefusedError):
        return TransferError(ErrorKind.CONNECTION_REFUSED, f"{where} refused the connection; check that its SSH server "
                             "is running and that the port is right.", str(exc))
    if isinstance(exc, TimeoutError):
        waited = f"within {short_time(timeout)}" if timeout else "in time"
        return TransferError(ErrorKind.HOST_UNREACHABLE,
                             f"{where} did not answer {waited}; check that it is switched on "
                             "and on the network, and that the address and port are right.",
                             str(exc) or "timed out")
    if isinstance(exc, OSError):
        if exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT):
            return TransferError(ErrorKind.HOST_UNREACHABLE,
                                 f"{where} could not be reached ({exc.strerror}); check that "
                                 "it is switched on and on the network.", str(exc))
        if "Name or service" in str(exc) or "resolve" in str(exc) or exc.errno in (-2, -3, -5):
            return TransferError(ErrorKind.HOST_UNREACHABLE, f"The name {host} could not be resolved; check the "
                                 "spelling or the ssh config.", str(exc))
        return TransferError(ErrorKind.HOST_UNREACHABLE, f"Could not connect to {where} ({exc.strerror or exc}); "
                             "check the address and the network.", str(exc))
    if isinstance(exc, (asyncssh.KeyImportError, asyncssh.KeyEncryptionError)):
        return TransferError(ErrorKind.AUTH, f"The key for {host} could not be read ({exc}); check the IdentityFile.",
                             str(exc))
    return TransferError(ErrorKind.FAILED, f"Connecting to {where} failed ({type(exc).__name__}: {exc}); "
                         "check the address and the ssh config.", repr(exc))
