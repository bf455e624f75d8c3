"""The capability script, run for real by the shells NAS boxes have: BusyBox ash with only BusyBox
applets on PATH, dash, and no shell at all (an SFTP-only account prints nothing)."""

from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

import pytest

from app.core.host.capabilities import TOOLS, _REMOTE_SCRIPT, local, parse_remote


def _run(shell: list[str], path: str, dest: str, cwd: Path | None = None) -> str:
    script = _REMOTE_SCRIPT.format(tools=" ".join(TOOLS))
    out = subprocess.run([*shell, "-c", script, "sh", dest], capture_output=True, text=True, timeout=30, cwd=cwd,
                         env={"PATH": path, "HOME": "/", "SSH_CONNECTION": "198.18.0.1 40000 198.18.0.2 22"})
    return out.stdout


def test_busybox_box_is_seen_as_one(busybox_bin: str, tmp_path: Path) -> None:
    busybox_path = busybox_bin
    caps = parse_remote(_run([os.path.join(busybox_path, "sh")], busybox_path, str(tmp_path / "new" / "dest")))
    assert caps.shell and caps.busybox
    assert caps.tar_flavour == "BusyBox" and caps.nc_flavour == "BusyBox"
    assert not caps.nc_listen_ok  # BusyBox nc listens with -l -p PORT, not OpenBSD's -l ADDR PORT
    assert {"tar", "nc", "sha256sum", "setsid", "find", "xargs"} <= caps.tools
    assert not caps.has("rsync") and not caps.has("python3") and not caps.has("zstd")
    assert caps.cores >= 1  # BusyBox has no getconf: /proc/cpuinfo is counted instead
    assert (caps.client_address, caps.client_port, caps.server_address, caps.server_port) == \
        ("198.18.0.1", 40000, "198.18.0.2", 22)
    assert caps.dest_exists is False and caps.dest_writable is True and caps.dest_free_bytes


def test_dash_with_gnu_tools() -> None:
    caps = parse_remote(_run(["dash"], "/usr/bin:/bin", "/"))
    assert caps.shell and not caps.busybox
    assert caps.tar_flavour == "GNU tar" and caps.nc_flavour == "OpenBSD netcat" and caps.nc_listen_ok
    assert caps.dest_exists is True


@pytest.mark.parametrize("dest", ["/", "{tmp}/new/dest/", "{tmp}", "not-made-yet/x", "x"])
@pytest.mark.parametrize("shell", ["dash", "bash"])
def test_the_script_sees_this_computer_as_this_computer_sees_itself(shell: str, dest: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Run here, the host's script must find what `local` finds here: rsync's text, the tools' flavours, the
    CPU, the destination (relative ones from the folder it runs in, as the host's home)."""
    monkeypatch.chdir(tmp_path)
    where = dest.format(tmp=tmp_path)
    there = parse_remote(_run([shell], "/usr/bin:/bin", where, cwd=tmp_path))
    here = local(where)
    for name in ("rsync_version", "rsync_compress", "rsync_attrs", "tar_flavour", "nc_flavour", "cores", "aes",
                 "boot_id", "dest_exists", "dest_writable"):
        assert getattr(there, name) == getattr(here, name), name
    assert there.rsync_version and there.rsync_compress  # rsync is installed here
    assert there.uid == os.getuid() and there.login_shell == pwd.getpwuid(os.getuid()).pw_shell
    assert there.cpu_model and ":" not in there.cpu_model
    # (read a moment apart, by df there and statvfs here, while other tests fill the same file system)
    assert there.dest_free_bytes and abs(there.dest_free_bytes - here.dest_free_bytes) < max(here.dest_free_bytes // 10,
                                                                                          64 << 20)


def test_an_account_without_a_shell_prints_nothing() -> None:
    caps = parse_remote("")
    assert not caps.shell and not caps.tools and caps.server_address == ""


@pytest.mark.parametrize("ranges, count", [("0", 1), ("0-3", 4), ("0-3,6", 5), ("0,2-3,8-11\n", 7), ("", 0),
                                           ("0-x", 0)])
def test_the_cpus_online_are_counted_from_the_kernel_s_ranges(ranges: str, count: int) -> None:
    from app.core.host.capabilities import cpus_online
    assert cpus_online(ranges) == count
