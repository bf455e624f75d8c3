"""What the model chooses among for one selection: every candidate (method × cipher × compression ×
multiplexing) the methods accept here."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from app.core.host.capabilities import Capabilities
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.share_roots import ShareRoot
from app.core.profile.link_profile import LinkProfile
from app.core.selection.stats import SelectionStats
from app.core.transfer.methods import METHODS
from app.core.host.ssh_command import Options, preferred_cipher
from app.core.transfer.methods.base import Context, Method


@dataclass(frozen=True)
class Candidate:
    method_id: str
    options: Options

    @property
    def method(self) -> Method:
        return METHODS[self.method_id]

    @property
    def secure(self) -> bool:
        return self.method.secure

    @property
    def label(self) -> str:
        return self.method.label


# A cipher probe lasts about a second: on a host whose CPU is the limit, that second is mostly the connection
# finding its pace (the lab's weak NAS, an eighth of a core: 1-4 MB/s for two seconds, then 50-110 with
# AES-GCM and 40-65 with chacha20; bench/pace.py), so the probe's order of the two is chance there: it put
# chacha20 5 % ahead in one run and more than 10 % in another, where whole copies of 360 MB moved 39-52 MB/s
# with AES-GCM and 25-31 with chacha20. A CPU with AES instructions runs AES-GCM well ahead of chacha20 (twice
# as fast at the weak NAS's pace), one without them the other way round: so the cipher a copy runs by default
# (AES-GCM where both CPUs have them) gives way to another only where that one measured this many times as fast.
CIPHER_NOISE = 1.5


def worth_considering(profile: LinkProfile, preferred: str | None) -> list[tuple[str, str | None]]:
    """The measured (cipher, MAC) pairs the candidates use: every one, except that a cipher measured at less than
    CIPHER_NOISE times the `preferred` one (the copy's default) gives way to it."""
    measured = [(p.cipher, p.mac) for p in profile.ciphers]  # a MAC where the cipher needs one
    default = profile.cipher(preferred) if preferred else None
    if default is None or default.MBps <= 0:
        return measured
    return [(p.cipher, p.mac) for p in profile.ciphers
            if p is default or p.MBps > CIPHER_NOISE * default.MBps]


def _known(profiled: bool | None, found: bool) -> bool:
    """Whether a CPU has AES instructions: as the profile has it, else as its capabilities were read."""
    return found if profiled is None else profiled


def candidates(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
               allow_insecure: bool = False, download: bool = False,
               shares: tuple[ShareRoot | ModuleRoot | Unusable, ...] = ()) -> tuple[list[Candidate], dict[str, str]]:
    """Every option set each method accepts here, and why a method has none; `shares`: the host's shares
    mounted here that hold the copy's folders on the host."""
    measured = worth_considering(profile, preferred_cipher(
        local.ciphers, remote.ciphers, _known(profile.local_aes, local.aes), _known(profile.remote_aes, remote.aes)))
    # None measured (a glance, an account that runs no commands): the cipher a copy most likely runs here, the
    # one the session's shared connection has (app.core.host.mux), else OpenSSH's own choice.
    guessed = [(preferred_cipher(local.ciphers, remote.ciphers, local.aes, remote.aes), None)]
    found: list[Candidate] = []
    reasons: dict[str, str] = {}
    for method in METHODS.values():
        # Insecure methods carry no ssh traffic (the app starts their listener over its own connection).
        # Nor does a copy through a share mounted here: its mount chose its own cipher.
        ssh = method.secure and method.logs_in
        ciphers: list[tuple[str | None, str | None]] = (measured or guessed) if ssh else [(None, None)]
        muxes = (False, True) if ssh else (False,)
        for (cipher, mac), codec, mux in product(ciphers, method.codecs, muxes):
            o = Options(cipher, codec, mux, download, mac=mac)
            ctx = Context(local, remote, o, allow_insecure, list(stats.names), stats.one_file(),
                          entry_paths=list(stats.odd_paths), link_kinds=stats.link_kinds, shares=shares)
            why = method.unavailable(ctx)
            if why is None:
                found.append(Candidate(method.id, o))
            else:
                reasons.setdefault(method.id, why)
    return found, {m: why for m, why in reasons.items() if not any(c.method_id == m for c in found)}
