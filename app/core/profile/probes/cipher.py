"""SSH throughput per cipher, with the CPU each side spent: what encryption costs here.

The real OpenSSH client sends random bytes to `cat > /dev/null` on the host for about a
second per cipher. The remote script reads its sshd's CPU time (/proc/$PPID/stat) before
and after, so a saturated NAS CPU shows up as such.
"""

from __future__ import annotations

import asyncio
import os
import select

from app.core.host.ssh_command import AEAD, Options
from app.core.language import Words, decimal
from app.core.profile.probes.common import MBps, ProbeContext, now, send_for, steady_MBps
from app.core.profile.link_profile import CipherProbe
from app.core.runner import Pipeline, Stage
from app.core.tasks import finish

# The two ciphers that decide it today: AES-GCM wins where the CPU has AES instructions, chacha20
# where it has not. (OpenSSH removed arcfour in 7.6; CBC modes are old; aes256-gcm and the CTR
# modes are not faster than aes128-gcm on the same CPU, and each probe costs a second of advice.)
WORTH_PROBING = AEAD
# A server that offers neither (Dropbear before 2020, old NAS firmware) leaves a CTR mode, and with it a
# MAC, a second cost: which one is fastest depends on the CPU (SHA instructions favour the HMACs, their
# absence umac). With aes128-ctr on this project's x86 machine (SHA instructions): hmac-sha1-etm 305,
# hmac-sha2-256-etm 265, umac-64-etm 220 MB/s, where aes128-gcm made 360: so MACs are probed only where
# no AEAD cipher is shared, the three first both sides offer of these, and the fastest is kept.
NOT_AEAD = "aes128-ctr"
MACS_WORTH_PROBING = ("umac-64-etm@openssh.com", "hmac-sha2-256-etm@openssh.com", "hmac-sha1-etm@openssh.com",
                      "umac-64@openssh.com", "hmac-sha2-256", "hmac-sha1")
MACS_AT_MOST = 3

# "go" on stdout once the session is up, so login time is not counted as transfer time.
_REMOTE = ('read -r a < /proc/$PPID/stat; echo go; cat > /dev/null; read -r b < /proc/$PPID/stat; '
           'echo "cpu $(getconf CLK_TCK) $a" >&2; echo "cpu2 $b" >&2')


class CipherProbeWords(Words):
    """Why an ssh cipher could not be measured, shown after "not measured:" (the translator's context)."""


def shared_ciphers(local: list[str], remote: list[str]) -> list[str]:
    return [c for c in WORTH_PROBING if c in local and (not remote or c in remote)]


def worth_probing(local: list[str], remote: list[str], local_macs: list[str] = (),
                  remote_macs: list[str] = ()) -> list[tuple[str, str | None]]:
    """(cipher, MAC) pairs to probe: the AEAD ciphers both sides offer (no MAC: the cipher
    authenticates), else aes128-ctr with each of the MACs worth probing that both sides offer."""
    aead = shared_ciphers(local, remote)
    if aead or NOT_AEAD not in local or (remote and NOT_AEAD not in remote):
        return [(c, None) for c in aead]
    macs = [m for m in MACS_WORTH_PROBING if (not local_macs or m in local_macs)
            and (not remote_macs or m in remote_macs)][:MACS_AT_MOST]
    return [(NOT_AEAD, m) for m in macs] or [(NOT_AEAD, None)]


async def probe_cipher(ctx: ProbeContext, cipher: str, mac: str | None = None) -> CipherProbe:
    o = Options(cipher=cipher, mac=mac)
    ssh = await ctx.session.ready_ssh(o)  # the shared connection's cipher: a channel on it, no second login
    argv = ssh.command(o, _REMOTE)
    r, w = os.pipe()
    ready = asyncio.Event()
    pipeline = Pipeline([Stage(argv)], source=r, on_stdout_line=lambda line: ready.set(),
                        login_env=ctx.session.login_env)
    try:
        await pipeline.start()
        os.close(r)
        # Over the shared connection the master encrypts (the client passed it its pipes): its CPU is counted.
        shared = ctx.session.shared if ssh.shared is not None and ssh.shared.takes(o) else None
        pid = shared.master.pids()[0] if shared is not None and shared.master is not None else pipeline.pids()[0]
        await asyncio.wait_for(ready.wait(), 15)
        start = now()
        local_before = _cpu_ticks(pid)
        marks: list[float] = []
        sent, at_ramp = await asyncio.to_thread(_feed_for, w, ctx.budget, ctx.stall, ctx.ramp, marks)
        local_after = _cpu_ticks(pid)
        os.close(w)
        w = -1
        results = await pipeline.wait()
        elapsed = now() - start
    except BaseException:
        await finish(pipeline.cancel())
        raise
    finally:
        if w >= 0:
            os.close(w)
    if results[0].returncode != 0:
        raise RuntimeError(results[0].stderr.strip() or CipherProbeWords.tr("ssh exited with {code}",
                                                                            code=results[0].returncode))
    if shared is not None:
        shared.carried = True  # its first bulk data's climb is behind it (app.core.host.mux)
    tck = os.sysconf("SC_CLK_TCK")
    remote_cpu = _remote_cpu(results[0].stderr, elapsed)
    rate = steady_MBps(sent, at_ramp, elapsed, ctx.ramp)
    if ctx.ramp > 0 and len(marks) == 2 and marks[1] > marks[0]:
        # A long link: once climbed, ssh took what the link carries, by the writes' own clock; after the last
        # one the buffers drain and the host answers over round trips (a second at 200 ms), which is no speed.
        rate = max(rate, MBps(sent - at_ramp, marks[1] - marks[0]))
    return CipherProbe(cipher, rate, (local_after - local_before) / tck / elapsed, remote_cpu, mac)


def _feed_for(fd: int, seconds: float, stall: float, ramp: float = 0.0,
              marks: list[float] | None = None) -> tuple[int, int]:
    """Feed ssh for `ramp` + `seconds` (send_for); TimeoutError when it takes nothing for `stall` seconds
    (a dead link)."""
    os.set_blocking(fd, False)

    def write(view: memoryview) -> None:
        while view:
            if not select.select([], [fd], [], stall)[1]:
                raise TimeoutError(CipherProbeWords.tr("ssh took no data for {seconds} s",
                                                       seconds=decimal(stall, "g")))
            view = view[os.write(fd, view):]

    return send_for(write, seconds, ramp, marks)


def _cpu_ticks(pid: int) -> int:
    """utime + stime of a process, in clock ticks."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def _remote_cpu(stderr: str, elapsed: float) -> float:
    """The remote sshd's CPU use, as a fraction of one core, from the two stat lines it printed."""
    first = next((line for line in stderr.splitlines() if line.startswith("cpu ")), "")
    second = next((line for line in stderr.splitlines() if line.startswith("cpu2 ")), "")
    try:
        tck = int(first.split()[1])
        a = first.split(maxsplit=2)[2].rsplit(")", 1)[1].split()
        b = second.split(maxsplit=1)[1].rsplit(")", 1)[1].split()
        ticks = int(b[11]) + int(b[12]) - int(a[11]) - int(a[12])
    except (IndexError, ValueError):
        return 0.0
    return ticks / tck / elapsed if elapsed > 0 else 0.0
