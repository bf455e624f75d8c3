"""The host's shares mounted here, read from mountinfo lines as the kernel writes them (proc(5)): SMB, NFS,
sshfs and GVfs's folder, each claimed only by its own host (by name, address, or a name's first label: no
name is looked up), with whether its bytes cross encrypted; any mount point comes back as it is."""

from __future__ import annotations

from hypothesis import given, strategies as st

from app.core.host.services import Mount, Service, Services, mounted
from app.core.wording.services import also_serves, mounted_here

NAS = {"nas", "nas.local"}
ADDRESS = "192.0.2.7"  # documentation addresses: nothing is sent anywhere, the lines are only read
LINES = "\n".join([
    "22 27 0:21 / /proc rw,relatime - proc proc rw",
    r"36 35 98:0 / /mnt/holiday\040photos rw,noatime shared:7 - cifs //nas.local/photos rw,vers=3.1.1,seal",
    "37 35 98:1 / /mnt/music rw - cifs //192.0.2.7/music rw,vers=3.0",
    "38 35 0:50 / /mnt/backup rw - nfs4 192.0.2.7:/volume1/backup rw,vers=4.2,sec=krb5p",
    "39 35 0:51 / /mnt/video rw - nfs nas.fritz.box:/volume1/video rw,vers=3,sec=sys",
    "40 35 0:52 / /home/ann/nas rw,nosuid - fuse.sshfs ann@nas:/srv rw,user_id=1000",
    "41 35 0:53 / /mnt/elsewhere rw - cifs //192.0.2.99/share rw,vers=3.0",
    "42 35 0:54 / /mnt/other rw - nfs4 other.example:/x rw",
    "43 35 0:55 / /run/user/1000/gvfs rw,nosuid - fuse.gvfsd-fuse gvfsd-fuse rw,user_id=1000",
    "not a mountinfo line",
])
GVFS = {"/run/user/1000/gvfs": ["smb-share:server=nas.local,share=my%20docs", "sftp:host=nas,user=ann",
                                "smb-share:server=other.example,share=x", "trash:"]}


def test_the_hosts_mounts_are_found_with_how_they_cross_the_network() -> None:
    found = mounted(NAS, ADDRESS, LINES, GVFS)
    assert found == [
        Mount("smb", "//nas.local/photos", "/mnt/holiday photos", True),   # SMB3 with seal: encrypted
        Mount("smb", "//192.0.2.7/music", "/mnt/music", False),
        Mount("nfs", "192.0.2.7:/volume1/backup", "/mnt/backup", True),    # krb5p: encrypted
        Mount("nfs", "nas.fritz.box:/volume1/video", "/mnt/video", False),  # the same first label as nas
        Mount("sshfs", "ann@nas:/srv", "/home/ann/nas", True),
        Mount("gvfs-smb", "smb-share:server=nas.local,share=my%20docs",
              "/run/user/1000/gvfs/smb-share:server=nas.local,share=my%20docs", False),
        Mount("gvfs-sftp", "sftp:host=nas,user=ann", "/run/user/1000/gvfs/sftp:host=nas,user=ann", True),
    ]
    # Another host (by name or address) claims none of them.
    assert mounted({"nas2"}, "192.0.2.8", LINES, GVFS) == []


def test_what_is_found_is_said_in_one_line_each() -> None:
    services = Services([Service("smb", 445), Service("ftp", 21, tls=True), Service("rsync", 873, modules=("a", "b"))],
                        mounted(NAS, ADDRESS, LINES, {}))
    assert also_serves(services.found) == ("Also serves SMB (Windows file sharing), FTP with TLS (FTPS), an rsync "
                                           "service (a, b).")
    assert mounted_here(services.mounted).startswith(
        "Mounted here: /mnt/holiday photos (SMB, encrypted), /mnt/music (SMB, unencrypted), ")
    assert also_serves([]) == "" and mounted_here([]) == ""
    assert Services.from_dict(services.as_dict()) == services  # as `methods --json` gives it


def _kernel_escaped(path: str) -> str:
    return "".join(f"\\{ord(c):03o}" if c in " \t\n\\" else c for c in path)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1,
               max_size=40))
def test_any_mount_point_reads_back_as_it_is(name: str) -> None:
    point = "/mnt/" + name
    line = f"50 35 0:60 / {_kernel_escaped(point)} rw - cifs //nas/share rw,vers=3.0"
    assert mounted(NAS, ADDRESS, line, {}) == [Mount("smb", "//nas/share", point, False)]


def test_a_share_mounted_read_only_is_said_so() -> None:
    lines = "\n".join(["60 35 0:61 / /mnt/ro1 ro,relatime - cifs //nas/a rw,vers=3.0",  # the mount: ro
                       "61 35 0:62 / /mnt/ro2 rw,relatime - nfs4 nas:/b ro,vers=4.2",   # the filesystem: ro
                       "62 35 0:63 / /mnt/rw rw,relatime - fuse.sshfs nas:/c rw,user_id=0"])
    assert [(m.path, m.writable) for m in mounted(NAS, ADDRESS, lines, {})] == [
        ("/mnt/ro1", False), ("/mnt/ro2", False), ("/mnt/rw", True)]


def test_each_mount_says_the_hosts_folder_a_copy_reaches_or_why_none_goes_through_it() -> None:
    from app.core.host.share_roots import ShareRoot, Unmapped
    nas, photos, music = (Mount("sshfs", "ann@nas:/srv", "/home/ann/nas", True),
                          Mount("smb", "//nas/photos", "/mnt/photos", False),
                          Mount("nfs", "nas:/", "/mnt/music", False))
    said = mounted_here([nas, photos, music], [ShareRoot(nas, "/srv")],
                        [Unmapped(photos, "unknown-share"), Unmapped(music, "different")])
    assert said == ("Mounted here: /home/ann/nas (sshfs, encrypted): the host's /srv; /mnt/photos (SMB, "
                    "unencrypted): not used for copies, as which folder of the host it shows is not known; "
                    "/mnt/music (NFS, unencrypted): not used for copies, as it does not show the host's folder its "
                    "name gives.")
