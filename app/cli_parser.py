"""The command line's words: each command and option with its help (build_parser), and what argparse cannot check
(check_host). A module beside app/cli.py, as cli_numbers.py is: the CLI is four small parts, too few for a package.
"""

from __future__ import annotations

import argparse
import json
import sys

from app import __version__
from app import cli_numbers as numbers
from app.core.errors import ErrorKind
from app.core.paths import ENV_HOME
from app.core.transfer import methods as method_registry
from app.core.transfer.existing import Existing
from app.core.host.ssh_command import COMPRESSION
from app.core.host.link_loss import STALL_TIMEOUT

EXIT_USAGE = 2  # argparse's own code for a usage error; the other exit codes are in app/cli.py


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one sentence, exit 2, no usage dump
        where = f"transfer-advisor {self.prog.split()[-1]}" if " " in self.prog else "transfer-advisor"
        sentence = f"{message[0].upper()}{message[1:]}; see `{where} --help`."
        if "--json" in sys.argv[1:]:
            print(json.dumps({"error": sentence, "kind": ErrorKind.USAGE}, indent=2))
            self.exit(EXIT_USAGE)
        self.exit(EXIT_USAGE, f"transfer-advisor: {sentence}\n")


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--ssh-config", metavar="FILE", help="read this ssh config instead of ~/.ssh/config (like ssh -F)")
    common.add_argument("--config-dir", metavar="DIR", help=f"keep all state here (also ${ENV_HOME})")
    common.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    common.add_argument("--password-stdin", action="store_true", help="for hosts that take a password: read it "
                        "from the first line of standard input instead of asking on the terminal")
    common.add_argument("--remember-password", action="store_true", help="keep the password in the system "
                        "keyring after a successful login (never in a file); later runs use it")
    # Commands that take a HOST can use the local demo host instead (HOST is then left out).
    demo_host = argparse.ArgumentParser(add_help=False)
    demo_host.add_argument("--demo", action="store_true", help="use a local demo host instead of HOST: an SSH "
                           "server on 127.0.0.1 started for this command and removed after it, with --dest "
                           "defaulting to its folder")

    # How the advice is taken: `advise`, and `copy --best`, which advises first.
    advice = argparse.ArgumentParser(add_help=False)
    advice.add_argument("--no-race", action="store_true", help="predict only; do not race the best candidates")
    advice.add_argument("--race", type=numbers.race_count, metavar="N",
                        help=f"how many methods race, 1 to {len(method_registry.METHODS)} (default 3)")
    advice.add_argument("--race-seconds", type=numbers.race_seconds, metavar="S",
                        help=f"seconds each races, at most {numbers.RACE_MAX_SECONDS:g} (default 2)")
    advice.add_argument("--fresh", action="store_true", help="measure the link again even if a recent profile "
                        "is kept")
    # What the copy must keep besides what every copy keeps (copy and advise alike).
    keep = argparse.ArgumentParser(add_help=False)
    keep.add_argument("--owners", action="store_true", help="keep each file's owner and group, by number "
                      "(rsync --numeric-ids, tar --numeric-owner); needs root on the receiving side")
    keep.add_argument("--xattrs", action="store_true", help="keep extended attributes and ACLs (rsync -X -A, "
                      "GNU tar --xattrs --acls); the destination's filesystem must take them")
    # How long data may stand still before the link counts as lost (copy and advise alike).
    watch = argparse.ArgumentParser(add_help=False)
    watch.add_argument("--stall-timeout", type=numbers.stall_seconds, metavar="S", default=STALL_TIMEOUT,
                       help=f"stop when no data has moved for S seconds and say the link was lost, "
                            f"{numbers.STALL_MIN_SECONDS:g} to {numbers.STALL_MAX_SECONDS:g} "
                            f"(default {STALL_TIMEOUT:g})")

    p = _Parser(prog="transfer-advisor", description="Find and use the fastest way to copy files to a NAS or "
                "another Linux box.", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=(
                    "examples:\n"
                    "  transfer-advisor                      (opens the window; also: transfer-advisor gui)\n"
                    "  transfer-advisor methods mynas --dest /volume1/photos\n"
                    "  transfer-advisor copy mynas ~/Pictures --dest /volume1/photos --method tar-ssh\n"
                    "  transfer-advisor copy mynas /volume1/photos/2024 --dest ~/restore --method rsync-ssh "
                    "--download\n"
                    "  transfer-advisor copy ann@192.0.2.7:2222 big.iso --dest /srv --method ssh-cat --verify\n"
                    "  transfer-advisor --demo                (the window, with a local demo host to try it on)\n"
                    "  transfer-advisor advise --demo ~/Pictures\n"))
    p.add_argument("--version", action="version", version=f"transfer-advisor {__version__}")
    p.add_argument("--self-test", action="store_true", help="open the window (offscreen without a display), "
                   "check it is built and responsive, run a short profile against a local demo host, and exit 0")
    p.add_argument("--demo", action="store_true", help="open the window with a local demo host chosen: an SSH "
                   "server on 127.0.0.1 that the app starts and removes when it exits")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    p.commands = sub.choices

    g = sub.add_parser("gui", parents=[common], help="open the window (the default with no command)")
    g.add_argument("--self-test", action="store_true", default=argparse.SUPPRESS,
                   help="check the window is built and responsive, then exit")
    g.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                   help="start with a local demo host chosen")
    g.add_argument("files", nargs="*", metavar="FILE", help="files and folders to copy, already in the selection "
                   "(what a file manager's \"Open with\" passes)")

    m = sub.add_parser("methods", parents=[common, demo_host], help="list the transfer methods and whether each "
                       "can run")
    m.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    m.add_argument("--dest", help="remote destination folder (checks it can be written)")
    m.add_argument("--allow-insecure", action="store_true", help="offer unencrypted methods (trusted LAN only)")
    m.add_argument("--compress", choices=COMPRESSION, default="none")

    c = sub.add_parser("copy", parents=[common, demo_host, advice, watch, keep],
                       help="copy files with a chosen method")
    c.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    c.add_argument("sources", nargs="+", metavar="SRC", help="files or folders (remote paths with --download)")
    c.add_argument("--dest", help="destination folder (local with --download); required unless --demo")
    how = c.add_mutually_exclusive_group(required=True)
    how.add_argument("--method", choices=list(method_registry.METHODS), metavar="ID",
                     help="one of: " + ", ".join(method_registry.METHODS))
    how.add_argument("--best", action="store_true", help="advise first (profile, predict, race), then copy with "
                     "the fastest secure method, or the fastest overall with --allow-insecure")
    c.add_argument("--cipher", help="ssh cipher, e.g. aes128-gcm@openssh.com")
    c.add_argument("--compress", choices=COMPRESSION, default="none",
                   help="none, ssh (ssh -C), or zstd/lz4 inside the pipeline")
    c.add_argument("--mux", action="store_true", help="share one ssh connection (ControlMaster)")
    c.add_argument("--streams", type=numbers.streams, default=1, metavar="N",
                   help="copy on N parallel ssh connections, each with a part of the files (tar-ssh, rsync-ssh; "
                        "helps where one connection is held by its window over a long round trip, or by one CPU core)")
    c.add_argument("--allow-insecure", action="store_true", help="allow unencrypted methods (trusted LAN only)")
    c.add_argument("--verify", action="store_true",
                   help="also compare the files' contents (hashes) on both sides (unencrypted methods do by default)")
    c.add_argument("--download", action="store_true", help="fetch from the host instead of sending to it")
    there = c.add_mutually_exclusive_group()
    there.add_argument("--existing", choices=[e.value for e in Existing if e is not Existing.ASK],
                       help="what to do with files already at the destination that differ from the copy's: skip "
                            "them, replace them, replace all but those newer there (newer), or keep both (rename: "
                            "the copy gets a name like 'photo (2).jpg'); without it such a copy stops before it "
                            "starts. Identical files are never sent again")
    there.add_argument("--update", action="store_true", help="send only what is new or changed: identical files "
                       "are not sent, changed ones are replaced, a file newer at the destination is left "
                       "(the same as --existing newer; like rsync -u)")
    c.add_argument("--mirror", action="store_true", help="make each copied folder at the destination match the "
                   "selection: after the copy is in place and verified, delete what those folders hold that the "
                   "selection does not have. Without --yes-delete nothing is copied or deleted when something "
                   "would be deleted: the command says what and exits with 3")
    c.add_argument("--yes-delete", action="store_true", help="with --mirror: delete without asking")
    c.add_argument("--dry-run", action="store_true", help="say what the copy would send (and with --mirror, "
                   "delete), and change nothing")
    again = c.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true", help="carry on from what an interrupted run of the same "
                       "copy left (the default)")
    again.add_argument("--restart", "--no-resume", action="store_true", dest="restart",
                       help="start over: throw away what an interrupted run of the same copy left")
    c.add_argument("--rsync-module", metavar="[USER@]MODULE",
                   help="rsync-daemon: use this module of the rsync daemon the host already runs "
                        "(password from $RSYNC_PASSWORD) instead of starting a private one")
    c.add_argument("--rsync-port", type=numbers.port, metavar="N", help="port of that daemon (default: from its config, or 873)")
    c.add_argument("--rsyncd-conf", default="/etc/rsyncd.conf", metavar="FILE",
                   help="where that daemon's config is on the host, to find the module's folder")

    a = sub.add_parser("advise", parents=[common, demo_host, advice, watch, keep], help="measure, predict and race "
                       "the methods; recommend the fastest secure one and the fastest overall")
    a.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    a.add_argument("sources", nargs="+", metavar="SRC", help="files or folders (remote paths with --download)")
    a.add_argument("--dest", help="destination folder (local with --download); required unless --demo")
    a.add_argument("--allow-insecure", action="store_true", help="consider unencrypted methods (trusted LAN only)")
    a.add_argument("--download", action="store_true", help="fetch from the host instead of sending to it")

    pr = sub.add_parser("profile", parents=[common, demo_host], help="measure the link to a host: RTT, raw TCP, "
                        "ssh per cipher, CPU, destination disk")
    pr.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    pr.add_argument("--dest", help="remote destination folder (its disk is measured there)")
    pr.add_argument("--fresh", action="store_true", help="measure again even if a recent profile is kept")
    pr.add_argument("--budget", type=numbers.probe_budget, default=1.0, metavar="S",
                    help=f"seconds per throughput probe, at most {numbers.BUDGET_MAX_SECONDS:g} (default 1)")

    t = sub.add_parser("trust", parents=[common], help="show a host's key fingerprint and add it to known_hosts")
    t.add_argument("host")
    t.add_argument("--yes", action="store_true", help="trust without asking (only after checking the fingerprint)")

    k = sub.add_parser("setup-key", parents=[common], help="log in with the password once, make a key for the "
                       "host and add it to the host's ~/.ssh/authorized_keys, so later logins need no password")
    k.add_argument("host", help="an alias from your ssh config, or [user@]host[:port]")
    k.add_argument("--write-ssh-config", action="store_true", help="also append a Host block with the key to the "
                   "ssh config (--ssh-config FILE, else ~/.ssh/config); without it the line to add is printed")
    return p


def check_host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """HOST or --demo, and --dest unless --demo gives it. With --demo the first SRC lands in `host`
    (HOST is optional, so argparse hands it the first word): it goes back to the sources."""
    sub = parser.commands[args.command]  # its error() names the command
    takes_sources = hasattr(args, "sources")
    if args.demo:
        if args.host is not None and takes_sources:
            args.sources, args.host = [args.host, *args.sources], None
        elif args.host is not None:
            sub.error(f"--demo takes the place of HOST; drop '{args.host}' or --demo")
        if args.ssh_config:
            sub.error("--demo brings its own ssh config; drop --ssh-config or --demo")
    elif args.host is None:
        sub.error("the following arguments are required: host (or --demo)")
    if hasattr(args, "dest") and takes_sources and args.dest is None and not args.demo:
        sub.error("the following arguments are required: --dest")
    if args.command == "copy" and args.yes_delete and not args.mirror:
        sub.error("--yes-delete goes with --mirror (it allows the mirror's deletions); add --mirror or drop it")
    if args.command == "copy" and args.best and args.streams > 1:
        sub.error("--best chooses the number of parallel streams itself; drop --streams, or name the method "
                  "with --method tar-ssh or rsync-ssh")
    if args.command == "copy" and not args.best:
        given = [o for o, v in (("--no-race", args.no_race), ("--race", args.race), ("--race-seconds",
                 args.race_seconds), ("--fresh", args.fresh)) if v not in (None, False)]
        if given:
            sub.error(f"{given[0]} goes with --best (it tunes the advice); add --best or drop it")
