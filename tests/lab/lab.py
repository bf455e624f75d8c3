"""A running lab: build it (`Lab.up`), use it (ssh config, remote commands), tear it down (`down`)."""

from __future__ import annotations

import json
import os
import pwd
import shlex
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tests import nas_services, shapes

from . import cgroups, cleanup, delay, disk, names, netns, services
from .scenarios import Scenario, get
from .system import LabError, missing_for_disk, missing_for_lab, run, track

SHAPES = ("openssh", *shapes.SHAPES)  # the remote's ssh server and account
SHAPE_SUMMARY = {"openssh": "OpenSSH sshd, bash and GNU tools", "sftp-only": "OpenSSH, SFTP only, chrooted",
                 "dropbear": "Dropbear and BusyBox only", "dash": "OpenSSH, dash as the login shell"}

RAM_DEST_MB = 6144  # takes only what is written
DISK_MB = int(os.environ.get("TA_LAB_DISK_MB", "2048"))  # sparse; only what is written takes space
START_TIMEOUT_MAX = 90.0  # seconds the NAS's file servers may take to listen under a few % of a core


class LabUnavailable(LabError):
    """This machine cannot build the lab (not root, no namespaces, ...); the message says why."""


def unavailable_reason(scenario: str | Scenario, shape: str = "openssh") -> str | None:
    s = get(scenario) if isinstance(scenario, str) else scenario
    return (missing_for_lab() or (missing_for_disk() if s.disk_write_MBps else None)
            or (shapes.unavailable_reason(shape) if shape != "openssh" else None))


@dataclass
class Lab:
    name: str
    scenario: str
    mode: str                   # "fixture", "api" or "cli" (a cli lab outlives its command)
    owner_pid: int
    dir: str
    slot: int | None = None
    host_ip: str | None = None
    remote_ip: str | None = None
    host_if: str | None = None
    remote_if: str | None = None
    ssh_config: str | None = None
    alias: str = services.ALIAS
    shape: str = "openssh"
    user: str | None = None     # the account ssh logs in as
    dest: str | None = None     # the destination folder on this machine
    remote_dest: str | None = None  # the same folder as the remote names it (/upload in the sftp-only chroot)
    rsync_url: str | None = None
    rsyncd_conf: str | None = None
    loop: str | None = None
    disk_mount: str | None = None
    added_delay_ms: float = 0.0
    measured_rtt_ms: float | None = None
    spec_fields: dict = field(default_factory=dict)  # the Scenario it was built from
    pids: dict = field(default_factory=dict)
    created: float = field(default_factory=time.time)

    # ---- building -------------------------------------------------------------------------
    @classmethod
    def up(cls, scenario: str | Scenario, mode: str = "api", disk_mb: int = DISK_MB, shape: str = "openssh") -> "Lab":
        """Build a lab for a named scenario, or for a Scenario of your own (e.g. another CPU quota), whose
        remote is a host of this shape (SHAPES; tests/shapes.py)."""
        if shape not in SHAPES:
            raise ValueError(f"unknown host shape {shape!r}; known: {', '.join(SHAPES)}")
        spec = get(scenario) if isinstance(scenario, str) else scenario
        reason = unavailable_reason(spec, shape)
        if reason:
            raise LabUnavailable(reason)
        n = 0
        while True:
            name = names.lab_name(spec.name, os.getpid(), n)
            try:
                names.lab_dir(name).mkdir(mode=0o755)
                break
            except FileExistsError:
                n += 1
        lab = cls(name=name, scenario=spec.name, mode=mode, owner_pid=os.getpid(), dir=str(names.lab_dir(name)),
                  shape=shape, spec_fields=asdict(spec))
        lab.save()
        try:
            lab._build(spec, disk_mb)
        except BaseException:
            cleanup.remove_lab(name)
            raise
        return lab

    def _build(self, spec: Scenario, disk_mb: int) -> None:
        root = Path(self.dir)
        self.slot, self.host_if, self.remote_if = netns.create(self.name)
        self.host_ip, self.remote_ip = names.addresses(self.slot)
        self.save()
        cgroups.create(self.name, spec.cpu_cores)
        if spec.rate_mbit:
            netns.shape(self.name, self.host_if, self.remote_if, spec.rate_mbit, spec.rtt_ms)
        if spec.rtt_ms:
            delay.install_rules(self.name, self.remote_if)
            line = delay.start(self.name, root, 0.0)
            track(self.name, line)
            self.pids["delayline"] = line.pid
            self.added_delay_ms, self.measured_rtt_ms = delay.calibrate(line, root, self.remote_ip, spec.rtt_ms)
        else:
            delay.tcp_rtt_ms(self.remote_ip, samples=5)
            self.measured_rtt_ms = delay.tcp_rtt_ms(self.remote_ip)
        if spec.disk_write_MBps:
            self.disk_mount = str(root / "disk")
            self.loop = disk.create(root / "disk.img", Path(self.disk_mount), disk_mb, spec.disk_write_MBps)
            self.dest = str(Path(self.disk_mount) / "dest")
        else:
            # A destination in RAM: in these scenarios the NAS's disk is faster than the link, and
            # this machine's own disk (shared, with writeback and discard of earlier runs) must not
            # add noise to what the lab measures. `down` unmounts it like the slow disk.
            self.dest = str(root / "dest")
            Path(self.dest).mkdir()
            run(["mount", "-t", "tmpfs", "-o", f"size={RAM_DEST_MB}m,mode=0755", "tmpfs", self.dest])
        Path(self.dest).mkdir(parents=True, exist_ok=True)
        self.save()
        prefix = self.remote_prefix()
        self._start_ssh(prefix)
        rsyncd, conf = services.start_rsyncd(root, self.remote_ip, Path(self.dest), prefix)
        track(self.name, rsyncd)
        self.pids["rsyncd"] = rsyncd.pid
        self.rsyncd_conf = str(conf)
        self.rsync_url = f"rsync://{self.remote_ip}/{services.RSYNC_MODULE}/"
        self._start_file_sharing(root, prefix, spec.cpu_cores)
        self.save()

    def _start_file_sharing(self, root: Path, prefix: list[str], cores: float | None) -> None:
        """What a NAS serves besides ssh and rsync, on the remote's address, in its namespace and under its
        quota: Samba sharing the destination (read-only as `photos`, and writable for the lab's account as a share
        named like the folder, its password services.SMB_PASSWORD), vsftpd offering explicit TLS, nfs-ganesha
        exporting it over NFSv3 with its portmapper. Where they are not installed
        (`make test` installs them) the lab runs without them. Under a quota of a few % of a core they take
        that much longer to start (smbd took more than 10 s on the starved NAS, with tests running beside)."""
        if nas_services.missing():
            return
        wait = min(START_TIMEOUT_MAX, nas_services.START_TIMEOUT / min(1.0, cores)) if cores else \
            nas_services.START_TIMEOUT
        dest = Path(self.remote_dest)
        for server in (nas_services.start_samba(root, self.remote_ip, prefix=prefix, mask=30, share=dest,
                                                timeout=wait, shares={dest.name: dest},
                                                accounts=[(self.user, services.SMB_PASSWORD)]),
                       nas_services.start_vsftpd(root, self.remote_ip, tls=True, prefix=prefix, timeout=wait),
                       *([] if nas_services.nfs_missing() else
                         [nas_services.start_nfs(root, self.remote_ip, dest, prefix=prefix, timeout=wait)])):
            track(self.name, server.proc)
            self.pids[server.name] = server.proc.pid

    def _start_ssh(self, prefix: list[str]) -> None:
        if self.shape == "openssh":
            (Path(self.dir) / "ssh").mkdir(mode=0o755)
            sshd, ssh_config = services.start_sshd(Path(self.dir) / "ssh", self.remote_ip, prefix)
            self.user, self.remote_dest = pwd.getpwuid(os.getuid()).pw_name, self.dest
        else:  # its account and folder are the lab's: cleanup.remove_lab removes them with it
            host = shapes.start(self.shape, listen=self.remote_ip, port=services.SSH_PORT, prefix=prefix,
                                alias=services.ALIAS, dest=Path(self.dest), owner=f"lab {self.name}")
            sshd, ssh_config, self.user, self.remote_dest = host.proc, host.ssh_config, host.user, host.dest
            # The account's own password, as a NAS account has one for its FTP service (vsftpd checks the
            # system's): the throwaway services.SMB_PASSWORD, gone with the account when the lab is removed.
            run(["chpasswd"], input=f"{host.user}:{services.SMB_PASSWORD}\n".encode())
        track(self.name, sshd)
        self.pids["sshd"] = sshd.pid
        self.ssh_config = str(ssh_config)

    # ---- state ----------------------------------------------------------------------------
    def save(self) -> None:
        path = Path(self.dir) / cleanup.STATE
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2) + "\n")
        tmp.replace(path)

    @classmethod
    def load(cls, name: str) -> "Lab":
        state = cleanup.read_state(name)
        if state is None:
            raise LabError(f"no lab named {name}")
        return cls(**{k: v for k, v in state.items() if k in cls.__dataclass_fields__})

    @classmethod
    def find(cls, scenario: str | None = None, shape: str | None = "openssh") -> list["Lab"]:
        """Labs that are up now (e.g. made by `python -m tests.lab up`), newest first; of one host shape
        (None: any), so a benchmark asking for `wan` does not get a Dropbear box."""
        found = []
        for name, things in cleanup.leftovers().items():
            state = things.get("state")
            if (state and state.get("ssh_config") and (scenario is None or state.get("scenario") == scenario)
                    and (shape is None or state.get("shape", "openssh") == shape)):
                found.append(cls.load(name))
        return sorted(found, key=lambda lab: lab.created, reverse=True)

    @property
    def spec(self) -> Scenario:
        return Scenario(**self.spec_fields) if self.spec_fields else get(self.scenario)

    # ---- using ----------------------------------------------------------------------------
    def remote_prefix(self) -> list[str]:
        """argv prefix that runs a command "on the remote": in its cgroup, then in its namespace."""
        return cgroups.join_prefix(self.name) + ["ip", "netns", "exec", self.name]

    def remote_argv(self, argv: list[str]) -> list[str]:
        return self.remote_prefix() + list(argv)

    def remote_shell(self, command: str) -> list[str]:
        return self.remote_argv(["sh", "-c", command])

    def ssh_argv(self, command: str | None = None, cipher: str | None = None, *options: str) -> list[str]:
        argv = ["ssh", "-F", str(self.ssh_config)] + (["-c", cipher] if cipher else []) + list(options)
        return argv + [self.alias] + ([command] if command is not None else [])

    def remote_cpu_seconds(self) -> float:
        """CPU time used so far by everything on the remote side (sshd and sessions, daemons)."""
        return cgroups.cpu_seconds(self.name)

    def rtt_ms(self, samples: int = 25) -> float:
        return delay.tcp_rtt_ms(self.remote_ip, samples=samples)

    def describe(self) -> str:
        s = self.spec
        lines = [f"{self.name}: {s.name} - {s.summary} ({s.describe()})",
                 f"  remote      {self.remote_ip} (this side {self.host_ip}; veth {self.host_if} <-> {self.remote_if},"
                 f" namespace {self.name})",
                 f"  ssh config  {self.ssh_config}   (alias {self.alias}: `ssh -F {self.ssh_config} {self.alias}`)",
                 f"  host shape  {self.shape}: {SHAPE_SUMMARY[self.shape]}, logged in as {self.user}",
                 self._destination_line(),
                 f"  rsync       {self.rsync_url}   (daemon config {self.rsyncd_conf})"]
        if self.measured_rtt_ms is not None:
            lines.append(f"  RTT         {self.measured_rtt_ms:.3f} ms measured (TCP connect), "
                         f"delay line adds {self.added_delay_ms:.3f} ms per round trip" if s.rtt_ms else
                         f"  RTT         {self.measured_rtt_ms:.3f} ms measured (TCP connect), no delay line")
        lines.append(f"  on remote   {shlex.join(self.remote_prefix())} COMMAND...")
        return "\n".join(lines)

    def _destination_line(self) -> str:
        line = f"  destination {self.dest}"
        if self.remote_dest and self.remote_dest != self.dest:
            line += f" (the remote calls it {self.remote_dest})"
        if self.loop:
            line += f"  (ext4 on {self.loop}, writes held to {self.spec.disk_write_MBps:g} MB/s)"
        return line

    # ---- tearing down ---------------------------------------------------------------------
    def down(self) -> list[str]:
        return cleanup.remove_lab(self.name)

    def __enter__(self) -> "Lab":
        return self

    def __exit__(self, *exc) -> None:
        self.down()
