"""The CPU the host gives one busy process: a shell's own loop, its CPU time over the wall time it ran.

A NAS in a container, a VPS or a shared box may be held to a share of a core (a cgroup quota, other work);
on such a host every tool, sshd's cipher and the copy's own commands get that share, and a model that takes
the host's cores at their word promises a 24 MB copy in 1 s that takes 6 (the lab's NAS at 4 % of a core).
The cipher probes show it where they run; a copy's profile (and the glance before a small copy) leaves them
out, so this probe says it in a tenth of a second where the host gives a whole core, a fifth where it does
not. A weak core the host gives in full reads 1: how fast that core is, the cipher probes say.

The loop is the shell's own arithmetic (no process started inside it), so dash, bash and BusyBox ash all run
it; its CPU time is the shell's own, from /proc/self/schedstat (nanoseconds) where the kernel has it, else
/proc/self/stat (clock ticks); the wall time by the host's clock, so no round trip is in either.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.host.remote_cpu import DEFAULT_TICKS
from app.core.language import Words
from app.core.profile.probes.common import NOW_NS, ProbeContext, host_seconds
from app.core.quoting import sh_command

# The loop stops once it has run QUICK_S with at least WHOLE of a core (a host that gives a core: a tenth of a
# second of its time), else at LONGEST_S: long enough for a few of a quota's periods (the kernel's default period
# is 0.1 s, the lab's 8-25 ms) and for ticks of 10 ms to count a share of a few %.
QUICK_S = 0.1
WHOLE = 0.7  # schedstat is brought up to date at the scheduler's ticks: a whole core may read a little less
LONGEST_S = 0.2
CHUNK = 1000  # loop turns between two looks at the clock (about a millisecond on a desktop core, in dash)
# The session's shared OpenSSH connection logs in beside the control connection's first commands: its key exchange
# would take part of what the host gives (the lab's starved NAS read 0.024-0.030 during it, 0.034-0.039 alone).
# The loop waits for it, at most this long (the copy that follows waits for it anyway).
SHARED_WAIT = 5.0
TIMEOUT = 15.0  # the command's answer, whatever the host's pace (it runs LONGEST_S of the host's own clock)
NO_PROC = 4  # the script's exit status where the host has no /proc/uptime (FreeBSD, macOS): nothing to tell


class CpuShareWords(Words):
    """Why the CPU the host gives could not be measured, shown after "not measured:" (the translator's context)."""


# /proc/uptime in hundredths of a second, read without starting a process: the loop's own clock.
_SCRIPT = NOW_NS + r"""
[ -r /proc/uptime ] || exit 4
hundredths() { read -r u _ < /proc/uptime; echo "${u%.*}${u#*.}"; }
read -r c0 _ < /proc/self/schedstat 2>/dev/null || c0=
read -r t0 < /proc/self/stat 2>/dev/null || t0=
s=$(now_ns)
u0=$(hundredths)
while :; do
  i=0; while [ "$i" -lt "$3" ]; do i=$((i + 1)); done
  read -r u _ < /proc/uptime; el=$(( ${u%.*}${u#*.} - u0 ))
  [ "$el" -ge "$2" ] && break
  if [ "$el" -ge "$1" ] && [ -n "$c0" ]; then
    read -r c _ < /proc/self/schedstat
    [ $(( (c - c0) / 100000 )) -ge $(( el * $4 )) ] && break
  fi
done
read -r c1 _ < /proc/self/schedstat 2>/dev/null || c1=
read -r t1 < /proc/self/stat 2>/dev/null || t1=
e=$(now_ns)
[ -n "$c0" ] && [ -n "$c1" ] && echo "schedstat $c0 $c1"
[ -n "$t0" ] && [ -n "$t1" ] && echo "ticks $(getconf CLK_TCK 2>/dev/null || echo 0)" && echo "stat0 $t0" && echo "stat1 $t1"
echo "ns $s $e"
"""


@dataclass(frozen=True)
class CpuShare:
    cores: float    # of one core, what the loop got while it ran (1.0 at most, give or take a tick)
    seconds: float  # how long it ran, by the host's clock


async def probe_cpu_share(ctx: ProbeContext) -> CpuShare | None:
    """What one busy process gets of the host's CPU (None: the host has no /proc to tell it)."""
    await ctx.session.shared_logged_in(SHARED_WAIT)
    script = sh_command(_SCRIPT, str(round(QUICK_S * 100)), str(round(LONGEST_S * 100)), str(CHUNK),
                        str(round(WHOLE * 100)))
    result = await ctx.session.run(script, timeout=TIMEOUT)
    if result.exit_status == NO_PROC:
        return None
    if result.exit_status != 0:
        raise RuntimeError((result.stderr or b"").decode(errors="replace").strip()
                           or CpuShareWords.tr("the CPU test failed (exit {status})", status=result.exit_status))
    out = result.stdout or b""
    elapsed = host_seconds(out)
    used = cpu_seconds(out.decode(errors="replace"))
    if not elapsed or used is None:
        return None
    return CpuShare(used / elapsed, elapsed)


def cpu_seconds(stdout: str) -> float | None:
    """The shell's own CPU seconds between its two readings: schedstat's nanoseconds where both are there, else
    utime + stime of /proc/self/stat (fields 14 and 15) in clock ticks."""
    fields = {line.split(maxsplit=1)[0]: line.split(maxsplit=1)[1] for line in stdout.splitlines() if " " in line}
    try:
        if "schedstat" in fields:
            a, b = (int(x) for x in fields["schedstat"].split())
            return (b - a) / 1e9 if b >= a else None
        ticks = int(fields["ticks"]) or DEFAULT_TICKS
        a, b = (fields[k].rsplit(")", 1)[1].split() for k in ("stat0", "stat1"))
        used = int(b[11]) + int(b[12]) - int(a[11]) - int(a[12])
    except (KeyError, IndexError, ValueError):
        return None
    return used / ticks if used >= 0 else None
