"""What the race teaches the model: the profile's figures a raced candidate disproved, raised to what
it did (corrected_by_race), so a probe that was unlucky for a second no longer caps every candidate.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from typing import TYPE_CHECKING

from app.core.advice.calibration import SATURATED, SSH_FRAMING, default_cipher, probe_limit
from app.core.advice.candidates import Candidate
from app.core.advice.factors import Factor
from app.core.profile.link_profile import CipherProbe, LinkProfile, tool_key
from app.core.wording.profile import cipher_corrected, disk_corrected, network_corrected, tool_costs_measured

if TYPE_CHECKING:
    from app.core.advice.model import Prediction

RACE_BEATS_PROBE = 1.25  # a raced candidate this much faster than its predicted ceiling disproves the probe


def corrected_by_race(profile: LinkProfile, predictions: list[Prediction],
                      measured: dict[Candidate, float]) -> LinkProfile:
    """The profile with every figure a raced candidate has disproved raised to what it did.

    A short probe can be unlucky (another program took the CPU for that second), and one low figure
    then caps every candidate that depends on it and names the wrong bottleneck. A lap that moved
    data faster than that ceiling proves the figure too low: for an uncompressed candidate the ceiling
    it was predicted to hit must be at least what it did. Figures are only ever raised here; a lap
    slower than predicted may have met something the model does not see, so it says nothing about
    which figure was too high (the ranking scales unraced candidates for that)."""
    by_candidate = {p.candidate: p for p in predictions}
    ciphers = {c.cipher: c for c in profile.ciphers}
    changes: dict[str, float] = {}
    notes = []
    for candidate, rate in measured.items():
        p = by_candidate.get(candidate)
        o = candidate.options
        if p is None or o.compress != "none" or rate < RACE_BEATS_PROBE * p.stream_MBps:
            continue
        if p.limit.is_cipher_cpu and candidate.secure and o.streams == 1:  # the probe ran one stream
            name = o.cipher or default_cipher(None)
            probe = ciphers.get(name)
            if probe is not None and probe.MBps < rate:
                ciphers[name] = _scaled(probe, rate / probe.MBps)
                notes.append(cipher_corrected(name, probe.MBps, rate))
        elif p.limit is Factor.LINK and p.detail in ("network", "tcp-window"):
            # Streams fill the link on several connections; one connection is held by its own buffers.
            several = o.streams > 1 and p.detail == "network" and getattr(profile, _all(o.download))
            key = _all(o.download) if several else "tcp_down_MBps" if o.download else "tcp_up_MBps"
            rate = rate / o.streams if p.detail == "tcp-window" else rate
            wire = rate / (SSH_FRAMING if candidate.secure else 1.0)
            if wire > max(changes.get(key, 0.0), getattr(profile, key) or 0.0):
                changes[key] = wire
                notes.append(network_corrected(getattr(profile, key) or 0, rate))
        elif p.detail == "write" and (p.limit.is_disk or p.side):  # the disk, or the host's CPU writing to it
            key = "local_write_MBps" if o.download else "remote_write_MBps"
            if rate > max(changes.get(key, 0.0), getattr(profile, key) or 0.0):
                changes[key] = rate
                notes.append(disk_corrected(getattr(profile, key) or 0, rate))
    if not notes:
        return profile
    _quota_disproved(profile, ciphers)
    return replace(profile, ciphers=[ciphers[c.cipher] for c in profile.ciphers], **changes,
                   notes=[*profile.notes, *notes])


def _all(download: bool) -> str:
    return "tcp_down_all_MBps" if download else "tcp_up_all_MBps"


def _quota_disproved(profile: LinkProfile, ciphers: dict[str, CipherProbe]) -> None:
    """A cipher probe held below a core on neither side saturated reads as a CPU quota (a weak or
    busy NAS), and that quota then holds every process on that side. When the race disproved one
    such probe, the others taken in the same seconds get the same correction: the quota was a busy
    moment, not the host."""
    factors = [ciphers[c.cipher].MBps / c.MBps for c in profile.ciphers
               if ciphers[c.cipher] is not c and c.MBps > 0]
    if not factors:
        return
    factor = max(factors)
    for c in profile.ciphers:
        if ciphers[c.cipher] is c and max(c.local_cpu, c.remote_cpu) < SATURATED and \
                probe_limit(c, profile.tcp_up_MBps, profile.rtt_ms).is_cipher_cpu:
            ciphers[c.cipher] = _scaled(c, factor)


def _scaled(probe: CipherProbe, factor: float) -> CipherProbe:
    """The probe as it would have read with `factor` times the data: the CPU each side spends per MB
    is the cipher's own (a busy moment slows it, it does not make it dearer), so the shares grow too."""
    return CipherProbe(probe.cipher, probe.MBps * factor, min(1.0, probe.local_cpu * factor),
                       min(1.0, probe.remote_cpu * factor))


TOOL_SHARE_FLOOR = 0.1  # a method's own processes are never less than this share of what its lap cost the host
# Where files are small a lap's CPU is mostly per file, and which files a lap reached in its seconds (one after
# another, folder by folder) decides its figure: learned only where per-file pauses are a small part of the time.
PER_FILE_SHARE_AT_MOST = 0.25


def tool_costs_from_race(profile: LinkProfile, predictions: list[Prediction], laps: list) -> LinkProfile:
    """The profile with each raced method's own CPU per MB on the host, from what its laps kept busy there
    (Lap.remote_cpu) less what the model puts on the host besides it (sshd's cipher, a compressor, creating
    the files): the figure the model then prices that method's processes there with, for every variant of
    it (another cipher, parallel streams) and for the bottleneck sentence."""
    by_candidate = {p.candidate: p for p in predictions}
    found: dict[str, list[float]] = {}
    for lap in laps:
        p = by_candidate.get(lap.candidate)
        if p is None or not lap.remote_cpu or not lap.MBps:
            continue
        if p.per_file_s > PER_FILE_SHARE_AT_MOST * max(p.seconds - p.setup_s, 1e-9):
            continue
        total = lap.remote_cpu / lap.MBps
        own = max(total - p.remote_other_s_per_MB - p.remote_file_s_per_MB, TOOL_SHARE_FLOOR * total)
        found.setdefault(tool_key(lap.candidate.method_id, lap.candidate.options.download), []).append(own)
    if not found:
        return profile
    learned = {key: statistics.median(costs) for key, costs in found.items()}
    return replace(profile, remote_tool_s_per_MB={**profile.remote_tool_s_per_MB, **learned})


def tool_costs_note(profile: LinkProfile, laps: list) -> str | None:
    """The sentence saying what the raced methods' own processes cost the host (None: nothing measured)."""
    labels = {tool_key(lap.candidate.method_id, lap.candidate.options.download): lap.candidate.label for lap in laps}
    costs = {labels[key]: cost for key, cost in profile.remote_tool_s_per_MB.items() if key in labels}
    return tool_costs_measured(costs) if costs else None
