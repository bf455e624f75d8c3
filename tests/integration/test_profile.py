"""`transfer-advisor profile` against a real sshd: every probe reports, nothing is left behind,
and a kept profile is reused until --fresh."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import cli, cli_json


def test_profile_measures_the_link_and_cleans_up(sshd, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    dest.mkdir()
    home = {"TRANSFER_ADVISOR_HOME": str(tmp_path / "home")}
    out = cli_json("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config),
                   "--fresh", "--budget", "0.5", env=home)
    assert "error" not in out, out
    assert 0 < out["rtt_ms"] < 50
    assert out["tcp_up_MBps"] > 1 and out["tcp_down_MBps"] > 1
    ciphers = {c["cipher"]: c for c in out["ciphers"]}
    assert "chacha20-poly1305@openssh.com" in ciphers and "aes128-gcm@openssh.com" in ciphers
    assert all(c["MBps"] > 1 and 0 <= c["remote_cpu"] <= 1.5 for c in ciphers.values())
    assert out["remote_write_MBps"] > 1
    assert 0 < out["remote_write_cpu"] <= 2.5  # what its writing took of the host's CPU (cat and dd)
    # What one more file costs: the SFTP conversation (round trips) dearer than creating it in tar.
    per_file = out["per_file_ms"]
    assert set(per_file) == {"scp", "sftp", "tar-ssh", "tar-nc", "rsync-ssh", "rsync-daemon"}
    assert 0 < per_file["tar-ssh"] < per_file["sftp"] < 1000
    assert out["remote_cores"] >= 1 and out["notes"] == []
    assert list(dest.iterdir()) == []  # the disk and per-file probes removed what they wrote

    again = cli_json("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config), env=home)
    assert again["tcp_up_MBps"] == out["tcp_up_MBps"]  # kept, not measured again
    assert again["per_file_ms"] == per_file
    assert any("kept from" in n for n in again["notes"])

    text = cli("profile", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config), "--fresh",
               "--budget", "0.3", env=home)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert lines[0] == "Profiling testhost:"
    # A measured figure, not a kept one; loopback on a fast machine may pass 1 GB/s.
    assert any(re.match(r"Raw TCP, upload\b.*\b\d[\d.]* [MG]B/s", line.strip()) and "kept" not in line
               for line in lines), text.stdout
    assert lines[-1].startswith("Measured in ")


async def test_a_copy_about_to_start_measures_only_what_it_needs(sshd, tmp_path: Path, monkeypatch) -> None:
    """`copy --best` of an upload of a few files: raw TCP up only, no per-file cost; the kept profile is
    completed the first time a download asks for raw TCP down."""
    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.profile import profiler

    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path / "home"))
    dest, src = tmp_path / "dest", tmp_path / "src"
    dest.mkdir()
    src.mkdir()
    (src / "a.bin").write_bytes(b"x" * 4_000_000)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        up = await profiler.measure(session, str(dest), [str(src)], budget=0.3, fresh=True,
                                    for_copy=profiler.ForCopy("up", 3), rtt_ms=0.25)
        assert up.rtt_ms == 0.25  # the glance's, not measured again
        assert up.tcp_up_MBps and up.tcp_down_MBps is None
        assert up.remote_write_MBps and up.per_file_ms == {}
        assert "Cost of each file not measured: not needed for 3 files" in up.notes, up.notes
        if session.local.aes and session.remote.aes:  # the copy uses AES-GCM; its race times it
            assert up.ciphers == [] and any(n.startswith("ssh per cipher not measured: both computers have AES")
                                            for n in up.notes), up.notes
        else:
            assert up.ciphers
        down = await profiler.measure(session, None, None, budget=0.3, for_copy=profiler.ForCopy("down"))
        assert down.tcp_down_MBps and down.tcp_up_MBps == up.tcp_up_MBps  # kept, and completed
        both = await profiler.measure(session, None, None, budget=0.3)
        assert (both.tcp_up_MBps, both.tcp_down_MBps) == (up.tcp_up_MBps, down.tcp_down_MBps)  # kept
        assert both.ciphers  # advice measures every cipher worth it
    finally:
        await session.close()
    assert list(dest.iterdir()) == []
