"""The profile in words: a probe that could not measure or had nothing to time, figures kept from an
earlier profile, figures a race lap disproved, and what a prediction had to assume."""

from __future__ import annotations

from app.core.formatting import ms, rate
from app.core.language import Words


class ProfileWords(Words):
    """The measurements' own lines: what was not measured and why, figures kept or corrected (the translator's
    context)."""


def not_measured(why: str) -> str:
    """A probe's line when it could not run: "not measured: the account runs no commands (SFTP only)"."""
    return ProfileWords.tr("not measured: {why}", why=why)


def not_measured_note(label: str, why: str) -> str:
    return f"{label} {not_measured(why)}"


def nothing_to_time_note(label: str, nothing: str) -> str:
    """A probe that ran but had nothing it could time ("Reading the selection: too little to time.")."""
    return f"{label}: {nothing}."


def kept_from(when: str) -> str:
    """Beside a figure reused from an earlier profile: "(kept from 14:05)"."""
    return ProfileWords.tr("kept from {when}", when=when)


def kept_note(when: str) -> str:
    return ProfileWords.tr("Link figures kept from {when}; --fresh measures again.", when=when)


def cipher_corrected(cipher: str, probed_MBps: float, raced_MBps: float) -> str:
    return ProfileWords.tr("ssh with {cipher} measured {probed} MB/s, the race moved {raced} MB/s: figure corrected.",
                           cipher=cipher, probed=f"{probed_MBps:.0f}", raced=f"{raced_MBps:.0f}")


def network_corrected(probed_MBps: float, raced_MBps: float) -> str:
    return ProfileWords.tr("raw TCP measured {probed} MB/s, the race moved {raced} MB/s: figure corrected.",
                           probed=f"{probed_MBps:.0f}", raced=f"{raced_MBps:.0f}")


def disk_corrected(probed_MBps: float, raced_MBps: float) -> str:
    return ProfileWords.tr("the destination disk measured {probed} MB/s, the race wrote {raced} MB/s: figure "
                           "corrected.", probed=f"{probed_MBps:.0f}", raced=f"{raced_MBps:.0f}")


def tool_costs_measured(costs: dict[str, float]) -> str:
    """What the race found each method's own processes cost the host: {label: CPU seconds per MB}."""
    parts = [f"{label} {ms(seconds * 1000)}" for label, seconds in costs.items()]
    return ProfileWords.tr("CPU per MB on the host, each method's own processes (measured in the race): {costs}.",
                           costs=", ".join(parts))


def cipher_assumed(cipher: str | None) -> str:
    """What a prediction assumed because the probes did not measure it (a phrase: the advice joins them)."""
    if cipher:
        return ProfileWords.tr("the speed of {cipher}", cipher=cipher)
    return ProfileWords.tr("the speed of the default cipher")


def compression_assumed(codec: str) -> str:
    return ProfileWords.tr("how well {codec} compresses these files", codec=codec)


def unmeasured_figures(download: bool) -> dict[str, str]:
    """What each figure the probes may leave unmeasured is called (a phrase: the advice joins them after
    "Not measured:"), by the profile's name for it."""
    return {"rtt": ProfileWords.tr("the round-trip time"),
            "tcp": ProfileWords.tr("the raw network speed"),
            "ciphers": ProfileWords.tr("ssh encryption speed"),
            "remote_cpu": ProfileWords.tr("the remote CPU"),
            "dest_disk": ProfileWords.tr("this computer's disk") if download else
            ProfileWords.tr("the destination disk"),
            "source_disk": ProfileWords.tr("the remote disk") if download else
            ProfileWords.tr("how fast this computer reads the files"),
            "compress": ProfileWords.tr("how well the files compress")}


def cipher_name(name: str) -> str:
    """aes128-gcm@openssh.com → aes128-gcm, chacha20-poly1305@openssh.com → chacha20,
    aes128-ctr+hmac-sha1-etm@openssh.com → aes128-ctr + hmac-sha1-etm."""
    return " + ".join(part.split("@")[0].replace("-poly1305", "") for part in name.split("+"))


def aes_known(cipher: str) -> str:
    """Why a copy about to start did not probe the ciphers."""
    return ProfileWords.tr("both computers have AES instructions, so the copy uses {cipher}; the race times it on the "
                           "selection itself", cipher=cipher_name(cipher))


def one_of_several(way: str, connections: int, one: float, every: float) -> str:
    """A note of the profile of a copy about to start on a long link: raw TCP was probed on several connections
    at once only, and what one alone carries follows from it."""
    if one < every:
        return ProfileWords.tr("Raw TCP {way} was measured on %n connection(s) at once ({every} in all): each was "
                               "held by its buffers over the round trip, so one alone moves {one}.", "", connections,
                               way=way, every=rate(every), one=rate(one))
    return ProfileWords.tr("Raw TCP {way} was measured on %n connection(s) at once ({every} in all): none was held "
                           "by its buffers, so one alone fills that ({one}).", "", connections, way=way,
                           every=rate(every), one=rate(one))


def sftp_by_round_trips(rtt_ms: float) -> str:
    """A note of the profile of a copy about to start on a far link: the SFTP conversation's cost per file was not
    measured, its round trips being all but the whole of it."""
    return ProfileWords.tr("The cost of each file talking SFTP is estimated from the round trip ({rtt}), not measured: "
                           "on this link its round trips are nearly all of it.", rtt=ms(rtt_ms))


def few_files(files: int) -> str:
    """Why a copy about to start did not measure the cost of each file."""
    return ProfileWords.tr("not needed for %n file(s)", "", files)
