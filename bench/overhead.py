#!/usr/bin/env python3
"""How much does Transfer Advisor cost on top of the tool it runs?

For every method, the same data is copied (1) by the app, through its CLI exactly as a
user runs it, and (2) by the same tool typed by hand, into a fresh destination each time,
against a private sshd on 127.0.0.1 (tests.peers.start_sshd). Nothing leaves 127.0.0.1.

Datasets (incompressible, built in a temporary folder):
  A   a few large files (default 1 GiB in 4 files)      -> every method except ssh-cat
  A1  the first file of A alone                         -> ssh-cat (it copies exactly one file)
  B   many small files (default 5000 of 1-64 KiB)       -> every method except ssh-cat

What is measured, per run, median over --repeat:
  hand s      wall time of the hand-typed command (for the insecure methods: from starting
              the remote listener over ssh until both sides are done)
  app s       wall time of `transfer-advisor copy ...` from spawn to exit: what a user waits
              for (start-up, login, capability probe, scan, staging, copy, finalize, verify)
  xfer s      the app's "copying" phase alone (from its Phase events): the part that is the
              same work as the hand command, so `1 - hand s / xfer s` is the cost of the app's
              monitoring (plus any difference in the tool's argv)
  CPU         CPU of the app's own Python process only (all its threads: event loop, worker
              threads), never the tar/ssh/rsync children: the whole run from /proc/PID/stat
              utime+stime read when the process has exited but is not yet reaped; the copy
              phase from time.process_time() stamped at the Phase events. Also the CPU of the
              local tools (ssh, tar...): the app's cutime+cstime, and RUSAGE_CHILDREN around a
              hand run. The "relay" column is for older versions of the app, which relayed the
              data through a thread of their own (its time.thread_time()); the current runner
              passes it from tool to tool, so it stays empty.
  argv s      (--app-argv) the app's exact argv, from method.build(), run as a plain
              pipeline without the app: separates argv choices (scp -p...) from monitoring cost.

The phase times come from bench/_instrumented_cli.py, which runs app.cli.main unchanged and
only stamps the Phase events. By default the data lives in /dev/shm and the test sshd skips
the remote ~/.bashrc (see --workdir, --remote-shell-rc): both are noise the app did not cause.

Run:  .venv/bin/python bench/overhead.py [--size-mb 1024] [--small-files 5000] [--repeat 3]
      [--methods scp,tar-ssh] [--json out.json] [--app-argv] [--keep]
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import platform
import random
import re
import resource
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.peers import free_port, start_sshd  # noqa: E402
from app.core.runner import stop_server  # noqa: E402

INSTRUMENTED_CLI = Path(__file__).resolve().parent / "_instrumented_cli.py"
METHODS = ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc"]
INSECURE = {"rsync-daemon", "tar-nc", "rsync-service"}
# Not by default: the rsync service a NAS runs listens on port 873 of 127.0.0.1 (needs root; --methods rsync-service)
SERVICE_PORT = 873
ALIAS = "testhost"
CLK_TCK = os.sysconf("SC_CLK_TCK")
RUN_TIMEOUT = 900.0
READY_TIMEOUT = 15.0
OVERHEAD_TARGET = 3.0  # percent: the app at most this much slower than the same tool by hand
CPU_TARGET = 5.0       # percent of one core for the app's own process while it copies
GIGABIT_BPS = 117e6    # payload rate of a 1 GbE link, for projecting the CPU cost to a real LAN


# ---------------------------------------------------------------- datasets

@dataclass
class Dataset:
    name: str
    sources: list[str]  # absolute paths, what both the app and the hand command get
    files: int
    bytes: int
    note: str


def make_large(folder: Path, total: int, count: int) -> None:
    folder.mkdir(parents=True)
    per = total // count
    chunk = 8 << 20
    for i in range(count):
        size = per if i < count - 1 else total - per * (count - 1)
        with open(folder / f"big{i}.bin", "wb") as f:
            while size > 0:
                n = min(chunk, size)
                f.write(os.urandom(n))
                size -= n


def make_small(folder: Path, count: int, lo: int, hi: int, seed: int = 1) -> int:
    rng = random.Random(seed)
    total = 0
    per_dir = 100
    for i in range(count):
        d = folder / f"d{i // per_dir:03d}"
        if i % per_dir == 0:
            d.mkdir(parents=True)
        size = rng.randint(lo, hi)
        (d / f"f{i:05d}.bin").write_bytes(rng.randbytes(size))
        total += size
    return total


def tree_stats(path: Path) -> tuple[int, int]:
    """(regular files, bytes) under path (or of path itself)."""
    if path.is_file():
        return 1, path.stat().st_size
    files = size = 0
    for base, _dirs, names in os.walk(path):
        for n in names:
            st = os.lstat(os.path.join(base, n))
            files += 1
            size += st.st_size
    return files, size


def build_datasets(data: Path, size_mb: int, large_files: int, small_files: int, small_min_kb: int,
                   small_max_kb: int) -> dict[str, Dataset]:
    t = time.monotonic()
    big = data / "large"
    make_large(big, size_mb << 20, large_files)
    small = data / "small"
    small_bytes = make_small(small, small_files, small_min_kb << 10, small_max_kb << 10)
    os.sync()
    first = big / "big0.bin"
    log(f"datasets built in {time.monotonic() - t:.1f} s")
    return {
        "A": Dataset("A", [str(big)], large_files, size_mb << 20, f"{large_files} files, {size_mb} MiB"),
        "A1": Dataset("A1", [str(first)], 1, first.stat().st_size, "one file of A"),
        "B": Dataset("B", [str(small)], small_files, small_bytes,
                     f"{small_files} files of {small_min_kb}-{small_max_kb} KiB"),
    }


def pairs(methods: list[str]) -> list[tuple[str, str]]:
    out = []
    for m in methods:
        for ds in (["A1"] if m == "ssh-cat" else ["A", "B"]):
            out.append((m, ds))
    return out


# ---------------------------------------------------------------- running things

@dataclass
class Env:
    cfg: str          # ssh config with the alias
    home: str         # the app's state folder (--config-dir)
    work: Path        # scratch for batch files, rsyncd configs, marks
    python: str


@dataclass
class Run:
    method: str
    dataset: str
    mode: str              # hand | app | argv
    rep: int
    seconds: float
    ok: bool
    error: str = ""
    phases: dict[str, float] = field(default_factory=dict)  # app: wall seconds per phase
    cpu_run: float | None = None     # app process CPU s, whole run (/proc at exit)
    cpu_copy: float | None = None    # app process CPU s during the copying phase
    cpu_relay: float | None = None   # relay thread CPU s (older versions of the app only)
    cpu_tools: float | None = None   # CPU s of the local tools (ssh, tar, rsync, nc...): the app's children,
                                     # or everything the hand command started (bash included)
    progress_events: int | None = None
    app_seconds: float | None = None  # the app's own reported seconds (JSON)
    command: str = ""
    load: float | None = None  # 1-minute load average when the run started (other work on the machine)
    data_seconds: float | None = None  # hand, insecure methods: from "the listener is ready" to done
    phase_cpu: dict[str, float] = field(default_factory=dict)  # app: its own CPU s per phase


def loadavg() -> float | None:
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def ssh_base(env: Env) -> list[str]:
    return ["ssh", "-F", env.cfg]


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def run_shell(cmd: str, timeout: float = RUN_TIMEOUT, env_extra: dict | None = None) -> tuple[int, str]:
    proc = subprocess.Popen(["bash", "-o", "pipefail", "-c", cmd], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, **(env_extra or {})})
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        _, err = proc.communicate()
        return -1, "timeout\n" + err.decode(errors="replace")
    return proc.returncode, err.decode(errors="replace")


class Listener:
    """A remote helper started by hand over ssh; ready when its stderr shows `ready`."""

    def __init__(self, env: Env, remote: str, ready: str) -> None:
        self.proc = subprocess.Popen([*ssh_base(env), ALIAS, remote], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        self.stderr = ""
        self.ready = threading.Event()
        self._want = ready
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            line = raw.decode(errors="replace")
            self.stderr += line
            if self._want in line:
                self.ready.set()
        self.ready.set()  # EOF: wake the waiter, which sees the process gone

    def wait_ready(self) -> None:
        if not self.ready.wait(READY_TIMEOUT) or self.proc.poll() is not None:
            raise RuntimeError(f"listener not ready: {self.stderr.strip()[-300:]}")

    def wait(self, timeout: float = RUN_TIMEOUT) -> int:
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            _kill_group(self.proc)
            code = self.proc.wait()
        self._reader.join(2)
        return code

    def kill(self) -> None:
        _kill_group(self.proc)
        self.proc.wait()


def _parent_name(src: str) -> tuple[str, str]:
    return os.path.dirname(src.rstrip("/")) or "/", os.path.basename(src.rstrip("/"))


def hand(env: Env, method: str, ds: Dataset, dest: Path, tag: str) -> tuple[float, str, str, float | None]:
    """Run the hand-typed command; returns (seconds, error or "", the command, seconds after the listener
    was ready or None)."""
    q = shlex.quote
    dest.mkdir(parents=True)  # a person copies into a folder that exists
    ssh = " ".join(q(a) for a in ssh_base(env))
    srcs = " ".join(q(s) for s in ds.sources)
    if method == "scp":
        cmd = f"scp -r -F {q(env.cfg)} {srcs} {ALIAS}:{q(str(dest))}/"
    elif method == "sftp":
        batch = env.work / f"{tag}.sftp"
        batch.write_text("".join(f'put -r "{s}" "{dest}/"\n' for s in ds.sources))
        cmd = f"sftp -F {q(env.cfg)} -b {q(str(batch))} {ALIAS}"
    elif method == "rsync-ssh":
        cmd = f"rsync -a -e {q(ssh)} {srcs} {ALIAS}:{q(str(dest))}/"
    elif method == "tar-ssh":
        tar = " ".join(f"-C {q(p)} {q(n)}" for p, n in map(_parent_name, ds.sources))
        cmd = f"tar -c -f - {tar} | {ssh} {ALIAS} {q('tar -x -f - -C ' + q(str(dest)))}"
    elif method == "ssh-cat":
        (src,) = ds.sources
        target = q(str(dest / os.path.basename(src)))
        cmd = f"{ssh} {ALIAS} {q('cat > ' + target)} < {q(src)}"
    elif method == "tar-nc":
        return _hand_tar_nc(env, ds, dest)
    elif method == "rsync-daemon":
        return _hand_rsync_daemon(env, ds, dest, tag)
    elif method == "rsync-service":  # the NAS's own service, running already: its module holds every destination
        inside = dest.relative_to(env.work / "dest")
        cmd = f"rsync -a {srcs} rsync://{getpass.getuser()}@127.0.0.1:{SERVICE_PORT}/bench/./{q(str(inside))}/"
    else:
        raise ValueError(method)
    t = time.monotonic()
    code, err = run_shell(cmd)
    seconds = time.monotonic() - t
    return seconds, "" if code == 0 else f"exit {code}: {err.strip()[-400:]}", cmd, None


def _hand_tar_nc(env: Env, ds: Dataset, dest: Path) -> tuple[float, str, str, float | None]:
    q = shlex.quote
    port = free_port()
    # -v only so this script sees when it listens (a person would wait a moment); -d: never read stdin.
    remote = f"nc -d -n -v -l 127.0.0.1 {port} | tar -x -f - -C {q(str(dest))}"
    tar = " ".join(f"-C {q(p)} {q(n)}" for p, n in map(_parent_name, ds.sources))
    local = f"tar -c -f - {tar} | nc -N 127.0.0.1 {port}"
    shown = f"ssh -F {q(env.cfg)} {ALIAS} {q(remote)} & {local}"
    t = time.monotonic()
    listener = Listener(env, remote, "Listening on")
    try:
        listener.wait_ready()
        ready = time.monotonic()
        code, err = run_shell(local)
        rcode = listener.wait()
    except BaseException:
        listener.kill()
        raise
    end = time.monotonic()
    if code or rcode:
        return end - t, f"local exit {code}, remote exit {rcode}: {err.strip()[-200:]} {listener.stderr[-200:]}", \
            shown, None
    return end - t, "", shown, end - ready


def _hand_rsync_daemon(env: Env, ds: Dataset, dest: Path, tag: str) -> tuple[float, str, str, float | None]:
    q = shlex.quote
    port = free_port()
    d = env.work / f"{tag}.rsyncd"
    d.mkdir()
    secret = "bench-" + os.urandom(8).hex()
    (d / "secrets").write_text(f"bench:{secret}\n")
    os.chmod(d / "secrets", 0o600)
    conf = d / "rsyncd.conf"
    conf.write_text(  # the hand-written config a person keeps for this (written before the clock starts)
        f"address = 127.0.0.1\nport = {port}\nuse chroot = no\nmax connections = 1\n"
        f"pid file = {d}/pid\nlock file = {d}/lock\n"
        f"[bench]\n  path = {dest}\n  read only = false\n  auth users = bench\n"
        f"  secrets file = {d}/secrets\n  uid = {os.getuid()}\n  gid = {os.getgid()}\n")
    remote = f"rsync --daemon --no-detach --config={q(str(conf))} --log-file=/dev/stderr"
    client = f"rsync -a {' '.join(q(s) for s in ds.sources)} rsync://bench@127.0.0.1:{port}/bench/"
    shown = f"ssh -F {q(env.cfg)} {ALIAS} {q(remote)} & RSYNC_PASSWORD=... {client}"
    t = time.monotonic()
    listener = Listener(env, remote, "listening on port")
    try:
        listener.wait_ready()
        ready = time.monotonic()
        code, err = run_shell(client, env_extra={"RSYNC_PASSWORD": secret})
        end = time.monotonic()  # the copy is done; stopping the daemon is tidying up
    finally:
        stop = f"kill $(cat {q(str(d / 'pid'))})"
        subprocess.run([*ssh_base(env), ALIAS, stop], stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
        try:
            listener.wait(10)
        except Exception:
            listener.kill()
    if code != 0:
        return end - t, f"exit {code}: {err.strip()[-400:]}", shown, None
    return end - t, "", shown, end - ready


def start_service(work: Path) -> tuple[subprocess.Popen, str]:
    """The rsync service a NAS runs, as a Synology's: a module (`bench`) over the destinations' folder for this
    user, with a password, writing as this user; on 127.0.0.1:873. Returns the daemon and the password."""
    d = work / "rsync-service"
    d.mkdir()
    secret = "bench-" + os.urandom(8).hex()
    (d / "secrets").write_text(f"{getpass.getuser()}:{secret}\n")
    os.chmod(d / "secrets", 0o600)
    conf = d / "rsyncd.conf"
    conf.write_text(f"address = 127.0.0.1\nport = {SERVICE_PORT}\nuse chroot = no\npid file = {d}/pid\n"
                    f"[bench]\n  path = {work / 'dest'}\n  read only = false\n  auth users = {getpass.getuser()}\n"
                    f"  secrets file = {d}/secrets\n  uid = {os.getuid()}\n  gid = {os.getgid()}\n")
    proc = subprocess.Popen(["rsync", "--daemon", "--no-detach", f"--config={conf}", f"--log-file={d}/log"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    from app.core.demo.host import wait_for_port
    wait_for_port(SERVICE_PORT, proc=proc, host="127.0.0.1")
    return proc, secret


def app_argv(env: Env, method: str, ds: Dataset, dest: Path, marks: Path) -> list[str]:
    argv = [env.python, str(INSTRUMENTED_CLI), str(marks), "copy", ALIAS, *ds.sources, "--dest", str(dest),
            "--method", method, "--ssh-config", env.cfg, "--config-dir", env.home, "--json"]
    if method in INSECURE:
        argv.append("--allow-insecure")
    return argv


def proc_cpu_at_exit(proc: subprocess.Popen) -> tuple[float | None, float | None]:
    """(own, children) CPU seconds of a process. Own = utime + stime of the process itself (all its
    threads, none of its children); children = cutime + cstime (the tools it started and reaped).
    Read while it is a zombie: it has exited, so nothing more accrues, and it is not reaped yet, so
    /proc still has it."""
    os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOWAIT)
    try:
        with open(f"/proc/{proc.pid}/stat") as f:
            stat = f.read()
    except OSError:
        return None, None
    rest = stat[stat.rindex(")") + 2:].split()
    return (int(rest[11]) + int(rest[12])) / CLK_TCK, (int(rest[13]) + int(rest[14])) / CLK_TCK


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def app(env: Env, method: str, ds: Dataset, dest: Path, tag: str) -> Run:
    marks_file = env.work / f"{tag}.marks.json"
    argv = app_argv(env, method, ds, dest, marks_file)
    err_file = env.work / f"{tag}.stderr"
    with open(err_file, "wb") as err:
        t0 = time.monotonic()
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err,
                                start_new_session=True)
        timer = threading.Timer(RUN_TIMEOUT, _kill_group, (proc,))
        timer.start()
        try:
            assert proc.stdout is not None
            out = proc.stdout.read()
            cpu, tools = proc_cpu_at_exit(proc)
            t1 = time.monotonic()
            code = proc.wait()
        finally:
            timer.cancel()
    run = Run(method, ds.name, "app", 0, t1 - t0, code == 0, cpu_run=cpu, cpu_tools=tools,
              command=" ".join(shlex.quote(a) for a in ["transfer-advisor", *argv[3:]]))
    try:
        result = json.loads(out)
    except ValueError:
        result = {}
    if code != 0:
        run.error = f"exit {code}: {result.get('error') or result or err_file.read_text()[-400:]}"
        return run
    run.app_seconds = result.get("seconds")
    try:
        m = json.loads(marks_file.read_text())
    except (OSError, ValueError) as exc:
        run.error = f"no marks: {exc}"
        return run
    _phases(run, m, t0, t1)
    return run


def _phases(run: Run, m: dict, t0: float, t1: float) -> None:
    """Wall seconds per phase and CPU of the copying phase, from the instrumented CLI's marks."""
    marks = m["marks"]
    names = [x[0] for x in marks]
    at = {}
    for name, wall, cpu in marks:
        at.setdefault(name, (wall, cpu))  # first occurrence (a port retry emits "copying" again)
    i_copy = names.index("copying")
    after = next(x for x in marks[i_copy:] if x[0] not in ("copying",))  # finalizing or verifying
    run.phases = {
        "startup": at["imported"][0] - t0,                     # interpreter + imports
        "login": at["copy-start"][0] - at["imported"][0],      # asyncssh login + capability probe
        "prepare": at["copying"][0] - at["copy-start"][0],     # sftp client, scan, checks, staging folder
        "copying": after[1] - at["copying"][0],
        "finalize": (at["verifying"][0] - at["finalizing"][0]) if "finalizing" in at else 0.0,
        "verify": at["copy-end"][0] - at["verifying"][0],
        "close": at["main-end"][0] - at["copy-end"][0],        # close the session, print the JSON
        "exit": t1 - at["main-end"][0],                        # interpreter shutdown until reaped
    }
    run.cpu_copy = after[2] - at["copying"][1]
    order = [("startup", "start", "imported"), ("login", "imported", "copy-start"),
             ("prepare", "copy-start", "copying"), ("finalize", "finalizing", "verifying"),
             ("verify", "verifying", "copy-end"), ("close", "copy-end", "main-end")]
    run.phase_cpu = {k: at[b][1] - at[a][1] for k, a, b in order if a in at and b in at}
    run.phase_cpu["copying"] = run.cpu_copy
    run.cpu_relay = sum(m["relay_cpu"]) if m["relay_cpu"] else None
    run.progress_events = m["progress_events"]


def app_argv_by_hand(env: Env, method: str, ds: Dataset, dest: Path) -> tuple[float, str, str, None]:
    """The app's own argv (from method.build) run as a plain pipeline, no app: separates what the
    app's argv costs from what its monitoring costs. Secure methods only."""
    from app.core.transfer import methods as registry
    from app.core.host.ssh_command import Options, Ssh
    from app.core.transfer.methods.base import Job

    dest.mkdir(parents=True)
    ssh = Ssh(ALIAS, ("-F", env.cfg, "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=yes"))
    plan = registry.get(method).build(Job(ssh, tuple(ds.sources), str(dest), Options()))
    stages = [shlex.join(s.argv) for s in plan.stages]
    cmd = " | ".join(stages)
    if plan.read_file:
        cmd += f" < {shlex.quote(plan.read_file)}"
    stdin = plan.stdin_data
    t = time.monotonic()
    proc = subprocess.Popen(["bash", "-o", "pipefail", "-c", cmd], stdin=subprocess.PIPE if stdin else
                            subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    _, err = proc.communicate(stdin, timeout=RUN_TIMEOUT)
    seconds = time.monotonic() - t
    return seconds, "" if proc.returncode == 0 else f"exit {proc.returncode}: {err.decode()[-400:]}", cmd, None


# ---------------------------------------------------------------- the benchmark

def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def check_copy(dest: Path, ds: Dataset) -> str:
    """The copy arrived whole: same number of files and bytes (the remote is this machine)."""
    files = size = 0
    for src in ds.sources:
        f, s = tree_stats(dest / os.path.basename(src.rstrip("/")))
        files, size = files + f, size + s
    if (files, size) != (ds.files, ds.bytes):
        return f"destination has {files} files / {size} bytes, expected {ds.files} / {ds.bytes}"
    return ""


def clean(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)
    os.sync()  # write back before the next run starts, so no run pays for another's dirty pages


def bench(env: Env, datasets: dict[str, Dataset], todo: list[tuple[str, str]], repeat: int,
          with_argv: bool) -> list[Run]:
    runs: list[Run] = []
    dst = env.work / "dest"
    dst.mkdir(exist_ok=True)
    n = 0
    modes_of = {m: ["hand", "app"] + (["argv"] if with_argv and m not in INSECURE else []) for m, _ in todo}
    total = sum(len(modes_of[m]) for m, _ in todo) * repeat
    for method, dsname in todo:
        ds = datasets[dsname]
        for rep in range(repeat):
            modes = modes_of[method]
            modes = modes if rep % 2 == 0 else list(reversed(modes))  # alternate who goes first
            for mode in modes:
                n += 1
                tag = f"{method}-{dsname}-{mode}-{rep}"
                dest = dst / tag
                load = loadavg()
                if mode == "app":
                    run = app(env, method, ds, dest, tag)
                else:
                    fn = hand if mode == "hand" else (lambda e, m, d, p, _t: app_argv_by_hand(e, m, d, p))
                    before = children_cpu()
                    try:
                        seconds, error, cmd, data_s = fn(env, method, ds, dest, tag)
                    except Exception as exc:  # noqa: BLE001 - report, keep going
                        seconds, error, cmd, data_s = 0.0, f"{type(exc).__name__}: {exc}", "", None
                    run = Run(method, dsname, mode, rep, seconds, not error, error, command=cmd,
                              cpu_tools=children_cpu() - before, data_seconds=data_s)
                run.rep, run.load = rep, load
                if run.ok:
                    run.error = check_copy(dest, ds)
                    run.ok = not run.error
                runs.append(run)
                extra = ""
                if mode == "app" and run.ok:
                    extra = (f"  copying {run.phases['copying']:.2f} s, CPU run {run.cpu_run:.2f} s, "
                             f"copy {run.cpu_copy:.3f} s, relay {run.cpu_relay or 0:.3f} s")
                status = "ok" if run.ok else f"FAILED: {run.error}"
                log(f"[{n:3d}/{total}] {method:<12} {dsname:<2} {mode:<4} #{rep + 1}: {run.seconds:7.2f} s"
                    f"{extra}  load {load}  {status}")
                clean(dest)
    return runs


def med(values: list[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return statistics.median(vals) if vals else None


def summarize(runs: list[Run], datasets: dict[str, Dataset], todo: list[tuple[str, str]]) -> list[dict]:
    rows = []
    for method, dsname in todo:
        ds = datasets[dsname]
        mine = [r for r in runs if r.method == method and r.dataset == dsname and r.ok]
        h = [r for r in mine if r.mode == "hand"]
        a = [r for r in mine if r.mode == "app"]
        g = [r for r in mine if r.mode == "argv"]
        row = {"method": method, "dataset": dsname, "files": ds.files, "bytes": ds.bytes,
               "hand_runs": len(h), "app_runs": len(a),
               "failed": [f"{r.mode} #{r.rep + 1}: {r.error}" for r in runs
                          if r.method == method and r.dataset == dsname and not r.ok]}
        hs = med([r.seconds for r in h])
        as_ = med([r.seconds for r in a])
        xs = med([r.phases.get("copying") for r in a])
        gs = med([r.seconds for r in g])
        row.update(hand_s=hs, app_s=as_, xfer_s=xs, argv_s=gs)
        mbps = (lambda s: ds.bytes / s / 1e6 if s else None)
        row.update(hand_MBps=mbps(hs), app_MBps=mbps(as_), xfer_MBps=mbps(xs), argv_MBps=mbps(gs))
        row["overhead_pct"] = (1 - hs / as_) * 100 if hs and as_ else None        # 1 - app rate / hand rate
        row["xfer_overhead_pct"] = (1 - hs / xs) * 100 if hs and xs else None
        row["argv_overhead_pct"] = (1 - hs / gs) * 100 if hs and gs else None
        row["cpu_copy_pct"] = med([r.cpu_copy / r.phases["copying"] * 100 for r in a if r.cpu_copy is not None])
        row["cpu_run_pct"] = med([r.cpu_run / r.seconds * 100 for r in a if r.cpu_run is not None])
        row["cpu_run_s"] = med([r.cpu_run for r in a])
        row["phase_cpu_s"] = {k: med([r.phase_cpu.get(k) for r in a]) for k in
                              ("startup", "login", "prepare", "copying", "finalize", "verify", "close")} if a else {}
        row["cpu_copy_s"] = med([r.cpu_copy for r in a])
        # CPU per GB moved during the copy phase, and what that costs at the speed of a gigabit link
        row["cpu_copy_s_per_GB"] = med([r.cpu_copy / (ds.bytes / 1e9) for r in a if r.cpu_copy is not None])
        row["cpu_pct_at_1GbE"] = (row["cpu_copy_s_per_GB"] * GIGABIT_BPS / 1e9 * 100
                                  if row["cpu_copy_s_per_GB"] is not None else None)
        row["cpu_relay_s"] = med([r.cpu_relay for r in a])
        row["cpu_tools_hand_s"] = med([r.cpu_tools for r in h])
        row["cpu_tools_app_s"] = med([r.cpu_tools for r in a])
        row["hand_data_s"] = med([r.data_seconds for r in h])
        row["spread"] = {"hand": _span([r.seconds for r in h]), "hand_data": _span([r.data_seconds for r in h]),
                         "app": _span([r.seconds for r in a]),
                         "xfer": _span([r.phases.get("copying") for r in a]), "argv": _span([r.seconds for r in g])}
        best_h = min((r.seconds for r in h), default=None)
        best_x = min((r.phases["copying"] for r in a), default=None)
        row["xfer_overhead_best_pct"] = (1 - best_h / best_x) * 100 if best_h and best_x else None
        row["phases"] = {k: med([r.phases.get(k) for r in a]) for k in
                         ("startup", "login", "prepare", "copying", "finalize", "verify", "close", "exit")} if a else {}
        row["hand_command"] = h[0].command if h else ""
        row["app_command"] = a[0].command if a else ""
        rows.append(row)
    return rows


def _span(values: list[float | None]) -> list[float] | None:
    vals = [v for v in values if v is not None]
    return [min(vals), max(vals)] if vals else None


def fmt(v: float | None, spec: str) -> str:
    width = int(re.match(r"\d*", spec).group() or 0)
    return "-".rjust(width) if v is None else format(v, spec)


def pct(v: float | None, width: int) -> str:
    return "-".rjust(width) if v is None else f"{v:{width - 1}.1f}%"


def print_tables(rows: list[dict], datasets: dict[str, Dataset], with_argv: bool) -> None:
    print()
    print("Datasets: " + "; ".join(f"{d.name} = {d.note} ({d.bytes / 1e6:.0f} MB)" for d in datasets.values()))
    print("MB/s = dataset bytes / 1e6 / median seconds.  app = `transfer-advisor copy` spawn to exit (what a user "
          "waits for);\nxfer = the app's copying phase alone.  overhead = 1 - app/hand.  CPU = the app's own Python "
          "process\n(all threads, no child tools) as % of one core: during the copying phase, and over the whole run;"
          "\ns/GB = its CPU seconds per GB during the copying phase; @1GbE = that CPU as % of a core at a gigabit "
          "link's 117 MB/s.\ntargets: run/xfer = overhead <= 3%, cpu = CPU% xfer <= 5% (as measured, at loopback "
          "speed).")
    print()
    head = (f"{'method':<13}{'data':<5}{'hand MB/s':>10}{'app MB/s':>10}{'overhead':>10}"
            f"{'xfer MB/s':>11}{'xfer ovh':>10}" + (f"{'argv MB/s':>11}{'argv ovh':>10}" if with_argv else "") +
            f"{'CPU% xfer':>11}{'CPU% run':>10}{'s/GB':>6}{'@1GbE':>7}  targets (ovh <= 3%, CPU <= 5%)")
    print(head)
    print("-" * len(head))
    for r in rows:
        cpu = r["cpu_copy_pct"]
        flags = []
        for key, label in (("overhead_pct", "run"), ("xfer_overhead_pct", "xfer")):
            if r[key] is not None:
                flags.append(f"{label} {'ok' if r[key] <= OVERHEAD_TARGET else 'MISS'}")
        if cpu is not None:
            flags.append(f"cpu {'ok' if cpu <= CPU_TARGET else 'MISS'}")
        if r["failed"]:
            flags.append(f"{len(r['failed'])} failed")
        print(f"{r['method']:<13}{r['dataset']:<5}{fmt(r['hand_MBps'], '10.1f')}{fmt(r['app_MBps'], '10.1f')}"
              f"{pct(r['overhead_pct'], 10)}{fmt(r['xfer_MBps'], '11.1f')}{pct(r['xfer_overhead_pct'], 10)}"
              + (f"{fmt(r['argv_MBps'], '11.1f')}{pct(r['argv_overhead_pct'], 10)}" if with_argv else "") +
              f"{pct(cpu, 11)}{pct(r['cpu_run_pct'], 10)}{fmt(r['cpu_copy_s_per_GB'], '6.2f')}"
              f"{pct(r['cpu_pct_at_1GbE'], 7)}  {' '.join(flags)}")
    print()
    print("Where the app's time goes (median wall seconds per phase) and CPU seconds: the app's own process over "
          "the run,\nduring the copying phase, and the relay thread of older versions | the local tools (ssh, tar, "
          "rsync, nc...) started by hand / by the app:")
    head2 = (f"{'method':<13}{'data':<5}{'hand':>7}{'app':>7} | {'startup':>7}{'login':>7}{'prepare':>8}"
             f"{'copying':>8}{'final.':>7}{'verify':>7}{'close':>6}{'exit':>6} | {'app run':>8}{'xfer':>7}"
             f"{'relay':>7} | {'hand':>6}{'app':>6}")
    print(head2)
    print("-" * len(head2))
    for r in rows:
        p = r["phases"]
        print(f"{r['method']:<13}{r['dataset']:<5}{fmt(r['hand_s'], '7.2f')}{fmt(r['app_s'], '7.2f')} | "
              f"{fmt(p.get('startup'), '7.2f')}{fmt(p.get('login'), '7.2f')}{fmt(p.get('prepare'), '8.2f')}"
              f"{fmt(p.get('copying'), '8.2f')}{fmt(p.get('finalize'), '7.2f')}{fmt(p.get('verify'), '7.2f')}"
              f"{fmt(p.get('close'), '6.2f')}{fmt(p.get('exit'), '6.2f')} | {fmt(r['cpu_run_s'], '8.2f')}"
              f"{fmt(r['cpu_copy_s'], '7.3f')}{fmt(r['cpu_relay_s'], '7.3f')} | {fmt(r['cpu_tools_hand_s'], '6.2f')}"
              f"{fmt(r['cpu_tools_app_s'], '6.2f')}")
    print()
    print("Spread of the runs, min-max seconds (the machine's other load shows here). hand data = insecure methods "
          "only, from\nthe listener being ready to done (the app starts its listener over its open connection, a "
          "person over a new ssh).\nxfer ovh best = fastest copying phase against the fastest hand run:")
    head3 = (f"{'method':<13}{'data':<5}{'hand':>14}{'hand data':>14}{'app xfer':>14}{'argv':>14}"
             f"{'xfer ovh best':>15}")
    print(head3)
    print("-" * len(head3))
    for r in rows:
        sp = r["spread"]

        def span(k: str) -> str:
            return (f"{sp[k][0]:.2f}-{sp[k][1]:.2f}" if sp.get(k) else "-").rjust(14)
        print(f"{r['method']:<13}{r['dataset']:<5}{span('hand')}{span('hand_data')}{span('xfer')}{span('argv')}"
              f"{pct(r['xfer_overhead_best_pct'], 15)}")
    failed = [(r["method"], r["dataset"], f) for r in rows for f in r["failed"]]
    if failed:
        print()
        print("Failed runs (left out of the medians):")
        for m, d, f in failed:
            print(f"  {m} {d} {f}")


def environment() -> dict:
    def version(argv: list[str]) -> str:
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=10)
            return (p.stdout or p.stderr).splitlines()[0].strip()
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return ""
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"cores": os.cpu_count(), "cpu": cpu, "kernel": platform.release(), "python": platform.python_version(),
            "ssh": version(["ssh", "-V"]), "rsync": version(["rsync", "--version"]),
            "tar": version(["tar", "--version"])}


def default_workdir(args: argparse.Namespace) -> str | None:
    need = (args.size_mb << 20) * 2 + args.small_files * (args.small_max_kb << 10) * 2 + (256 << 20)
    try:
        st = os.statvfs("/dev/shm")
        if st.f_bavail * st.f_frsize > need * 2:
            return "/dev/shm"
    except OSError:
        pass
    return None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--size-mb", type=int, default=1024, help="dataset A total size in MiB (default 1024)")
    p.add_argument("--large-files", type=int, default=4, help="number of files in dataset A (default 4)")
    p.add_argument("--small-files", type=int, default=5000, help="number of files in dataset B (default 5000)")
    p.add_argument("--small-min-kb", type=int, default=1)
    p.add_argument("--small-max-kb", type=int, default=64)
    p.add_argument("--repeat", type=int, default=3, help="runs per method and mode; the median counts (default 3)")
    p.add_argument("--methods", default=",".join(METHODS), help="comma-separated subset of: " + ", ".join(METHODS)
                   + ", rsync-service (as root: the NAS's rsync service on port 873 of 127.0.0.1)")
    p.add_argument("--datasets", default="A,A1,B", help="comma-separated subset of A, A1, B")
    p.add_argument("--app-argv", action="store_true",
                   help="also run the app's exact argv as a plain pipeline (secure methods) to separate argv "
                        "differences from monitoring cost")
    p.add_argument("--json", metavar="FILE", help="write every run and the summary to FILE")
    p.add_argument("--workdir", help="parent of the temporary folder for data, destinations and the sshd (default: "
                   "/dev/shm when it has room, so disk write-back and ext4 discards do not add noise the app "
                   "did not cause; otherwise the system temp folder)")
    p.add_argument("--remote-shell-rc", action="store_true",
                   help="let the remote login shell read ~/.bashrc for every ssh command (by default the test "
                        "sshd sets SHLVL=1 so bash skips it: a heavy rc, e.g. `pyenv init`, adds a fixed delay to "
                        "every remote command, which is not what a NAS does)")
    p.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = p.parse_args(argv)

    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    unknown = [m for m in methods if m not in [*METHODS, "rsync-service"]]
    if unknown:
        p.error(f"unknown methods {unknown}")
    import importlib.util
    if importlib.util.find_spec("asyncssh") is None:
        p.error("run this with the project's interpreter: .venv/bin/python bench/overhead.py")
    wanted = {d.strip() for d in args.datasets.split(",")}
    todo = [(m, d) for m, d in pairs(methods) if d in wanted]

    workdir = args.workdir or default_workdir(args)
    work = Path(tempfile.mkdtemp(prefix="ta-bench-", dir=workdir))
    server = service = None
    started = time.monotonic()
    try:
        server = start_sshd(work / "sshd", extra_config="" if args.remote_shell_rc else "SetEnv SHLVL=1\n")
        home = work / "app-home"
        home.mkdir()
        env = Env(str(server.ssh_config), str(home), work, sys.executable)
        log(f"sshd on 127.0.0.1:{server.port}, work folder {work}, remote shell rc "
            f"{'read' if args.remote_shell_rc else 'skipped'}")
        datasets = build_datasets(work / "data", args.size_mb, args.large_files, args.small_files,
                                  args.small_min_kb, args.small_max_kb)
        if "rsync-service" in methods:
            if os.geteuid() != 0:
                p.error("rsync-service needs root: the NAS's rsync service listens on port 873")
            (work / "dest").mkdir()
            service, os.environ["RSYNC_PASSWORD"] = start_service(work)  # the hand run's and the app's
            log(f"the rsync service on 127.0.0.1:{SERVICE_PORT}, module bench over {work / 'dest'}")
        runs = bench(env, datasets, todo, args.repeat, args.app_argv)
        rows = summarize(runs, datasets, todo)
        print_tables(rows, datasets, args.app_argv)
        print(f"\n{len(runs)} runs in {time.monotonic() - started:.0f} s; {environment()['cores']} cores.")
        if args.json:
            out = {"args": vars(args), "environment": environment(),
                   "datasets": {k: asdict(v) for k, v in datasets.items()},
                   "summary": rows, "runs": [asdict(r) for r in runs]}
            Path(args.json).write_text(json.dumps(out, indent=2))
            log(f"results written to {args.json}")
        return 1 if any(not r.ok for r in runs) else 0
    finally:
        if service is not None:
            stop_server(service)
        if server is not None:
            server.stop()
        if args.keep:
            log(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
