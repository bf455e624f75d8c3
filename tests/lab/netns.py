"""The remote host's network: a namespace joined to this one by a veth pair, rate-shaped by tbf.

Addresses come only from 198.18.0.0/15 (a /30 per lab, see names.py). The namespace gets no
default route and IPv6 is switched off on both veth ends (no link-local chatter), so nothing in
it can reach any address but its peer and its own loopback. No route or address is added
anywhere else; the machine's real interfaces are never touched.

Rate: `tc tbf` on both veth ends (the kernel here has no netem, fq or cake). The burst is
1 ms of traffic (at least 32 KiB) and the queue holds 10 ms plus one RTT, like a small switch
or router buffer.
"""

from __future__ import annotations

import ipaddress
import os
import time
from pathlib import Path

from . import names
from .system import LabError, kill_all, out, run


def _ip(*args: str, ns: str | None = None, check: bool = True):
    argv = ["ip"] + (["-n", ns] if ns else []) + list(args)
    return run(argv, check=check)


def _ns_exec(ns: str, *argv: str, check: bool = True):
    return run(["ip", "netns", "exec", ns, *argv], check=check)


def _networks_in_use() -> list[ipaddress.IPv4Network]:
    """IPv4 networks this namespace already has addresses or routes for (any table)."""
    used = []
    for line in out(["ip", "-4", "-o", "addr", "show"], check=False).splitlines():
        fields = line.split()
        if "inet" in fields:
            used.append(ipaddress.ip_network(fields[fields.index("inet") + 1], strict=False))
    for line in out(["ip", "-4", "route", "show", "table", "all"], check=False).splitlines():
        first = line.split()[0] if line.split() else ""
        if first in ("broadcast", "local", "unicast"):
            first = line.split()[1]
        try:
            used.append(ipaddress.ip_network(first, strict=False))
        except ValueError:
            pass  # "default" and the like: no specific network
    return used


def create(ns: str) -> tuple[int, str, str]:
    """Create namespace `ns` and a veth pair into it on the first free slot. Returns (slot, here, remote).

    A slot is skipped when its veth name is taken or anything here already has an address or a
    route overlapping its /30 (another lab, or another tool using the benchmark range), so a
    lab never captures someone else's traffic.
    """
    _ip("netns", "add", ns)
    used = _networks_in_use()
    for slot in range(names.MAX_SLOTS):
        here, there = names.ifnames(slot)
        net = ipaddress.ip_network(f"{names.addresses(slot)[0]}/30", strict=False)
        if Path(f"/sys/class/net/{here}").exists() or any(net.overlaps(u) for u in used if u.prefixlen > 0):
            continue
        r = _ip("link", "add", here, "type", "veth", "peer", "name", there, "netns", ns, check=False)
        if r.returncode == 0:
            break
        if b"exists" not in r.stderr:
            raise LabError(f"cannot create veth {here}: {r.stderr.decode(errors='replace').strip()}")
    else:
        raise LabError("no free lab slot (256 labs up?)")
    local, remote = names.addresses(slot)
    # No IPv6 on either veth end: no router solicitations or other link-local traffic.
    v6 = Path(f"/proc/sys/net/ipv6/conf/{here}/disable_ipv6")
    if v6.exists():
        v6.write_text("1")
    _ns_exec(ns, "sh", "-c", "for k in default " + there + "; do "
             "[ -e /proc/sys/net/ipv6/conf/$k ] && echo 1 > /proc/sys/net/ipv6/conf/$k/disable_ipv6; done; true")
    _ip("addr", "add", f"{local}/30", "dev", here)
    _ip("addr", "add", f"{remote}/30", "dev", there, ns=ns)
    _ip("link", "set", "lo", "up", ns=ns)
    _ip("link", "set", there, "up", ns=ns)
    _ip("link", "set", here, "up")
    return slot, here, there


def shape(ns: str, here: str, there: str, rate_mbit: float, rtt_ms: float | None) -> None:
    rate_bps = rate_mbit * 1e6
    burst = max(32 * 1024, int(rate_bps / 8 * 0.001))
    latency_ms = 10 + (rtt_ms or 0)
    spec = ["root", "tbf", "rate", f"{rate_mbit:g}mbit", "burst", str(burst), "latency", f"{latency_ms:g}ms"]
    run(["tc", "qdisc", "replace", "dev", here, *spec])
    _ns_exec(ns, "tc", "qdisc", "replace", "dev", there, *spec)


def qdiscs(ns: str, here: str, there: str) -> str:
    return (out(["tc", "qdisc", "show", "dev", here], check=False)
            + out(["ip", "netns", "exec", ns, "tc", "qdisc", "show", "dev", there], check=False))


def namespaces() -> list[str]:
    return [line.split()[0] for line in out(["ip", "netns", "list"], check=False).splitlines() if line.strip()]


def lab_links() -> list[str]:
    """Host-side lab veths in this namespace (their peers go away with their namespace)."""
    try:
        return sorted(n for n in os.listdir("/sys/class/net") if names.IF_RE.match(n))
    except OSError:
        return []


def pids_in(ns: str) -> list[int]:
    return [int(p) for p in out(["ip", "netns", "pids", ns], check=False).split() if p.isdigit()]


def remove(ns: str | None, here: str | None = None) -> list[str]:
    """Kill every process in the namespace, delete it (its veth end goes too) and the host end."""
    problems = []
    if ns and ns in namespaces():
        kill_all(lambda: pids_in(ns))
        r = run(["ip", "netns", "del", ns], check=False)
        if r.returncode != 0:
            problems.append(f"namespace {ns}: {r.stderr.decode(errors='replace').strip()}")
    if here and Path(f"/sys/class/net/{here}").exists():
        r = _ip("link", "del", here, check=False)
        if r.returncode != 0 and Path(f"/sys/class/net/{here}").exists():
            problems.append(f"link {here}: {r.stderr.decode(errors='replace').strip()}")
    return problems


def wait_gone(here: str, timeout: float = 3) -> bool:
    deadline = time.monotonic() + timeout
    while Path(f"/sys/class/net/{here}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return not Path(f"/sys/class/net/{here}").exists()

