"""A NAS on another continent (the lab's long-fat link: 300 Mbit/s, 200 ms): one TCP connection is held by its
buffers and one ssh stream by its 2 MiB window, far below what the link carries. `copy --best`, run as a user
runs it, measures that (raw TCP on one connection and on several), races the best secure method on parallel
streams beside the same method on one, and copies on streams; the files arrive whole. What is asserted is what
the user gets (the figures the profile shows, the pick, the bytes), never a time.
"""

from __future__ import annotations

import filecmp
import json
import subprocess
from pathlib import Path

import pytest

from tests.cutting import APP, make_album

pytestmark = pytest.mark.root


def _same_tree(a: Path, b: Path) -> bool:
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    return not mismatch and not errors and all(_same_tree(a / d, b / d) for d in cmp.common_dirs)


def test_copy_best_goes_on_parallel_streams_where_one_stream_is_held_and_the_files_arrive_whole(
        lab, tmp_path: Path) -> None:
    far = lab("long-fat")
    album = make_album(tmp_path / "album", 8, 6 << 20, notes=10)  # 48 MiB in 8 photos and 10 notes
    dest = Path(far.dest) / tmp_path.name
    args = ["copy", far.alias, str(album), "--dest", f"{far.remote_dest}/{tmp_path.name}",
            "--ssh-config", str(far.ssh_config), "--best", "--fresh"]
    proc = subprocess.run([*APP, *args, "--json"], capture_output=True, text=True, timeout=600,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["method"] in ("tar-ssh", "rsync-ssh") and result["options"]["streams"] > 1, result
    assert result["command"].startswith(f"{result['options']['streams']} of these side by side")
    assert result["verified"] and _same_tree(album, dest / "album")
    # Shown as a person reads it: the profile had both TCP figures, the race both variants.
    shown = subprocess.run([*APP, "advise", far.alias, str(album), "--dest", f"{far.remote_dest}/again",
                            "--ssh-config", str(far.ssh_config)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert shown.returncode == 0, shown.stdout
    lines = shown.stdout.splitlines()
    assert any(line.strip().startswith("Raw TCP, upload, 4 connections") for line in lines), shown.stdout
    # The race: the pick on streams, and the same variant on one stream raced beside it or said to be left
    # out because the streams lap already outran what it can reach.
    laps = {line.split("  ")[0].strip(): line for line in (raw.strip() for raw in lines)
            if line.startswith(("tar over ssh (", "rsync over ssh (")) and "MB/s" in line}
    on_streams = [name for name in laps if name.endswith("streams)")]
    assert on_streams, shown.stdout
    one = on_streams[0].rsplit(", ", 1)[0] + ")"
    assert one in laps, shown.stdout
    assert "not raced: " not in laps[one] or "already moved" in laps[one]
    assert "parallel streams" in next(line for line in lines if line.startswith("Recommended (secure):"))


def test_a_far_links_round_trip_is_the_connections_own_and_a_lans_is_echoed(lab, sshd) -> None:
    """On a far link the profile takes the control connection's own smoothed round trip (free, where echoes
    cost a second at 200 ms): it agrees with the echoes. On a LAN (the test sshd on loopback) the echoes."""
    import asyncio

    from app.core.host.hosts import HostSpec
    from app.core.host.session import Session
    from app.core.profile.probes import rtt
    from app.core.profile.probes.common import ProbeContext

    far = lab("long-fat")

    async def both(spec: HostSpec) -> tuple[float | None, float]:
        session = await Session.open(spec)
        try:
            return rtt.connection_rtt_ms(session), await rtt.echo_rtt(ProbeContext(session))
        finally:
            await session.close()

    own, echoed = asyncio.run(both(HostSpec(far.alias, str(far.ssh_config))))
    # Within 10 %: the kernel's smoothed round trip also holds the far sshd's time to answer, and on a machine
    # busy with other tests that was 212 ms against echoes of 198 (CI); the window model needs no closer.
    assert own is not None and 180 < echoed < 260 and abs(own - echoed) < 0.10 * echoed, (own, echoed)
    own, echoed = asyncio.run(both(HostSpec("testhost", str(sshd.ssh_config))))
    assert own is None and echoed < 20
