"""An rsync daemon the user already runs: find a module's folder in its config.

The app verifies a copy over SFTP and must know where the module's files live, so it
reads the daemon's config (default /etc/rsyncd.conf) over the control connection.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import no_such_module, not_a_module
from app.core.transfer.methods.base import DaemonModule

DEFAULT_CONF = "/etc/rsyncd.conf"
DEFAULT_PORT = 873


@dataclass
class DaemonConfig:
    port: int
    modules: dict[str, str]  # module name → path


def parse_conf(text: str) -> DaemonConfig:
    port, modules, section = DEFAULT_PORT, {}, None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
            if section.lower() == "global":
                section = None
            continue
        key, sep, value = line.partition("=")
        if not sep:
            continue
        key, value = " ".join(key.lower().split()), value.strip()
        if section is None and key == "port" and value.isdigit():
            port = int(value)
        elif section is not None and key == "path":
            modules[section] = value.rstrip("/") or "/"
    return DaemonConfig(port, modules)


def parse_module_arg(text: str) -> tuple[str, str]:
    """`[user@]module` → (user, module)."""
    user, _, name = text.rpartition("@")
    if not name or "/" in name:
        raise not_a_module(text)
    return user, name


def module_for(conf_text: str, arg: str, port: int | None, conf_path: str, host: str) -> DaemonModule:
    user, name = parse_module_arg(arg)
    conf = parse_conf(conf_text)
    if name not in conf.modules:
        raise no_such_module(conf_path, host, name, list(conf.modules))
    return DaemonModule(name, conf.modules[name], port or conf.port, user)
