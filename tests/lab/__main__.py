"""python -m tests.lab up SCENARIO | down [SCENARIO|LAB] | status [SCENARIO] | measure SCENARIO | scenarios"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from . import cleanup, names
from .lab import SHAPES, Lab, LabUnavailable
from .scenarios import SCENARIOS
from .system import LabError


def _up(args) -> int:
    try:
        lab = Lab.up(args.scenario, mode="cli", shape=args.shape, **({"disk_mb": args.disk_mb} if args.disk_mb else {}))
    except LabUnavailable as e:
        print(f"lab: cannot build {args.scenario}: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(asdict(lab), indent=2))
        return 0
    print(lab.describe())
    method = "tar-ssh" if lab.shape != "sftp-only" else "sftp"
    print(f"\nTry:  transfer-advisor copy {lab.alias} FILE --dest {lab.remote_dest} --method {method} "
          f"--ssh-config {lab.ssh_config}")
    print(f"Stop: python -m tests.lab down {lab.name}")
    return 0


def _down(args) -> int:
    target = args.target
    if target and names.is_lab_name(target) and target not in SCENARIOS:
        results = {target: cleanup.remove_lab(target)}
    else:
        results = cleanup.remove_all(target)
    bad = 0
    for name, problems in results.items():
        print(f"removed {name}" if not problems else f"{name}: " + "; ".join(problems))
        bad += bool(problems)
    if not results:
        print("no lab to remove")
    return 1 if bad else 0


def _status(args) -> int:
    found = cleanup.leftovers()
    if args.scenario:
        found = {k: v for k, v in found.items() if (names.parse(k) or {}).get("scenario") == args.scenario}
    if args.json:
        print(json.dumps(found, indent=2, default=str))
        return 0
    if not found:
        print("no lab is up, and nothing is left over")
        return 0
    for name, things in sorted(found.items()):
        state = things.get("state") or {}
        if state.get("ssh_config"):
            print(Lab.load(name).describe())
            if state.get("mode") != "cli" and not cleanup.alive(int(state.get("owner_pid", 0))):
                print(f"  left over:  its owner (pid {state.get('owner_pid')}) is gone; "
                      f"`python -m tests.lab down {name}` removes it")
        else:
            print(f"{name}: incomplete or left over (`python -m tests.lab down {name}` removes it)")
        parts = [("namespace", things["namespace"] and name), ("veth", ", ".join(things["links"])),
                 ("cgroups", ", ".join(things["cgroups"])), ("folder", things["folder"]),
                 ("loop", ", ".join(things["loops"])), ("mounts", ", ".join(things["mounts"])),
                 ("accounts", ", ".join(things["accounts"])),
                 ("blkio rule", ", ".join(things["throttle_rules"])),
                 ("processes", " ".join(map(str, things["processes"])))]
        print("  exists:     " + "; ".join(f"{k} {v}" for k, v in parts if v))
    return 0


def _measure(args) -> int:
    """Measure a lab with real bytes: an existing one of that scenario, or a fresh one built for it."""
    import tempfile
    import time
    from pathlib import Path

    from . import measure

    found = Lab.find(args.scenario)
    lab = found[0] if found else Lab.up(args.scenario)
    try:
        print(lab.describe())
        with tempfile.TemporaryDirectory(prefix="ta-labdata-") as tmp:
            src = measure.random_file(Path(tmp) / "random", args.mb << 20)
            print(f"\nmeasured with {args.mb} MiB of random bytes:")
            print(f"  TCP connect RTT  {lab.rtt_ms():8.3f} ms (median of 25)")
            print(f"  nc upload        {measure.nc_MBps(lab, src):8.1f} MB/s")
            print(f"  nc download      {measure.nc_MBps(lab, src, upload=False):8.1f} MB/s")
            for cipher in args.ciphers.split(","):
                cpu, t = lab.remote_cpu_seconds(), time.monotonic()
                rate = measure.ssh_MBps(lab, src, cipher or None)
                used = (lab.remote_cpu_seconds() - cpu) / (time.monotonic() - t)
                print(f"  ssh upload       {rate:8.1f} MB/s  {cipher or '(default cipher)'}, "
                      f"remote CPU {used:.2f} cores")
            print(f"  fsync'd write    {measure.write_MBps(lab, src, lab.dest):8.1f} MB/s into {lab.dest}")
    finally:
        if not found:
            lab.down()
    return 0


def _scenarios(args) -> int:
    for s in SCENARIOS.values():
        print(f"{s.name:12} {s.describe():55} {s.summary}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.lab", description="The network lab (needs root).")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("up", help="build a lab; it stays up until `down`")
    p.add_argument("scenario", choices=list(SCENARIOS))
    p.add_argument("--json", action="store_true", help="print the lab's state as JSON")
    p.add_argument("--disk-mb", type=int, help="size of the slow-disk file system (sparse)")
    p.add_argument("--shape", choices=SHAPES, default="openssh",
                   help="the remote's ssh server and account (default openssh: sshd, root, bash)")
    p.set_defaults(func=_up)
    p = sub.add_parser("down", help="remove every lab, the labs of one scenario, or one lab by name")
    p.add_argument("target", nargs="?", help="a scenario or a lab name; none: everything")
    p.set_defaults(func=_down)
    p = sub.add_parser("status", help="show the labs and everything they hold")
    p.add_argument("scenario", nargs="?", choices=list(SCENARIOS))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_status)
    p = sub.add_parser("measure", help="measure a lab (the one up, or a temporary one) with real bytes")
    p.add_argument("scenario", choices=list(SCENARIOS))
    p.add_argument("--mb", type=int, default=64, help="MiB of random data per measurement (default 64)")
    p.add_argument("--ciphers", default="", help="comma-separated ssh ciphers to measure (default: ssh's own)")
    p.set_defaults(func=_measure)
    p = sub.add_parser("scenarios", help="list the scenarios")
    p.set_defaults(func=_scenarios)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except LabError as e:
        print(f"lab: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
