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

    @property
    def own_connection(self) -> bool:
        """A run with these options logs in on a connection of its own even where one is shared: streams are
        separate connections on purpose, and a MAC, ssh compression or `mux` are settings of a connection."""
        return self.streams > 1 or self.mux or self.compress == "ssh" or self.mac is not None

    def as_dict(self) -> dict:
        out = {"cipher": self.cipher, "compress": self.compress, "mux": self.mux,
               "direction": "download" if self.download else "upload", "owners": self.owners,
               "xattrs": self.xattrs, "streams": self.streams}
        return {**out, "mac": self.mac} if self.mac else out


# The AEAD ciphers that decide it today: AES-GCM where both CPUs have AES instructions, chacha20 where not.
AEAD = ("aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com")


def preferred_cipher(local_ciphers: list[str], remote_ciphers: list[str], local_aes: bool | None,
                     remote_aes: bool | None) -> str | None:
    """The cipher a copy most likely runs with here: AES-GCM where neither CPU is known to lack AES
    instructions, else chacha20; the first of them both sides offer (None: neither is shared)."""
    shared = [c for c in AEAD if c in local_ciphers and (not remote_ciphers or c in remote_ciphers)]
    if local_aes is False or remote_aes is False:
        shared.reverse()
    return shared[0] if shared else None


@dataclass(frozen=True)
class Shared:
    """A session's shared OpenSSH connection (app.core.host.mux): its socket, and the one cipher it runs."""

    path: str
    cipher: str

    def takes(self, o: Options) -> bool:
        """A run with these options can go over it: the same cipher, and nothing that needs a connection of its
        own (Options.own_connection)."""
        return o.cipher == self.cipher and not o.own_connection


@dataclass(frozen=True)
class Ssh:
    """How to start OpenSSH for one host: the options that make it resolve the host like we do."""

    target: str
    options: tuple[str, ...] = ()
    control_path: str | None = None
    shared: Shared | None = None  # a run whose options it takes logs in no more: it opens a channel there

    def opts(self, o: Options) -> list[str]:
        out = list(self.options)
        if o.cipher:
            out += ["-c", o.cipher]
        if o.mac:
            out += ["-m", o.mac]
        if o.compress == "ssh":
            out += ["-C"]
        path = self.control_path or (self.shared.path if self.shared and self.shared.takes(o) else None)
        if path:
            out += ["-o", f"ControlPath={path}", "-o", "ControlMaster=no"]
        return out

    def command(self, o: Options, remote: str) -> list[str]:
        """`ssh ... target REMOTE`: the remote command is one string for the remote shell."""
        return ["ssh", *self.opts(o), "--", self.target, remote]

    def rsh(self, o: Options) -> str:
        """The `-e` value for rsync (rsync splits it honouring quotes)."""
        return quoting.join(["ssh", *self.opts(o)])
