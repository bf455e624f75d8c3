"""A server that offers no AEAD cipher (an old Dropbear: aes-ctr and HMACs only), played by a real sshd
limited to them: the profile reads its MACs from its KEXINIT, measures aes128-ctr with each MAC worth
trying, keeps the fastest, and the copy the advice picks runs with that cipher and MAC."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cli_json, make_tree, snapshot
from tests.peers import start_sshd

MACS = ["hmac-sha2-256-etm@openssh.com", "hmac-sha1-etm@openssh.com", "hmac-sha2-512"]


@pytest.fixture(scope="module")
def ctr_host(tmp_path_factory: pytest.TempPathFactory):
    server = start_sshd(tmp_path_factory.mktemp("ctr-sshd"), alias="ctrhost",
                        extra_config=f"Ciphers aes128-ctr,aes256-ctr\nMACs {','.join(MACS)}\n")
    yield server
    server.stop()


def test_the_advice_measures_ctr_with_each_mac_and_copies_with_the_fastest(ctr_host, tmp_path: Path) -> None:
    tree = make_tree(tmp_path / "src", small_files=200, big_bytes=4 * 1024 * 1024)
    dest = tmp_path / "dest"
    race = ["--race", "2", "--race-seconds", "1", "--ssh-config", str(ctr_host.ssh_config)]
    advice = cli_json("advise", "ctrhost", str(tree), "--dest", str(dest), *race)
    assert "error" not in advice, advice
    (probe,) = advice["profile"]["ciphers"]  # one figure per cipher: the fastest MAC's
    assert probe["cipher"] == "aes128-ctr" and probe["mac"] in MACS[:2]  # the third is not worth trying
    assert probe["MBps"] > 0
    secure = advice["recommended"]["secure"]
    assert f"-c aes128-ctr -m {probe['mac']}" in secure["command"], secure["command"]

    out = cli_json("copy", "ctrhost", str(tree), "--dest", str(dest), "--best", "--verify", *race)
    assert "error" not in out, out
    assert out["options"]["cipher"] == "aes128-ctr" and out["options"]["mac"] in MACS[:2]
    assert f"-m {out['options']['mac']}" in out["command"]
    assert out["verified"] is True
    assert snapshot(dest / tree.name) == snapshot(tree)


async def test_the_server_s_ciphers_are_read_from_the_control_connection_alone(tmp_path: Path) -> None:
    """The ciphers and MACs come from the KEXINIT the control connection received: the server sees that one
    connection only (a connection of its own costs a weak NAS's sshd a fork, a re-exec and its host keys)."""
    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    server = start_sshd(tmp_path / "sshd", alias="ctrhost", log_level="VERBOSE",
                        extra_config=f"Ciphers aes128-ctr,aes256-ctr\nMACs {','.join(MACS)}\n")
    try:
        session = await Session.open(HostSpec("ctrhost", str(server.ssh_config)), ssh_tools=False)
        try:
            assert (session.remote.ciphers, session.remote.macs) == (["aes128-ctr", "aes256-ctr"], MACS)
        finally:
            await session.close()
    finally:
        server.stop()
    log = (tmp_path / "sshd" / "sshd.log").read_text()
    # (the test's wait for the port connects and sends nothing: sshd says kex_exchange_identification)
    assert log.count("Connection from ") - log.count("kex_exchange_identification") == 1, log
