"""What the model chooses among for one selection: every candidate (method × cipher × compression ×
multiplexing) the methods accept here."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from app.core.host.capabilities import Capabilities
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


def candidates(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
               allow_insecure: bool = False, download: bool = False) -> tuple[list[Candidate], dict[str, str]]:
    """Every option set each method accepts here, and why a method has none."""
    measured = [(p.cipher, p.mac) for p in profile.ciphers]  # a MAC where the cipher needs one
    # None measured (a glance, an account that runs no commands): the cipher a copy most likely runs here, the
    # one the session's shared connection has (app.core.host.mux), else OpenSSH's own choice.
    guessed = [(preferred_cipher(local.ciphers, remote.ciphers, local.aes, remote.aes), None)]
    found: list[Candidate] = []
    reasons: dict[str, str] = {}
    for method in METHODS.values():
        # Insecure methods carry no ssh traffic (the app starts their listener over its own connection).
        ciphers: list[tuple[str | None, str | None]] = (measured or guessed) if method.secure else [(None, None)]
        muxes = (False, True) if method.secure else (False,)
        for (cipher, mac), codec, mux in product(ciphers, method.codecs, muxes):
            o = Options(cipher, codec, mux, download, mac=mac)
            ctx = Context(local, remote, o, allow_insecure, list(stats.names), stats.one_file(),
                          entry_paths=list(stats.odd_paths), link_kinds=stats.link_kinds)
            why = method.unavailable(ctx)
            if why is None:
                found.append(Candidate(method.id, o))
            else:
                reasons.setdefault(method.id, why)
    return found, {m: why for m, why in reasons.items() if not any(c.method_id == m for c in found)}
