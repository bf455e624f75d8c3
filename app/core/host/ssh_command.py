"""How this app starts OpenSSH for one host, and the options of one run (cipher, compression,
multiplexing, direction, what to keep). The transfer methods, the probes and the host's own helpers
build on these; they say nothing about any one method.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core import quoting

COMPRESSION = ("none", "ssh", "zstd", "lz4")
# (compress, decompress) commands for pipeline compression.
PIPE_CODECS = {"zstd": (["zstd", "-q", "-1", "-T0", "-c"], ["zstd", "-q", "-d", "-c"]),
               "lz4": (["lz4", "-q", "-1", "-c"], ["lz4", "-q", "-d", "-c"])}


@dataclass(frozen=True)
class Options:
    cipher: str | None = None
    compress: str = "none"
    mux: bool = False
    download: bool = False
    owners: bool = False  # keep owner and group by number (needs root on the receiving side)
    xattrs: bool = False  # keep extended attributes and ACLs (both sides' tools and filesystems must take them)
    streams: int = 1      # parallel connections, each with a part of the files (Method.parallel)
    mac: str | None = None  # with a cipher that is not AEAD (aes128-ctr): the MAC its probe found fastest

    def as_dict(self) -> dict:
        out = {"cipher": self.cipher, "compress": self.compress, "mux": self.mux,
               "direction": "download" if self.download else "upload", "owners": self.owners,
               "xattrs": self.xattrs, "streams": self.streams}
        return {**out, "mac": self.mac} if self.mac else out


@dataclass(frozen=True)
class Ssh:
    """How to start OpenSSH for one host: the options that make it resolve the host like we do."""

    target: str
    options: tuple[str, ...] = ()
    control_path: str | None = None

    def opts(self, o: Options) -> list[str]:
        out = list(self.options)
        if o.cipher:
            out += ["-c", o.cipher]
        if o.mac:
            out += ["-m", o.mac]
        if o.compress == "ssh":
            out += ["-C"]
        if self.control_path:
            out += ["-o", f"ControlPath={self.control_path}", "-o", "ControlMaster=no"]
        return out

    def command(self, o: Options, remote: str) -> list[str]:
        """`ssh ... target REMOTE`: the remote command is one string for the remote shell."""
        return ["ssh", *self.opts(o), "--", self.target, remote]

    def rsh(self, o: Options) -> str:
        """The `-e` value for rsync (rsync splits it honouring quotes)."""
        return quoting.join(["ssh", *self.opts(o)])
