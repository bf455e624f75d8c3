"""The window's own lines: the host step, the recommendation card, the race, the bottleneck chart while
the probes come in, and the question before quitting (the command line lays out the same facts its own way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.advice.factors import Factor
from app.core.formatting import duration, rate, short_time, size, timed
from app.core.language import Words
from app.core.wording.advice_card import in_quotes, plain, spoken
from app.core.wording.profile import cipher_name

if TYPE_CHECKING:
    from app.core.advice.ranking import Ranked


# The window's lines (the command line has its own layout of the same facts).

class Window(Words):
    """The window's own lines (the translator's context)."""


def connected_summary(where: str, user: str, password: bool, cores: int, aes: bool, tools: list[str],
                      note: str = "") -> str:
    """"Connected to nas (192.0.2.7) as ann · 4 cores, AES instructions · rsync, tar"."""
    if not cores:
        cpu = Window.tr("CPU unknown")
    elif aes:
        cpu = Window.tr("%n core(s), AES instructions", "", cores)
    else:
        cpu = Window.tr("%n core(s)", "", cores)
    tools_said = ", ".join(tools) or Window.tr("no extra tools")
    if password:
        said = Window.tr("Connected to {where} as {user} with a password · {cpu} · {tools}",
                         where=where, user=user, cpu=cpu, tools=tools_said)
    else:
        said = Window.tr("Connected to {where} as {user} · {cpu} · {tools}", where=where, user=user, cpu=cpu,
                         tools=tools_said)
    return said + (f"<br>{note}" if note else "")


def demo_summary(description: str, destination: str) -> str:
    return Window.tr("This demo host is this computer, reached over SSH ({description}). Copies go to "
                     "{destination}, which is removed when you close the window.",
                     description=description, destination=destination)


def queue_state(state: str) -> str:
    return {"waiting": Window.tr("waiting"), "copying": Window.tr("copying…"), "done": Window.tr("done"),
            "failed": Window.tr("failed"), "cancelled": Window.tr("cancelled")}[state]


def queue_line(sources: list[str], where: str, state: str, detail: str = "") -> str:
    """One job of the copy queue: "Holiday 2024 and 2 more → nas:/srv/photos · waiting"."""
    names = [s.rstrip("/").rsplit("/", 1)[-1] or s for s in sources]
    if not names:
        what = Window.tr("nothing")
    elif len(names) == 1:
        what = names[0]
    else:
        what = Window.tr("{first} and %n more", "", len(names) - 1, first=names[0])
    return f"{what} → {where} · {queue_state(state)}{f': {detail}' if detail else ''}"


def queue_stopped(waiting: int) -> str:
    return Window.tr("The queue stopped at the copy that did not finish; %n copy(s) still waiting. Start the "
                     "queue to go on, or remove them.", "", waiting)


def remove_host_question(host: str) -> str:
    return Window.tr("Remove {host} from the host list? Its password is forgotten here and in the keyring; the "
                     "host, its files and your key files are not touched.", host=host)


def host_removed(host: str) -> str:
    return Window.tr("{host} is off the list. Add it again any time with Add host.", host=host)


def connecting(host: str) -> str:
    return Window.tr("Connecting to {host}…", host=host)


def could_not_connect(host: str) -> str:
    return Window.tr("Could not connect to {host}", host=host)


def making_key(host: str) -> str:
    return Window.tr("Making a key and adding it to {host}…", host=host)


def fetching_key(host: str) -> str:
    return Window.tr("{host} is new: fetching its key fingerprint…", host=host)


def key_uncheckable(host: str) -> str:
    return Window.tr("The key of {host} cannot be checked", host=host)


def compare_fingerprint(host: str) -> str:
    return Window.tr("Compare the fingerprint of {host} before trusting it.", host=host)


def remembering_key(host: str) -> str:
    return Window.tr("Remembering the key of {host}…", host=host)


def key_not_trusted(host: str) -> str:
    return Window.tr("Not connected: the key of {host} was not trusted, so nothing was sent to it.", host=host)


def advice_ready(seconds: float) -> str:
    return Window.tr("Measured and raced in {time}. Copy now, or find again after a change.",
                     time=duration(seconds))


def copies_then_checks(method: str) -> str:
    return Window.tr("Copies with {method}, then checks the far side.", method=method)


def headline(ranked: Ranked) -> str:
    """What the user gets, first: "Encrypted copy — about 3 min"."""
    if ranked.prediction.secure:
        return Window.tr("Encrypted copy — {time}", time=roughly(ranked.seconds))
    return Window.tr("Unencrypted copy — {time}", time=roughly(ranked.seconds))


def roughly(seconds: float) -> str:
    """A time as a person promises it: "about a second", "about 40 s", "about 3 min", "about 1 h 05 min"."""
    if seconds < 1.5:
        return Window.tr("about a second")
    if seconds < 59.5:
        return Window.tr("about {seconds} s", seconds=f"{seconds:.0f}")
    if seconds < 3570:
        return Window.tr("about {minutes} min", minutes=round(seconds / 60))
    minutes = round(seconds / 60)
    return Window.tr("about {hours} h {minutes} min", hours=minutes // 60, minutes=f"{minutes % 60:02d}")


def method_words(ranked: Ranked, tool: str) -> str:
    """The method in plain words ("OpenSSH's secure copy"); the tool (cipher, streams) where there are none."""
    words = plain(ranked.candidate.method_id)
    return f"{words[0].upper()}{words[1:]}" if words else tool


def speed_words(ranked: Ranked, total_bytes: int, whole: bool = False) -> str:
    """A recommendation's speed, under the headline that says its time: "38 MB/s measured on your files, 460 MB"."""
    if not timed(total_bytes):  # too little for a rate: the whole copy's time
        if ranked.timed:
            return Window.tr("{time} for {size}, timed on your files", time=duration(ranked.seconds),
                             size=size(total_bytes))
        return Window.tr("{time} for {size}, predicted", time=duration(ranked.seconds), size=size(total_bytes))
    speed = rate(_quoted_MBps(ranked, total_bytes, whole))
    if ranked.timed:
        said = Window.tr("{rate} timed on your files", rate=speed)
    elif ranked.measured_MBps:
        said = Window.tr("{rate} measured on your files", rate=speed)
    else:
        said = Window.tr("{rate} predicted", rate=speed)
    return Window.tr("{speed} · {size} in all", speed=said, size=size(total_bytes))


def _quoted_MBps(ranked: Ranked, total_bytes: int, whole: bool = False) -> float:
    """The rate the reason quotes too (recommendation.sentence_rates): where laps copied the whole selection
    (`whole`: any of the ranking's did), every method's whole time, start-up included; else what the race
    measured, else the prediction."""
    if (whole or ranked.timed) and ranked.seconds > 0:
        return total_bytes / 1e6 / ranked.seconds
    return ranked.measured_MBps or ranked.prediction.MBps


def _how(ranked: Ranked) -> str:
    if ranked.timed:
        return Window.tr("timed")
    return Window.tr("measured") if ranked.measured_MBps else Window.tr("predicted")


def figure_words(r: Ranked, total_bytes: int, whole: bool = False) -> str:
    """A method's figure as the card and its "Others" line quote it ("329 MB/s measured", "1.2 s timed"):
    the race's legend says the same once the advice is in."""
    if not timed(total_bytes):
        how = Window.tr("timed") if r.timed else Window.tr("predicted")
        return f"{duration(r.seconds)} {how}"
    return f"{rate(_quoted_MBps(r, total_bytes, whole))} {_how(r)}"


def others_words(others: list[Ranked], total_bytes: int, whole: bool = False) -> str:
    """The next best of the other methods, so the choice does not look arbitrary: named as the card's reason
    names them (“OpenSSH's file transfer” 516 MB/s timed)."""
    rest = [f"{in_quotes(spoken(r.candidate))} {figure_words(r, total_bytes, whole)}" for r in others]
    return Window.tr("Others: {list}", list=" · ".join(rest)) if rest else ""


def race_fastest(label: str, MBps: float) -> str:
    return Window.tr("Fastest on your files: {method} at {rate}.", method=label, rate=rate(MBps))


def race_quickest(label: str, seconds: float) -> str:
    return Window.tr("Quickest on your files: {method}, all of them in {time}.", method=label,
                     time=short_time(seconds))


def lap_copy_kept() -> str:
    """After race_quickest, where that lap's copy of the selection is kept for Copy now."""
    return Window.tr("Its copy is kept: Copy now with it only checks it and puts it in place.")


def lap_failed(label: str, error: str) -> str:
    return Window.tr("{method} failed: {error}", method=label, error=error)


def stop_and_quit(copying: bool) -> str:
    if copying:
        return Window.tr("A copy is still running. Stop it and quit? Nothing half-written is left at the "
                         "destination, and the helpers started on the host are removed.")
    return Window.tr("The measurement is still running. Stop it and quit? Nothing half-written is left at the "
                     "destination, and the helpers started on the host are removed.")


# The window's bottleneck chart (step 3), while the probes come in.
def idle_chart() -> str:
    return Window.tr("Press “Find the fastest way”: each measurement appears here as it finishes.")


def measuring() -> str:
    return Window.tr("Measuring: the round trip, the network, ssh with each cipher, the disks…")


def advice_stopped() -> str:
    return Window.tr("Stopped before the measurements were complete.")


def _slow_step(key: str) -> str:
    return {Factor.LINK: Window.tr("the network"),
            "network-all": Window.tr("the network on several connections at once"),
            Factor.REMOTE_DISK: Window.tr("the destination disk"),
            Factor.LOCAL_DISK: Window.tr("reading your files")}.get(key, key)


def slowest_so_far(key: str, MBps: float) -> str:
    """The lowest ceiling measured so far (a chart row: a factor, or `cipher:NAME`), before the advice."""
    if key.startswith("cipher:"):
        cipher = cipher_name(key.removeprefix("cipher:"))
        what = Window.tr("ssh encryption, {rate} with its fastest cipher so far ({cipher})", rate=rate(MBps),
                         cipher=cipher)
    else:
        what = f"{_slow_step(key)}, {rate(MBps)}"
    return Window.tr("Slowest step so far: {what}. The verdict comes after the race.", what=what)
