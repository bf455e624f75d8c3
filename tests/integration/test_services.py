"""What else a NAS serves, found as the host step finds it: a NAS on a loopback address of its own runs sshd,
Samba, vsftpd and an rsync daemon for real, each on its standard port; `methods` names them, with the modules
the rsync service lists (not the unlisted one) and whether FTP offers TLS. Other servers on those ports are not
taken for them. A share mounted here with sshfs is found as the host's, encrypted."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from app.core.host.services import Mount, Service, discover, mounted
from tests.helpers import cli, cli_json
from tests.nas_services import start_vsftpd, worker_address

pytestmark = pytest.mark.root  # the standard ports are under 1024


def test_methods_names_what_else_the_nas_serves(nas_services) -> None:
    sshd, address, _ = nas_services
    out = cli_json("methods", "nas", "--ssh-config", str(sshd.ssh_config))
    assert out["services"]["found"] == [
        {"kind": "smb", "port": 445, "tls": False, "modules": []},
        {"kind": "ftp", "port": 21, "tls": False, "modules": []},
        # `private` is not listed
        {"kind": "rsync", "port": 873, "tls": False, "modules": ["photos", "backup", "shared", "office"]},
    ]
    said = cli("methods", "nas", "--ssh-config", str(sshd.ssh_config))
    assert said.returncode == 0, said.stderr
    assert ("Also serves SMB (Windows file sharing), FTP (unencrypted), an rsync service (photos, backup, shared, "
            "office).\n"
            in said.stdout), said.stdout


async def test_ftp_that_offers_tls_is_told_apart(nas_services) -> None:
    from app.core.demo.host import free_port
    _, address, root = nas_services
    ftps = start_vsftpd(root, address, free_port(address), tls=True)
    try:
        found = await discover(address, {"ftp": ftps.port})
    finally:
        ftps.stop()
    assert Service("ftp", ftps.port, tls=True) in found


async def test_other_servers_on_those_ports_are_not_taken_for_them(nas_services) -> None:
    # sshd greets with "SSH-2.0-…": neither an FTP server's 220 nor an rsync daemon's @RSYNCD.
    sshd, address, _ = nas_services
    found = await discover(address, {"ftp": sshd.port, "rsync": sshd.port, "smb": 445, "nfs": 2049})
    assert [s.kind for s in found] == ["smb"]
    # Nothing listens on another address: nothing is found, and at once (a refused port answers at once).
    started = time.monotonic()
    assert await discover(worker_address(90)) == []
    assert time.monotonic() - started < 1.0


@pytest.mark.skipif(not shutil.which("sshfs") or not os.path.exists("/dev/fuse"), reason="no sshfs or FUSE here")
async def test_a_share_mounted_with_sshfs_is_found_as_the_hosts(nas_services, tmp_path: Path) -> None:
    sshd, address, root = nas_services
    shared, point = root / "shared", tmp_path / "mounted here"
    shared.mkdir(exist_ok=True)
    point.mkdir()
    proc = subprocess.run(["sshfs", "-F", str(sshd.ssh_config), f"nas:{shared}", str(point)],
                          capture_output=True, text=True, timeout=30)
    if proc.returncode != 0 and "fuse" in proc.stderr.lower():
        pytest.skip(f"FUSE cannot mount here: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    try:
        found = await asyncio.to_thread(mounted, {"nas", address}, address)
        assert Mount("sshfs", f"nas:{shared}", str(point), True) in found
        # Another host's names and address do not claim it.
        assert await asyncio.to_thread(mounted, {"other"}, worker_address(90)) == []
    finally:
        subprocess.run(["fusermount", "-u", str(point)], capture_output=True, timeout=30)


def test_through_a_port_forward_what_answers_there_is_not_taken_for_the_nas(nas_services, tmp_path: Path) -> None:
    # The forward's own address runs an rsync daemon of its own: it is not the NAS's, and is not said to be.
    from app.core.demo.host import known_hosts_line, public_key_path
    from tests.integration.test_network_path import Relay
    from tests.nas_services import start_rsync_service
    sshd, address, _ = nas_services
    near = worker_address(80)
    decoy = start_rsync_service(tmp_path, near)
    try:
        with Relay(sshd.port, listen=near, target_host=address) as relay:
            known = tmp_path / "known_hosts"
            known.write_text(known_hosts_line(near, relay.port, public_key_path(sshd.host_key)))
            config = tmp_path / "ssh_config"
            config.write_text(f"Host forwarded\n  HostName {near}\n  Port {relay.port}\n  User {sshd.user}\n"
                              f"  IdentityFile {sshd.client_key}\n  IdentitiesOnly yes\n  UserKnownHostsFile {known}\n"
                              "  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n")
            out = cli_json("methods", "forwarded", "--ssh-config", str(config))
    finally:
        decoy.stop()
    assert out["services"]["found"] == [], out["services"]
