"""The staging folder is the copy's journal. Its name comes from what the copy is (the sources, the
destination, the direction), and a small file in it says so in full, so a second run of the same copy
finds it in one look and a different selection never adopts it. The method is recorded but does not
decide: what is staged is checked file by file before it is kept, whichever tool wrote it, so a copy
cut under one method resumes under another (`copy --best` may pick another one the next time).

The journal is a file of its own at the top of the staging folder, beside the app's owner marker;
neither is ever moved into the destination (only the selection's own paths are).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass

from app.core.host.staging import PREFIX

NAME = ".transfer-advisor-journal.json"
VERSION = 1
LIMIT = 1 << 20  # a journal is a few hundred bytes; anything bigger is not one of ours


@dataclass(frozen=True)
class Journal:
    direction: str             # "upload" or "download"
    sources: tuple[str, ...]   # absolute, on the sending side
    dest: str                  # absolute folder on the receiving side
    method: str = ""
    started: float = 0.0

    @classmethod
    def of(cls, sources: list[str], dest: str, download: bool, method: str) -> "Journal":
        return cls("download" if download else "upload", tuple(sources), dest, method, round(time.time()))

    @property
    def identity(self) -> list:
        return [VERSION, self.direction, list(self.sources), self.dest]

    @property
    def folder(self) -> str:
        """The staging folder's name: the same for every run of this copy."""
        text = json.dumps(self.identity, ensure_ascii=True)  # surrogate-escaped bytes of odd names survive
        return PREFIX + hashlib.sha256(text.encode()).hexdigest()[:16]

    def same_copy(self, other: "Journal | None") -> bool:
        return other is not None and other.identity == self.identity

    def encode(self) -> bytes:
        return json.dumps({"app": "transfer-advisor", "version": VERSION, "direction": self.direction,
                           "sources": list(self.sources), "dest": self.dest, "method": self.method,
                           "started": round(self.started)}, ensure_ascii=True, indent=1).encode() + b"\n"

    @classmethod
    def decode(cls, data: bytes | None) -> "Journal | None":
        """The journal in `data`, or None for anything else (missing, cut short, another version)."""
        try:
            raw = json.loads(data or b"")
            if raw.get("app") != "transfer-advisor" or raw.get("version") != VERSION:
                return None
            return cls(str(raw["direction"]), tuple(str(s) for s in raw["sources"]), str(raw["dest"]),
                       str(raw.get("method", "")), float(raw.get("started", 0)))
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
