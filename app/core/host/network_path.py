"""Whether the control connection reaches the host directly: the only path an unencrypted data connection
may take is one somebody checked (app.core.host.listener and the unencrypted methods ask `indirect_path`)."""

from __future__ import annotations

import ipaddress

import asyncssh

from app.core.host.capabilities import Capabilities
from app.core.language import Words, clause


class NetworkPathWords(Words):
    """Why unencrypted data cannot go to a host directly (the translator's context): a clause, shown after
    a method's or a probe's name."""


def normal_address(address: str) -> str:
    """One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 compressed; anything else as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    mapped = getattr(ip, "ipv4_mapped", None)
    return str(mapped or ip)


def _end(address: str, port: int | None) -> str:
    address = normal_address(address)
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


def indirect_path(conn: asyncssh.SSHClientConnection, remote: Capabilities) -> str:
    """Why unencrypted data could not be sent to the host directly, or "" when it can: the host's view
    of the control connection ($SSH_CONNECTION) must show this computer's very ends of it. Where they
    differ, something between (NAT, a port forward, a tunnel, a jump host) carries the connection, and
    a plain TCP connection would take a path nobody checked."""
    sock, peer = conn.get_extra_info("sockname"), conn.get_extra_info("peername")
    if not isinstance(sock, tuple) or not isinstance(peer, tuple):
        return clause(
            NetworkPathWords.tr("the connection to the host goes through another program or host (a ProxyCommand "
                                "or ProxyJump), so unencrypted data could not be sent to the host directly")
        )
    if not remote.server_address:
        return clause(
            NetworkPathWords.tr("the host did not say how it sees this connection ($SSH_CONNECTION is empty), so "
                                "unencrypted data could not be sent to it over a path known to be direct")
        )
    here, there = _end(*peer[:2]), _end(remote.server_address, remote.server_port)
    if here != there:
        return clause(
            NetworkPathWords.tr("the connection to the host passes through a port forward or tunnel (this computer "
                                "reached {here}, the host sees {there}), so unencrypted data could not be sent to "
                                "the host directly", here=here, there=there)
        )
    mine, seen = _end(*sock[:2]), _end(remote.client_address, remote.client_port)
    if mine != seen:
        return clause(
            NetworkPathWords.tr("the connection to the host passes through NAT or a proxy (this computer connects "
                                "from {mine}, the host sees {seen}), so unencrypted data could not be sent to the "
                                "host directly", mine=mine, seen=seen)
        )
    return ""
