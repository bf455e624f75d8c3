"""Finding what labs left on the machine, and removing it: by lab name, never by guesswork.

Everything is found from the system itself (not only from state files, which a crash may not
have written): namespaces, cgroups and /tmp folders named ta-lab-*, host-side veths named
talab<slot>h, loop devices backed by a file under /tmp/ta-lab-*, mounts under /tmp/ta-lab-*,
the blkio throttle rules of those loop devices, and the throwaway accounts of host shapes whose
folder says `lab ta-lab-*` (tests/accounts.py).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

from tests import accounts

from . import cgroups, disk, names, netns
from .system import cgroup_v1_mount, out, reap

STATE = "lab.json"


def read_state(name: str) -> dict | None:
    try:
        return json.loads((names.lab_dir(name) / STATE).read_text())
    except (OSError, ValueError):
        return None


def _link_namespaces() -> dict[str, str | None]:
    """Host-side lab veths and the namespace their peer is in (None: peer namespace unknown)."""
    found: dict[str, str | None] = {}
    for link in netns.lab_links():
        m = re.search(r"link-netns (\S+)", out(["ip", "-d", "link", "show", link], check=False))
        found[link] = m.group(1) if m else None
    return found


def _cgroup_names() -> set[str]:
    found = set()
    for controller in ("cpu", "cpuacct", "blkio"):
        mount = cgroup_v1_mount(controller)
        if mount is not None and mount.is_dir():
            found.update(p.name for p in mount.iterdir() if p.is_dir() and names.is_lab_name(p.name))
    return found


def leftovers() -> dict[str, dict]:
    """Everything of every lab that exists now, grouped by lab name."""
    labs: dict[str, dict] = {}

    def entry(name: str) -> dict:
        return labs.setdefault(name, {"namespace": False, "links": [], "cgroups": [], "folder": None,
                                      "loops": [], "mounts": [], "throttle_rules": [], "processes": [],
                                      "accounts": [], "state": None})

    for ns in netns.namespaces():
        if names.is_lab_name(ns):
            e = entry(ns)
            e["namespace"] = True
            e["processes"] = netns.pids_in(ns)
    for link, ns in _link_namespaces().items():
        entry(ns if ns and names.is_lab_name(ns) else "(unknown lab)")["links"].append(link)
    for name in _cgroup_names():
        e = entry(name)
        e["cgroups"] = [str(d) for d in cgroups.dirs(name) if d.exists()]
        blkio = cgroup_v1_mount("blkio")
        if blkio is not None and (blkio / name).exists():
            e["cgroups"].append(str(blkio / name))
        e["processes"] = sorted(set(e["processes"]) | set(cgroups.pids(name)))
    root = names.tmp_root()
    for d in root.glob(f"{names.PREFIX}*"):
        if d.is_dir() and names.is_lab_name(d.name):
            e = entry(d.name)
            e["folder"] = str(d)
            e["state"] = read_state(d.name)
    rules = disk.rules()
    for loop, backing in disk.loops_backed_by(f"{root}/{names.PREFIX}").items():
        name = Path(backing.split(" (deleted)")[0]).relative_to(root).parts[0]
        e = entry(name)
        e["loops"].append(loop)
        try:
            if disk.majmin(loop) in rules:
                e["throttle_rules"].append(f"{disk.majmin(loop)} {rules[disk.majmin(loop)]}")
        except OSError:
            pass
    for mount in disk.mounts_under(f"{root}/{names.PREFIX}"):
        entry(Path(mount).relative_to(root).parts[0])["mounts"].append(mount)
    for account, owner in accounts.owners().items():
        kind, _, lab = owner.partition(" ")
        if kind == "lab" and names.is_lab_name(lab):
            entry(lab)["accounts"].append(account)
    return labs


def remove_lab(name: str) -> list[str]:
    """Remove every trace of lab `name` (processes first). Returns problems; empty means clean."""
    problems: list[str] = []
    folder = names.lab_dir(name)
    state = read_state(name) or {}
    # 1. processes: the namespace's and the cgroups' (sshd, sessions, rsync, nc, delay line)
    if name in netns.namespaces():
        for pid in netns.pids_in(name):
            try:
                os.kill(pid, 15)
            except ProcessLookupError:
                pass
    problems += cgroups.remove(name)
    for account in accounts.owned_by(f"lab {name}"):  # a host shape's (tests/shapes.py)
        problems += accounts.remove_account(account)
    # 2. the disk: throttle rule off (unmounting then flushes at full speed), unmount, detach
    for loop in disk.loops_backed_by(f"{folder}/"):
        problems += disk.clear_rule(loop)
    for mount in disk.mounts_under(f"{folder}/"):
        problems += disk.unmount(mount)
    for loop in disk.loops_backed_by(f"{folder}/"):
        problems += disk.detach(loop)
    # 3. the network: namespace (kills what is left in it) and the host end of the veth
    links = [link for link, ns in _link_namespaces().items() if ns == name]
    if state.get("host_if"):
        links.append(state["host_if"])
    problems += netns.remove(name, None)
    reap(name)
    for link in set(links):
        problems += netns.remove(None, link)
    # 4. the blkio cgroup, if an older lab made one; 5. the folder
    blkio = cgroup_v1_mount("blkio")
    if blkio is not None and (blkio / name).is_dir():
        try:
            (blkio / name).rmdir()
        except OSError as e:
            problems.append(f"cgroup {blkio / name}: {e}")
    if folder.exists():
        if disk.mounts_under(f"{folder}/"):  # never delete into a file system still mounted there
            problems.append(f"folder {folder} kept: something is still mounted in it")
        else:
            shutil.rmtree(folder, ignore_errors=True)
            if folder.exists():
                problems.append(f"folder {folder} could not be removed")
    return problems


def remove_all(scenario: str | None = None) -> dict[str, list[str]]:
    """Remove every lab (or every lab of one scenario). Returns {lab name: problems}."""
    done = {}
    for name in sorted(leftovers()):
        if name == "(unknown lab)":
            continue
        parsed = names.parse(name)
        if scenario and (parsed is None or parsed["scenario"] != scenario):
            continue
        done[name] = remove_lab(name)
    if not scenario:  # host-side lab veths whose namespace is unknown
        for link, ns in _link_namespaces().items():
            if not (ns and names.is_lab_name(ns)):
                done.setdefault("(unknown lab)", []).extend(netns.remove(None, link))
    return done


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap_orphans() -> list[str]:
    """Remove labs whose owner died without tearing them down (a crashed test run).

    A lab made by `python -m tests.lab up` outlives its command on purpose (mode "cli") and is
    left alone; it goes with `python -m tests.lab down`.
    """
    reaped = []
    for name, found in leftovers().items():
        parsed = names.parse(name)
        if parsed is None:
            continue
        state = found.get("state") or {}
        if state.get("mode") == "cli" and state.get("ssh_config"):  # complete and meant to stay up
            continue
        owner = int(state.get("owner_pid") or parsed["pid"])
        if not alive(owner):
            remove_lab(name)
            reaped.append(name)
    return reaped
