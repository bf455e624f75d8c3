"""Every method copies a mixed tree up and down through the real CLI against a real sshd,
and the far side is checked byte for byte."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import DISK_BASE
from tests.helpers import cli, cli_json, far_side, make_tree, snapshot

TREE_METHODS = ["scp", "sftp", "rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"]


@pytest.fixture(scope="module", params=["ram", "disk"])
def tree(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mixed tree in RAM, and for a second round on the real disk."""
    on_disk = request.param == "disk"
    return make_tree(request.getfixturevalue("disk_tmp_module") if on_disk else tmp_path_factory.mktemp("src"))


@pytest.fixture
def place(request: pytest.FixtureRequest, tree: Path, tmp_path: Path) -> Path:
    """Where a copy of the tree goes: on the same kind of storage as the tree."""
    return request.getfixturevalue("disk_tmp") if tree.is_relative_to(DISK_BASE) else tmp_path


def assert_no_leftovers(folder: Path) -> None:
    left = [p.name for p in folder.iterdir() if p.name.startswith(".transfer-advisor-partial-")]
    assert left == [], f"staging folders left behind: {left}"


@pytest.mark.parametrize("method", TREE_METHODS)
def test_upload_mixed_tree(sshd, tree: Path, place: Path, method: str) -> None:
    dest = place / "remote dest"
    out = cli_json("copy", "testhost", str(tree), "--dest", str(dest), "--method", method,
                   "--ssh-config", str(sshd.ssh_config), "--allow-insecure", "--verify")
    assert "error" not in out, out
    assert out["method"] == method and out["verified"] is True
    assert out["files"] == sum(1 for v in snapshot(tree).values() if v[0] == "file")
    assert snapshot(dest / tree.name) == far_side(tree, method)
    assert_no_leftovers(dest)
    assert out["command"] and out["rate_MBps"] > 0


@pytest.mark.parametrize("method", TREE_METHODS)
def test_download_mixed_tree(sshd, tree: Path, place: Path, method: str) -> None:
    dest = place / "local dest"
    out = cli_json("copy", "testhost", str(tree), "--dest", str(dest), "--method", method, "--download",
                   "--ssh-config", str(sshd.ssh_config), "--allow-insecure", "--verify")
    assert "error" not in out, out
    assert out["options"]["direction"] == "download"
    assert snapshot(dest / tree.name) == far_side(tree, method)
    assert_no_leftovers(dest)


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("compress", ["none", "ssh", "zstd", "lz4"])
def test_ssh_cat_single_hostile_file(sshd, tmp_path: Path, compress: str, download: bool) -> None:
    src_dir, dest = tmp_path / "src", tmp_path / "dest"
    src_dir.mkdir()
    name = os.fsdecode(b"one $(file) 'x' \xe9.bin")
    data = os.urandom(3 * 1024 * 1024 + 17)
    (src_dir / name).write_bytes(data)
    out = cli_json("copy", "testhost", str(src_dir / name), "--dest", str(dest), "--method", "ssh-cat",
                   "--compress", compress, "--ssh-config", str(sshd.ssh_config), "--verify",
                   *(["--download"] if download else []))
    assert "error" not in out, out
    assert (dest / name).read_bytes() == data
    assert os.listdir(dest) == [name]


@pytest.mark.parametrize("method,compress", [("tar-ssh", "zstd"), ("tar-ssh", "lz4"), ("rsync-ssh", "zstd"),
                                             ("tar-nc", "zstd"), ("scp", "ssh"), ("rsync-daemon", "lz4")])
def test_variants_compression_cipher_mux(sshd, tmp_path: Path, method: str, compress: str) -> None:
    src = make_tree(tmp_path / "src", small_files=50, big_bytes=1024 * 1024)
    dest = tmp_path / "dest"
    out = cli_json("copy", "testhost", str(src), "--dest", str(dest), "--method", method, "--compress", compress,
                   "--cipher", "aes128-gcm@openssh.com", "--mux", "--allow-insecure",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["options"] == {"cipher": "aes128-gcm@openssh.com", "compress": compress, "mux": True,
                              "direction": "upload", "owners": False, "xattrs": False, "streams": 1}
    assert snapshot(dest / src.name) == far_side(src, method)


def test_copy_into_existing_folder_merges_and_replaces_when_asked(sshd, tmp_path: Path) -> None:
    src = tmp_path / "src" / "album"
    (src / "new").mkdir(parents=True)
    (src / "a.jpg").write_bytes(b"new a")
    (src / "new" / "b.jpg").write_bytes(b"new b")
    dest = tmp_path / "dest"
    (dest / "album" / "old").mkdir(parents=True)
    (dest / "album" / "a.jpg").write_bytes(b"old a, longer than the new one")
    (dest / "album" / "old" / "keep.jpg").write_bytes(b"keep me")
    out = cli_json("copy", "testhost", str(src), "--dest", str(dest), "--method", "tar-ssh", "--existing", "replace",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert out["existing"] == {"identical": 0, "replaced": 1, "skipped": 0, "renamed": 0}
    assert (dest / "album" / "a.jpg").read_bytes() == b"new a"
    assert (dest / "album" / "new" / "b.jpg").read_bytes() == b"new b"
    assert (dest / "album" / "old" / "keep.jpg").read_bytes() == b"keep me"
    assert_no_leftovers(dest)


def test_human_output_and_command(sshd, tmp_path: Path) -> None:
    src = tmp_path / "file.bin"
    src.write_bytes(os.urandom(100_000))
    proc = cli("copy", "testhost", str(src), "--dest", str(tmp_path / "d"), "--method", "tar-ssh",
               "--ssh-config", str(sshd.ssh_config))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Copied 1 file, 100 kB")  # as the window says sizes
    assert "Command: tar -c -f - --sparse -C" in proc.stdout
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal


def test_methods_lists_every_method_with_reasons(sshd) -> None:
    out = cli_json("methods", "testhost", "--ssh-config", str(sshd.ssh_config))
    rows = {r["id"]: r for r in out["methods"]}
    assert set(rows) == {"scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc",
                         "mounted", "mounted-plain", "rsync-service", "ftps", "ftp", "smb-encrypted", "smb", "nfs"}
    assert rows["tar-ssh"]["available"] is True and rows["scp-legacy"]["available"] is True
    assert rows["tar-nc"]["available"] is False and "insecure" in rows["tar-nc"]["reason"]
    assert rows["mounted"]["reason"] == ("needs a share of the host mounted on this computer with encryption (sshfs, "
                                         "or SMB3 with seal)")
    assert out["shares"] == []  # none of this host's shares is mounted here
    # (this test host runs no FTP service)
    assert rows["ftps"]["available"] is False and "FTP service" in rows["ftps"]["reason"]
    assert rows["smb-encrypted"]["available"] is False and "SMB share" in rows["smb-encrypted"]["reason"]
    assert rows["nfs"]["available"] is False and "insecure" in rows["nfs"]["reason"]  # (nor NFS, and it is unencrypted)
    assert "aes128-gcm@openssh.com" in out["ciphers"]
    assert out["remote"]["rsync_version"]


@pytest.mark.parametrize("method", ["scp", "sftp", "rsync-ssh", "tar-ssh", "tar-nc"])
def test_user_host_port_spec_reaches_the_same_host(sshd, tmp_path: Path, method: str) -> None:
    """`user@host:port` with only keys and known_hosts from the config: the control connection
    and every OpenSSH binary must resolve the same port, user, key and known_hosts."""
    config = tmp_path / "ssh config"
    config.write_text(f"Host 127.0.0.1\n  IdentityFile {sshd.client_key}\n  IdentitiesOnly yes\n"
                      f"  UserKnownHostsFile {sshd.known_hosts}\n  GlobalKnownHostsFile /dev/null\n")
    src = tmp_path / "a file.txt"
    src.write_bytes(b"hello")
    out = cli_json("copy", f"{sshd.user}@127.0.0.1:{sshd.port}", str(src), "--dest", str(tmp_path / "d"),
                   "--method", method, "--ssh-config", str(config), "--allow-insecure")
    assert "error" not in out, out
    assert (tmp_path / "d" / "a file.txt").read_bytes() == b"hello"
    assert f"-o Port={sshd.port}" in out["command"] and f"{sshd.user}@127.0.0.1" in out["command"]


@pytest.mark.parametrize("method", ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat"])
def test_shown_command_does_the_same_copy_by_hand(sshd, tmp_path: Path, method: str) -> None:
    """The `command` a person copies into a shell really performs the same copy."""
    import subprocess
    src_dir = tmp_path / "src"
    src_dir.mkdir()
    src = src_dir / ("one file 'q' $(x).bin" if method == "ssh-cat" else "folder 'q' $(x)")
    if method == "ssh-cat":
        src.write_bytes(os.urandom(50_000))
    else:
        src.mkdir()
        (src / "inner.txt").write_bytes(b"inner")
    out = cli_json("copy", "testhost", str(src), "--dest", str(tmp_path / "by app"), "--method", method,
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    by_hand = tmp_path / "by app"  # the command names the destination it was shown for
    for child in list(by_hand.iterdir()):
        subprocess.run(["rm", "-rf", str(child)], check=True)
    proc = subprocess.run(["bash", "-c", out["command"]], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, (out["command"], proc.stderr)
    assert snapshot(by_hand) == {k: v for k, v in snapshot(src_dir).items()}


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_rsync_daemon_module_the_user_already_runs(sshd, rsyncd, tree: Path, tmp_path: Path,
                                                   download: bool) -> None:
    """The host's own rsync daemon (the fixture's, a real one): the module's folder is found in its
    config over ssh, the copy goes through the daemon, and the far side is checked."""
    conf = str(rsyncd.root / "rsyncd.conf")
    if download:
        remote_src = rsyncd.path / f"from module {tmp_path.name}"
        subprocess_copy(tree, remote_src)
        args = [str(remote_src / tree.name), "--dest", str(tmp_path / "got"), "--download"]
        landed = tmp_path / "got" / tree.name
    else:
        args = [str(tree), "--dest", str(rsyncd.path / "backups" / tmp_path.name)]
        landed = rsyncd.path / "backups" / tmp_path.name / tree.name
    out = cli_json("copy", "testhost", *args, "--method", "rsync-daemon", "--allow-insecure", "--verify",
                   "--rsync-module", rsyncd.module, "--rsyncd-conf", conf, "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert f"rsync://127.0.0.1:{rsyncd.port}/{rsyncd.module}/" in out["command"]
    assert snapshot(landed) == snapshot(tree)


def test_rsync_daemon_module_refuses_a_destination_outside_it(sshd, rsyncd, tmp_path: Path) -> None:
    src = tmp_path / "f.txt"
    src.write_bytes(b"x")
    proc = cli("copy", "testhost", str(src), "--dest", str(tmp_path / "elsewhere"), "--method", "rsync-daemon",
               "--allow-insecure", "--rsync-module", rsyncd.module, "--rsyncd-conf", str(rsyncd.root / "rsyncd.conf"),
               "--ssh-config", str(sshd.ssh_config))
    assert proc.returncode == 2
    assert proc.stderr == (f"transfer-advisor: {tmp_path / 'elsewhere'} is outside the rsync module "
                           f"'{rsyncd.module}' ({rsyncd.path}); choose a path inside it.\n")
    assert not (tmp_path / "elsewhere").exists()


def subprocess_copy(src: Path, dest: Path) -> None:
    import subprocess
    dest.mkdir(parents=True)
    subprocess.run(["cp", "-a", str(src), str(dest)], check=True)
