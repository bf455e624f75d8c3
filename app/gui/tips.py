"""Tooltips in plain words: what each measured factor means and what each method is."""

from __future__ import annotations

from app.core.transfer.methods import METHODS

FACTOR_TIPS = {
    "rtt": "Round trip: how long a tiny message takes to reach the host and come back. Methods that wait "
           "for an answer after every file lose this much time per file.",
    "link": "The network itself: how much plain, unencrypted data the cable or Wi-Fi carried between the two "
            "machines (like netcat). No method can go faster than this.",
    "cipher": "How fast one ssh connection carried data with this cipher. ssh encrypts everything; a small NAS "
              "processor often cannot encrypt faster than this, whatever the network could carry.",
    "remote-disk": "How fast the destination's disk stores data, measured with data that cannot be compressed "
                   "and flushed to the disk, as a real copy does.",
    "local-disk": "How fast this computer reads your selected files from its own disk.",
    "per-file": "Pauses on every file: some methods wait for the other side to answer after each file; with "
                "many small files these pauses, not the network, decide the time.",
    "compression": "Compressing the data before sending: it only helps when the network is slower than the "
                   "compressor; on a fast network it slows the copy down.",
    "tool-cpu": "The copying tool's own work (reading, packing and writing files) on a slow processor.",
    "window": "How much data the protocol keeps in flight: over a long round trip, ssh and sftp wait for "
              "acknowledgements and cannot fill the network.",
    "compress-sample": "How well a sample of your files compresses, and how fast this computer compresses it.",
}

# What the advice's limiting factor (app.core.advice.model.FACTORS) is called on the chart.
FACTOR_NAMES = {
    "link": "the network", "cipher-cpu-local": "this computer's CPU encrypting",
    "cipher-cpu-remote": "the host's CPU encrypting", "remote-disk": "the destination disk",
    "local-disk": "this computer's disk", "per-file": "pauses on every file", "compression": "compression",
}


def method_tip(method_id: str) -> str:
    method = METHODS.get(method_id)
    if method is None:
        return ""
    security = ("Encrypted: safe on any network." if method.secure else
                "Not encrypted: anyone on the network between the two machines can read and change the files. "
                "Use only on a network you trust.")
    return f"{method.label}: {method.summary} {security}"
