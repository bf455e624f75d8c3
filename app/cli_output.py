"""What the commands show: live lines on stderr while they work (ProgressBar, AdviceLive) and each result as text
(print_*). Apart from cli_commands.py, because the commands return plain dicts that --json prints as they are.
"""

from __future__ import annotations

import sys
from typing import Any

from app.core.advice.factors import Factor
from app.core.events import Event, Phase, ProbeDone, Progress
from app.core.formatting import duration, rate, short_time, size
from app.core.host.services import Services
from app.core.language import Words, decimal
from app.core.transfer.methods.keeps import keeps_table
from app.core.host.share_roots import shares_from
from app.core.wording.services import also_serves, ftp_said, mounted_here, nfs_said, rsync_modules_said, smb_said
from app.core.wording.transfer import copy_done, dry_run_done, insecure_advice, would_delete, would_send


class CliOutput(Words):
    """What the command line shows people: live lines and each command's result as text (the translator's
    context)."""


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
            eta_text = "" if eta is None else CliOutput.tr("ETA {time}", time=f"{int(eta // 60)}:{int(eta % 60):02d}")
            line = (f"\r[{bar}] {decimal(frac * 100, '5.1f')}%  {size(event.done)} / {size(event.total)}  "
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
                     CliOutput.tr("failed: {error}", error=event.error) if event.failed else
                     CliOutput.tr("all of it in {time} (too little to time a rate)",
                                  time=short_time(event.seconds or 0.0)))
            print(f"  {event.label:<42} {shown}", file=sys.stderr, flush=True)


def print_methods(out: dict[str, Any]) -> None:
    print(CliOutput.tr("Methods for {host}:", host=out["host"]))
    yes, no = CliOutput.tr("yes"), CliOutput.tr("no")
    for row in out["methods"]:
        mark = (yes if row["available"] else no).ljust(max(len(yes), len(no)))
        security = "" if row["secure"] else "  " + CliOutput.tr("[insecure]")
        why = f" — {row['reason']}" if row["reason"] else ""
        print(f"  {mark}  {row['id']:<13} {row['summary']}{security}{why}")
    print(CliOutput.tr("Ciphers both sides offer: {ciphers}",
                       ciphers=", ".join(out["ciphers"]) or CliOutput.tr("unknown")))
    print(CliOutput.tr("What each keeps (asked: with --owners or --xattrs):"))
    for line in keeps_table({row["id"]: row["keeps"] for row in out["methods"]}):
        print(f"  {line}")
    services = Services.from_dict(out.get("services", {}))
    roots, unmapped = shares_from(out.get("shares", []))
    for said in (also_serves(services.found), mounted_here(services.mounted, roots, unmapped),
                 rsync_modules_said(out.get("shares", [])), ftp_said(out.get("shares", [])),
                 smb_said(out.get("shares", [])), nfs_said(out.get("shares", []))):
        if said:
            print(said)


def print_copy(out: dict[str, Any]) -> None:
    if out.get("dry_run"):
        _print_preview(out)
        return
    done = copy_done(out["files"], out["bytes"], out.get("sent_bytes", out["bytes"]), out["seconds"], out["method"],
                     out["verification"] if out.get("verified", True) else None)
    print(CliOutput.tr("Copied {what}.", what=done))
    for note in out["notes"]:
        print(CliOutput.tr("Note: {note}", note=note))
    print(CliOutput.tr("Command: {command}", command=out["command"]))


def _print_preview(out: dict[str, Any]) -> None:
    """A dry run: every file it would send and everything it would delete, one a line."""
    send, delete = CliOutput.tr("send"), CliOutput.tr("delete")  # one column: the longer and two spaces
    width = max(len(send), len(delete)) + 2
    print(would_send(len(out["send"]), out["send_bytes"], out["destination"], out["changes"]["unchanged"]))
    for path in out["send"]:
        print(f"  {send.ljust(width)}{path!r}")
    if "deleted" in out:
        d = out["deleted"]
        print(would_delete(d["count"], d["files"], d["bytes"]))
        for line in out["delete_lines"]:
            print(f"  {delete.ljust(width)}{line}")
    print(dry_run_done())


def _ranked_figures(r: dict[str, Any], factor: str) -> str:
    if factor == Factor.SETUP:  # too little to time a rate: the whole copy's time is what tells them apart
        return CliOutput.tr("takes {time}", time=short_time(r["expected_seconds"]))
    measured = "  " + CliOutput.tr("measured {rate}", rate=rate(r["measured_MBps"])) if r["measured_MBps"] else ""
    return (CliOutput.tr("predicted {rate}", rate=f"{rate(r['predicted_MBps']):>9}") + measured + "  "
            + CliOutput.tr("limit: {limit}", limit=r["limit_words"]))


def print_advice(out: dict[str, Any]) -> None:
    print(CliOutput.tr("Bottleneck: {sentence}", sentence=out["bottleneck"]["sentence"]))
    print(CliOutput.tr("Ranking:"))
    for i, r in enumerate(out["ranking"][:8], 1):
        o = r["options"]
        extra = ", ".join(x for x in (o["cipher"], o["compress"] != "none" and o["compress"], o["mux"] and "mux",
                                      o["streams"] > 1 and CliOutput.tr("%n stream(s)", "", o["streams"])) if x)
        lock = "" if r["secure"] else "  " + CliOutput.tr("[insecure]")
        figures = _ranked_figures(r, out["bottleneck"]["factor"])
        print(f"  {i}. {r['method']:<13} {extra:<40} {figures}{lock}")
    for title, key in ((CliOutput.tr("Recommended (secure)"), "secure"),
                       (CliOutput.tr("Fastest overall"), "overall")):
        rec = out["recommended"][key]
        if rec is None or (key == "overall" and rec == out["recommended"]["secure"]):
            continue
        print(f"{title}: {rec['method']} — {rec['reason']}")
        print(f"  {rec['command']}")
    if out["recommended"]["overall"] and out["recommended"]["overall"] != out["recommended"]["secure"]:
        print(f"  {insecure_advice()}")
    for method_id, why in out["left_out"].items():
        print(CliOutput.tr("Left out: {method} — {why}.", method=method_id, why=why))
    for note in out["notes"]:
        print(CliOutput.tr("Note: {note}", note=note))
    print(CliOutput.tr("Advice took {time}.", time=duration(out["seconds"])))


def print_profile(out: dict[str, Any]) -> None:
    for note in out["notes"]:
        print(CliOutput.tr("Note: {note}", note=note))
    print(CliOutput.tr("Measured in {time}.", time=duration(out["seconds"])))


def print_trust(out: dict[str, Any]) -> None:
    print(CliOutput.tr("Trusted {host} ({fingerprint}).", host=out["host"], fingerprint=out["fingerprint"]))


def print_setup_key(out: dict[str, Any]) -> None:
    if out["added"]:
        print(CliOutput.tr("Added the key {key} to {host}'s ~/.ssh/authorized_keys.", key=out["key_file"],
                           host=out["host"]))
    else:
        print(CliOutput.tr("The key {key} was already in {host}'s ~/.ssh/authorized_keys; nothing was added.",
                           key=out["key_file"], host=out["host"]))
    if not out["key_login_works"]:
        print(out["note"])
    elif out["ssh_config_written"]:
        print(CliOutput.tr("Added a Host {alias} block with the key to {file}; logins need no password now.",
                           alias=out["alias"], file=out["ssh_config_written"]))
    else:
        print(CliOutput.tr("Key login works. Add this line to the Host {alias} entry of your ssh config (or run "
                           "again with --write-ssh-config):", alias=out["alias"]))
        for line in out["ssh_config_lines"]:
            print(f"  {line}")
