"""The askpass helper answers only its own process's password prompt, once, and never holds the secret
in a file; the OpenSSH options change only for password logins; the wording of what can go wrong."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

from app.core.host import askpass as askpass_module
from app.core.host.askpass import ENV_TOKEN, Askpass
from app.core.errors import no_keyring, openssh_too_old
from app.core.host.hosts import Host, HostSpec

SECRET = "Pa ss'\"$w-unit"


def host(**kw) -> Host:
    values = dict(spec=HostSpec("ann@nas.example:2222"), alias="nas.example", hostname="nas.example", port=2222,
                  user="ann", identity_files=(), known_hosts_files=(), identities_only=False)
    return Host(**{**values, **kw})


def test_password_logins_let_ssh_ask_once_and_still_check_host_keys() -> None:
    keepalive = ["-o", "ServerAliveInterval=15", "-o", "ServerAliveCountMax=3"]
    assert host().ssh_options() == ["-o", "User=ann", "-o", "Port=2222", "-o", "BatchMode=yes",
                                    "-o", "StrictHostKeyChecking=yes", *keepalive]
    assert host().ssh_options(password_login=True) == [
        "-o", "User=ann", "-o", "Port=2222", "-o", "BatchMode=no", "-o", "NumberOfPasswordPrompts=1",
        "-o", "StrictHostKeyChecking=yes", *keepalive]
    assert host(host_key_alias="nas").prompt_name == "nas"  # OpenSSH names the alias in its prompt


async def test_only_the_password_prompt_of_the_expected_account_is_answered() -> None:
    helper = await Askpass.start(SECRET, "ann", "nas.example")
    try:
        token = helper.env()[ENV_TOKEN]
        for prompt in ("Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
                       "Enter passphrase for key '/home/ann/.ssh/id_ed25519': ",
                       "bob@nas.example's password: ", "ann@other.example's password: ", "Verification code: ",
                       "(ann@nas.example) Verification code: ", ""):
            assert helper.decide(token, prompt) == {"refused": helper.decide(token, prompt)["refused"]}, prompt
        assert helper.decide("not-a-token", "ann@nas.example's password: ").keys() == {"refused"}
        assert helper.decide(token, "ann@nas.example's password: ") == {"password": SECRET}
        assert "refused" in helper.decide(token, "ann@nas.example's password: ")  # one time only
        other = helper.env()[ENV_TOKEN]
        assert other != token
        assert helper.decide(other, "(ann@nas.example) Password: ") == {"password": SECRET}  # keyboard-interactive
    finally:
        await helper.close()


def _ask(script: str, prompt: str, token: str | None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != ENV_TOKEN}
    if token is not None:
        env[ENV_TOKEN] = token
    return subprocess.run([script, prompt], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL,
                          timeout=30)


async def test_the_helper_program_gets_the_password_through_the_socket(tmp_path: Path) -> None:
    import asyncio
    helper = await Askpass.start(SECRET, "ann", "nas.example")
    folder = Path(helper.folder)
    try:
        env = helper.env()
        script = env["SSH_ASKPASS"]
        assert env["SSH_ASKPASS_REQUIRE"] == "force"
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(os.stat(script).st_mode) == 0o700
        assert stat.S_IMODE(os.stat(helper.socket_path).st_mode) == 0o600
        for path in folder.iterdir():
            if path.is_file():
                assert SECRET not in path.read_text()  # the script names the socket, nothing secret
        answered = await asyncio.to_thread(_ask, script, "ann@nas.example's password: ", env[ENV_TOKEN])
        assert (answered.returncode, answered.stdout) == (0, SECRET + "\n"), answered.stderr
        again = await asyncio.to_thread(_ask, script, "ann@nas.example's password: ", env[ENV_TOKEN])
        assert again.returncode == 1 and again.stdout == "" and "refused" in again.stderr
        fresh = helper.env()[ENV_TOKEN]
        question = await asyncio.to_thread(_ask, script, "Are you sure you want to continue connecting "
                                           "(yes/no/[fingerprint])? ", fresh)
        assert question.returncode == 1 and question.stdout == ""
        no_token = await asyncio.to_thread(_ask, script, "ann@nas.example's password: ", None)
        assert no_token.returncode == 1 and no_token.stdout == ""
    finally:
        await helper.close()
    assert not folder.exists()  # the helper, its socket and every grant are gone with the session


def test_frozen_builds_run_themselves_as_the_helper(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(askpass_module.sys, "frozen", True, raising=False)
    monkeypatch.setattr(askpass_module.sys, "executable", "/opt/Transfer Advisor/transfer-advisor")
    script = askpass_module.helper_script("/run/x/s")
    assert script.splitlines()[-1] == "exec '/opt/Transfer Advisor/transfer-advisor' --askpass /run/x/s \"$@\""


def test_the_hidden_flag_runs_the_helper_before_anything_else(capsys: pytest.CaptureFixture) -> None:
    from app.cli import main
    assert main(["--askpass"]) == 2
    assert "run by ssh" in capsys.readouterr().err


def test_wording() -> None:
    assert openssh_too_old((8, 2)).sentence == (
        "Copying to a host that takes only a password needs OpenSSH 8.4 or newer on this computer, which has "
        "OpenSSH 8.2; update openssh-client, or set up key login with `transfer-advisor setup-key HOST`.")
    assert no_keyring().count(".") == 1 and "memory only" in no_keyring()
