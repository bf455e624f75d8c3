"""Profiles kept per host in the user's data folder, reused while they still describe the link.

A profile is reused when it is younger than MAX_AGE and the network looks the same:
the same local address and a round-trip time within a factor of two (or 1 ms).
Files are written whole or not at all (app.core.atomic).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from app.core import atomic
from app.core.paths import data_dir
from app.core.profile.link_profile import LinkProfile

MAX_AGE = 3600.0
KEEP = 20


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
            if high > 2 * low and high - low > 1.0:
                return None
        return profile
    return None


def forget(host: str) -> None:
    """Drop what is kept for a host that will not come back (a demo host's port)."""
    _file(host).unlink(missing_ok=True)
