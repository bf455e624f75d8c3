"""Typed events the core emits while it works. Clients (CLI, GUI bridge) only read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:  # annotations only: the profile's types sit above these low modules
    from app.core.profile.link_profile import CipherProbe


@dataclass(frozen=True)
class Phase:
    """A step began: connecting, scanning, copying, finalizing, verifying, cleaning up."""

    name: str
    detail: str = ""


@dataclass(frozen=True)
class Progress:
    done: int      # bytes of file data done (estimated from the stream for pipelines)
    total: int     # bytes of file data in the selection
    rate: float    # bytes per second over the last second or so
    elapsed: float

    @property
    def eta(self) -> float | None:
        if self.rate <= 0 or self.done >= self.total:
            return None
        return (self.total - self.done) / self.rate


@dataclass(frozen=True)
class TransferResult:
    method: str
    options: dict
    files: int
    bytes: int
    seconds: float
    verified: bool
    verification: str  # what was compared: "sizes" or "contents (TOOL)" (app.core.wording.transfer.verified_as)
    command: str
    notes: list[str] = field(default_factory=list)
    sent: int | None = None  # bytes sent by this run (None: all of `bytes`); less when resumed or already there
    existing: dict = field(default_factory=dict)  # what was at the destination: identical, replaced, skipped, renamed
    resumed: int = 0         # items an earlier run of the same copy had staged, kept
    changes: dict = field(default_factory=dict)  # unchanged, updated, new, newer_there (files and links)
    deleted: dict | None = None  # a mirror's deletions: count, files, bytes, items (None: not a mirror)
    promised: float | None = None  # seconds the advice predicted for it (copy --best, Copy now)

    @property
    def sent_bytes(self) -> int:
        return self.bytes if self.sent is None else self.sent

    @property
    def rate_MBps(self) -> float:
        """The rate of what this run sent (what was already there took no time)."""
        return self.sent_bytes / self.seconds / 1e6 if self.seconds > 0 else 0.0

    def as_dict(self) -> dict:
        return {"method": self.method, "options": self.options, "files": self.files, "bytes": self.bytes,
                "sent_bytes": self.sent_bytes, "seconds": round(self.seconds, 3),
                "rate_MBps": round(self.rate_MBps, 2), "verified": self.verified,
                "verification": self.verification, "command": self.command, "notes": self.notes,
                "existing": self.existing, "resumed": self.resumed, "changes": self.changes,
                **({} if self.deleted is None else {"deleted": self.deleted}),
                **({} if self.promised is None else {"promised_seconds": round(self.promised, 3)})}


@dataclass(frozen=True)
class CopyPreview:
    """What a copy would do, and nothing done (--dry-run): what it would send and, for a mirror, delete."""

    destination: str              # as a person reads it: "nas:/volume1/photos"
    send: list[tuple[str, int]]   # (path at the destination, bytes) of each file and link it would send
    changes: dict                 # as TransferResult's
    existing: dict
    deleted: dict | None = None   # a mirror's: count, files, bytes, items
    delete_lines: list[str] = field(default_factory=list)  # one described line per item deleted

    def as_dict(self) -> dict:
        return {"dry_run": True, "destination": self.destination, "send": [p for p, _ in self.send],
                "send_bytes": sum(n for _, n in self.send), "changes": self.changes, "existing": self.existing,
                **({} if self.deleted is None else {"deleted": self.deleted, "delete_lines": self.delete_lines})}


@dataclass(frozen=True)
class ProbeDone:
    """One probe finished (or could not run): shown as soon as it is in."""

    name: str   # rtt, tcp-up, tcp-down, cipher:<name>, remote-write, local-read, compress
    label: str  # "Round-trip time"
    value: str  # "0.31 ms", "38 MB/s", or why it was not measured: for people, never parsed
    ok: bool
    figure: float | None = None  # the number behind `value` (ms, MB/s; cpu-share: of one core), for charts
    cipher: CipherProbe | None = None  # a cipher probe's own figures: its rate and each side's CPU


@dataclass(frozen=True)
class RaceSample:
    """A live throughput sample of one candidate in the race (for graphs)."""

    key: str      # identifies the candidate: "tar-ssh aes128-gcm@openssh.com none"
    label: str    # for a legend: "tar over ssh (aes128-gcm@openssh.com)"
    t: float      # seconds since this candidate started
    MBps: float   # rate over the last second


@dataclass(frozen=True)
class RaceResult:
    key: str
    label: str
    MBps: float | None  # measured rate; None when it failed or moved too little to time a rate
    error: str = ""
    seconds: float | None = None  # a lap that copied all it was given: how long that took
    skipped: str = ""  # not raced, and why (a lap already went clearly faster than it can)

    @property
    def failed(self) -> bool:
        return self.MBps is None and self.seconds is None and not self.skipped


Event = Phase | Progress | TransferResult | ProbeDone | RaceSample | RaceResult
Emit = Callable[[Event], None]


def ignore(_event: Event) -> None:
    pass
