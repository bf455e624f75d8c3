"""Kinds are types, and their values are what --json has always said: a program reading "kind",
"factor" or a plan's progress sees the same strings, and a kind nobody declared is an error."""

from __future__ import annotations

import json

import pytest

from app.core.advice.factors import FACTORS, Factor
from app.core.errors import ErrorKind, TransferError, explain_stderr
from app.core.transfer.progress import Count, ProgressMode


def test_an_error_kind_prints_as_its_string() -> None:
    error = explain_stderr("ssh: connect to host nas port 22: Connection refused", "nas", "failed")
    assert error.kind is ErrorKind.CONNECTION_REFUSED
    assert json.loads(json.dumps(error.as_dict()))["kind"] == "connection-refused"
    assert f"kind: {error.kind}" == "kind: connection-refused"  # the error banner's details line


def test_a_kind_nobody_declared_is_refused() -> None:
    with pytest.raises(ValueError):
        TransferError("link-gone", "A typo.")  # type: ignore[arg-type]


def test_factors_and_progress_modes_keep_their_strings() -> None:
    assert [f.value for f in FACTORS] == ["link", "cipher-cpu-local", "cipher-cpu-remote", "remote-disk",
                                          "local-disk", "per-file", "compression"]
    assert json.dumps({"factor": Factor.SETUP}) == '{"factor": "setup"}'
    assert Factor.cipher_cpu("remote") is Factor.CIPHER_CPU_REMOTE and Factor.CIPHER_CPU_LOCAL.is_cipher_cpu
    assert (ProgressMode.RSYNC, Count.STDIN_AT) == ("rsync", "fd0")
