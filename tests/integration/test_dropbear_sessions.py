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
from app.core.quoting import sh_command


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


# Each command leaves its mark, then waits (10 s at most) until all three marks are there: only commands
# that run side by side all see them, however slowly a busy machine starts each.
MEET = 'touch "$1/$$"; i=0; while [ "$(ls "$1" | wc -l)" -lt 3 ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; ' \
       '[ "$(ls "$1" | wc -l)" -ge 3 ]'


async def test_openssh_takes_them_side_by_side(sshd, tmp_path) -> None:
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)))
    try:
        command = sh_command(MEET, str(tmp_path))
        results = await asyncio.gather(*(session.run(command, timeout=60) for _ in range(3)))
        assert [r.exit_status for r in results] == [0, 0, 0]  # all three met: they ran side by side
    finally:
        await session.close()
