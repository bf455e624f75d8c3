"""Dropbear 2022.82-2024.86 ends the whole connection when one session's process exits while another is
being opened (mkj/dropbear#321): the app's control connection to such a server opens one session at a
time; OpenSSH's sshd keeps taking them side by side. Against the real servers, many commands asked at once."""

from __future__ import annotations

import asyncio
import shlex

import pytest

from app.core.host.capabilities import one_at_a_time
from app.core.host.hosts import HostSpec
from app.core.host.session import Session


@pytest.mark.parametrize("banner, alone", [
    ("SSH-2.0-dropbear_2022.83", True), ("SSH-2.0-dropbear_2024.86", True), ("SSH-2.0-dropbear_2022.82", True),
    ("SSH-2.0-dropbear_2020.81", False), ("SSH-2.0-dropbear_2025.87", False), ("SSH-2.0-dropbear", False),
    ("SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3", False), ("", False)])
def test_which_servers_take_one_session_at_a_time(banner: str, alone: bool) -> None:
    assert one_at_a_time(banner) is alone


async def _side_by_side(spec: HostSpec, folder: str) -> list[int]:
    """Twenty commands at once, each holding a folder that only one can hold for 50 ms: how each ended."""
    session = await Session.open(spec)
    held = shlex.quote(f"{folder}/held")
    try:
        results = await asyncio.gather(*(session.run(f"mkdir {held} && sleep 0.05 && rmdir {held}".encode(),
                                                     timeout=60) for _ in range(20)))
        assert not session.lost
        return [r.exit_status for r in results]
    finally:
        await session.close()


async def test_a_dropbear_of_those_years_gets_its_sessions_one_at_a_time(dropbear_host) -> None:
    statuses = await _side_by_side(HostSpec(dropbear_host.alias, str(dropbear_host.ssh_config)),
                                   dropbear_host.dest)
    assert statuses == [0] * 20  # none found the folder held: none ran beside another


async def test_openssh_takes_them_side_by_side(sshd, tmp_path) -> None:
    statuses = await _side_by_side(HostSpec("testhost", str(sshd.ssh_config)), str(tmp_path))
    assert statuses.count(0) >= 1 and any(statuses)  # some ran beside another and found the folder held
