"""The host's CPU a lap costs, read from its process table: every process under the ssh server that
serves the sampling shell, the sampler left out, nothing of another server or of this computer's side."""

from __future__ import annotations

from app.core.host.remote_cpu import CpuSample, cores_between, served_cpu_seconds


def stat(pid: int, name: str, ppid: int, ticks: int) -> str:
    """A /proc/PID/stat line: utime and stime are fields 14 and 15 (here all in utime)."""
    return f"{pid} ({name}) S {ppid} {pid} {pid} 0 -1 4194560 100 0 0 0 {ticks} 0 0 0 20 0 1 0 100 1000 10"


def table(me: int, lines: list[str], ticks: int = 100) -> str:
    return "\n".join([f"me {me} {ticks}", *lines]) + "\n"


# One OpenSSH host: init, the listener, the control connection (its shell ran `sh -c`, which runs cat),
# a lap's login with tar, a listener the app started over the control connection, and on the same
# kernel (a container host) this computer's own ssh and tar, which must not count.
OPENSSH = [
    stat(1, "init", 0, 5000),
    stat(100, "sshd", 1, 20),
    stat(200, "sshd", 100, 10), stat(201, "sshd", 200, 30), stat(202, "bash", 201, 5),
    stat(203, "sh", 202, 2), stat(204, "cat", 203, 1),
    stat(300, "sshd", 100, 10), stat(301, "sshd", 300, 400), stat(302, "tar", 301, 250),
    stat(210, "sh", 201, 1), stat(211, "nc", 210, 70), stat(212, "tar", 210, 80),
    stat(900, "ssh", 1, 999), stat(901, "tar", 1, 999), stat(902, "sshd", 1, 999),  # another server: not ours
]


def test_everything_under_the_server_counts_but_the_sampler() -> None:
    # 20 + 10 + 30 + 5 (the control connection) + 10 + 400 + 250 (the lap) + 1 + 70 + 80 (the listener)
    assert served_cpu_seconds(table(203, OPENSSH)) == (20 + 10 + 30 + 5 + 10 + 400 + 250 + 1 + 70 + 80) / 100


def test_a_shell_that_execs_the_command_and_the_clock_rate() -> None:
    lines = [line for line in OPENSSH if not line.startswith(("202 ", "203 "))] + [stat(203, "sh", 201, 2)]
    assert served_cpu_seconds(table(203, lines, ticks=250)) == (20 + 10 + 30 + 10 + 400 + 250 + 1 + 70 + 80) / 250
    assert served_cpu_seconds(table(203, lines, ticks=0)) == (20 + 10 + 30 + 10 + 400 + 250 + 1 + 70 + 80) / 100


def test_dropbear_and_openssh_9_8_sessions() -> None:
    dropbear = [stat(1, "init", 0, 1), stat(50, "dropbear", 1, 3), stat(60, "dropbear", 50, 40),
                stat(61, "sh", 60, 1), stat(70, "dropbear", 50, 300), stat(71, "tar", 70, 100)]
    assert served_cpu_seconds(table(61, dropbear)) == (3 + 40 + 300 + 100) / 100
    split = [stat(1, "systemd", 0, 1), stat(10, "sshd", 1, 2), stat(11, "sshd-session", 10, 5),
             stat(12, "sshd-session", 11, 9), stat(13, "sh", 12, 1)]
    assert served_cpu_seconds(table(13, split)) == (2 + 5 + 9) / 100


def test_no_server_in_sight_is_no_figure() -> None:
    assert served_cpu_seconds(table(5, [stat(5, "sh", 4, 1), stat(4, "init", 0, 1)])) is None
    assert served_cpu_seconds(table(5, [])) is None  # no /proc to read
    assert served_cpu_seconds(table(203, OPENSSH[:3] + ["garbage line", "7 (x) S"])) is None


def test_cores_between_two_samples() -> None:
    assert cores_between(CpuSample(10.0, 3.0), CpuSample(12.0, 4.5)) == 0.75
    assert cores_between(CpuSample(10.0, 3.0), None) is None
    assert cores_between(CpuSample(10.0, 3.0), CpuSample(10.1, 3.5)) is None  # too short to say
    assert cores_between(CpuSample(10.0, 3.0), CpuSample(12.0, 2.0)) is None  # a process ended between them
