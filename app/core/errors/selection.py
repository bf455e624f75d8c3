"""The sentences of the selection step: a source that is missing or cannot be read, here or on the
host (app.core.selection.entries, app.core.host.remote_reads), or that cannot be copied as named."""

from __future__ import annotations

from app.core.errors import ErrorKind, TransferError
from app.core.language import Words


class SelectionErrors(Words):
    """Sources that are missing, cannot be read or cannot be copied as named (the translator's context)."""


# Reading the sources on this computer.
def source_missing(path: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr("{path} does not exist; check the path.",
                                                                      path=path))


def source_unreadable(path: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "{path} cannot be read (permission denied); check its permissions.", path=path))


def inside_unreadable(exc: OSError) -> TransferError:
    """A folder or file inside a source that the walk could not read."""
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "{path} cannot be read ({reason}); check its permissions.", path=exc.filename, reason=exc.strerror))


# Reading them on the host, over SFTP or with one listing command.
def remote_source_missing(path: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "{path} does not exist on the remote side; check the path.", path=path))


def remote_source_unreadable(path: str, reason: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "{path} cannot be read on the remote side ({reason}).", path=path, reason=reason))


def remote_folder_unlisted(path: str, reason: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "{path} cannot be listed on the remote side ({reason}).", path=path, reason=reason))


def remote_listing_failed(roots: list[str], host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.SOURCE_MISSING, SelectionErrors.tr(
        "Listing {paths} on {host} failed; check that it can be read.", paths=", ".join(roots), host=host), details)


# Names that cannot be copied as given (app.core.transfer.preflight).
def source_is_a_root() -> TransferError:
    return TransferError(ErrorKind.USAGE, SelectionErrors.tr(
        "A source resolves to a filesystem root or '..'; name the folder to copy."))


def source_is_ours(name: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, SelectionErrors.tr(
        "{name} is one of Transfer Advisor's own working folders; copy what is inside it instead, or rename it.",
        name=repr(name)))


def sources_share_a_name(name: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, SelectionErrors.tr(
        "Two sources are both named {name} and would land on the same place; copy them in separate runs or "
        "rename one.", name=repr(name)))
