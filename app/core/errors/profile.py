"""The sentences of the profile step: a measurement that cannot run here (app.core.profile)."""

from __future__ import annotations

from app.core.errors import ErrorKind, TransferError


def probe_unavailable(why: str) -> TransferError:
    """`why`: why the unencrypted probe cannot run, as the listener says it ("`nc` is not installed on the
    remote host")."""
    return TransferError(ErrorKind.UNAVAILABLE, f"{why[0].upper()}{why[1:]}.")
