"""LinkProfile: what was measured about one host and one selection.

Every figure is in 10^6 bytes per second (MB/s) or milliseconds, and is None when it
was not measured (a probe that could not run, or ran out of time). Probes fill it in
one by one (app/core/profile/probes/); the model (app/core/advice/model.py) reads it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

SSH_WINDOW = 2 * 1024 * 1024  # OpenSSH's channel window: one ssh stream carries at most this per round trip
LINK_SHARE = 0.9  # a probe at this share of raw TCP (or of ssh's window over the round trip): the link held it


@dataclass
class CipherProbe:
    """`ssh -c CIPHER host 'cat > /dev/null'` with incompressible data, one direction."""

    cipher: str
    MBps: float
    local_cpu: float   # fraction of one core the local ssh used
    remote_cpu: float  # fraction of one core the remote sshd used
    mac: str | None = None  # with a cipher that is not AEAD: the MAC (the fastest of those probed)


def tool_key(method: str, download: bool) -> str:
    return f"{method} {'down' if download else 'up'}"


def cipher_key(cipher: str, mac: str | None = None) -> str:
    """One probe's name: the cipher, and its MAC where it has one ("aes128-ctr+hmac-sha1-etm@openssh.com")."""
    return f"{cipher}+{mac}" if mac else cipher


@dataclass
class Compressibility:
    """A sample of the selection through a compressor (at its fastest level)."""

    codec: str
    ratio: float   # original ÷ compressed (1.0: incompressible)
    MBps: float    # compression speed on this computer, of the original bytes
    decompress_MBps: float | None = None


@dataclass
class LinkProfile:
    host: str
    local_address: str = ""
    rtt_ms: float | None = None
    tcp_up_MBps: float | None = None      # raw TCP (the netcat ceiling), this computer → host
    tcp_down_MBps: float | None = None
    ciphers: list[CipherProbe] = field(default_factory=list)  # upload direction
    remote_cores: int | None = None
    # Of one core, what one busy process got on the host (app.core.profile.probes.cpu_share): below a core, a quota
    # or other work holds every process there to about that share.
    remote_cpu_share: float | None = None
    remote_aes: bool | None = None
    local_cores: int | None = None
    local_aes: bool | None = None
    # The host runs on this computer's kernel (a container, a network namespace, localhost): both
    # sides then share one CPU.
    same_machine: bool = False
    remote_write_MBps: float | None = None  # destination, with fsync, incompressible
    remote_write_cpu: float | None = None   # cores the host's writing took (all it has: the figure is its CPU's)
    local_read_MBps: float | None = None    # the selection, as read from its disk
    local_write_MBps: float | None = None   # download destination
    remote_read_MBps: float | None = None   # download source
    per_file_ms: dict[str, float] = field(default_factory=dict)  # method id → extra time per file
    compress: list[Compressibility] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # probes that could not run, and why
    measured_at: float = 0.0
    seconds: float = 0.0
    # On a long link one TCP connection is held by its socket buffers (what it may have in flight over the
    # round trip), below what the link carries: raw TCP on TCP_CONNECTIONS connections at once, measured
    # there only (None: one connection is the link's ceiling).
    tcp_up_all_MBps: float | None = None
    tcp_down_all_MBps: float | None = None
    # The host's CPU seconds per MB for a method's own processes there (not sshd's cipher, not a
    # compressor), measured in the race (app.core.host.remote_cpu): key "METHOD up" or "METHOD down".
    remote_tool_s_per_MB: dict[str, float] = field(default_factory=dict)
    # What one of the app's own commands took on the host, answer included (the median of those the measuring
    # session ran): a later session that has run too few of its own to tell uses this.
    command_s: float | None = None

    def tool_cost(self, method: str, download: bool) -> float | None:
        return self.remote_tool_s_per_MB.get(tool_key(method, download))

    def cipher(self, name: str | None) -> CipherProbe | None:
        if name is None:
            return max(self.ciphers, key=lambda c: c.MBps, default=None)
        return next((c for c in self.ciphers if c.cipher == name), None)

    def codec(self, name: str) -> Compressibility | None:
        return next((c for c in self.compress if c.codec == name), None)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "LinkProfile":
        data = dict(data)
        data["ciphers"] = [CipherProbe(**c) for c in data.get("ciphers", [])]
        data["compress"] = [Compressibility(**c) for c in data.get("compress", [])]
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in data.items() if k in known})
