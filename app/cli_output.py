"""What the commands show: live lines on stderr while they work (ProgressBar, AdviceLive) and each result as text
(print_*). Apart from cli_commands.py, because the commands return plain dicts that --json prints as they are.
"""

from __future__ import annotations

import sys
from typing import Any

from app.core.advice.factors import Factor
from app.core.events import Event, Phase, ProbeDone, Progress
from app.core.formatting import duration, rate, short_time, size
from app.core.transfer.methods.keeps import keeps_table
from app.core.wording.transfer import DRY_RUN_DONE, INSECURE_ADVICE, copy_done, would_delete, would_send


class ProgressBar:
    """A copy's progress as one line redrawn on stderr (when it is a terminal), each phase before it on a line."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.shown = False

    def __call__(self, event: Event) -> None:
        if not self.enabled:
            return
        if isinstance(event, Phase) and event.name != "copying":
            self.clear()
            self._write(f"{event.detail or event.name}…\n")
        elif isinstance(event, Progress):
            width = 28
            frac = event.done / event.total if event.total else 1.0
            bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
            eta = event.eta
            eta_text = f"ETA {int(eta // 60)}:{int(eta % 60):02d}" if eta is not None else ""
            line = (f"\r[{bar}] {frac * 100:5.1f}%  {size(event.done)} / {size(event.total)}  "
                    f"{rate(event.rate / 1e6):>9}  {eta_text}")
            self._write(line.ljust(80))
            self.shown = self.enabled  # unless that write failed

    def clear(self) -> None:
        if self.shown:
            self.shown = False
            self._write("\n")

    def _write(self, text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except OSError:  # the terminal hung up: its SIGHUP is on the way and cancels; draw no more
            self.enabled = self.shown = False


class AdviceLive:
    """Advice as it happens, on a terminal: probe results, then each lap of the race."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, event: Event) -> None:
        if not self.enabled:
            return
        from app.core.events import RaceResult
        if isinstance(event, ProbeDone):
            print(f"  {event.label:<42} {event.value}", file=sys.stderr, flush=True)
        elif isinstance(event, Phase) and event.name in ("profiling", "racing"):
            print(f"{event.detail}…", file=sys.stderr, flush=True)
        elif isinstance(event, Phase) and event.name == "quick":
            print(event.detail, file=sys.stderr, flush=True)
        elif isinstance(event, RaceResult):
            shown = (rate(event.MBps) if event.MBps else event.skipped if event.skipped else
                     f"failed: {event.error}" if event.failed else
                     f"all of it in {short_time(event.seconds or 0.0)} (too little to time a rate)")
            print(f"  {event.label:<42} {shown}", file=sys.stderr, flush=True)


def print_methods(out: dict[str, Any]) -> None:
    print(f"Methods for {out['host']}:")
    for row in out["methods"]:
        mark = "yes" if row["available"] else "no "
        security = "" if row["secure"] else "  [insecure]"
        why = f" — {row['reason']}" if row["reason"] else ""
        print(f"  {mark}  {row['id']:<13} {row['summary']}{security}{why}")
    print(f"Ciphers both sides offer: {', '.join(out['ciphers']) or 'unknown'}")
    print("What each keeps (asked: with --owners or --xattrs):")
    for line in keeps_table({row["id"]: row["keeps"] for row in out["methods"]}):
        print(f"  {line}")


def print_copy(out: dict[str, Any]) -> None:
    if out.get("dry_run"):
        _print_preview(out)
        return
    done = copy_done(out["files"], out["bytes"], out.get("sent_bytes", out["bytes"]), out["seconds"], out["method"],
                     out["verification"] if out.get("verified", True) else None)
    print(f"Copied {done}.")
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Command: {out['command']}")


def _print_preview(out: dict[str, Any]) -> None:
    """A dry run: every file it would send and everything it would delete, one a line."""
    print(would_send(len(out["send"]), out["send_bytes"], out["destination"], out["changes"]["unchanged"]))
    for path in out["send"]:
        print(f"  send    {path!r}")
    if "deleted" in out:
        d = out["deleted"]
        print(would_delete(d["count"], d["files"], d["bytes"]))
        for line in out["delete_lines"]:
            print(f"  delete  {line}")
    print(DRY_RUN_DONE)


def _ranked_figures(r: dict[str, Any], factor: str) -> str:
    if factor == Factor.SETUP:  # too little to time a rate: the whole copy's time is what tells them apart
        return f"takes {short_time(r['expected_seconds'])}"
    measured = f"  measured {rate(r['measured_MBps'])}" if r["measured_MBps"] else ""
    return f"predicted {rate(r['predicted_MBps']):>9}{measured}  limit: {r['limit']}"


def print_advice(out: dict[str, Any]) -> None:
    print(f"Bottleneck: {out['bottleneck']['sentence']}")
    print("Ranking:")
    for i, r in enumerate(out["ranking"][:8], 1):
        o = r["options"]
        extra = ", ".join(x for x in (o["cipher"], o["compress"] != "none" and o["compress"], o["mux"] and "mux",
                                      o["streams"] > 1 and f"{o['streams']} streams") if x)
        lock = "" if r["secure"] else "  [insecure]"
        print(f"  {i}. {r['method']:<13} {extra:<40} {_ranked_figures(r, out['bottleneck']['factor'])}{lock}")
    for title, key in (("Recommended (secure)", "secure"), ("Fastest overall", "overall")):
        rec = out["recommended"][key]
        if rec is None or (key == "overall" and rec == out["recommended"]["secure"]):
            continue
        print(f"{title}: {rec['method']} — {rec['reason']}")
        print(f"  {rec['command']}")
    if out["recommended"]["overall"] and out["recommended"]["overall"] != out["recommended"]["secure"]:
        print(f"  {INSECURE_ADVICE}")
    for method_id, why in out["left_out"].items():
        print(f"Left out: {method_id} — {why}.")
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Advice took {duration(out['seconds'])}.")


def print_profile(out: dict[str, Any]) -> None:
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Measured in {duration(out['seconds'])}.")


def print_trust(out: dict[str, Any]) -> None:
    print(f"Trusted {out['host']} ({out['fingerprint']}).")


def print_setup_key(out: dict[str, Any]) -> None:
    where = f"{out['host']}'s ~/.ssh/authorized_keys"
    print(f"Added the key {out['key_file']} to {where}." if out["added"] else
          f"The key {out['key_file']} was already in {where}; nothing was added.")
    if not out["key_login_works"]:
        print(out["note"])
    elif out["ssh_config_written"]:
        print(f"Added a Host {out['alias']} block with the key to {out['ssh_config_written']}; logins need no "
              "password now.")
    else:
        print(f"Key login works. Add this line to the Host {out['alias']} entry of your ssh config "
              "(or run again with --write-ssh-config):")
        for line in out["ssh_config_lines"]:
            print(f"  {line}")
