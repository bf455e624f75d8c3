"""The sentences of the advice step: no method left to recommend (app.core.advice, the command line)."""

from __future__ import annotations

from app.core.errors import ErrorKind, TransferError
from app.core.language import Words


class AdviceErrors(Words):
    """No method left to recommend (the translator's context)."""


def no_method_can_run(host: str) -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE, AdviceErrors.tr(
        "No transfer method can run between this computer and {host}; see `transfer-advisor methods` for why.",
        host=host))


def no_secure_method() -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE, AdviceErrors.tr(
        "No secure method can run here; allow insecure methods or install rsync or tar on the host."))
