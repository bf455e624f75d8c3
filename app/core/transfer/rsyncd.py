"""An rsync daemon the user already runs: find a module's folder in its config.

The app verifies a copy over SFTP and must know where the module's files live, so it
reads the daemon's config (default /etc/rsyncd.conf) over the control connection.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.errors import no_such_module, not_a_module
from app.core.host import rsync_modules
from app.core.transfer.methods.base import DaemonModule

DEFAULT_CONF = "/etc/rsyncd.conf"
DEFAULT_PORT = rsync_modules.DEFAULT_PORT


@dataclass
class DaemonConfig:
    port: int
    modules: dict[str, str]  # module name → path


def parse_conf(text: str) -> DaemonConfig:
    """The daemon's port and each module's folder (app.core.host.rsync_modules reads the file)."""
    conf = rsync_modules.parse_conf(text)
    return DaemonConfig(conf.port, {m.name: m.path for m in conf.modules})


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
