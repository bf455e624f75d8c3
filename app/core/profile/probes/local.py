"""This computer's side: how fast the selection reads, and how well it compresses.

Compressibility uses a sample of the real selection (chunks from many files), through
the same zstd and lz4 commands the methods use; zlib at level 6 stands in for ssh -C.
"""

from __future__ import annotations

import asyncio
import os
import zlib

from app.core.host.ssh_command import PIPE_CODECS
from app.core.profile.probes.common import MBps, now
from app.core.profile.link_profile import Compressibility
from app.core.runner import run
from app.core.formatting import TOO_LITTLE_TO_TIME

SAMPLE_BYTES = 16 * 2**20
CHUNK = 2**20


def _files(paths: list[str]) -> list[str]:
    out = []
    for path in paths:
        if os.path.isfile(path) and not os.path.islink(path):
            out.append(path)
        elif os.path.isdir(path) and not os.path.islink(path):
            for dirpath, _dirs, names in os.walk(path):
                out += [os.path.join(dirpath, n) for n in names if os.path.isfile(os.path.join(dirpath, n))]
    return out


def read_speed(paths: list[str], seconds: float, limit: int = 512 * 2**20) -> float | None:
    """Read the selection (largest files first) for up to `seconds`; MB/s."""
    files = sorted(_files(paths), key=lambda p: -os.path.getsize(p))
    total, start = 0, now()
    for path in files:
        with open(path, "rb", buffering=0) as f:
            while chunk := f.read(CHUNK):
                total += len(chunk)
                if now() - start > seconds or total >= limit:
                    return MBps(total, now() - start)
    elapsed = now() - start
    return MBps(total, elapsed) if total >= TOO_LITTLE_TO_TIME else None


def sample(paths: list[str], size: int = SAMPLE_BYTES) -> bytes:
    """Up to `size` bytes taken as 1 MiB chunks spread over the selection's files."""
    files = _files(paths)
    if not files:
        return b""
    step = max(1, len(files) // max(1, size // CHUNK))
    parts, total = [], 0
    for path in files[::step]:
        try:
            with open(path, "rb") as f:
                data = f.read(CHUNK)
        except OSError:
            continue
        parts.append(data)
        total += len(data)
        if total >= size:
            break
    return b"".join(parts)


async def compressibility(data: bytes) -> list[Compressibility]:
    if len(data) < 64 * 1024:
        return []
    out = []
    for codec, (compress, _decompress) in PIPE_CODECS.items():
        start = now()
        try:
            code, packed, _err = await run(compress, stdin=data, timeout=30)
        except FileNotFoundError:
            continue
        if code == 0 and packed:
            out.append(Compressibility(codec, len(data) / len(packed), MBps(len(data), now() - start)))
    start = now()
    packed = await asyncio.to_thread(zlib.compress, data, 6)
    out.append(Compressibility("zlib", len(data) / len(packed), MBps(len(data), now() - start)))
    return out
