"""The certificate an FTP server shows for explicit TLS (FTPS), checked as a host key is: the one it shows this
computer must be the one it shows the host itself, asked on the host (openssl, to its own address) through the ssh
connection, so a machine in between cannot pass off its own; its key is then pinned for curl (--pinnedpubkey).
A host that cannot say (no shell, no openssl) vouches for nothing: None."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
import socket
import ssl
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.core import atomic, quoting
from app.core.paths import data_dir

if TYPE_CHECKING:
    from app.core.host.session import Session

CHECK_SECONDS = 20
FILE = "ftp-certificates.json"

_PEM = re.compile(rb"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----", re.S)


def spki_pin(der_certificate: bytes) -> tuple[str, str]:
    """(curl's sha256// pin of the certificate's public key, the certificate's SHA-256 fingerprint)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
    cert = x509.load_der_x509_certificate(der_certificate)
    spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                          serialization.PublicFormat.SubjectPublicKeyInfo)
    pin = "sha256//" + base64.b64encode(hashlib.sha256(spki).digest()).decode()
    digest = hashlib.sha256(der_certificate).hexdigest().upper()
    return pin, ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


def shown_here(address: str, port: int) -> bytes | None:
    """The certificate the FTP server shows this computer after AUTH TLS (DER), or None."""
    try:
        with socket.create_connection((address, port), timeout=CHECK_SECONDS) as sock:
            reader = sock.makefile("rb")
            if not _reply(reader).startswith(b"220"):
                return None
            sock.sendall(b"AUTH TLS\r\n")
            if not _reply(reader).startswith(b"234"):
                return None
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE  # only to read it: trust comes from the host's own answer
            with context.wrap_socket(sock) as tls:
                return tls.getpeercert(binary_form=True)
    except (OSError, ssl.SSLError):
        return None


def _reply(reader) -> bytes:
    """An FTP reply's last line (a multi-line reply ends with its code and a space)."""
    for _ in range(200):
        line = reader.readline()
        if not line or (len(line) >= 4 and line[:3].isdigit() and line[3:4] == b" "):
            return line
    return b""


async def shown_to_host(session: "Session", address: str, port: int) -> bytes | None:
    """The certificate the FTP server shows the host itself, asked there (openssl) through the control
    connection (DER), or None where the host cannot say."""
    if not session.remote.shell:
        return None
    target = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
    script = 'openssl s_client -connect "$1" -starttls ftp </dev/null 2>/dev/null'
    result = await session.run(quoting.sh_command(script, target), timeout=CHECK_SECONDS)
    found = _PEM.search(result.stdout or b"")
    if found is None:
        return None
    return ssl.PEM_cert_to_DER_cert(found.group(0).decode("ascii", "replace"))


async def checked_pin(session: "Session", address: str, port: int) -> tuple[str, str] | None:
    here, there = await asyncio.gather(asyncio.to_thread(shown_here, address, port),
                                       shown_to_host(session, address, port))
    if here is None or there is None or here != there:
        return None
    return spki_pin(here)


@dataclass(frozen=True)
class Pin:
    """A certificate's pinned key (curl's sha256// value) and its SHA-256 fingerprint; `kept`: from an earlier
    session's check, not asked of the host in this one."""

    pin: str
    fingerprint: str
    kept: bool = False


async def pin_for(session: "Session", address: str, port: int, anew: bool = False) -> Pin | None:
    """The pin for the FTP server at `address`:`port`: the one kept for this host and port, else (or `anew`:
    the kept one was refused) the one checked through the host now, which is then kept; None where the host
    does not vouch for the certificate this computer is shown."""
    key = f"{session.identity} ftp:{port}"
    if not anew and (kept := _kept().get(key)):
        return Pin(kept["pin"], kept["fingerprint"], kept=True)
    checked = await checked_pin(session, address, port)
    if checked is None:
        return None
    try:
        atomic.write_json(data_dir() / FILE, {**_kept(), key: {"pin": checked[0], "fingerprint": checked[1]}})
    except OSError:
        pass  # checked all the same; only the next session asks the host again
    return Pin(*checked)


def _kept() -> dict[str, dict[str, str]]:
    try:
        data = json.loads((data_dir() / FILE).read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict) and isinstance(v.get("pin"), str)
            and isinstance(v.get("fingerprint"), str)} if isinstance(data, dict) else {}
