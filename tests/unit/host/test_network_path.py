"""Whether an unencrypted data connection would go straight to the host: this computer's ends of the
control connection against the host's own view of it ($SSH_CONNECTION). The port forward itself is
tested for real in tests/integration/test_network_path.py."""

from __future__ import annotations

import pytest

from app.core.host.capabilities import parse_remote
from app.core.host.network_path import indirect_path, normal_address


class Conn:
    """The two facts of asyncssh's connection this reads."""

    def __init__(self, sockname, peername) -> None:
        self.info = {"sockname": sockname, "peername": peername}

    def get_extra_info(self, name: str):
        return self.info[name]


def _remote(ssh_connection: str):
    return parse_remote(f"shell yes\nssh_connection {ssh_connection}\n")


def test_a_direct_connection_passes() -> None:
    conn = Conn(("192.168.1.20", 50312), ("192.168.1.5", 22))
    assert indirect_path(conn, _remote("192.168.1.20 50312 192.168.1.5 22")) == ""


@pytest.mark.parametrize("sock, peer", [
    (("::ffff:192.168.1.20", 50312, 0, 0), ("::ffff:192.168.1.5", 22, 0, 0)),  # a dual-stack socket
    (("fd00:0:0::20", 50312, 0, 0), ("fd00::5", 22, 0, 0)),  # one address, two spellings
])
def test_one_address_in_another_spelling_is_the_same(sock, peer) -> None:
    there = "192.168.1.20 50312 192.168.1.5 22" if "ffff" in sock[0] else "fd00::20 50312 fd00::5 22"
    assert indirect_path(Conn(sock, peer), _remote(there)) == ""


def test_a_port_forward_is_named_with_both_views() -> None:
    conn = Conn(("127.0.0.1", 41000), ("127.0.0.1", 2222))
    assert indirect_path(conn, _remote("127.0.0.1 41002 127.0.0.1 22")) == (
        "the connection to the host passes through a port forward or tunnel (this computer reached "
        "127.0.0.1:2222, the host sees 127.0.0.1:22), so unencrypted data could not be sent to the host directly")


def test_nat_on_this_side_is_named() -> None:
    conn = Conn(("192.168.1.20", 50312), ("203.0.113.9", 22))
    assert indirect_path(conn, _remote("198.51.100.7 61000 203.0.113.9 22")) == (
        "the connection to the host passes through NAT or a proxy (this computer connects from 192.168.1.20:50312, "
        "the host sees 198.51.100.7:61000), so unencrypted data could not be sent to the host directly")


def test_a_proxy_command_or_an_unknown_view_is_not_direct() -> None:
    assert "ProxyCommand" in indirect_path(Conn(None, None), _remote("127.0.0.1 41002 127.0.0.1 22"))
    assert "did not say" in indirect_path(Conn(("127.0.0.1", 1), ("127.0.0.1", 22)), parse_remote("shell yes\n"))


def test_normal_address() -> None:
    assert normal_address("::ffff:10.0.0.1") == "10.0.0.1"
    assert normal_address("FD00:0::2") == "fd00::2"
    assert normal_address("nas.local") == "nas.local"
