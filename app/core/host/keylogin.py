"""Set up key login: make a key for a host and add it to the host's authorized_keys over the open session.

The key lives in the app's data folder (keys/), not in ~/.ssh: the one switch that relocates all state
(TRANSFER_ADVISOR_HOME) then moves it too, so tests and a portable setup never touch the user's ~/.ssh,
and the app never risks clobbering a key the user made. It is one ed25519 key per user@host, mode 0600,
without a passphrase (the app runs the copies unattended); the public key's comment says what it is.

On the host, ~/.ssh (0700) and authorized_keys (0600) are created only when missing; the line is
appended only when the key is not there yet, and the file is never rewritten or truncated.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
from dataclasses import dataclass, replace
from pathlib import Path

import asyncssh

from app.core import quoting
from app.core.errors import (ErrorKind, TransferError, key_install_failed, key_install_needs_shell,
                             key_not_accepted)
from app.core.host.hosts import Host, connect
from app.core import atomic
from app.core.paths import data_dir
from app.core.host.session import Session

# Runs on the host with the public key line on stdin. Prints "added" or "present".
_INSTALL = r"""
umask 077
set -f
IFS= read -r key || [ -n "$key" ] || exit 3
set -- $key
[ -n "$2" ] || exit 3
dir="$HOME/.ssh"
file="$dir/authorized_keys"
[ -d "$dir" ] || mkdir -m 700 -- "$dir" || exit 1
[ -e "$file" ] || { : > "$file" && chmod 600 -- "$file"; } || exit 1
if grep -qF -e "$1 $2" -- "$file"; then echo present; exit 0; fi
# A last line without its newline would be joined to ours.
if [ -s "$file" ] && [ -n "$(tail -c 1 -- "$file")" ]; then printf '\n' >> "$file" || exit 1; fi
printf '%s\n' "$key" >> "$file" || exit 1
echo added
"""


@dataclass(frozen=True)
class KeySetup:
    key_file: str
    added: bool          # False: the key was already in authorized_keys
    works: bool          # a login with the key alone succeeded
    note: str = ""       # why it does not work, when it does not

    def ssh_config_lines(self) -> list[str]:
        return [f'IdentityFile "{self.key_file}"']


def key_path(host: Host) -> Path:
    """The key file for this account: keys/USER@HOST_ed25519 in the data folder (whatever the port: a
    second SSH server on the same machine, for the same user, shares the user's authorized_keys)."""
    name = re.sub(r"[^A-Za-z0-9._@-]", "_", f"{host.user}@{host.hostname}")
    return data_dir() / "keys" / f"{name}_ed25519"


def ensure_key(host: Host) -> asyncssh.SSHKey:
    """The account's key, made now (0600, in a 0700 folder) when it does not exist yet."""
    path = key_path(host)
    if path.exists():
        return asyncssh.read_private_key(str(path))
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    os.chmod(path.parent, 0o700)
    comment = f"transfer-advisor {host.user}@{host.hostname} from {socket.gethostname()}"
    key = asyncssh.generate_private_key("ssh-ed25519", comment=comment)
    atomic.write(path, key.export_private_key("openssh"), 0o600)
    atomic.write(path.with_name(path.name + ".pub"), key.export_public_key("openssh"), 0o644)
    return key


async def setup_key(session: Session) -> KeySetup:
    """Make the key, add it to the host's authorized_keys over this session, and try a login with it."""
    host = session.host
    if not session.remote.shell:
        raise key_install_needs_shell(host.label)
    key = await asyncio.to_thread(ensure_key, host)
    line = key.export_public_key("openssh").decode().strip()
    result = await session.run(quoting.sh_command(_INSTALL), stdin=(line + "\n").encode(), timeout=30)
    status = (result.stdout or b"").decode(errors="replace").strip()
    if result.exit_status != 0 or status not in ("added", "present"):
        raise key_install_failed(host.label, (result.stderr or b"").decode(errors="replace"))
    path = str(key_path(host))
    works, note = await _key_login_works(host, path)
    return KeySetup(path, status == "added", works, note)


async def _key_login_works(host: Host, key_file: str) -> tuple[bool, str]:
    only_key = replace(host, identity_files=(key_file,), identities_only=True)
    try:
        conn = await connect(only_key)
    except TransferError as exc:
        if exc.kind is ErrorKind.AUTH:
            return False, key_not_accepted(host.label)
        return False, exc.sentence
    conn.close()
    await conn.wait_closed()
    return True, ""


def ssh_config_block(alias: str, key_file: str) -> str:
    return (f"\n# Added by Transfer Advisor (setup-key): log in to {alias} with its own key.\n"
            f"Host {alias}\n  IdentityFile \"{key_file}\"\n")


def add_to_ssh_config(config: str, alias: str, key_file: str) -> bool:
    """Append a Host block naming the key to an ssh config (never rewriting it); False if it is there."""
    path = Path(config).expanduser()
    text = path.read_text() if path.exists() else ""
    if f'IdentityFile "{key_file}"' in text or f"IdentityFile {key_file}" in text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)  # a new config: only its user reads it
    with os.fdopen(fd, "a") as f:
        if text and not text.endswith("\n"):
            f.write("\n")
        f.write(ssh_config_block(alias, key_file))
    return True
