"""The lab's scenarios: what link, remote CPU and destination disk each one stands for."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scenario:
    name: str
    summary: str
    rate_mbit: float | None = None      # tbf rate on both veth ends; None = unshaped
    rtt_ms: float | None = None         # round trip added by the delay line; None = no delay line
    cpu_cores: float | None = None      # cgroup CPU quota for the remote side, in cores; None = unlimited
    disk_write_MBps: float | None = None  # write limit of the destination disk; None = ordinary folder

    def describe(self) -> str:
        parts = [f"{self.rate_mbit:g} Mbit/s" if self.rate_mbit else "unshaped link"]
        if self.rtt_ms:
            parts.append(f"{self.rtt_ms:g} ms RTT")
        if self.cpu_cores:
            parts.append(f"remote CPU {self.cpu_cores:g} core")
        if self.disk_write_MBps:
            parts.append(f"destination disk writes {self.disk_write_MBps:g} MB/s")
        return ", ".join(parts)


SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario("gigabit-lan", "a NAS on a gigabit LAN", rate_mbit=1000, rtt_ms=0.2),
    Scenario("weak-nas", "a gigabit NAS whose CPU is an eighth of a core (like a 1.2 GHz ARM)",
             rate_mbit=1000, rtt_ms=0.2, cpu_cores=0.125),
    Scenario("starved-nas", "a gigabit NAS left a twenty-fifth of a core (4 %: a slow ARM box busy with "
             "other work)", rate_mbit=1000, rtt_ms=0.2, cpu_cores=0.04),
    Scenario("fast-link", "an unshaped link: only the CPUs (ciphers) limit", rate_mbit=None, rtt_ms=None),
    Scenario("wan", "a remote site over a 100 Mbit/s WAN", rate_mbit=100, rtt_ms=40),
    # One ssh stream is held by its 2 MiB channel window: 2 MiB ÷ 200 ms ≈ 10 MB/s, where the link carries
    # 37.5 MB/s (on this project's 2-core machine the lab's delay line passes about 25 MB/s of it).
    Scenario("long-fat", "a NAS on another continent over a fast VPN: 300 Mbit/s, 200 ms", rate_mbit=300,
             rtt_ms=200),
    Scenario("slow-disk", "a gigabit NAS with a slow destination disk", rate_mbit=1000, rtt_ms=0.2,
             disk_write_MBps=50),
)}


def get(name: str) -> Scenario:
    try:
        return SCENARIOS[name]
    except KeyError:
        raise ValueError(f"unknown lab scenario {name!r}; known: {', '.join(SCENARIOS)}") from None
