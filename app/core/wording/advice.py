"""The advice in words: what limits a prediction ("The CPU of nas caps ssh encryption at 6 MB/s while the
network carries 38 MB/s."), why a method was chosen over the others, and the tooltips of each figure.
(Over 400 lines: the bottleneck sentence has a form per factor, each a whole sentence for the translators.)"""

from __future__ import annotations

from app.core.advice.factors import Factor
from app.core.advice.model import ASSUMED_TCP_MBPS, Prediction
from app.core.formatting import mbps, ms, short_time, size
from app.core.host.ssh_command import Options
from app.core.language import Words, decimal
from app.core.profile.link_profile import LinkProfile


class AdviceWords(Words):
    """The advice's sentences: what limits a copy, why a method was chosen, what each figure means (the
    translator's context)."""


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
    """What the network carries, as a clause the sentences put after "while" (German: after a semicolon)."""
    tcp = _tcp(profile, download)
    if tcp:
        return AdviceWords.tr("the network carries {rate} MB/s", rate=mbps(tcp))
    return AdviceWords.tr("the network's own speed was not measured")


RACE_FELL_SHORT = 0.75  # a raced rate below this share of the predicted ceiling is said beside it


def bottleneck_sentence(p: Prediction, profile: LinkProfile, raced_MBps: float | None = None) -> str:
    """What limits this prediction, worded for someone who does not know what a cipher is. When the
    race moved the files clearly slower than that ceiling, the sentence says so too: something the
    probes do not see (the files' own cost, a busy computer) took the rest."""
    host, o = profile.host, p.candidate.options
    net, cap = _network(profile, o.download), mbps(p.components.get(p.limit, p.stream_MBps))
    probe = profile.cipher(o.cipher) if o.cipher else None
    ssh_rate = mbps(probe.MBps) if probe and o.compress == "none" else cap
    if p.limit is Factor.CIPHER_CPU_REMOTE:
        text = AdviceWords.tr("The CPU of {host} caps ssh encryption at {rate} MB/s while {network}.", host=host,
                              rate=ssh_rate, network=net)
    elif p.limit is Factor.CIPHER_CPU_LOCAL:
        text = AdviceWords.tr("This computer's CPU caps ssh encryption at {rate} MB/s while {network}.",
                              rate=ssh_rate, network=net)
    elif p.limit is Factor.REMOTE_DISK and o.download:
        text = AdviceWords.tr("The disk of {host} reads only {rate} MB/s while {network}.", host=host, rate=cap,
                              network=net)
    elif p.limit is Factor.REMOTE_DISK:
        text = AdviceWords.tr("The disk of {host} writes only {rate} MB/s while {network}.", host=host, rate=cap,
                              network=net)
    elif p.limit is Factor.LOCAL_DISK and o.download:
        text = AdviceWords.tr("This computer's disk writes only {rate} MB/s while {network}.", rate=cap,
                              network=net)
    elif p.limit is Factor.LOCAL_DISK:
        text = AdviceWords.tr("This computer's disk reads only {rate} MB/s while {network}.", rate=cap, network=net)
    elif p.limit is Factor.COMPRESSION and compression_pays(p, profile):
        text = AdviceWords.tr("{pays_off}; the compressor's {rate} MB/s is what holds it now.",
                              pays_off=_compression_pays_off(_tcp(profile, o.download), o), rate=cap)
    elif p.limit is Factor.COMPRESSION:
        text = AdviceWords.tr("Compressing with {codec} runs at only {rate} MB/s, slower than sending the files "
                              "as they are.", codec=_codec_word(o), rate=cap)
    elif p.limit is Factor.PER_FILE:
        text = _per_file_sentence(p, profile)
    else:
        text = _link_sentence(p, profile, host, net, cap)
    if raced_MBps and raced_MBps < RACE_FELL_SHORT * p.stream_MBps and p.limit is not Factor.PER_FILE:
        text = AdviceWords.tr("{sentence} (your files went at {rate} MB/s in the race).",
                              sentence=text[:-1] if text.endswith(".") else text, rate=mbps(raced_MBps))
    if p.notes:
        text += " " + AdviceWords.tr("Not measured: {figures}.", figures=", ".join(p.notes))
    return text


def _per_file_sentence(p: Prediction, profile: LinkProfile) -> str:
    each = p.per_file_s / max(p.files, 1) * 1000
    pause = f"{decimal(each, '.2g')} ms"
    estimated = p.candidate.method_id not in profile.per_file_ms
    waits = p.candidate.method.round_trips_per_file
    if waits and profile.rtt_ms and estimated:
        pause = AdviceWords.tr("{pause} (%n round trip(s) of {rtt} and the file's creation)", "", waits,
                               pause=pause, rtt=ms(profile.rtt_ms))
    return AdviceWords.tr("{method} pauses about {pause} on every file: {time} of its {total} for %n file(s).",
                          "", p.files, method=p.candidate.label, pause=pause, time=short_time(p.per_file_s),
                          total=short_time(p.seconds))


def _link_sentence(p: Prediction, profile: LinkProfile, host: str, net: str, cap: str) -> str:
    rtt = ms(profile.rtt_ms) if profile.rtt_ms else AdviceWords.tr("this", "a round trip not measured")
    tcp, o = _tcp(profile, p.candidate.options.download), p.candidate.options
    method = p.candidate.label
    if p.detail == "ssh-window" and o.compress != "none" and tcp and p.stream_MBps > tcp:
        # Compressed, the files go faster than the wire carries raw: the window is what holds them now.
        return AdviceWords.tr("{pays_off}; ssh's 2 MiB window over a {rtt} round trip is what holds your files now, "
                              "at {rate} MB/s.", pays_off=_compression_pays_off(tcp, o), rtt=rtt, rate=cap)
    if p.detail == "tcp-window":
        one = mbps(_one_connection(profile, o.download) or 0.0)
        if o.streams > 1:
            return AdviceWords.tr("One TCP connection carries only {one} MB/s over a {rtt} round trip (what its "
                                  "buffers keep in flight), so %n streams side by side carry {rate} MB/s while "
                                  "{network}.", "", o.streams, one=one, rtt=rtt, rate=cap, network=net)
        return AdviceWords.tr("One TCP connection carries only {one} MB/s over a {rtt} round trip (what its buffers "
                              "keep in flight) while {network} on several at once.", one=one, rtt=rtt, network=net)
    if p.detail == "ssh-window" and o.streams > 1:
        return AdviceWords.tr("ssh's 2 MiB window over a {rtt} round trip holds each stream to {each} MB/s, so %n "
                              "streams side by side carry {rate} MB/s while {network}.", "", o.streams, rtt=rtt,
                              each=mbps(p.stream_MBps / o.streams), rate=cap, network=net)
    if p.detail == "ssh-window":
        return AdviceWords.tr("ssh's 2 MiB window over a {rtt} round trip holds one stream to {rate} MB/s while "
                              "{network}.", rtt=rtt, rate=cap, network=net)
    if p.detail == "sftp-window":
        return AdviceWords.tr("{method} keeps only 64 requests of 32 KiB in flight, so a {rtt} round trip holds it "
                              "to {rate} MB/s while {network}.", method=method, rtt=rtt, rate=cap, network=net)
    if p.detail == "write" and p.side:  # the host's disk probe waited on its CPU (calibration.write_on_cpu)
        return AdviceWords.tr("Writing to its disk takes all the CPU {host} has: it stores only {rate} MB/s while "
                              "{network}.", host=host, rate=cap, network=net)
    if p.side == "local":  # a tool's own CPU work (rsync's checksums, tar, netcat) on a weak side
        return AdviceWords.tr("{tool}'s own work on this computer's CPU holds {method} to {rate} MB/s while "
                              "{network}.", tool=p.detail, method=method, rate=cap, network=net)
    if p.side:
        return AdviceWords.tr("{tool}'s own work on the CPU of {host} holds {method} to {rate} MB/s while "
                              "{network}.", tool=p.detail, host=host, method=method, rate=cap, network=net)
    if not tcp:
        return AdviceWords.tr("The network's speed was not measured; on a gigabit network ({gigabit} MB/s) "
                              "{method} would get {rate} MB/s.", gigabit=mbps(ASSUMED_TCP_MBPS), method=method,
                              rate=mbps(p.stream_MBps))
    if o.compress != "none" and p.stream_MBps > tcp:
        return AdviceWords.tr("The network is the limit at {tcp} MB/s; compressing with {codec} pays off, so your "
                              "files go through it at {rate} MB/s.", tcp=mbps(tcp), codec=_codec_word(o),
                              rate=mbps(p.stream_MBps))
    return AdviceWords.tr("The network is the limit: it carries {tcp} MB/s, and {method} gets {rate} MB/s through "
                          "it.", tcp=mbps(tcp), method=method, rate=mbps(p.stream_MBps))


def _compression_pays_off(tcp: float, o: Options) -> str:
    return AdviceWords.tr("The network carries only {rate} MB/s, so compressing with {codec} pays off",
                          rate=mbps(tcp), codec=_codec_word(o))


def _codec_word(o: Options) -> str:
    return AdviceWords.tr("ssh's zlib (-C)") if o.compress == "ssh" else o.compress


def streams(n: int) -> str:
    """Beside a method's label: "4 streams"."""
    return AdviceWords.tr("%n stream(s)", "", n)


def _options_words(o: Options) -> str:
    words = []
    if o.cipher and o.mac:
        words.append(AdviceWords.tr("cipher {cipher} and MAC {mac}", cipher=o.cipher, mac=o.mac))
    elif o.cipher:
        words.append(AdviceWords.tr("cipher {cipher}", cipher=o.cipher))
    if o.compress != "none":
        words.append(AdviceWords.tr("{codec} compression", codec=_codec_word(o)))
    if o.mux:
        words.append(AdviceWords.tr("a shared connection"))
    if o.streams > 1:
        words.append(AdviceWords.tr("%n parallel stream(s)", "", o.streams))
    return " " + AdviceWords.tr("(with {options})", options=", ".join(words)) if words else ""


def reason_sentence(chosen: Prediction, ranking: list[Prediction], profile: LinkProfile,
                    raced: frozenset = frozenset()) -> str:
    """Why this candidate over the best other method, in one sentence. Candidates in `raced` carry
    what the race measured, and are worded so. The rivals of a secure pick are the secure methods only
    (unencrypted ones may run as well)."""
    name = chosen.candidate.label + _options_words(chosen.candidate.options)
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    measured, rate = chosen.candidate in raced, mbps(chosen.MBps)
    if rival is None:
        if chosen.secure and measured:
            return AdviceWords.tr("{method} is the only secure method that can run here ({rate} MB/s measured).",
                                  method=name, rate=rate)
        if chosen.secure:
            return AdviceWords.tr("{method} is the only secure method that can run here ({rate} MB/s predicted).",
                                  method=name, rate=rate)
        if measured:
            return AdviceWords.tr("{method} is the only method that can run here ({rate} MB/s measured).",
                                  method=name, rate=rate)
        return AdviceWords.tr("{method} is the only method that can run here ({rate} MB/s predicted).",
                              method=name, rate=rate)
    rival_measured, rival_rate = rival.candidate in raced, mbps(rival.MBps)
    if rival.MBps > chosen.MBps and measured and not rival_measured:
        # Ranked first all the same: a measurement outranks a prediction that is not clearly (10 %) ahead.
        return AdviceWords.tr("{method} is measured at {rate} MB/s; {rival} is predicted at {rival_rate} MB/s, too "
                              "close to trust over a measurement.", method=name, rate=rate,
                              rival=rival.candidate.label, rival_rate=rival_rate)
    said = {"method": name, "rate": rate, "rival": rival.candidate.label, "rival_rate": rival_rate,
            "why": why_over(chosen, rival, profile)}
    if measured and rival_measured:
        return AdviceWords.tr("{method} is measured at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s: {why}.",
                              **said)
    if measured:
        return AdviceWords.tr("{method} is measured at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s "
                              "predicted: {why}.", **said)
    if rival_measured:
        return AdviceWords.tr("{method} is predicted at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s "
                              "measured: {why}.", **said)
    return AdviceWords.tr("{method} is predicted at {rate} MB/s, ahead of {rival} at {rival_rate} MB/s: {why}.",
                          **said)


def not_raced_behind(label: str, ahead: str, ahead_MBps: float, predicted_MBps: float) -> str:
    """An entrant left out of the race on a long link: a lap there costs several seconds, and one already
    measured clearly more than this one is predicted to reach."""
    return AdviceWords.tr("not raced: {ahead} already moved {ahead_rate} MB/s, and {method} is predicted to reach "
                          "{rate} MB/s", ahead=ahead, ahead_rate=mbps(ahead_MBps), method=label,
                          rate=mbps(predicted_MBps))


def not_raced_held(label: str, ahead: str, ahead_MBps: float, ceiling_MBps: float) -> str:
    """An entrant left out of a copy's race: a lap already moved what the link lets this one move."""
    return AdviceWords.tr("not raced: {ahead} already moved {ahead_rate} MB/s, and the network lets {method} move "
                          "{rate} MB/s at most", ahead=ahead, ahead_rate=mbps(ahead_MBps), method=label,
                          rate=mbps(ceiling_MBps))


def not_raced_too_late(label: str, left_bytes: int, lap_s: float) -> str:
    """An entrant left out of a copy's race: what is left to copy is too little for it to win back what a lap
    costs here, even well faster than predicted."""
    return AdviceWords.tr("not raced: what is left to copy ({left}) is too little for {method} to win back what a "
                          "lap costs here ({seconds})", left=size(left_bytes), method=label,
                          seconds=short_time(lap_s))


def not_raced_copied_already(by: str) -> str:
    """An entrant left out of a copy's race: a lap before it (by the method `by`) copied the whole selection,
    and that is the copy."""
    return AdviceWords.tr("not raced: the lap by {by} copied everything already, and the copy keeps it", by=by)


def nothing_steady() -> str:
    """A lap whose data never flowed steadily within its seconds (the lap's error)."""
    return AdviceWords.tr("no data moved steadily within its time; race longer")


def race_staged_note(nbytes: int) -> str:
    """Said when the race's laps copied parts of the selection into the copy's staging folder."""
    return AdviceWords.tr("The race's laps copied {size} of the selection into the copy's staging folder: the copy "
                          "carries on from there instead of sending them again.", size=size(nbytes))


def lap_kept_note(by: str) -> str:
    """Said when a race lap (by the method `by`) copied the whole selection and its copy is kept for the copy."""
    return AdviceWords.tr("The race's lap by {by} copied everything: a copy by that method keeps it instead of "
                          "sending it again.", by=by)


def quick_copy_note(label: str, seconds: float, files: int, nbytes: int, link_known: bool) -> str:
    """Said when a copy went at once with the best secure method, without measuring or racing."""
    if link_known:
        return AdviceWords.tr("Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than "
                              "racing the methods would take, so it copied them at once.", "", files,
                              method=label, size=size(nbytes), time=short_time(seconds))
    return AdviceWords.tr("Not raced: {method} was predicted to copy %n file(s) ({size}) in {time}, sooner than "
                          "measuring the link and racing the methods would take, so it copied them at once.", "",
                          files, method=label, size=size(nbytes), time=short_time(seconds))


def advised_for_its_disk(dest: str, advised: str, method: str) -> str:
    """Said when a queued copy went onto another disk than its advice measured, and was advised again."""
    return AdviceWords.tr("{dest} is on another disk than {advised}, where the advice measured the disk, so this "
                          "copy was advised again for it: {method}.", dest=dest, advised=advised, method=method)


def slower_than_promised(took: float, promised: float, host: str, why: str = "") -> str:
    """Beside a copy that took clearly longer than the advice promised, with what was measured of why."""
    if why:
        return AdviceWords.tr("This copy took {took} where about {promised} was predicted: {why}; the next advice "
                              "for {host} allows for that.", took=short_time(took), promised=short_time(promised),
                              why=why, host=host)
    return AdviceWords.tr("This copy took {took} where about {promised} was predicted; the next advice for {host} "
                          "allows for that.", took=short_time(took), promised=short_time(promised), host=host)


def slowed_as_it_went(first: float, last: float) -> str:
    return AdviceWords.tr("it slowed as it went, from {first} MB/s in its first third to {last} MB/s in its last "
                          "(the host's disk cache filling up, or the host busy with something else)",
                          first=mbps(first), last=mbps(last))


def each_file_cost_more(files: int) -> str:
    return AdviceWords.tr("its %Ln file(s) cost more each than the race's sample of them showed", "", files)


def below_its_lap(rate_MBps: float, lap_MBps: float) -> str:
    return AdviceWords.tr("it moved {rate} MB/s from the start where its lap in the race moved {lap} (over a whole "
                          "copy the host was slower than in the race's seconds)", rate=mbps(rate_MBps),
                          lap=mbps(lap_MBps))


def small_selection_sentence(files: int, nbytes: int, label: str, took: float, raced: bool) -> str:
    """The limit of a selection too small to time a rate with: starting the copy is most of it."""
    if raced:
        return AdviceWords.tr("Your selection (%n file(s), {size}) is too little to time the link with: {method} "
                              "copied it in the race in {time}, most of that starting up.", "", files,
                              size=size(nbytes), method=label, time=short_time(took))
    return AdviceWords.tr("Your selection (%n file(s), {size}) is too little to time the link with: {method} is "
                          "predicted to copy it in {time}, most of that starting up.", "", files,
                          size=size(nbytes), method=label, time=short_time(took))


def small_reason_sentence(chosen: Prediction, ranking: list[Prediction], raced: frozenset = frozenset()) -> str:
    """Why this candidate, for a selection too small to time a rate with: whole copies, in seconds."""
    name = chosen.candidate.label + _options_words(chosen.candidate.options)
    took = chosen.candidate in raced
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    time = short_time(chosen.seconds)
    if rival is None:
        if chosen.secure:
            return AdviceWords.tr("{method} is the only secure method that can run here ({time} for all of it).",
                                  method=name, time=time)
        return AdviceWords.tr("{method} is the only method that can run here ({time} for all of it).",
                              method=name, time=time)
    rival_raced = rival.candidate in raced
    said = {"method": name, "time": time, "rival": rival.candidate.label, "rival_time": short_time(rival.seconds)}
    if rival.seconds < chosen.seconds and took and not rival_raced:
        return AdviceWords.tr("{method} took {time} for all of it; {rival} is predicted at {rival_time}, too close "
                              "to trust over a measurement.", **said)
    if took and rival_raced:
        return AdviceWords.tr("{method} took {time} for all of it, ahead of {rival} at {rival_time}: with this "
                              "little data, the quicker start decides.", **said)
    if took:
        return AdviceWords.tr("{method} took {time} for all of it, ahead of {rival} at {rival_time} predicted: "
                              "with this little data, the quicker start decides.", **said)
    if rival_raced:
        return AdviceWords.tr("{method} is predicted to take {time} for all of it, ahead of {rival} at {rival_time} "
                              "in the race: with this little data, the quicker start decides.", **said)
    return AdviceWords.tr("{method} is predicted to take {time} for all of it, ahead of {rival} at {rival_time}: "
                          "with this little data, the quicker start decides.", **said)


def why_over(chosen: Prediction, rival: Prediction, profile: LinkProfile, rival_name: str = "") -> str:
    """Why `chosen` goes ahead of `rival`, as a clause; `rival_name`: the rival as the sentence calls it (the
    card: in plain words), else its label."""
    o, net = chosen.candidate.options, _network(profile, chosen.candidate.options.download)
    rival_name = rival_name or rival.candidate.label
    if rival.limit is Factor.PER_FILE and chosen.limit is not Factor.PER_FILE:
        return AdviceWords.tr("it does not pause on every file as {rival} does", rival=rival_name)
    if not chosen.secure and rival.limit is Factor.CIPHER_CPU_REMOTE:
        return AdviceWords.tr("it skips encryption, which the CPU of {host} cannot do faster than {rate} MB/s",
                              host=profile.host, rate=mbps(rival.stream_MBps))
    if not chosen.secure and rival.limit.is_cipher_cpu:
        return AdviceWords.tr("it skips encryption, which this computer's CPU cannot do faster than {rate} MB/s",
                              rate=mbps(rival.stream_MBps))
    if o.compress != "none" and rival.candidate.options.compress == "none":
        return AdviceWords.tr("compressing with {codec} sends fewer bytes than the files hold, and {network}",
                              codec=_codec_word(o), network=net)
    if chosen.limit == rival.limit and (chosen.detail, chosen.side) == (rival.detail, rival.side):
        return AdviceWords.tr("both are held by {factor}; it has the least overhead on top",
                              factor=limit_words(rival, profile.host))
    return AdviceWords.tr("{rival} is held back by {factor}", rival=rival_name,
                          factor=limit_words(rival, profile.host))


def limit_words(p: Prediction, host: str) -> str:
    """What holds one prediction back, as the reason and the ranking name it: the factor, or within the network's
    share the tool, the protocol or the writing that is the limit ("tar's own work on nas")."""
    if p.limit is Factor.LINK and p.detail == "write" and p.side:  # the host's disk probe waited on its CPU
        return AdviceWords.tr("the CPU of {host} writing to its disk", host=host)
    if p.limit is Factor.LINK and p.side == "local":
        return AdviceWords.tr("{tool}'s own work on this computer", tool=p.detail)
    if p.limit is Factor.LINK and p.side:
        return AdviceWords.tr("{tool}'s own work on {host}", tool=p.detail, host=host)
    if p.limit is Factor.LINK and p.detail.endswith("window"):
        return AdviceWords.tr("how much data its protocol keeps in flight over the round trip")
    return factor_words(p.limit, host)


def factor_words(factor: Factor, host: str) -> str:
    """What a factor is called, in a sentence or on the bottleneck chart: "the CPU of nas encrypting"."""
    if factor is Factor.CIPHER_CPU_REMOTE:
        return AdviceWords.tr("the CPU of {host} encrypting", host=host)
    if factor is Factor.REMOTE_DISK:
        return AdviceWords.tr("the disk of {host}", host=host)
    return {Factor.LINK: AdviceWords.tr("the network"),
            Factor.CIPHER_CPU_LOCAL: AdviceWords.tr("this computer's CPU encrypting"),
            Factor.LOCAL_DISK: AdviceWords.tr("this computer's disk"),
            Factor.PER_FILE: AdviceWords.tr("pauses on every file"),
            Factor.COMPRESSION: AdviceWords.tr("compression"),
            Factor.SETUP: AdviceWords.tr("starting up")}[factor]


def capitalized(words: str) -> str:
    """The first letter up, the rest as it is ("the CPU of nas" → "The CPU of nas", not "The cpu of nas")."""
    return words[:1].upper() + words[1:]


def tip(key: str) -> str:
    """What a measured figure means (a tooltip), keyed by factor or by the chart's own rows (`rtt`; `cipher`:
    one ssh connection's rate; `tool-cpu`, `window`: a link limit that is a tool or a protocol;
    `compress-sample`); "" for a key without one."""
    tips = {
        "rtt": AdviceWords.tr("Round trip: how long a tiny message takes to reach the host and come back. Methods "
                              "that wait for an answer after every file lose this much time per file."),
        Factor.LINK: AdviceWords.tr("The network itself: how much plain, unencrypted data the cable or Wi-Fi carried "
                                    "between the two machines (like netcat). No method can go faster than this."),
        "cipher": AdviceWords.tr("How fast one ssh connection carried data with this cipher. ssh encrypts everything; "
                                 "a small NAS processor often cannot encrypt faster than this, whatever the network "
                                 "could carry."),
        Factor.REMOTE_DISK: AdviceWords.tr("How fast the destination's disk stores data, measured with data that "
                                           "cannot be compressed and flushed to the disk, as a real copy does."),
        Factor.LOCAL_DISK: AdviceWords.tr("How fast this computer reads your selected files from its own disk."),
        Factor.PER_FILE: AdviceWords.tr("Pauses on every file: some methods wait for the other side to answer after "
                                        "each file; with many small files these pauses, not the network, decide the "
                                        "time."),
        Factor.COMPRESSION: AdviceWords.tr("Compressing the data before sending: it only helps when the network is "
                                           "slower than the compressor; on a fast network it slows the copy down."),
        "tool-cpu": AdviceWords.tr("The copying tool's own work (reading, packing and writing files) on a slow "
                                   "processor."),
        "window": AdviceWords.tr("How much data the protocol keeps in flight: over a long round trip, ssh and sftp "
                                 "wait for acknowledgements and cannot fill the network."),
        "compress-sample": AdviceWords.tr("How well a sample of your files compresses, and how fast this computer "
                                          "compresses it."),
    }
    return tips.get(key, "")


def measuring_link(host: str) -> str:
    return AdviceWords.tr("Measuring the link to {host}", host=host)
