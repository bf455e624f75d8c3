"""The sentences a person reads, built once for the command line and the window (failures are
errors/'s; the numbers in them formatting.py's). In order: the advice (what limits a prediction
and why a method was chosen: "The CPU of nas caps ssh encryption at 6 MB/s while the network
carries 38 MB/s."), the tooltips, a copy as it goes and ends (its phase lines, and the notes beside
its result: what it did with what was there, what a mirror deleted), the questions before a copy, and
the window's own lines. (Over 400 lines on purpose: the one place for these sentences, so a translation
or a change of tone touches one file.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.formatting import agree, count, duration, mbps, ms, plural, rate, short_time, size, timed
from app.core.host.capabilities import Capabilities
from app.core.transfer.methods import METHODS
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import Method
from app.core.transfer.methods.keeps import NAMES
from app.core.transfer.verify import SIZES, contents
from app.core.advice.factors import Factor
from app.core.advice.model import ASSUMED_TCP_MBPS, Prediction
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import LinkProfile
from app.core.selection.entries import Selection

if TYPE_CHECKING:
    from app.core.advice.advisor import Ranked  # the advisor words its advice with this module
    from app.core.transfer.existing import Placement
    from app.core.transfer.mirror import Deletion


def _tcp(profile: LinkProfile, download: bool) -> float | None:
    return profile.tcp_down_MBps if download else profile.tcp_up_MBps


def compression_pays(p: Prediction, profile: LinkProfile) -> bool:
    """A compressor is the limit, but at a rate above what the network carries raw: the network is
    the real bottleneck and compression the remedy."""
    tcp = _tcp(profile, p.candidate.options.download)
    return p.limit is Factor.COMPRESSION and bool(tcp) and p.stream_MBps > tcp


def _network(profile: LinkProfile, download: bool) -> str:
    tcp = _tcp(profile, download)
    return f"the network carries {mbps(tcp)} MB/s" if tcp else "the network's own speed was not measured"


RACE_FELL_SHORT = 0.75  # a raced rate below this share of the predicted ceiling is said beside it


def bottleneck_sentence(p: Prediction, profile: LinkProfile, raced_MBps: float | None = None) -> str:
    """What limits this prediction, worded for someone who does not know what a cipher is. When the
    race moved the files clearly slower than that ceiling, the sentence says so too: something the
    probes do not see (the files' own cost, a busy computer) took the rest."""
    host, o = profile.host, p.candidate.options
    net, cap = _network(profile, o.download), mbps(p.components.get(p.limit, p.stream_MBps))
    probe = profile.cipher(o.cipher) if o.cipher else None
    ssh_rate = mbps(probe.MBps) if probe and o.compress == "none" else cap
    text = {
        Factor.CIPHER_CPU_REMOTE: f"The CPU of {host} caps ssh encryption at {ssh_rate} MB/s while {net}.",
        Factor.CIPHER_CPU_LOCAL: f"This computer's CPU caps ssh encryption at {ssh_rate} MB/s while {net}.",
        Factor.REMOTE_DISK: f"The disk of {host} {'reads' if o.download else 'writes'} only {cap} MB/s while {net}.",
        Factor.LOCAL_DISK: f"This computer's disk {'writes' if o.download else 'reads'} only {cap} MB/s while {net}.",
        Factor.COMPRESSION: (f"{_compression_pays_off(_tcp(profile, o.download), o)}; the compressor's {cap} MB/s "
                        "is what holds it now."
                        if compression_pays(p, profile) else
                        f"Compressing with {_codec_word(o)} runs at only {cap} MB/s, slower than sending "
                        "the files as they are."),
        Factor.PER_FILE: _per_file_sentence(p, profile),
    }.get(p.limit) or _link_sentence(p, profile, host, net, cap)
    if raced_MBps and raced_MBps < RACE_FELL_SHORT * p.stream_MBps and p.limit is not Factor.PER_FILE:
        text = text[:-1] + f" (your files went at {mbps(raced_MBps)} MB/s in the race)."
    return text + (f" Not measured: {', '.join(p.notes)}." if p.notes else "")


def _per_file_sentence(p: Prediction, profile: LinkProfile) -> str:
    each = p.per_file_s / max(p.files, 1) * 1000
    pause = f"{each:.2g} ms"
    estimated = p.candidate.method_id not in profile.per_file_ms
    waits = p.candidate.method.round_trips_per_file
    if waits and profile.rtt_ms and estimated:
        pause += f" ({waits} round trips of {ms(profile.rtt_ms)} and the file's creation)"
    return (f"{p.candidate.label} pauses about {pause} on every file: {short_time(p.per_file_s)} of its "
            f"{short_time(p.seconds)} for {plural(p.files, 'file')}.")



def _link_sentence(p: Prediction, profile: LinkProfile, host: str, net: str, cap: str) -> str:
    rtt = ms(profile.rtt_ms) if profile.rtt_ms else "this"
    tcp, o = _tcp(profile, p.candidate.options.download), p.candidate.options
    if p.detail == "ssh-window" and o.compress != "none" and tcp and p.stream_MBps > tcp:
        # Compressed, the files go faster than the wire carries raw: the window is what holds them now.
        return (f"{_compression_pays_off(tcp, o)}; ssh's 2 MiB window over a {rtt} round trip is what holds "
                f"your files now, at {cap} MB/s.")
    if p.detail == "ssh-window":
        return f"ssh's 2 MiB window over a {rtt} round trip holds one stream to {cap} MB/s while {net}."
    if p.detail == "sftp-window":
        return (f"{p.candidate.label} keeps only 64 requests of 32 KiB in flight, so a {rtt} round trip "
                f"holds it to {cap} MB/s while {net}.")
    if p.side:  # a tool's own CPU work (rsync's checksums, tar, netcat) on a weak side
        where = "this computer's CPU" if p.side == "local" else f"the CPU of {host}"
        return f"{p.detail}'s own work on {where} holds {p.candidate.label} to {cap} MB/s while {net}."
    if not tcp:
        return (f"The network's speed was not measured; on a gigabit network ({mbps(ASSUMED_TCP_MBPS)} MB/s) "
                f"{p.candidate.label} would get {mbps(p.stream_MBps)} MB/s.")
    if o.compress != "none" and p.stream_MBps > tcp:
        return (f"The network is the limit at {mbps(tcp)} MB/s; compressing with {_codec_word(o)} pays off, "
                f"so your files go through it at {mbps(p.stream_MBps)} MB/s.")
    carries = net.replace("the network carries", "it carries")
    return f"The network is the limit: {carries}, and {p.candidate.label} gets {mbps(p.stream_MBps)} MB/s through it."


def _compression_pays_off(tcp: float, o: Options) -> str:
    return f"The network carries only {mbps(tcp)} MB/s, so compressing with {_codec_word(o)} pays off"


def _codec_word(o: Options) -> str:
    return "ssh's zlib (-C)" if o.compress == "ssh" else o.compress


def _options_words(o: Options) -> str:
    words = [f"cipher {o.cipher}"] if o.cipher else []
    if o.compress != "none":
        words.append(f"{_codec_word(o)} compression")
    if o.mux:
        words.append("a shared connection")
    return f" (with {', '.join(words)})" if words else ""


def _kind(chosen: Prediction) -> str:
    """The rivals of a secure pick are the secure methods only (unencrypted ones may run as well)."""
    return "secure " if chosen.secure else ""


def reason_sentence(chosen: Prediction, ranking: list[Prediction], profile: LinkProfile,
                    raced: frozenset = frozenset()) -> str:
    """Why this candidate over the best other method, in one sentence. Candidates in `raced` carry
    what the race measured, and are worded so."""
    name = chosen.candidate.label + _options_words(chosen.candidate.options)
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    how = "measured" if chosen.candidate in raced else "predicted"
    if rival is None:
        return f"{name} is the only {_kind(chosen)}method that can run here ({mbps(chosen.MBps)} MB/s {how})."
    if rival.MBps > chosen.MBps and chosen.candidate in raced and rival.candidate not in raced:
        # Ranked first all the same: a measurement outranks a prediction that is not clearly (10 %) ahead.
        return (f"{name} is measured at {mbps(chosen.MBps)} MB/s; {rival.candidate.label} is predicted at "
                f"{mbps(rival.MBps)} MB/s, too close to trust over a measurement.")
    rival_how = "" if (rival.candidate in raced) == (chosen.candidate in raced) else \
        (" measured" if rival.candidate in raced else " predicted")
    head = (f"{name} is {how} at {mbps(chosen.MBps)} MB/s, ahead of {rival.candidate.label} "
            f"at {mbps(rival.MBps)} MB/s{rival_how}")
    return f"{head}: {_why(chosen, rival, profile)}."


def small_selection_sentence(files: int, nbytes: int, label: str, took: float, raced: bool) -> str:
    """The limit of a selection too small to time a rate with: starting the copy is most of it."""
    how = "copied it in the race in" if raced else "is predicted to copy it in"
    return (f"Your selection ({plural(files, 'file')}, {size(nbytes)}) is too little to time the link with: "
            f"{label} {how} {short_time(took)}, most of that starting up.")


def small_reason_sentence(chosen: Prediction, ranking: list[Prediction], raced: frozenset = frozenset()) -> str:
    """Why this candidate, for a selection too small to time a rate with: whole copies, in seconds."""
    name = chosen.candidate.label + _options_words(chosen.candidate.options)
    how = "took" if chosen.candidate in raced else "is predicted to take"
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    if rival is None:
        return f"{name} is the only {_kind(chosen)}method that can run here ({short_time(chosen.seconds)} for all of it)."
    if rival.seconds < chosen.seconds and chosen.candidate in raced and rival.candidate not in raced:
        return (f"{name} took {short_time(chosen.seconds)} for all of it; {rival.candidate.label} is predicted "
                f"at {short_time(rival.seconds)}, too close to trust over a measurement.")
    rival_how = "" if (rival.candidate in raced) == (chosen.candidate in raced) else \
        (" in the race" if rival.candidate in raced else " predicted")
    return (f"{name} {how} {short_time(chosen.seconds)} for all of it, ahead of {rival.candidate.label} at "
            f"{short_time(rival.seconds)}{rival_how}: with this little data, the quicker start decides.")


def _why(chosen: Prediction, rival: Prediction, profile: LinkProfile) -> str:
    o, net = chosen.candidate.options, _network(profile, chosen.candidate.options.download)
    if rival.limit is Factor.PER_FILE and chosen.limit is not Factor.PER_FILE:
        return f"it does not pause on every file as {rival.candidate.label} does"
    if not chosen.secure and rival.limit.is_cipher_cpu:
        cpu = f"the CPU of {profile.host}" if rival.limit is Factor.CIPHER_CPU_REMOTE else "this computer's CPU"
        return f"it skips encryption, which {cpu} cannot do faster than {mbps(rival.stream_MBps)} MB/s"
    if o.compress != "none" and rival.candidate.options.compress == "none":
        return f"compressing with {_codec_word(o)} sends fewer bytes than the files hold, and {net}"
    if chosen.limit == rival.limit and (chosen.detail, chosen.side) == (rival.detail, rival.side):
        return f"both are held by {_factor_words(rival, profile.host)}; it has the least overhead on top"
    return f"{rival.candidate.label} is held back by {_factor_words(rival, profile.host)}"


def _factor_words(p: Prediction, host: str) -> str:
    if p.limit is Factor.LINK and p.side:
        return f"{p.detail}'s own work on {'this computer' if p.side == 'local' else host}"
    if p.limit is Factor.LINK and p.detail.endswith("window"):
        return "how much data its protocol keeps in flight over the round trip"
    return factor_words(p.limit, host)


def factor_words(factor: Factor, host: str) -> str:
    """What a factor is called, in a sentence or on the bottleneck chart: "the CPU of nas encrypting"."""
    return {Factor.LINK: "the network", Factor.CIPHER_CPU_LOCAL: "this computer's CPU encrypting",
            Factor.CIPHER_CPU_REMOTE: f"the CPU of {host} encrypting", Factor.REMOTE_DISK: f"the disk of {host}",
            Factor.LOCAL_DISK: "this computer's disk", Factor.PER_FILE: "pauses on every file",
            Factor.COMPRESSION: "compression", Factor.SETUP: "starting up"}[factor]


def capitalized(words: str) -> str:
    """The first letter up, the rest as it is ("the CPU of nas" → "The CPU of nas", not "The cpu of nas")."""
    return words[:1].upper() + words[1:]


# Tooltips: what each measured figure means, keyed by factor or by the chart's own rows (`cipher`:
# one ssh connection's rate; `tool-cpu`, `window`: a link limit that is a tool or a protocol).
TIPS = {
    "rtt": "Round trip: how long a tiny message takes to reach the host and come back. Methods that wait "
           "for an answer after every file lose this much time per file.",
    Factor.LINK: "The network itself: how much plain, unencrypted data the cable or Wi-Fi carried between the two "
                 "machines (like netcat). No method can go faster than this.",
    "cipher": "How fast one ssh connection carried data with this cipher. ssh encrypts everything; a small NAS "
              "processor often cannot encrypt faster than this, whatever the network could carry.",
    Factor.REMOTE_DISK: "How fast the destination's disk stores data, measured with data that cannot be compressed "
                        "and flushed to the disk, as a real copy does.",
    Factor.LOCAL_DISK: "How fast this computer reads your selected files from its own disk.",
    Factor.PER_FILE: "Pauses on every file: some methods wait for the other side to answer after each file; with "
                     "many small files these pauses, not the network, decide the time.",
    Factor.COMPRESSION: "Compressing the data before sending: it only helps when the network is slower than the "
                        "compressor; on a fast network it slows the copy down.",
    "tool-cpu": "The copying tool's own work (reading, packing and writing files) on a slow processor.",
    "window": "How much data the protocol keeps in flight: over a long round trip, ssh and sftp wait for "
              "acknowledgements and cannot fill the network.",
    "compress-sample": "How well a sample of your files compresses, and how fast this computer compresses it.",
}


def method_tip(method_id: str) -> str:
    """A method in two sentences: what it is, and whether the network can read what it sends."""
    method = METHODS.get(method_id)
    if method is None:
        return ""
    security = ("Encrypted: safe on any network." if method.secure else
                "Not encrypted: anyone on the network between the two machines can read and change the files. "
                "Use only on a network you trust.")
    return f"{method.label}: {method.summary} {security}"


def links_become_copies(links: int) -> str:
    """Said after the reason when the chosen method follows symbolic links."""
    which = "The selection's symbolic link arrives" if links == 1 else f"The selection's {links} symbolic links arrive"
    return f"{which} as a copy of what it points to, not as a link." if links == 1 else \
        f"{which} as copies of what they point to, not as links."


def verification_value(saved: str) -> str:
    """`verification` as it is now said: copies logged before it named contents held the bare tool."""
    if not saved or saved == SIZES or saved.startswith("contents ("):
        return saved
    return contents(saved)


def hashed_with(verification: str) -> str | None:
    """The hash tool that compared the contents ("b3sum"), or None when only sizes were compared."""
    value = verification_value(verification)
    return value.removeprefix("contents (").removesuffix(")") if value.startswith("contents (") else None


def verified_as(verification: str) -> str:
    """How a copy was checked, in the words the command line, the window and the history all use:
    "verified: sizes" or "verified: contents (b3sum)"."""
    value = verification_value(verification)
    return f"verified: {value}" if value else "verified"


# --- A copy as it goes and as it ends: the same words on the command line, in the window and in its
# notification; each lays them out its own way.

COPY_PHASES = {"scanning": "Reading the selection…", "comparing": "Looking at what is already there…",
               "finalizing": "Moving the copy into place…", "verifying": "Checking the far side…",
               "cleaning": "Cleaning up…", "deleting": "Deleting what the selection does not have…"}


def copying_with(method: str) -> str:
    return f"Copying with {method}…"


def copy_progress(done: int, total: int, bytes_per_s: float, eta: float | None) -> str:
    """"1.2 MB of 3.4 MB · 38 MB/s · about 4.2 s left"."""
    left = f" · about {duration(eta)} left" if eta is not None else ""
    return f"{size(done)} of {size(total)} · {rate(bytes_per_s / 1e6)}{left}"


def copy_done(files: int, nbytes: int, sent: int, seconds: float, method: str, verification: str | None) -> str:
    """What a finished copy did: "3 files, 1.2 MB in 4.2 s (38 MB/s) with tar over ssh; verified: sizes".
    No rate for a copy too small to time one; `verification` None when nothing was checked."""
    speed = f" ({rate(sent / seconds / 1e6)})" if timed(sent) and seconds > 0 else ""
    part = "" if sent == nbytes else f" ({size(sent)} of it sent now)"
    checked = f"; {verified_as(verification)}" if verification is not None else ""
    return f"{count(files, 'file')}, {size(nbytes)}{part} in {duration(seconds)}{speed} with {method}{checked}"


def copy_notice(files: int, where: str, verification: str | None) -> str:
    """The notification of a finished copy: "3 files to nas:/backup, verified: sizes."."""
    verdict = verified_as(verification) if verification is not None else "NOT verified"
    return f"{count(files, 'file')} to {where}, {verdict}."


def what_was_checked(verification: str) -> str:
    """What a verified copy's check found, for someone who does not know what a hash is."""
    how = "every file, folder and link is there with the right size"
    tool = hashed_with(verification)
    return how + (f", and the files' contents match ({tool})" if tool else "")


def losses_sentences(label: str, lost: list[str], stats: SelectionStats) -> list[str]:
    """What a copy with `label` loses of what the selection has (Keeps' names: hardlinks, sparse, xattrs),
    and what it costs at the destination. Symbolic links have their own sentence (links_become_copies)."""
    out = []
    if "hardlinks" in lost and stats.hard_linked:
        out.append(f"{label} copies the {plural(stats.hard_linked, 'hard-linked file')} as separate files "
                   f"({size(stats.hard_link_bytes)} more at the destination).")
    if "sparse" in lost and stats.sparse:
        which = "the sparse file" if stats.sparse == 1 else f"the {stats.sparse} sparse files"
        out.append(f"{label} writes {which} out whole ({size(stats.sparse_bytes)} more on the destination's disk).")
    if "xattrs" in lost and stats.xattrs:
        out.append(f"{label} does not keep the extended attributes and ACLs of {plural(stats.xattrs, 'item')} "
                   "(--xattrs keeps them, with rsync or tar).")
    return out


def quicker_but_loses(label: str, lost: list[str]) -> str:
    """Said when the recommendation passed over a quicker method because it would lose these (Keeps' names)."""
    return f"{label} would be quicker but would not keep the {' and '.join(NAMES[n] for n in lost)}."


def copy_losses(method: Method, local: Capabilities, remote: Capabilities, selection: Selection,
                o: Options) -> list[str]:
    """What a copy with `method` and options `o` does not keep of what `selection` has, said in its result."""
    stats = SelectionStats.of(selection)
    lost = method.keeps_between(local, remote).given(o.owners, o.xattrs).lost(stats.needs_kept())
    return losses_sentences(method.label.split(" (")[0], lost, stats)


# The phase lines a user sees while a copy (or the advice) works: the detail under each step's title.
PHASE_SCANNING = "Reading the selection"
PHASE_COMPARING = "Looking at what is already at the destination"
PHASE_FINALIZING = "Moving the copy into place"
PHASE_VERIFYING = "Checking the far side"
PHASE_DELETING = "Deleting what the selection does not have"


def measuring_link(host: str) -> str:
    return f"Measuring the link to {host}"


def carrying_on(method: str) -> str:
    """A send that finishes a file an earlier copy cut short."""
    return f"{method}: carrying on a file cut short"


# The notes beside a copy's result: what it did with what was at the destination, what it compared,
# what a mirror deleted.

def _left_as_was(n: int) -> str:
    return f"left as {agree(n, 'it was', 'they were')}"


def update_note(unchanged: int, updated: int, new: int, newer_there: int) -> str:
    """"Updated: 3 unchanged, 1 updated, 2 new.", and what was newer at the destination."""
    newer = (f"; {plural(newer_there, 'item')} newer at the destination {_left_as_was(newer_there)}"
             if newer_there else "")
    return f"Updated: {unchanged} unchanged, {updated} updated, {new} new{newer}."


def identical_note(items: int) -> str:
    was = agree(items, "was", "were")
    return f"{plural(items, 'item')} {was} already at the destination, identical, and {was} not sent again."


def skipped_note(paths: list[str]) -> str:
    shown = ", ".join(repr(p) for p in paths[:5]) + (" ..." if len(paths) > 5 else "")
    return f"{plural(len(paths), 'item')} at the destination {_left_as_was(len(paths))}: {shown}."


def replaced_note(items: int) -> str:
    return f"{plural(items, 'item')} at the destination replaced."


def placement_notes(placement: Placement) -> list[str]:
    """What the copy did with what was at the destination, in sentences."""
    out = []
    if placement.identical:
        out.append(identical_note(len(placement.identical)))
    if placement.skipped:
        out.append(skipped_note(placement.skipped))
    if placement.replaced:
        out.append(replaced_note(len(placement.replaced)))
    return out + renamed_notes(placement.renamed)


def carried_on_note(complete: int, partial: int) -> list[str]:
    """A copy that went on from an earlier run's staging folder (`complete` items not sent again,
    `partial` files cut short and finished); nothing when it started afresh."""
    kept = [f"{plural(complete, 'item')} it had copied {agree(complete, 'was', 'were')} not sent again"
            if complete else "",
            f"{plural(partial, 'file')} it had cut short went on from where {agree(partial, 'it', 'they')} stopped"
            if partial else ""]
    if not any(kept):
        return []
    return ["Carried on from an earlier run of this copy: " + ", and ".join(k for k in kept if k) + "."]


def renamed_notes(renamed: dict[str, str]) -> list[str]:
    """"Kept both: the copy of 'a.jpg' is 'a (2).jpg'.", for the first five."""
    out = [f"Kept both: the copy of {old!r} is {new!r}." for old, new in list(renamed.items())[:5]]
    if len(renamed) > 5:
        out.append(f"... and {len(renamed) - 5} more kept both the same way.")
    return out


HASHING_FAILED = "Files already at the destination were compared by size and time: hashing them failed."


def contents_not_compared(why_not: str) -> str:
    return f"Contents were not compared: {why_not}; sizes were compared."


def links_followed(method: str) -> str:
    return f"{method} copies what symbolic links point to, not the links themselves."


def sent_all_again(method: str) -> str:
    return f"{method} cannot send a list of files this way, so all of the selection was sent again."


def swept_note(place: str, gone: list[str]) -> list[str]:
    """The folders of earlier runs that a copy (or the advice) removed before it began; nothing when none."""
    if not gone:
        return []
    what = "a folder that an earlier run" if len(gone) == 1 else f"{len(gone)} folders that earlier runs"
    return [f"Removed {what} of Transfer Advisor left in {place} ({', '.join(gone)})."]


MIRROR_SHOWN = 3  # names in a mirror's sentence


def _names_shown(paths: list[str]) -> str:
    more = f" and {len(paths) - MIRROR_SHOWN} more" if len(paths) > MIRROR_SHOWN else ""
    return ", ".join(repr(p) for p in paths[:MIRROR_SHOWN]) + more


def deletion_line(path: str, kind: str, files: int, nbytes: int, target: str | None) -> str:
    """One item a mirror deletes, for a full list: "'album/old' (a folder: 3 files, 1.2 MB)"."""
    if kind == "dir":
        return f"{path!r} (a folder: {plural(files, 'file')}, {size(nbytes)})"
    if kind == "link":
        return f"{path!r} (a link to {target!r})"
    return f"{path!r} ({size(nbytes)})"


def deletion_lines(deletion: Deletion) -> list[str]:
    """One line per item a mirror deletes, for a full list (the dry run's, the window's question)."""
    return [deletion_line(g.path, g.entry.kind, g.files, g.bytes, g.entry.target) for g in deletion.items]


def deleted_note(items: int, files: int, nbytes: int, where: str) -> str:
    return (f"Deleted {plural(items, 'item')} at {where} that the selection does not have "
            f"({plural(files, 'file')}, {size(nbytes)}).")


def turned_up_note(paths: list[str]) -> str:
    n = len(paths)
    return (f"{plural(n, 'item')} {agree(n, 'was', 'were')} not deleted: {agree(n, 'it', 'they')} changed at the "
            f"destination during the copy ({_names_shown(paths)}); run the mirror again to see them.")


def kept_note(kept: list[str]) -> str:
    return (f"{plural(len(kept), 'folder')} of Transfer Advisor's own inside the copy's folders "
            f"{agree(len(kept), 'was', 'were')} left: {', '.join(repr(k) for k in kept[:MIRROR_SHOWN])}.")


# Before a copy: what a dry run would do, and the questions the window asks.

def would_send(items: int, nbytes: int, destination: str, unchanged: int) -> str:
    same = f" ({unchanged} unchanged, not sent again)" if unchanged else ""
    return f"Would send {plural(items, 'item')}, {size(nbytes)}, to {destination}{same}:"


def would_delete(items: int, files: int, nbytes: int) -> str:
    return (f"Would delete {plural(items, 'item')} ({plural(files, 'file')}, {size(nbytes)}) that the selection "
            "does not have:")


DRY_RUN_DONE = "Nothing was copied or deleted (a dry run)."


def mirror_deletes(where: str, items: int, files: int, nbytes: int) -> str:
    return (f"Making {where} match the selection deletes {count(items, 'item')} there "
            f"({count(files, 'file')}, {size(nbytes)}) that the selection does not have.")


MIRROR_DELETES_WHEN = ("They are deleted after the copy is in place and checked. Cancel copies nothing and deletes "
                       "nothing.")


def already_there(items: int, where: str) -> str:
    return (f"{count(items, 'item')} of this copy {agree(items, 'is', 'are')} already at {where} and "
            f"{agree(items, 'differs', 'differ')}.")


def identical_not_sent(items: int) -> str:
    return f"{count(items, 'item')} identical to what is there will not be sent again."


def kinds_never_swapped(mirror: bool) -> str:
    fix = "move it aside, then copy again" if mirror else "choose Skip or Keep both"
    return f"A folder is never replaced by a file, or a file by a folder: {fix}."


def and_more(shown: list[str], total: int) -> str:
    """The first lines of a long list, and how many more there are."""
    return "\n".join(shown) + (f"\n… and {total - len(shown)} more" if total > len(shown) else "")


# Unencrypted methods, wherever one is offered or used.
INSECURE_WARNING = ("Not encrypted: anyone on this network could read or change your files while they travel. "
                    "Choose it only on a network you trust, such as your home network.")
INSECURE_ADVICE = "Insecure: the files cross the network unencrypted; use it only on a network you trust."


def unencrypted_warning(method_id: str) -> str | None:
    """The line said when advice picked a method that sends the files in the clear."""
    method = METHODS[method_id]
    if method.secure:
        return None
    return f"Using {method.label.removesuffix(' (insecure)')}: your files cross the network unencrypted."


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


def speed_words(ranked: Ranked, total_bytes: int) -> str:
    """A recommendation's speed and time: "38 MB/s measured on your files · about 12 s for 460 MB"."""
    if not timed(total_bytes):  # too little for a rate: the whole copy's time
        how = "timed on your files" if ranked.timed else "predicted"
        return f"about {duration(ranked.seconds)} for {size(total_bytes)}, {how}"
    how = "measured on your files" if ranked.measured_MBps else "predicted"
    speed = rate(ranked.measured_MBps or ranked.prediction.MBps)
    return f"{speed} {how} · about {duration(ranked.seconds)} for {size(total_bytes)}"


def others_words(others: list[Ranked], total_bytes: int) -> str:
    """The next best of the other methods, so the choice does not look arbitrary."""
    rest = []
    for r in others:
        if not timed(total_bytes):
            rest.append(f"{r.candidate.label} {duration(r.seconds)} {'timed' if r.timed else 'predicted'}")
        else:
            how = "measured" if r.measured_MBps else "predicted"
            rest.append(f"{r.candidate.label} {rate(r.measured_MBps or r.prediction.MBps)} {how}")
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
_SLOW_STEP = {Factor.LINK: "the network", Factor.REMOTE_DISK: "the destination disk",
              Factor.LOCAL_DISK: "reading your files"}


def cipher_name(name: str) -> str:
    """aes128-gcm@openssh.com → aes128-gcm, chacha20-poly1305@openssh.com → chacha20."""
    return name.split("@")[0].replace("-poly1305", "")


def slowest_so_far(key: str, MBps: float) -> str:
    """The lowest ceiling measured so far (a chart row: a factor, or `cipher:NAME`), before the advice."""
    if key.startswith("cipher:"):
        cipher = cipher_name(key.removeprefix("cipher:"))
        what = f"ssh encryption, {rate(MBps)} with its fastest cipher so far ({cipher})"
    else:
        what = f"{_SLOW_STEP.get(key, key)}, {rate(MBps)}"
    return f"Slowest step so far: {what}. The verdict comes after the race."
