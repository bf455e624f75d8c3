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

import asyncssh


class TransferError(Exception):
    """A failure worded for a person: what failed and what to do."""

    def __init__(self, kind: str, sentence: str, details: str = "") -> None:
        super().__init__(sentence)
        self.kind = kind
        self.sentence = sentence
        self.details = details.strip()

    def as_dict(self) -> dict[str, str]:
        out = {"error": self.sentence, "kind": self.kind}
        if self.details:
            out["details"] = self.details
        return out


class Cancelled(TransferError):
    def __init__(self) -> None:
        super().__init__("cancelled", "The copy was cancelled; nothing was left half-written at the destination.")


@dataclass(frozen=True)
class _Pattern:
    regex: re.Pattern[str]
    kind: str
    sentence: str


def _p(regex: str, kind: str, sentence: str) -> _Pattern:
    return _Pattern(re.compile(regex, re.IGNORECASE), kind, sentence)


# Order matters: the first match wins, and stderr from a pipeline mixes several tools.
_STDERR_PATTERNS = [
    _p(r"REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed",
       "host-key-changed",
       "The host key of {host} has changed; the copy was refused. If the server was reinstalled, "
       "remove the old key with `ssh-keygen -R {host}` and verify the new one."),
    _p(r"Host key verification failed|No \S+ host key is known",
       "host-key-unknown",
       "The host key of {host} is not trusted yet; run `transfer-advisor trust {host}` and check the fingerprint."),
    _p(r"Could not resolve hostname|Name or service not known|Temporary failure in name resolution",
       "host-unreachable", "The name {host} could not be resolved; check the spelling or the ssh config."),
    _p(r"Connection refused", "connection-refused",
       "{host} refused the connection; check that its SSH server is running and the port is right."),
    _p(r"No route to host|Network is unreachable|Connection timed out|timed out",
       "host-unreachable", "{host} could not be reached; check that it is on and on the network."),
    _p(r"Permission denied \(publickey|Too many authentication failures|Authentication failed",
       "auth", "{host} did not accept the login; check the user name and the key (or add the key with ssh-copy-id)."),
    _p(r"No space left on device|Disk quota exceeded|ENOSPC", "dest-full",
       "The destination ran out of space; free some space there or choose another folder."),
    _p(r"Read-only file system", "dest-unwritable",
       "The destination is on a read-only filesystem; choose a folder you can write to."),
    _p(r"Permission denied|Operation not permitted", "dest-unwritable",
       "Permission was denied at the destination; choose a folder you can write to."),
    _p(r"command not found|not found$|No such file or directory.*(tar|rsync|nc|zstd|lz4)\b",
       "tool-missing", "A tool this method needs is missing on one side; choose another method or install it."),
    _p(r"No such file or directory", "source-missing",
       "A file to copy was not found; check the source paths."),
    _p(r"Broken pipe|Connection reset|Connection closed|lost connection|closed by remote host",
       "connection-lost", "The connection to {host} was lost during the copy; check the network and try again."),
]


def explain_stderr(stderr: str, host: str, fallback: str) -> TransferError:
    """Word a failed tool run from what it printed."""
    for line in stderr.splitlines() or [""]:
        for pattern in _STDERR_PATTERNS:
            if pattern.regex.search(line):
                return TransferError(pattern.kind, pattern.sentence.format(host=host), stderr)
    return TransferError("failed", fallback, stderr)


def explain_exit(tool: str, returncode: int, stderr: str, host: str) -> TransferError:
    if returncode < 0:
        name = signal.Signals(-returncode).name if -returncode in signal.valid_signals() else str(-returncode)
        return TransferError("failed", f"{tool} was stopped by signal {name}; try the copy again.", stderr)
    if returncode == 127:
        return TransferError("tool-missing", f"`{tool}` is not installed; install it or choose another method.",
                             stderr)
    return explain_stderr(stderr, host, f"{tool} failed (exit {returncode}); see the details, fix the cause and try again.")


def explain_connect(exc: BaseException, host: str) -> TransferError:
    """Word a failure to open the control connection."""
    if isinstance(exc, TransferError):
        return exc
    if isinstance(exc, asyncssh.PermissionDenied):
        return TransferError("auth", f"{host} did not accept the login; check the user name and the key "
                             "(or add your key with ssh-copy-id).", str(exc))
    if isinstance(exc, asyncssh.HostKeyNotVerifiable):
        return TransferError("host-key-unknown", f"The host key of {host} could not be verified; "
                             f"run `transfer-advisor trust {host}` and check the fingerprint.", str(exc))
    if isinstance(exc, asyncssh.DisconnectError):
        return TransferError("connection-lost", f"{host} closed the connection during login ({exc.reason}); "
                             "check its SSH server logs.", str(exc))
    if isinstance(exc, ConnectionRefusedError):
        return TransferError("connection-refused", f"{host} refused the connection; check that its SSH server "
                             "is running and the port is right.", str(exc))
    if isinstance(exc, TimeoutError):
        return TransferError("host-unreachable", f"{host} did not answer in time; check that it is on and "
                             "on the network.", str(exc))
    if isinstance(exc, OSError):
        if exc.errno in (errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT):
            return TransferError("host-unreachable", f"{host} could not be reached; check that it is on "
                                 "and on the network.", str(exc))
        if "Name or service" in str(exc) or "resolve" in str(exc) or exc.errno in (-2, -3, -5):
            return TransferError("host-unreachable", f"The name {host} could not be resolved; check the "
                                 "spelling or the ssh config.", str(exc))
        return TransferError("host-unreachable", f"Could not connect to {host} ({exc.strerror or exc}); "
                             "check the address and the network.", str(exc))
    if isinstance(exc, (asyncssh.KeyImportError, asyncssh.KeyEncryptionError)):
        return TransferError("auth", f"The key for {host} could not be read ({exc}); check the IdentityFile.",
                             str(exc))
    return TransferError("failed", f"Connecting to {host} failed ({type(exc).__name__}: {exc}).", repr(exc))
