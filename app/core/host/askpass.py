"""Passwords for the OpenSSH binaries (ssh, scp, sftp, rsync -e ssh) without a terminal or a file.

OpenSSH asks the program named by SSH_ASKPASS for a password when SSH_ASKPASS_REQUIRE=force
(OpenSSH 8.4 and newer). That program is a tiny script in a private 0700 folder: it holds no
secret and runs this module, which asks the running app over a Unix socket beside it. The app
answers only with a one-time token it put into that one process's environment, only for the
password prompt of the expected user@host, and only to a peer of the same user; a host-key
question, a key passphrase or any other prompt is refused, so host-key checking stays as it is.

A multiplexed master (ControlMaster) would also carry one login to every binary, but each method
would then depend on one long-lived ssh process and its socket, and rsync, scp and sftp would all
need ControlPath wiring; askpass keeps every process independent and every command line unchanged.

Run as a program (`python -m app.core.host.askpass SOCKET PROMPT`, or the frozen app's hidden
`--askpass` flag), this module is the helper itself; it imports nothing else of the app.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import socket
import struct
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ENV_TOKEN = "TRANSFER_ADVISOR_ASKPASS_TOKEN"
FROZEN_FLAG = "--askpass"
MIN_OPENSSH = (8, 4)  # SSH_ASKPASS_REQUIRE appeared in OpenSSH 8.4
REQUEST_LIMIT = 64 * 1024
ANSWER_TIMEOUT = 10.0
SUN_PATH_MAX = 100  # sun_path holds 108 bytes; keep some room


@dataclass
class _Grant:
    used: bool = False


@dataclass(eq=False)
class Askpass:
    """The app's side: a socket that gives one session's password to its own OpenSSH processes."""

    password: str = field(repr=False)
    account: str                      # user@host as OpenSSH names it in its prompt
    folder: str = ""
    server: asyncio.AbstractServer | None = None
    _grants: dict[str, _Grant] = field(default_factory=dict, repr=False)

    @classmethod
    async def start(cls, password: str, user: str, host: str) -> "Askpass":
        # OpenSSH prints at most 30 characters of the user and 128 of the host in its prompt.
        self = cls(password, f"{user[:30]}@{host[:128]}")
        self.folder = _private_folder()
        try:
            script = os.path.join(self.folder, "askpass")
            fd = os.open(script, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o700)
            with os.fdopen(fd, "w") as f:
                f.write(helper_script(self.socket_path))
            self.server = await asyncio.start_unix_server(self._answer, self.socket_path)
            os.chmod(self.socket_path, 0o600)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        return self

    @property
    def socket_path(self) -> str:
        return os.path.join(self.folder, "s")

    def env(self) -> dict[str, str]:
        """The environment for one OpenSSH process: the helper, forced, and a fresh one-time token."""
        token = secrets.token_urlsafe(32)
        self._grants[token] = _Grant()
        return {"SSH_ASKPASS": os.path.join(self.folder, "askpass"), "SSH_ASKPASS_REQUIRE": "force",
                ENV_TOKEN: token}

    def is_password_prompt(self, prompt: str) -> bool:
        """ssh's own password prompt, or a keyboard-interactive one that asks for the password."""
        if prompt == f"{self.account}'s password: ":
            return True
        prefix = f"({self.account}) "
        return prompt.startswith(prefix) and re.search(r"password\s*:\s*$", prompt[len(prefix):], re.I) is not None

    def decide(self, token: str, prompt: str) -> dict[str, str]:
        grant = self._grants.get(token)
        if grant is None or grant.used:
            return {"refused": "this process was not given a password to ask for (or has used it)"}
        if not self.is_password_prompt(prompt):
            return {"refused": f"only the password of {self.account} is answered here"}
        grant.used = True
        return {"password": self.password}

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            sock = writer.get_extra_info("socket")
            if sock is None or _peer_uid(sock) != os.getuid():
                return
            line = await asyncio.wait_for(reader.readline(), ANSWER_TIMEOUT)
            try:
                request = json.loads(line[:REQUEST_LIMIT])
                reply = self.decide(str(request["token"]), str(request["prompt"]))
            except (ValueError, KeyError, TypeError):
                reply = {"refused": "the request could not be read"}
            writer.write(json.dumps(reply).encode() + b"\n")
            await writer.drain()
        except (OSError, TimeoutError):
            pass
        finally:
            writer.close()

    def close_now(self) -> None:
        """Stop answering and remove the helper and its socket (the socket closes at once)."""
        self._grants.clear()
        self.password = ""
        if self.server is not None:
            self.server.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    async def close(self) -> None:
        self.close_now()
        if self.server is not None:
            await self.server.wait_closed()


def _peer_uid(sock: socket.socket) -> int:
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]


def _private_folder() -> str:
    """A fresh 0700 folder with a short path (the socket's path must fit in sun_path)."""
    from app.core.paths import runtime_dir
    try:
        base = str(runtime_dir())
    except OSError:
        base = tempfile.gettempdir()
    if len(os.path.join(base, "ta-askpass-xxxxxxxx", "s")) > SUN_PATH_MAX:
        base = tempfile.gettempdir()
    return tempfile.mkdtemp(prefix="ta-askpass-", dir=base)  # mkdtemp makes it 0700


def helper_script(socket_path: str) -> str:
    """The SSH_ASKPASS program: it runs the helper with the socket's path and holds no secret."""
    from app.core.quoting import join, quote  # here: the helper program imports nothing else of the app
    if getattr(sys, "frozen", False):
        run = "exec " + join([sys.executable, FROZEN_FLAG, socket_path])
    else:
        root = str(Path(__file__).resolve().parents[2])  # the folder that holds the `app` package
        run = f"PYTHONPATH={quote(root)} exec " + join([sys.executable, "-m", "app.core.host.askpass", socket_path])
    return ("#!/bin/sh\n# Transfer Advisor's SSH_ASKPASS helper: asks the running app for the password of the "
            "login it started.\n" + run + ' "$@"\n')


def openssh_version() -> tuple[int, int] | None:
    """The local OpenSSH client's version, or None when `ssh -V` does not say."""
    from app.core.errors import TransferError  # here: the helper program imports nothing else of the app
    from app.core.runner import run_sync
    try:
        _code, out, err = run_sync(["ssh", "-V"], timeout=10)
    except (OSError, TransferError):
        return None
    match = re.search(r"OpenSSH_(\d+)\.(\d+)", err + out)
    return (int(match[1]), int(match[2])) if match else None


# -- the helper program --------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    """Ask the app over SOCKET for the answer to PROMPT; print it for ssh, or exit 1 when refused."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("transfer-advisor askpass: started without the app's socket; it is run by ssh, not by hand.",
              file=sys.stderr)
        return 2
    socket_path, prompt = args[0], args[1] if len(args) > 1 else ""
    request = json.dumps({"token": os.environ.get(ENV_TOKEN, ""), "prompt": prompt}).encode() + b"\n"
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(ANSWER_TIMEOUT)
            sock.connect(socket_path)
            sock.sendall(request)
            reply = json.loads(_read_line(sock))
    except (OSError, ValueError) as exc:
        print(f"transfer-advisor askpass: the app did not answer ({exc}).", file=sys.stderr)
        return 1
    if "password" not in reply:
        print(f"transfer-advisor askpass: refused: {reply.get('refused', 'no answer')}.", file=sys.stderr)
        return 1
    sys.stdout.write(reply["password"] + "\n")
    sys.stdout.flush()
    return 0


def _read_line(sock: socket.socket) -> bytes:
    data = b""
    while not data.endswith(b"\n") and len(data) < REQUEST_LIMIT:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


if __name__ == "__main__":
    raise SystemExit(main())
