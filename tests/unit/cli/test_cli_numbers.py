"""Every number the command line takes: any text is either a value the core can use, or exit 2 with
one sentence that names the option and what it wants, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import math

import pytest
from hypothesis import given, strategies as st

from app.cli_parser import build_parser
from app.cli_numbers import BUDGET_MAX_SECONDS, RACE_MAX_SECONDS
from app.core.transfer.methods import METHODS
from app.core.host.link_loss import STALL_MAX_SECONDS, STALL_MIN_SECONDS
from tests.helpers import cli

# option → (the command line it goes on, the attribute it sets, the values it may take)
OPTIONS = {
    "--race": (["advise", "--demo", "src"], "race", lambda v: isinstance(v, int) and 1 <= v <= len(METHODS)),
    "--race-seconds": (["advise", "--demo", "src"], "race_seconds",
                       lambda v: math.isfinite(v) and 0 < v <= RACE_MAX_SECONDS),
    "--budget": (["profile", "--demo"], "budget", lambda v: math.isfinite(v) and 0 < v <= BUDGET_MAX_SECONDS),
    "--rsync-port": (["copy", "--demo", "src", "--method", "rsync-daemon"], "rsync_port",
                     lambda v: isinstance(v, int) and 1 <= v <= 65535),
    "--stall-timeout": (["copy", "--demo", "src", "--method", "tar-ssh"], "stall_timeout",
                        lambda v: math.isfinite(v) and STALL_MIN_SECONDS <= v <= STALL_MAX_SECONDS),
}
ODD = ["nan", "NaN", "inf", "-inf", "+inf", "1e400", "-1e400", "1e-400", "0", "-0", "0.0", "-1", "65536", "1e3",
       "0x10", " 3 ", "1_0", "３", "", " ", "\n", "3\n4", "9" * 5000, "1,5", "½", "\x00"]
words = st.one_of(st.sampled_from(ODD), st.text(max_size=40), st.integers().map(str),
                  st.floats(allow_nan=True, allow_infinity=True).map(repr))


def parse(argv: list[str]) -> tuple[object, str]:
    """What the parser made of argv, or the exit code, and what it wrote on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            return build_parser().parse_args(argv), err.getvalue()
        except SystemExit as exc:
            return exc.code, err.getvalue()


@pytest.mark.parametrize("option", OPTIONS)
@given(text=words)
def test_any_text_is_a_usable_number_or_one_sentence(option: str, text: str) -> None:
    command, attribute, allowed = OPTIONS[option]
    got, err = parse([*command, f"{option}={text}"])
    if isinstance(got, int):
        assert got == 2
        assert err.startswith(f"transfer-advisor: Argument {option}: ") and err.endswith("--help`.\n")
        assert err.count("\n") == 1 and "Traceback" not in err
        assert any(f" must be a {kind} " in err for kind in ("whole number from", "number of seconds above 0",
                                                               "number of seconds from"))
    else:
        assert allowed(getattr(got, attribute)), (text, getattr(got, attribute))


@pytest.mark.parametrize("option,text,value", [("--race", "1", 1), ("--race", f"{len(METHODS)}", len(METHODS)),
                                               ("--race-seconds", "0.5", 0.5), ("--race-seconds", "60", 60.0),
                                               ("--budget", "10", 10.0), ("--rsync-port", "873", 873),
                                               ("--rsync-port", "65535", 65535), ("--stall-timeout", "2", 2.0),
                                               ("--stall-timeout", "3600", 3600.0)])
def test_sensible_values_are_taken(option: str, text: str, value: float) -> None:
    command, attribute, _ = OPTIONS[option]
    got, err = parse([*command, option, text])
    assert getattr(got, attribute) == value and err == ""


@pytest.mark.parametrize("option,text,wanted", [
    ("--race-seconds", "0", "each method's time in the race must be a number of seconds above 0 and at most 60, "
                            "not '0'"),
    ("--race", "2.5", f"the number of methods that race must be a whole number from 1 to {len(METHODS)}, not '2.5'"),
    ("--rsync-port", "0", "a port must be a whole number from 1 to 65535, not '0'"),
    ("--budget", "nan", "each probe's time must be a number of seconds above 0 and at most 10, not 'nan'"),
    ("--stall-timeout", "1", "the time without data before the link counts as lost must be a number of seconds "
                             "from 2 to 3600, not '1'"),
])
def test_the_real_cli_says_what_it_wants(tmp_path, option: str, text: str, wanted: str) -> None:
    command, _, _ = OPTIONS[option]
    argv = [str(tmp_path) if w == "src" else w for w in command]
    proc = cli(*argv, f"{option}={text}")
    where = command[0]
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"transfer-advisor: Argument {option}: {wanted}; see `transfer-advisor {where} --help`.\n"
    as_json = cli(*argv, f"{option}={text}", "--json")
    assert as_json.returncode == 2 and as_json.stderr == ""
    assert json.loads(as_json.stdout) == {"error": f"Argument {option}: {wanted}; see `transfer-advisor {where} "
                                                   "--help`.", "kind": "usage"}
