"""What can hold a copy's speed down: the bottleneck factors the model predicts with and the advice
names (its `factor` in --json)."""

from __future__ import annotations

from enum import Enum


class Factor(str, Enum):
    LINK = "link"                            # the network, its protocol's window, or a tool's own work on it
    CIPHER_CPU_LOCAL = "cipher-cpu-local"    # this computer's CPU encrypting
    CIPHER_CPU_REMOTE = "cipher-cpu-remote"  # the host's CPU encrypting
    REMOTE_DISK = "remote-disk"
    LOCAL_DISK = "local-disk"
    PER_FILE = "per-file"                    # pauses on every file
    COMPRESSION = "compression"
    SETUP = "setup"  # the advice's only: a selection too little to time a rate, where starting up takes it

    __str__ = str.__str__  # "link" in sentences, as in JSON

    @classmethod
    def cipher_cpu(cls, side: str) -> Factor:
        """The encrypting CPU of a side ("local" or "remote")."""
        return cls.CIPHER_CPU_LOCAL if side == "local" else cls.CIPHER_CPU_REMOTE

    @classmethod
    def disk(cls, side: str) -> Factor:
        return cls.LOCAL_DISK if side == "local" else cls.REMOTE_DISK

    @property
    def is_cipher_cpu(self) -> bool:
        return self in (Factor.CIPHER_CPU_LOCAL, Factor.CIPHER_CPU_REMOTE)

    @property
    def is_disk(self) -> bool:
        return self in (Factor.LOCAL_DISK, Factor.REMOTE_DISK)


# What the model predicts with (SETUP is said of a whole selection, never of one ceiling).
FACTORS = tuple(f for f in Factor if f is not Factor.SETUP)
WIRE_FACTORS = (Factor.LINK, Factor.CIPHER_CPU_LOCAL, Factor.CIPHER_CPU_REMOTE)  # what compression can relieve
