"""A dead link is an event, not a hang: every OpenSSH tool the app starts carries keepalives (and the
commands shown to people stay as a person would type them), the watchdog tells a stalled copy from a
slow one, and the sentences say what happened and what to do."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from app.core.host.capabilities import Capabilities
from app.core.errors import explain_stderr, link_lost
from app.core.host.hosts import KEEPALIVE, HostSpec, resolve
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import Job, get
from app.core.transfer.watchdog import MAX_TICK_GAP, SLOW_PHASE_FACTOR, SSH_CHATTER, Pulse, Watchdog, pulse

SIDES = dict(local=Capabilities(openssh=(9, 6)), remote=Capabilities(tools={"scp", "tar", "rsync"}))
SSH_METHODS = ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat"]
KEEPALIVE_OPTS = ["-o", f"ServerAliveInterval={KEEPALIVE[0]}", "-o", f"ServerAliveCountMax={KEEPALIVE[1]}"]


@pytest.fixture
def nas(tmp_path: Path):
    config = tmp_path / "ssh_config"
    config.write_text("Host nas\n  HostName 192.0.2.7\n  User ann\n")
    return resolve(HostSpec("nas", str(config)))


def openssh_argvs(plan) -> list[list[str]]:
    """The command line of every OpenSSH client in a plan: ssh, scp and sftp stages, and rsync's ssh."""
    found = []
    for stage in plan.stages:
        argv = list(stage.argv)
        if stage.tool in ("ssh", "scp", "sftp"):
            found.append(argv)
        elif stage.tool == "rsync":
            found.append(argv[argv.index("-e") + 1].split())
    return found


def has_run(argv: list[str], run: list[str]) -> bool:
    return any(argv[i:i + len(run)] == run for i in range(len(argv)))


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", SSH_METHODS)
def test_every_openssh_tool_gets_keepalives_and_the_shown_command_does_not(nas, method: str, download: bool):
    o = Options(download=download)
    sources = ("/home/ann/big.iso",)
    plan = get(method).build(Job(Ssh(nas.alias, tuple(nas.ssh_options())), sources, "/srv/in", o, **SIDES))
    clients = openssh_argvs(plan)
    assert clients, plan.stages
    for argv in clients:
        assert has_run(argv, KEEPALIVE_OPTS), argv
        assert has_run(argv, ["-o", "StrictHostKeyChecking=yes"]), argv  # next to host-key checking, not instead
    shown = get(method).build(Job(Ssh(nas.display_target, tuple(nas.display_options())), sources, "/srv/in", o,
                                  **SIDES)).display
    assert "ServerAlive" not in shown and "BatchMode" not in shown, shown


def test_a_users_own_keepalive_settings_are_kept(tmp_path: Path) -> None:
    config = tmp_path / "ssh_config"
    config.write_text("Host nas\n  HostName 192.0.2.7\n  ServerAliveInterval 5\n  ServerAliveCountMax 2\n")
    host = resolve(HostSpec("nas", str(config)))
    assert host.keepalive == (5, 2)
    assert has_run(host.ssh_options(), ["-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=2"])


# The watchdog, tick by tick (0.25 s apart, as the copy samples): what is life, what is silence.
TICK = 0.25
LIMIT = 5.0
TOTAL = 1_000_000


def run_ticks(dog: Watchdog, seconds: float, done, work, ssh, start: float = 0.0) -> float | None:
    """Tick for `seconds`; done/work/ssh are functions of the tick's time. The time the dog fired, or None."""
    t = start
    while t < start + seconds:
        t += TICK
        if dog.tick(t, done(t), Pulse(work(t), ssh(t))):
            return t
    return None


def same(value: int):
    return lambda t: value


def test_a_copy_whose_bytes_move_is_never_stopped() -> None:
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    assert run_ticks(dog, 60, lambda t: int(t * 100), same(7), same(0)) is None


def test_a_silent_copy_is_stopped_after_the_limit_not_before() -> None:
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    assert run_ticks(dog, 2, lambda t: int(t * 1000), same(7), same(0)) is None  # moving, then nothing at all
    fired = run_ticks(dog, 60, same(2000), same(7), same(0), start=2.0)
    assert fired is not None and LIMIT <= fired - 2.0 <= LIMIT + 2 * TICK


def test_a_tool_working_without_new_bytes_is_life() -> None:
    """rsync listing a big tree, a compressor: their reads, writes and CPU count before a byte is counted."""
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    assert run_ticks(dog, 60, same(500), lambda t: int(t * 4), same(0)) is None


def test_ssh_keepalives_are_not_life_but_ssh_moving_data_is() -> None:
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    run_ticks(dog, 1, lambda t: int(t * 1000), same(7), same(0))
    chatter = run_ticks(dog, 60, same(1000), same(7), lambda t: int(t) * 100, start=1.0)  # 100 bytes a second
    assert chatter is not None
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    run_ticks(dog, 1, lambda t: int(t * 1000), same(7), same(0))
    assert run_ticks(dog, 60, same(1000), same(7), lambda t: int(t * SSH_CHATTER), start=1.0) is None


@pytest.mark.parametrize("done", [0, TOTAL], ids=["before-the-first-byte", "after-the-last"])
def test_set_up_and_finish_may_be_quiet_longer(done: int) -> None:
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    fired = run_ticks(dog, 60, same(done), same(7), same(0))
    assert fired is not None and LIMIT * SLOW_PHASE_FACTOR <= fired <= LIMIT * SLOW_PHASE_FACTOR + 2 * TICK


def test_a_late_tick_is_the_app_asleep_not_the_link_silent() -> None:
    """Everything stopped (a laptop asleep, or Ctrl-Z): the time the app missed is not counted, and after
    waking the link gets a whole allowance to show life."""
    dog = Watchdog(LIMIT, TOTAL, 0.0)
    run_ticks(dog, 1, lambda t: int(t * 1000), same(7), same(0))
    run_ticks(dog, LIMIT - 1, same(1000), same(7), same(0), start=1.0)  # nearly stalled, then asleep
    assert not dog.tick(LIMIT + 600, 1000, Pulse(7, 0))  # woke ten minutes later: no data yet, still waiting
    fired = run_ticks(dog, 60, same(1000), same(7), same(0), start=LIMIT + 600)
    assert fired is not None and fired - (LIMIT + 600) >= LIMIT - TICK
    assert MAX_TICK_GAP < LIMIT


def test_pulse_counts_a_tool_and_what_it_started(tmp_path: Path) -> None:
    """/proc of real processes: a child's reads and writes count for its parent's copy; one named ssh counts
    apart (its bytes may be keepalives)."""
    fake_ssh = tmp_path / "ssh"
    shutil.copy("/bin/cat", fake_ssh)
    parent = subprocess.Popen(["sh", "-c", f'cat | "{fake_ssh}" > /dev/null'], stdin=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while len(Path(f"/proc/{parent.pid}/task/{parent.pid}/children").read_text().split()) < 2:
            assert time.monotonic() < deadline, "the children did not start"
            time.sleep(0.02)
        before = pulse([parent.pid])
        parent.stdin.write(os.urandom(1 << 20))
        parent.stdin.flush()
        deadline = time.monotonic() + 10
        while (after := pulse([parent.pid])).ssh - before.ssh < 2 << 20:  # read and written once each
            assert time.monotonic() < deadline, (before, after)
            time.sleep(0.02)
        assert after.work - before.work >= 2 << 20  # cat read it from us and wrote it on
    finally:
        parent.stdin.close()
        parent.wait(10)
    assert pulse([parent.pid]) == Pulse(0, 0)  # ended: nothing to count


def test_the_sentences_say_what_happened_and_what_to_do() -> None:
    assert link_lost("nas", "copy", 30, upload=True).sentence == (
        "No data reached nas for 30 s, so the copy was stopped; check the network (Wi-Fi, the NAS) and start "
        "the same copy again: nothing half-written was put in place.")
    assert link_lost("nas", "copy", 7.5, upload=False).sentence.startswith("No data came from nas for 7.5 s, ")
    lost = link_lost("nas", "race")
    assert lost.kind == "link-lost" and lost.sentence == (
        "The connection to nas was lost, so the race was stopped; check the network (Wi-Fi, the NAS) and try "
        "again.")


@pytest.mark.parametrize("stderr", ["Timeout, server 198.18.0.2 not responding.\r\n",
                                    "client_loop: send disconnect: Broken pipe\n",
                                    "Connection to nas closed by remote host.\n"])
def test_ssh_giving_up_on_a_dead_link_is_link_lost(stderr: str) -> None:
    error = explain_stderr(stderr, "nas", "fallback")
    assert error.kind == "link-lost"
    assert error.sentence == ("The connection to nas was lost during the copy; check the network (Wi-Fi, the NAS) "
                              "and start the same copy again.")


def test_rsync_failing_to_write_at_the_destination_is_not_a_lost_link() -> None:
    """The receiver stopped on a write error; its sender then reads a reset connection. The cause is the
    write, so the copy is not worded as a lost link (whose staging folder waits for the network)."""
    stderr = ('rsync: [receiver] write failed on "album \'x\'/photo 6.jpg" (in ta): Not a directory (20)\n'
              "rsync error: error in file IO (code 11) at receiver.c(657) [receiver=3.5.0]\n"
              "rsync error: error in file IO (code 11) at io.c(1892) [generator=3.5.0]\n"
              "rsync: [sender] read error: Connection reset by peer (104)\n")
    error = explain_stderr(stderr, "nas", "fallback")
    assert error.kind == "failed"
    assert error.sentence.startswith("Writing the copy at the destination failed (rsync: error in file IO)")
    full = stderr.replace("Not a directory (20)", "No space left on device (28)")
    assert explain_stderr(full, "nas", "fallback").kind == "dest-full"
