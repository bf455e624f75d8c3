"""Profiles kept per host in the user's data folder, reused while they still describe the link; and what
the host's real copies taught about the advice's promises (`learn`, `lessons`).

A profile is reused when it is younger than MAX_AGE and the network looks the same:
the same local address and a round-trip time within a factor of two (or JITTER_MS: a busy computer's
echoes through ssh wander by a few milliseconds, a path that changed differs by tens). A lesson is how much
longer (or shorter) a method's copies took than the model predicted; it outlives a profile (what the
probes do not see stays), up to LESSON_AGE. Files are written whole or not at all (app.core.atomic).
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import replace
from pathlib import Path

from app.core import atomic
from app.core.paths import data_dir
from app.core.host.session import Session, host_identity
from app.core.profile.link_profile import LinkProfile

MAX_AGE = 3600.0
JITTER_MS = 5.0  # how far a kept round trip may be off in milliseconds (and by more than 2×) before it is another path
KEEP = 20
LESSON_AGE = 30 * 86400.0
LESSON_RANGE = (0.25, 8.0)  # what one copy may teach at most: a stalled or a cached copy says little more


def key_of(user: str, hostname: str, port: int, host_key: bytes = b"") -> str:
    """What profiles and lessons are kept under (app.core.host.session.host_identity): two aliases for one host
    share, one alias moved does not, and another machine that answers at the address later (its host key,
    `host_key`'s public data, is another) starts afresh instead of inheriting the first one's figures."""
    return host_identity(user, hostname, port, host_key)


def key_for(session: Session) -> str:
    """What this session's host has its profiles and lessons kept under (key_of)."""
    return session.identity


def _file(host: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._@-]", "_", host)
    folder = data_dir() / "profiles"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{safe}.json"


def load(host: str) -> list[LinkProfile]:
    try:
        data = json.loads(_file(host).read_text())
        return [LinkProfile.from_dict(d) for d in data]
    except (OSError, ValueError, TypeError):
        return []


def save(host: str, profile: LinkProfile) -> None:
    profiles = [profile] + load(host)
    atomic.write_json(_file(host), [p.as_dict() for p in profiles[:KEEP]])


RAISED = ("tcp_up_MBps", "tcp_down_MBps", "tcp_up_all_MBps", "tcp_down_all_MBps", "remote_write_MBps", "ciphers")


def raised(host: str, corrected: LinkProfile) -> bool:
    """The kept profile measured when `corrected` was, with the figures a race proved higher (the network,
    the host's disk, the ciphers: app.core.advice.correction) raised to them: the history then says what the
    advice's chart showed, and the next advice starts from them. False when no such profile is kept."""
    profiles = load(host)
    at = next((i for i, p in enumerate(profiles) if p.measured_at == corrected.measured_at), None)
    if at is None:
        return False
    profiles[at] = replace(profiles[at], **{f: getattr(corrected, f) for f in RAISED})
    atomic.write_json(_file(host), [p.as_dict() for p in profiles])
    return True


def fresh(host: str, local_address: str, rtt_ms: float | None, now: float | None = None) -> LinkProfile | None:
    """The newest kept profile that still describes this link, or None."""
    now = time.time() if now is None else now
    for profile in load(host):
        if now - profile.measured_at > MAX_AGE:
            return None
        if profile.local_address != local_address:
            return None
        if rtt_ms is not None and profile.rtt_ms is not None:
            low, high = sorted((rtt_ms, profile.rtt_ms))
            if high > 2 * low and high - low > JITTER_MS:
                return None
        return profile
    return None


def forget(host: str) -> None:
    """Drop what is kept for a host that will not come back (a demo host's port), under whichever host key."""
    kept = _file(host)
    for path in [kept, _lessons_file(host), *kept.parent.glob(f"{kept.stem}_*.json")]:
        path.unlink(missing_ok=True)


def _lessons_file(host: str) -> Path:
    return _file(host).with_suffix(".lessons.json")


def lessons(host: str, now: float | None = None) -> dict[str, float]:
    """Per method, how many times the model's prediction its copies to this host took (1.2: 20 % longer)."""
    now = time.time() if now is None else now
    try:
        data = json.loads(_lessons_file(host).read_text())
        return {m: float(v["ratio"]) for m, v in data.items() if now - float(v["at"]) <= LESSON_AGE}
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def learn(host: str, method: str, ratio: float, now: float | None = None) -> float:
    """Keep what one copy with `method` taught (its time ÷ the model's prediction), averaged with what
    earlier copies taught (geometric mean: one copy does not undo the others); returns what is kept."""
    now = time.time() if now is None else now
    low, high = LESSON_RANGE
    ratio = min(max(ratio, low), high)
    kept = lessons(host, now)
    if method in kept:
        ratio = (kept[method] * ratio) ** 0.5
    try:
        data = json.loads(_lessons_file(host).read_text())
        data = data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        data = {}
    data[method] = {"ratio": round(ratio, 4), "at": now}
    atomic.write_json(_lessons_file(host), data)
    return ratio
