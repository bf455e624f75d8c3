"""The profile in words: a probe that could not measure or had nothing to time, figures kept from an
earlier profile, figures a race lap disproved, and what a prediction had to assume."""

from __future__ import annotations

from app.core.formatting import ms, plural, rate


def not_measured(why: str) -> str:
    """A probe's line when it could not run: "not measured: the account runs no commands (SFTP only)"."""
    return f"not measured: {why}"


def not_measured_note(label: str, why: str) -> str:
    return f"{label} {not_measured(why)}"


def nothing_to_time_note(label: str, nothing: str) -> str:
    """A probe that ran but had nothing it could time ("Reading the selection: too little to time.")."""
    return f"{label}: {nothing}."


def kept_from(when: str) -> str:
    """Beside a figure reused from an earlier profile: "(kept from 14:05)"."""
    return f"kept from {when}"


def kept_note(when: str) -> str:
    return f"Link figures {kept_from(when)}; --fresh measures again."


def _corrected(measured: str, raced: str) -> str:
    return f"{measured}, {raced}: figure corrected."


def cipher_corrected(cipher: str, probed_MBps: float, raced_MBps: float) -> str:
    return _corrected(f"ssh with {cipher} measured {probed_MBps:.0f} MB/s", f"the race moved {raced_MBps:.0f} MB/s")


def network_corrected(probed_MBps: float, raced_MBps: float) -> str:
    return _corrected(f"raw TCP measured {probed_MBps:.0f} MB/s", f"the race moved {raced_MBps:.0f} MB/s")


def disk_corrected(probed_MBps: float, raced_MBps: float) -> str:
    return _corrected(f"the destination disk measured {probed_MBps:.0f} MB/s", f"the race wrote {raced_MBps:.0f} MB/s")


def tool_costs_measured(costs: dict[str, float]) -> str:
    """What the race found each method's own processes cost the host: {label: CPU seconds per MB}."""
    parts = [f"{label} {ms(seconds * 1000)}" for label, seconds in costs.items()]
    return f"CPU per MB on the host, each method's own processes (measured in the race): {', '.join(parts)}."


def cipher_assumed(cipher: str | None) -> str:
    """What a prediction assumed because the probes did not measure it (a phrase: the advice joins them)."""
    return f"the speed of {cipher or 'the default cipher'}"


def compression_assumed(codec: str) -> str:
    return f"how well {codec} compresses these files"


def cipher_name(name: str) -> str:
    """aes128-gcm@openssh.com → aes128-gcm, chacha20-poly1305@openssh.com → chacha20,
    aes128-ctr+hmac-sha1-etm@openssh.com → aes128-ctr + hmac-sha1-etm."""
    return " + ".join(part.split("@")[0].replace("-poly1305", "") for part in name.split("+"))


def aes_known(cipher: str) -> str:
    """Why a copy about to start did not probe the ciphers."""
    return (f"both computers have AES instructions, so the copy uses {cipher_name(cipher)}; the race times it "
            "on the selection itself")


def one_of_several(way: str, connections: int, one: float, every: float) -> str:
    """A note of the profile of a copy about to start on a long link: raw TCP was probed on several connections
    at once only, and what one alone carries follows from it."""
    held = one < every
    return (f"Raw TCP {way} was measured on {connections} connections at once ({rate(every)} in all): "
            + (f"each was held by its buffers over the round trip, so one alone moves {rate(one)}."
               if held else f"none was held by its buffers, so one alone fills that ({rate(one)})."))


def few_files(files: int) -> str:
    """Why a copy about to start did not measure the cost of each file."""
    return f"not needed for {plural(files, 'file')}"
