"""Whether a host is on the local network: only there are unencrypted methods offered."""

from __future__ import annotations

import ipaddress


def is_local_address(address: str) -> bool:
    """Private, loopback or link-local (IPv4 and IPv6, including IPv4-mapped IPv6)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_private or ip.is_loopback or ip.is_link_local
