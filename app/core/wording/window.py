"""The window's own lines: the host step, the recommendation card, the race, the bottleneck chart while
the probes come in, and the question before quitting (the command line lays out the same facts its own way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.advice.factors import Factor
from app.core.formatting import count, duration, rate, short_time, size, timed
from app.core.wording.profile import cipher_name

if TYPE_CHECKING:
    from app.core.advice.advisor import Ranked


# The window's lines (the command line has its own layout of the same facts).

def connected_summary(where: str, user: str, password: bool, cores: int, aes: bool, tools: list[str],
                      note: str = "") -> str:
    """"Connected to nas (192.0.2.7) as ann · 4 cores, AES instructions · rsync, tar"."""
    cpu = f"{cores} cores" + (", AES instructions" if aes else "") if cores else "CPU unknown"
    how = " with a password" if password else ""
    said = f"Connected to {where} as {user}{how} · {cpu} · {', '.join(tools) or 'no extra tools'}"
    return said + (f"<br>{note}" if note else "")


def demo_summary(description: str, destination: str) -> str:
    return (f"This demo host is this computer, reached over SSH ({description}). Copies go to {destination}, "
            "which is removed when you close the window.")


QUEUE_STATES = {"waiting": "waiting", "copying": "copying…", "done": "done", "failed": "failed",
                "cancelled": "cancelled"}


def queue_line(sources: list[str], where: str, state: str, detail: str = "") -> str:
    """One job of the copy queue: "Holiday 2024 and 2 more → nas:/srv/photos · waiting"."""
    names = [s.rstrip("/").rsplit("/", 1)[-1] or s for s in sources] or ["nothing"]
    what = names[0] if len(names) == 1 else f"{names[0]} and {len(names) - 1} more"
    return f"{what} → {where} · {QUEUE_STATES[state]}{f': {detail}' if detail else ''}"


def queue_stopped(waiting: int) -> str:
    return (f"The queue stopped at the copy that did not finish; {count(waiting, 'copy', 'copies')} "
            "still waiting. Start the queue to go on, or remove them.")


def remove_host_question(host: str) -> str:
    return (f"Remove {host} from the host list? Its password is forgotten here and in the keyring; the host, "
            "its files and your key files are not touched.")


def host_removed(host: str) -> str:
    return f"{host} is off the list. Add it again any time with Add host."


def connecting(host: str) -> str:
    return f"Connecting to {host}…"


def could_not_connect(host: str) -> str:
    return f"Could not connect to {host}"


def making_key(host: str) -> str:
    return f"Making a key and adding it to {host}…"


def fetching_key(host: str) -> str:
    return f"{host} is new: fetching its key fingerprint…"


def key_uncheckable(host: str) -> str:
    return f"The key of {host} cannot be checked"


def compare_fingerprint(host: str) -> str:
    return f"Compare the fingerprint of {host} before trusting it."


def remembering_key(host: str) -> str:
    return f"Remembering the key of {host}…"


def key_not_trusted(host: str) -> str:
    return f"Not connected: the key of {host} was not trusted, so nothing was sent to it."


def advice_ready(seconds: float) -> str:
    return f"Measured and raced in {duration(seconds)}. Copy now, or find again after a change."


def copies_then_checks(method: str) -> str:
    return f"Copies with {method}, then checks the far side."


# What each method does, in words for someone who does not know the tools (the card's second line).
PLAIN = {"tar-ssh": "all the files in one encrypted stream", "rsync-ssh": "rsync over an encrypted connection",
         "scp": "OpenSSH's secure copy", "scp-legacy": "OpenSSH's secure copy, the old way",
         "sftp": "OpenSSH's file transfer", "ssh-cat": "the file piped through an encrypted connection",
         "tar-nc": "all the files in one stream, not encrypted", "rsync-daemon": "rsync without encryption"}


def headline(ranked: Ranked) -> str:
    """What the user gets, first: "Encrypted copy — about 3 min"."""
    kind = "Encrypted copy" if ranked.prediction.secure else "Unencrypted copy"
    return f"{kind} — {roughly(ranked.seconds)}"


def roughly(seconds: float) -> str:
    """A time as a person promises it: "about a second", "about 40 s", "about 3 min", "about 1 h 05 min"."""
    if seconds < 1.5:
        return "about a second"
    if seconds < 59.5:
        return f"about {seconds:.0f} s"
    if seconds < 3570:
        return f"about {round(seconds / 60)} min"
    minutes = round(seconds / 60)
    return f"about {minutes // 60} h {minutes % 60:02d} min"


def method_words(ranked: Ranked, tool: str) -> str:
    """The method in plain words, the tool (cipher, streams) after it: "OpenSSH's secure copy (scp, aes128-gcm)"."""
    plain = PLAIN.get(ranked.candidate.method_id)
    return f"{plain[0].upper()}{plain[1:]} ({tool})" if plain else tool


def speed_words(ranked: Ranked, total_bytes: int, whole: bool = False) -> str:
    """A recommendation's speed, under the headline that says its time: "38 MB/s measured on your files, 460 MB"."""
    if not timed(total_bytes):  # too little for a rate: the whole copy's time
        how = "timed on your files" if ranked.timed else "predicted"
        return f"{duration(ranked.seconds)} for {size(total_bytes)}, {how}"
    return (f"{rate(_quoted_MBps(ranked, total_bytes, whole))} {_how(ranked, 'on your files')} · "
            f"{size(total_bytes)} in all")


def _quoted_MBps(ranked: Ranked, total_bytes: int, whole: bool = False) -> float:
    """The rate the reason quotes too (advisor.sentence_rates): where laps copied the whole selection
    (`whole`: any of the ranking's did), every method's whole time, start-up included; else what the race
    measured, else the prediction."""
    if (whole or ranked.timed) and ranked.seconds > 0:
        return total_bytes / 1e6 / ranked.seconds
    return ranked.measured_MBps or ranked.prediction.MBps


def _how(ranked: Ranked, where: str = "") -> str:
    how = "timed" if ranked.timed else "measured" if ranked.measured_MBps else "predicted"
    return f"{how} {where}" if where and how != "predicted" else how


def others_words(others: list[Ranked], total_bytes: int, whole: bool = False) -> str:
    """The next best of the other methods, so the choice does not look arbitrary."""
    rest = []
    for r in others:
        if not timed(total_bytes):
            rest.append(f"{r.candidate.label} {duration(r.seconds)} {'timed' if r.timed else 'predicted'}")
        else:
            rest.append(f"{r.candidate.label} {rate(_quoted_MBps(r, total_bytes, whole))} {_how(r)}")
    return ("Others: " + " · ".join(rest)) if rest else ""


def race_fastest(label: str, MBps: float) -> str:
    return f"Fastest on your files: {label} at {rate(MBps)}."


def race_quickest(label: str, seconds: float) -> str:
    return f"Quickest on your files: {label}, all of them in {short_time(seconds)}."


def lap_failed(label: str, error: str) -> str:
    return f"{label} failed: {error}"


def stop_and_quit(copying: bool) -> str:
    what = "A copy" if copying else "The measurement"
    return (f"{what} is still running. Stop it and quit? Nothing half-written is left at the destination, and "
            "the helpers started on the host are removed.")


# The window's bottleneck chart (step 3), while the probes come in.
IDLE_CHART = "Press “Find the fastest way”: each measurement appears here as it finishes."


MEASURING = "Measuring: the round trip, the network, ssh with each cipher, the disks…"


ADVICE_STOPPED = "Stopped before the measurements were complete."


_SLOW_STEP = {Factor.LINK: "the network", "network-all": "the network on several connections at once",
              Factor.REMOTE_DISK: "the destination disk",
              Factor.LOCAL_DISK: "reading your files"}


def slowest_so_far(key: str, MBps: float) -> str:
    """The lowest ceiling measured so far (a chart row: a factor, or `cipher:NAME`), before the advice."""
    if key.startswith("cipher:"):
        cipher = cipher_name(key.removeprefix("cipher:"))
        what = f"ssh encryption, {rate(MBps)} with its fastest cipher so far ({cipher})"
    else:
        what = f"{_SLOW_STEP.get(key, key)}, {rate(MBps)}"
    return f"Slowest step so far: {what}. The verdict comes after the race."
