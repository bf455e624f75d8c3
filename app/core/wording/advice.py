"""The advice in words: what limits a prediction ("The CPU of nas caps ssh encryption at 6 MB/s while the
network carries 38 MB/s."), why a method was chosen over the others, and the tooltips of each figure."""

from __future__ import annotations

from app.core.advice.factors import Factor
from app.core.advice.model import ASSUMED_TCP_MBPS, Prediction
from app.core.formatting import count, mbps, ms, plural, short_time, size
from app.core.host.ssh_command import Options
from app.core.profile.link_profile import LinkProfile


def _tcp(profile: LinkProfile, download: bool) -> float | None:
    """What the network carries: on several connections at once where one is held by its buffers."""
    one = _one_connection(profile, download)
    every = profile.tcp_down_all_MBps if download else profile.tcp_up_all_MBps
    return max(one or 0.0, every or 0.0) or None


def _one_connection(profile: LinkProfile, download: bool) -> float | None:
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
    if p.detail == "tcp-window":
        one = mbps(_one_connection(profile, o.download) or 0.0)
        if o.streams > 1:
            return (f"One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in "
                    f"flight), so {o.streams} streams side by side carry {cap} MB/s while {net}.")
        return (f"One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers keep in "
                f"flight) while {net} on several at once.")
    if p.detail == "ssh-window" and o.streams > 1:
        return (f"ssh's 2 MiB window over a {rtt} round trip holds each stream to {mbps(p.stream_MBps / o.streams)} "
                f"MB/s, so {o.streams} streams side by side carry {cap} MB/s while {net}.")
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
    words = [f"cipher {o.cipher}" + (f" and MAC {o.mac}" if o.mac else "")] if o.cipher else []
    if o.compress != "none":
        words.append(f"{_codec_word(o)} compression")
    if o.mux:
        words.append("a shared connection")
    if o.streams > 1:
        words.append(f"{o.streams} parallel streams")
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


def not_raced_behind(label: str, ahead: str, ahead_MBps: float, predicted_MBps: float) -> str:
    """An entrant left out of the race on a long link: a lap there costs several seconds, and one already
    measured clearly more than this one is predicted to reach."""
    return (f"not raced: {ahead} already moved {mbps(ahead_MBps)} MB/s, and {label} is predicted to reach "
            f"{mbps(predicted_MBps)} MB/s")


def not_raced_held(label: str, ahead: str, ahead_MBps: float, ceiling_MBps: float) -> str:
    """An entrant left out of a copy's race: a lap already moved what the link lets this one move."""
    return (f"not raced: {ahead} already moved {mbps(ahead_MBps)} MB/s, and the network lets {label} move "
            f"{mbps(ceiling_MBps)} MB/s at most")


def race_staged_note(nbytes: int) -> str:
    """Said when the race's laps copied parts of the selection into the copy's staging folder."""
    return (f"The race's laps copied {size(nbytes)} of the selection into the copy's staging folder: "
            f"the copy carries on from there instead of sending them again.")


def quick_copy_note(label: str, seconds: float, files: int, nbytes: int, link_known: bool) -> str:
    """Said when a copy went at once with the best secure method, without measuring or racing."""
    skipped = "racing the methods" if link_known else "measuring the link and racing the methods"
    return (f"Not raced: {label} was predicted to copy {plural(files, 'file')} ({size(nbytes)}) in "
            f"{short_time(seconds)}, sooner than {skipped} would take, so it copied them at once.")


def slower_than_promised(took: float, promised: float, host: str, why: str = "") -> str:
    """Beside a copy that took clearly longer than the advice promised, with what was measured of why."""
    return (f"This copy took {short_time(took)} where about {short_time(promised)} was predicted"
            f"{f': {why}' if why else ''}; the next advice for {host} allows for that.")


def slowed_as_it_went(first: float, last: float) -> str:
    return (f"it slowed as it went, from {mbps(first)} MB/s in its first third to {mbps(last)} MB/s in its last "
            "(the host's disk cache filling up, or the host busy with something else)")


def each_file_cost_more(files: int) -> str:
    return f"its {count(files, 'file')} cost more each than the race's sample of them showed"


def below_its_lap(rate_MBps: float, lap_MBps: float) -> str:
    return (f"it moved {mbps(rate_MBps)} MB/s from the start where its lap in the race moved {mbps(lap_MBps)} "
            "(over a whole copy the host was slower than in the race's seconds)")


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


def measuring_link(host: str) -> str:
    return f"Measuring the link to {host}"
