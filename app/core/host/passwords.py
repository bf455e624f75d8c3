"""Remembered passwords: the system keyring (Secret Service, KWallet, macOS Keychain), never a file.

A password is kept per account (`user@host:port` as OpenSSH resolved it). Where no keyring
can be used (a headless machine has only keyring's "fail" backend) nothing is stored: the
caller keeps the password in memory for as long as it runs and tells the user so. Backends
that write plain text files (keyrings.alt's) count as no keyring.
"""

from __future__ import annotations

from app.core.errors import no_keyring
from app.core.host.hosts import Host

SERVICE = "transfer-advisor"


def account(host: Host) -> str:
    return f"{host.user}@{host.hostname}:{host.port}"


def _backend():
    """The keyring backend, or None when there is none that keeps secrets safely."""
    try:
        import keyring
        from keyring.backends import fail
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:  # a broken keyring configuration must not break logging in
        return None
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
        return None
    if "plaintext" in type(backend).__name__.lower() or type(backend).__module__.startswith("keyrings.alt.file"):
        return None  # a file on disk, readable by anything that runs as the user
    chained = getattr(backend, "backends", None)
    if chained is not None and not chained:
        return None
    return backend


def available() -> bool:
    return _backend() is not None


def warm() -> None:
    """Load the keyring and find its backend (a tenth of a second and more the first time), asking it for nothing:
    done beside the look for the host's services, whose passwords are then recalled at once. Blocks."""
    _backend()


def recall(host: Host) -> str | None:
    """The remembered password for this account, or None. Blocks (D-Bus): call it off the loop."""
    return recall_account(account(host))


def recall_account(name: str) -> str | None:
    """The remembered password of an account named as `account()` names it, or another service's
    (`rsync://user@host:port/module`: app.core.host.rsync_modules). Blocks (D-Bus)."""
    backend = _backend()
    if backend is None:
        return None
    try:
        return backend.get_password(SERVICE, name)
    except Exception:  # a locked or vanished keyring: as if nothing was remembered
        return None


def remember(host: Host, password: str) -> str | None:
    """Keep the password in the keyring; returns the sentence to show when that is not possible."""
    return remember_account(account(host), password)


def remember_account(name: str, password: str) -> str | None:
    """Keep the password of an account named as recall_account() takes it; the sentence to show when that is
    not possible. Blocks (D-Bus)."""
    backend = _backend()
    if backend is None:
        return no_keyring()
    try:
        backend.set_password(SERVICE, name, password)
    except Exception:
        return no_keyring()
    return None


def forget(host: Host) -> None:
    backend = _backend()
    if backend is None:
        return
    try:
        backend.delete_password(SERVICE, account(host))
    except Exception:  # nothing was remembered, or the keyring is locked: nothing to do
        pass
