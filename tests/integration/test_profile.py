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
