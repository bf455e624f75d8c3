"""How good is the advice? For every lab scenario × dataset: copy with every method (fully,
measured; the secure ones also with the cipher the advice chose), ask `transfer-advisor advise`,
copy with what it recommends, and print the regret.

    regret = 1 - (measured rate of the recommended method) / (rate of the truly fastest one)

for the secure recommendation (against the fastest secure method; from `advise` as a user runs it by
default, unencrypted methods not allowed) and the overall one (against the fastest of all; from
`advise --allow-insecure`). Targets (issue 3): regret <= 10% in every cell and <= 5% median,
advice in <= 20 s on gigabit-lan, the bottleneck named as the scenario intends.

Beside the regret (issue 12): the prediction error (the advised secure copy's own time against the time
the advice promised for it) and the time to done: `copy --best` as a user runs it, advice included, from
start to exit, against the quickest secure method run alone (one `copy --method` process, start to exit).

Needs root (the lab builds network namespaces). Traffic goes only to the lab's 198.18.x.x.

    .venv/bin/python bench/advice.py                       # every scenario, both datasets
    .venv/bin/python bench/advice.py --scenarios wan --datasets small --json /tmp/advice.json
    .venv/bin/python bench/advice.py --scenarios starved-nas --datasets large --copies 3   # medians of 3
    .venv/bin/python bench/advice.py --scenarios weak-nas --shape dash   # an account of its own: FTP too
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.core.transfer.methods import METHODS  # noqa: E402
from tests.lab import Lab, SCENARIOS, unavailable_reason  # noqa: E402
from tests.lab.lab import SHAPES  # noqa: E402
from tests.lab.services import SMB_PASSWORD  # noqa: E402

# (rsync-service: the lab's NAS runs an rsync service on port 873 with a module over the destination, as a NAS does;
# smb-encrypted and smb: Samba shares the destination, the lab account's password given as $SMB_PASSWORD; nfs:
# nfs-ganesha exports it over NFSv3; ftps and ftp: vsftpd, the account's password given as $FTP_PASSWORD — only
# where the host's account is its own (--shape dash): vsftpd lets no root in, and the openssh shape logs in as root)
ALL_METHODS = ["scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc",
               "rsync-service", "smb-encrypted", "smb", "nfs", "ftps", "ftp"]
SECURE_METHODS = ["scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "smb-encrypted", "ftps"]
INSECURE_METHODS = {"rsync-daemon", "tar-nc", "rsync-service", "smb", "nfs", "ftp"}
FTP_METHODS = {"ftps", "ftp"}
# What the bottleneck should be named in each scenario (for the secure recommendation). `remote-cpu`
# is `link` with a process on the host as its detail: a tool's own work on the host's CPU (tar on the
# weak NAS once compression has taken the cipher's load), which the advice's sentence names as the CPU.
# The slow disk's large files (400 MB) fit in the write cache of the lab's "NAS" (it has this machine's
# RAM), so they are copied at the link's speed; the race sees that and the advice names the link. A copy
# larger than the cache would be held by the disk, as its fsync probe measures.
WIRE = ("network", "ssh-window", "sftp-window")
EXPECTED = {"gigabit-lan": {"link"}, "weak-nas": {"cipher-cpu-remote", "remote-cpu"},
            "starved-nas": {"cipher-cpu-remote", "remote-cpu"},
            "fast-link": {"cipher-cpu-local", "cipher-cpu-remote", "link"}, "wan": {"link"},
            "slow-disk": {"remote-disk", "link"}, "long-fat": {"link"}}
# Thousands of small files may be held by what the scenario stands for, or by their own cost.
EXPECTED_SMALL = {scenario: factors | {"per-file"} for scenario, factors in EXPECTED.items()}
# Bytes per dataset, sized so the slowest sensible method takes seconds, not minutes.
SIZES_MB = {"gigabit-lan": 600, "weak-nas": 60, "starved-nas": 24, "fast-link": 800, "wan": 120, "slow-disk": 400,
            "long-fat": 300}
# The small-files dataset is a quarter of that, except on long links: scp and sftp pay round trips per
# file there (500 files × 4 × 40 ms ≈ 80 s each on the WAN, 400 s at 200 ms), so it stays at the minimum
# of 500 files (on long-fat, run the large dataset only).
SMALL_SHARE = {"wan": 0.04, "long-fat": 0.02}


@dataclass
class Cell:
    scenario: str
    dataset: str
    rates: dict[str, float | None] = field(default_factory=dict)  # method → MB/s (default options)
    errors: dict[str, str] = field(default_factory=dict)
    advice_seconds: float = 0.0
    bottleneck: str = ""
    sentence: str = ""
    secure: str = ""
    secure_rate: float | None = None
    overall: str = ""
    overall_rate: float | None = None
    raced: list[str] = field(default_factory=list)  # what the race measured against the prediction
    times: dict[str, float] = field(default_factory=dict)  # method → seconds of its whole process
    promised: float | None = None    # seconds the advice expected the secure pick's copy to take
    took: float | None = None        # seconds that copy took, by its own report
    best_seconds: float | None = None  # `copy --best`, start to exit (advice included)

    def prediction_error(self) -> float | None:
        return self.took / self.promised - 1 if self.took and self.promised else None

    def time_to_done(self) -> tuple[str, float, float] | None:
        """(the quickest secure method run alone, its seconds, copy --best's seconds ÷ those)."""
        alone = {m: t for m, t in self.times.items() if m.split(" ")[0] in SECURE_METHODS}
        if not alone or not self.best_seconds:
            return None
        m = min(alone, key=alone.get)
        return m, alone[m], self.best_seconds / alone[m]

    def best(self, secure_only: bool) -> tuple[str, float]:
        pool = {m: r for m, r in self.rates.items()
                if r and not (secure_only and m.split(" ")[0] in INSECURE_METHODS)}
        if secure_only and self.secure_rate:
            pool[f"{self.secure} (advised)"] = self.secure_rate
        if not secure_only and self.overall_rate:
            pool[f"{self.overall} (advised)"] = self.overall_rate
        m = max(pool, key=pool.get)
        return m, pool[m]

    def advised_rate(self, secure_only: bool) -> float | None:
        """The advised configuration's rate; when the truth runs measured the same configuration too
        (the advice's cipher is tried on every secure method), its better run: one run of one command
        varies by tens of percent here, and the best method is the best of its runs as well."""
        name, rate = (self.secure, self.secure_rate) if secure_only else (self.overall, self.overall_rate)
        again = self.rates.get(name)
        return max(rate or 0.0, again or 0.0) or None

    def regret(self, secure_only: bool) -> float | None:
        rate = self.advised_rate(secure_only)
        if not rate:
            return None
        return max(0.0, 1 - rate / self.best(secure_only)[1])


def make_data(root: Path, kind: str, mb: int) -> Path:
    folder = root / kind
    folder.mkdir(parents=True)
    if kind in ("large", "mixed"):  # a few large incompressible files; or one, beside a tree of small ones
        videos = 4 if kind == "large" else 1
        for i in range(videos):
            with open(folder / f"video{i}.bin", "wb") as f:
                left = mb * 2**20 // 4 if kind == "large" else mb * 2**20 * 4 // 5
                while left:
                    n = min(left, 8 * 2**20)
                    f.write(os.urandom(n))
                    left -= n
        if kind == "large":
            return folder
    # thousands of small compressible files: a source tree (a fifth of the bytes beside a large file: photos)
    words = b"def copy(selection, host):\n    return transfer(selection, host, method='tar-ssh')\n"
    count = max(500, (mb if kind == "small" else mb // 5) * 2**20 // 12_000)
    for i in range(count):
        sub = folder / f"pkg{i % 40:02d}"
        sub.mkdir(exist_ok=True)
        (sub / f"module{i:05d}.py").write_bytes(words * (40 + i % 200))
    return folder


DATASETS_HELP = "large (four large files), small (a tree of small ones), mixed (one large file beside a tree)"


def lab_arguments(p: argparse.ArgumentParser, scenarios: str, datasets: str) -> None:
    """The options of a bench that times the lab's scenarios on its datasets (cells_over runs them)."""
    p.add_argument("--scenarios", default=scenarios)
    p.add_argument("--datasets", default=datasets, help=DATASETS_HELP)
    p.add_argument("--scale", type=float, default=1.0, help="multiply the dataset sizes (bench/advice.py's)")
    p.add_argument("--repeat", type=int, default=3)


def cells_over(args: argparse.Namespace, prefix: str, cell) -> list[dict] | None:
    """`cell(lab, scenario, dataset, its folder, its MB, a work folder)` for each of `args`' scenarios and datasets
    (lab_arguments), in a work folder removed afterwards; None (said why) where this is not root: the lab builds
    network namespaces."""
    if os.geteuid() != 0:
        print(f"{sys.argv[0]} needs root: the lab builds network namespaces.", file=sys.stderr)
        return None
    work = Path(tempfile.mkdtemp(prefix=prefix, dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        return [cell(lab, scenario, dataset, data, mb, work)
                for lab, scenario, dataset, data, mb in each_dataset(args.scenarios, args.datasets, args.scale, work)]
    finally:
        shutil.rmtree(work, ignore_errors=True)


def each_dataset(scenarios: str, datasets: str, scale: float, work: Path, shape: str = "openssh"):
    """For each scenario that can run here (its lab up, its host of that shape) and each dataset: (lab, scenario,
    dataset, its folder, its MB), the folder removed once the caller is done with it."""
    for scenario in scenarios.split(","):
        reason = unavailable_reason(scenario, shape)
        if reason:
            print(f"{scenario}: skipped ({reason})")
            continue
        with Lab.up(scenario, shape=shape) as lab:
            for dataset in datasets.split(","):
                share = SMALL_SHARE.get(scenario, 0.25) if dataset == "small" else 1
                mb = max(5, int(SIZES_MB[scenario] * scale * share))
                data = make_data(work / scenario, dataset, mb)
                print(f"{scenario} / {dataset} ({mb} MB):", flush=True)
                yield lab, scenario, dataset, data, mb
                shutil.rmtree(data)


def cli(*args: str, timeout: float = 900) -> dict:
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "app", *args, "--json"], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)
    try:
        return {**json.loads(proc.stdout), "process_seconds": time.monotonic() - started}
    except json.JSONDecodeError:
        return {"error": (proc.stderr or proc.stdout).strip()[-300:]}


def copy_rate(lab: Lab, data: Path, method: str, options: dict | None = None,
              out: dict | None = None) -> tuple[float | None, str]:
    """The rate one copy reports; `out` gets its whole JSON (with `process_seconds`, start to exit)."""
    dest = f"{lab.remote_dest}/bench-{method}-{time.monotonic_ns()}"
    args = ["copy", lab.alias, str(data), "--dest", dest, "--ssh-config", str(lab.ssh_config),
            "--method", method, "--allow-insecure"]
    if options:
        if options.get("cipher"):
            args += ["--cipher", options["cipher"]]
        if options.get("compress", "none") != "none":
            args += ["--compress", options["compress"]]
        if options.get("mux"):
            args += ["--mux"]
        if options.get("streams", 1) > 1:
            args += ["--streams", str(options["streams"])]
    got = cli(*args)
    if out is not None:
        out.update(got)
    subprocess.run(lab.ssh_argv(f"rm -rf {dest}"), capture_output=True)
    if "error" in got:
        return None, got["error"]
    return got["rate_MBps"], ""


def median_copy(lab: Lab, data: Path, method: str, options: dict | None, copies: int,
                out: dict | None = None) -> tuple[float | None, str]:
    """copy_rate `copies` times: the median rate, and in `out` the median `seconds` and `process_seconds` (one
    copy of one method varies by 10-15 % from the next on a starved host: one each cannot rank methods closer)."""
    runs = []
    for _ in range(copies):
        got: dict = {}
        rate, err = copy_rate(lab, data, method, options, out=got)
        if err:
            return None, err
        runs.append((rate, got))
    if out is not None:
        out.update(runs[-1][1])
        for key in ("seconds", "process_seconds"):
            if all(got.get(key) is not None for _, got in runs):
                out[key] = statistics.median(got[key] for _, got in runs)
    rates = [rate for rate, _ in runs]
    if copies > 1:
        print(f"      {method} copies: " + ", ".join(f"{r:.1f}" for r in rates) + " MB/s", flush=True)
    return statistics.median(rates), ""


def run_cell(lab: Lab, scenario: str, dataset: str, data: Path, copies: int = 1) -> Cell:
    cell = Cell(scenario, dataset)
    for method in ALL_METHODS:
        if method == "ssh-cat":
            continue  # one file only: the datasets are folders
        if method in FTP_METHODS and lab.user == "root":
            continue  # vsftpd lets no root in: only a host shape with an account of its own (--shape dash)
        got: dict = {}
        rate, err = median_copy(lab, data, method, None, copies, out=got)
        cell.rates[method] = rate
        if err:
            cell.errors[method] = err
        else:
            cell.times[method] = got["process_seconds"]
        print(f"    {method:<13} {rate or 0:8.1f} MB/s {got.get('process_seconds', 0):6.1f} s {err}", flush=True)
    started = time.monotonic()
    advice = cli("advise", lab.alias, str(data), "--dest", f"{lab.remote_dest}/advice", "--ssh-config", str(lab.ssh_config),
                 "--allow-insecure", "--fresh")
    cell.advice_seconds = time.monotonic() - started
    if "error" in advice:
        cell.errors["advise"] = advice["error"]
        return cell
    named = advice["bottleneck"]
    cell.bottleneck, cell.sentence = named["factor"], named["sentence"]
    if named["factor"] == "link" and named.get("side") == "remote" and named.get("detail") not in WIRE:
        cell.bottleneck = "remote-cpu"  # a tool's own work on the host's CPU, not the wire
    cell.raced = [f"{r['method']}{_opts(r['options'])}: predicted {r['predicted_MBps']:.1f}, raced {r['measured_MBps']:.1f}"
                  for r in advice["ranking"] if r["measured_MBps"] is not None]
    print("    race: " + "; ".join(cell.raced), flush=True)
    # The secure pick as a user gets it by default (unencrypted methods not allowed: the race is the secure
    # methods'); with them allowed the race is theirs, and its secure pick is only shown beside the copy.
    secure_only = cli("advise", lab.alias, str(data), "--dest", f"{lab.remote_dest}/advice", "--ssh-config",
                      str(lab.ssh_config))
    if "error" in secure_only:
        cell.errors["advise (secure only)"] = secure_only["error"]
        secure_only = advice
    else:
        raced = [f"{r['method']}{_opts(r['options'])}: predicted {r['predicted_MBps']:.1f}, raced "
                 f"{r['measured_MBps']:.1f}" for r in secure_only["ranking"] if r["measured_MBps"] is not None]
        print("    race (secure only): " + "; ".join(raced), flush=True)
    for kind in ("secure", "overall"):
        rec = (secure_only if kind == "secure" else advice)["recommended"][kind]
        name = rec["method"] + _opts(rec["options"])
        got = {}
        rate, err = median_copy(lab, data, rec["method"], rec["options"], copies, out=got)
        setattr(cell, kind, name)
        setattr(cell, f"{kind}_rate", rate)
        if kind == "secure" and not err:
            cell.promised, cell.took = rec.get("expected_seconds"), got.get("seconds")
        print(f"    advised {kind:<8} {name:<40} {rate or 0:8.1f} MB/s {err}", flush=True)
    # What a user waits for: copy --best from start to exit, the advice included (its profile kept from above).
    dest = f"{lab.remote_dest}/bench-best-{time.monotonic_ns()}"
    best = cli("copy", lab.alias, str(data), "--dest", dest, "--ssh-config", str(lab.ssh_config), "--best")
    subprocess.run(lab.ssh_argv(f"rm -rf {dest}"), capture_output=True)
    if "error" in best:
        cell.errors["copy --best"] = best["error"]
    else:
        cell.best_seconds = best["process_seconds"]
        print(f"    copy --best  {best['method']}{_opts(best['options'])}: {cell.best_seconds:.1f} s", flush=True)
    # The advice may pick a cipher: the other secure methods get it too, so the best one is not
    # judged against defaults only.
    cipher = secure_only["recommended"]["secure"]["options"].get("cipher")
    if cipher:
        for method in [m for m in SECURE_METHODS if METHODS[m].logs_in]:  # (SMB takes no ssh cipher)
            name = f"{method} ({cipher.split('@')[0]})"
            rate, err = median_copy(lab, data, method, {"cipher": cipher}, copies)
            cell.rates[name] = rate
            if err:
                cell.errors[name] = err
            print(f"    {name:<30} {rate or 0:8.1f} MB/s {err}", flush=True)
    return cell


def expected(c: Cell) -> set[str]:
    return (EXPECTED_SMALL if c.dataset == "small" else EXPECTED).get(c.scenario, set())


def _opts(o: dict) -> str:
    extra = [x for x in (o.get("cipher") and o["cipher"].split("@")[0],
                         o.get("compress") not in (None, "none") and o["compress"], o.get("mux") and "mux",
                         o.get("streams", 1) > 1 and f"{o['streams']} streams") if x]
    return f" ({', '.join(extra)})" if extra else ""


def pct(v: float | None) -> str:
    return "   -" if v is None else f"{v * 100:4.0f}%"


def print_table(cells: list[Cell]) -> None:
    print("\nscenario     data   best secure (MB/s)            advised secure (MB/s)          regret  "
          "best overall (MB/s)           advised overall (MB/s)         regret  advice  bottleneck")
    for c in cells:
        bs, bsr = c.best(True) if any(c.rates.values()) else ("-", 0)
        bo, bor = c.best(False) if any(c.rates.values()) else ("-", 0)
        ok = "ok" if c.bottleneck in expected(c) else "WRONG"
        print(f"{c.scenario:<12} {c.dataset:<6} {bs[:22]:<22} {bsr:6.1f}  {c.secure[:22]:<22} {c.advised_rate(True) or 0:6.1f}"
              f"  {pct(c.regret(True))}  {bo[:22]:<22} {bor:6.1f}  {c.overall[:22]:<22} {c.advised_rate(False) or 0:6.1f}"
              f"  {pct(c.regret(False))}  {c.advice_seconds:5.1f}s  {c.bottleneck} ({ok})")
    regrets = [r for c in cells for r in (c.regret(True), c.regret(False)) if r is not None]
    if regrets:
        print(f"\nregret: median {statistics.median(regrets) * 100:.1f}%, worst {max(regrets) * 100:.1f}% "
              f"(targets: median <= 5%, every cell <= 10%)")
    print("\nscenario     data   promised   took  error   quickest secure alone        copy --best  ratio")
    for c in cells:
        done = c.time_to_done()
        alone = f"{done[0][:22]:<22} {done[1]:6.1f}s" if done else f"{'-':<30}"
        print(f"{c.scenario:<12} {c.dataset:<6} {c.promised or 0:7.1f}s {c.took or 0:6.1f}s {pct(c.prediction_error())}"
              f"   {alone}  {c.best_seconds or 0:9.1f}s  {done[2] if done else 0:5.2f}")
    errors = [abs(e) for c in cells if (e := c.prediction_error()) is not None]
    if errors:
        print(f"\nprediction error: median {statistics.median(errors) * 100:.0f}%, worst {max(errors) * 100:.0f}% "
              "(targets: median <= 10%, every cell <= 25%)")
    for c in cells:
        if c.sentence:
            print(f"{c.scenario}/{c.dataset}: {c.sentence}")


# Some virtual machines hand memory that was freed back to their host at once (free page reporting);
# touching it again then costs a fault in the host, and the lab's NAS writes into RAM (a tmpfs), so a
# copy landed at 200 MB/s or at 700 MB/s on the fast link depending on which pages it got. While the
# bench runs, freed memory stays with the guest for a minute; the setting is put back afterwards.
PAGE_REPORTING_DELAY = Path("/sys/module/page_reporting/parameters/min_free_ms")


class _KeepFreedMemory:
    def __enter__(self) -> "_KeepFreedMemory":
        self.old = None
        try:
            self.old = PAGE_REPORTING_DELAY.read_text().strip()
            PAGE_REPORTING_DELAY.write_text("60000")
            print(f"free page reporting delayed to 60 s while the bench runs (was {self.old} ms)", flush=True)
        except OSError:
            pass  # no such setting here: nothing to steady
        return self

    def __exit__(self, *exc) -> None:
        if self.old is not None:
            PAGE_REPORTING_DELAY.write_text(self.old)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenarios", default=",".join(SCENARIOS))
    p.add_argument("--datasets", default="large,small",
                   help="large (four large files), small (a tree of small ones), mixed (one large file beside a tree)")
    p.add_argument("--scale", type=float, default=1.0, help="multiply the dataset sizes")
    p.add_argument("--shape", default="openssh", choices=SHAPES,
                   help="the host's ssh server and account (tests/lab): dash has an account of its own, so FTP too")
    p.add_argument("--copies", type=int, default=1, help="copy with each method this many times (the median counts)")
    p.add_argument("--json", help="write the results here")
    p.add_argument("--table", metavar="JSON", help="only print the table of results saved with --json")
    args = p.parse_args(argv)
    if args.table:
        print_table([Cell(**c) for c in json.loads(Path(args.table).read_text())])
        return 0
    if os.geteuid() != 0:
        print("bench/advice.py needs root: the lab builds network namespaces.", file=sys.stderr)
        return 2
    # The lab account's password at the NAS's SMB shares and FTP service, as a user would give it
    os.environ["SMB_PASSWORD"] = os.environ["FTP_PASSWORD"] = SMB_PASSWORD
    cells: list[Cell] = []
    work = Path(tempfile.mkdtemp(prefix="ta-advice-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        with _KeepFreedMemory():
            for lab, scenario, dataset, data, _mb in each_dataset(args.scenarios, args.datasets, args.scale, work,
                                                                        args.shape):
                # The app's state (profiles kept per host, what earlier copies taught) starts empty in each
                # scenario, like a new user's: the labs one after another have one address, so one host's key.
                os.environ["TRANSFER_ADVISOR_HOME"] = str(work / "home" / scenario)
                cells.append(run_cell(lab, scenario, dataset, data, args.copies))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print_table(cells)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(c) for c in cells], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
