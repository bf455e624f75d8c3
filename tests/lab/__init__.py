"""The network lab: a "remote" host in a network namespace, for tests and benchmarks.

As root on Linux, `Lab.up("wan")` builds a remote host joined to this one by a veth pair,
addressed only in 198.18.0.0/15 (198.18.<slot>.1 here, 198.18.<slot>.2 there), with:
  rate    `tc tbf` on both veth ends                         (netns.py)
  delay   an NFQUEUE delay line inside the namespace         (delay.py, delayline.py)
  CPU     a cgroup v1 quota for everything on the remote     (cgroups.py)
  disk    ext4 on a loop device, writes throttled by blkio   (disk.py; slow-disk only)
  servers a real sshd on :22 (ssh config alias `labhost`), an rsync daemon on :873 with
          module `share`, and nc, all inside the namespace   (services.py)
  shape   the ssh server on :22 may be another host shape: sftp-only, dropbear, dash
          (Lab.up(..., shape=...); tests/shapes.py)
Scenarios: gigabit-lan, weak-nas, fast-link, wan, slow-disk, long-fat (scenarios.py).

People:     python -m tests.lab up wan | status | down [wan]
pytest:     the `lab` fixture factory (fixtures.py): lab("wan") -> Lab
benchmarks: `with Lab.up("wan") as lab: ...`, or Lab.find("wan") for one already up;
            measure.py measures a lab with real bytes.
Everything is named ta-lab-<scenario>-<pid> (veths talab<slot>h/r); `down` removes all of it,
also after a crash. No traffic goes anywhere but 127.0.0.0/8 and the lab's own 198.18.x.x /30.
"""

from .lab import Lab, LabUnavailable, unavailable_reason
from .scenarios import SCENARIOS, Scenario
from .system import LabError

__all__ = ["Lab", "LabError", "LabUnavailable", "SCENARIOS", "Scenario", "unavailable_reason"]
