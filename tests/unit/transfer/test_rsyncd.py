"""Finding a module's folder in an rsync daemon config, and the argv for a user's own module."""

from __future__ import annotations

import pytest

from app.core.errors import TransferError
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import DaemonModule, Job
from app.core.transfer.rsyncd import module_for, parse_conf

CONF = """# Synology-style config
port = 8873
  uid = nobody
[Global]
  log file = /var/log/rsyncd.log
[ photos ]
  path = /volume1/photos/
  Read Only = no
; a comment
[backup]
  path=/volume1/backup
"""


def test_parse_conf_reads_port_and_module_paths() -> None:
    conf = parse_conf(CONF)
    assert conf.port == 8873
    assert conf.modules == {"photos": "/volume1/photos", "backup": "/volume1/backup"}


def test_module_for_names_what_exists_when_the_module_does_not() -> None:
    with pytest.raises(TransferError) as err:
        module_for(CONF, "music", None, "/etc/rsyncd.conf", "nas")
    assert err.value.sentence == ("The rsync daemon config /etc/rsyncd.conf on nas has no module 'music' "
                                  "(it has: backup, photos); check the name or pass --rsyncd-conf.")


def test_module_for_takes_user_and_port() -> None:
    assert module_for(CONF, "ann@photos", 873, "c", "nas") == DaemonModule("photos", "/volume1/photos", 873, "ann")
    assert module_for(CONF, "backup", None, "c", "nas").port == 8873


def test_build_for_users_module_has_no_helper_and_no_secret() -> None:
    module = DaemonModule("photos", "/volume1/photos", 8873, "ann")
    job = Job(Ssh("nas"), ("/home/me/-summer 2024",), "/volume1/photos/trips", Options(), "198.18.0.2",
              module=module)
    plan = METHODS["rsync-daemon"].build(job)
    assert plan.listener is None
    assert [s.argv for s in plan.stages] == [[
        "rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s", "-H", "-S", "--no-owner", "--no-group", "--",
        "/home/me/-summer 2024",
        "rsync://ann@198.18.0.2:8873/photos/./trips/"]]
    assert plan.stages[0].env == {}  # $RSYNC_PASSWORD, if needed, is the user's own
    down = METHODS["rsync-daemon"].build(Job(Ssh("nas"), ("/volume1/photos/a*b",), "/tmp/in", Options(download=True),
                                             "198.18.0.2", module=module))
    assert down.stages[0].argv[-2:] == ["rsync://ann@198.18.0.2:8873/photos/./a\\*b", "/tmp/in/"]
