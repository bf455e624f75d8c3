"""Which folder of the host a mount shows, and where a path of the host is through it (app.core.host.share_roots):
the sources a mount names, a path inside or beside the share's folder, the deepest of several shares. The check
that a mount shows what its name says runs against a real sshd and a real sshfs mount in
tests/integration/test_mounted.py."""

from __future__ import annotations

from posixpath import join, normpath

from hypothesis import given, strategies as st

from app.core.host.services import Mount
from app.core.host.share_roots import ShareRoot, covering, smb_share, sshfs_folder

NAME = st.text(st.characters(blacklist_characters="/\0", blacklist_categories=("Cs",)), min_size=1,
               max_size=12).filter(lambda n: n not in (".", ".."))
FOLDER = st.lists(NAME, min_size=0, max_size=4).map(lambda parts: "/" + "/".join(parts))


def share(folder: str, path: str = "/mnt/nas", encrypted: bool = True) -> ShareRoot:
    return ShareRoot(Mount("sshfs" if encrypted else "nfs", f"nas:{folder}", path, encrypted), folder)


def test_the_folder_an_sshfs_source_names() -> None:
    assert [sshfs_folder(s) for s in ("nas:/srv/photos", "ann@nas:/srv", "ann@nas:", "nas:rel/x", "[fe80::1]:/x",
                                      "ann@[fe80::1]:y", "ann@nas:/a@b:c", "nas")] == [
        "/srv/photos", "/srv", "", "rel/x", "/x", "y", "/a@b:c", ""]


def test_the_share_an_smb_mount_names() -> None:
    assert smb_share(Mount("smb", "//nas/photos", "/mnt/p", False)) == ("photos", "")
    assert smb_share(Mount("smb", "//nas/photos/2024/summer", "/mnt/p", False)) == ("photos", "2024/summer")
    assert smb_share(Mount("smb", "\\\\nas\\photos", "/mnt/p", False)) == ("photos", "")
    assert smb_share(Mount("smb", "//nas", "/mnt/p", False)) is None
    assert smb_share(Mount("gvfs-smb", "smb-share:server=nas,share=my%20photos", "/run/user/1000/gvfs/x", False)) \
        == ("my photos", "")


@given(FOLDER, st.lists(NAME, max_size=4))
def test_a_path_under_the_share_is_found_through_the_mount(folder: str, rest: list[str]) -> None:
    root = share(folder)
    path = join(folder, *rest) if rest else folder
    assert root.holds(path)
    assert root.here(path) == normpath(join("/mnt/nas", *rest)) if rest else root.here(path) == "/mnt/nas"


@given(FOLDER, NAME)
def test_a_folder_beside_the_share_is_not_under_it(folder: str, name: str) -> None:
    # /srv/photos2 is not under /srv/photos, nor is /srv
    root = share(join(folder, name))
    assert not root.holds(join(folder, name + "2"))
    assert not root.holds(folder)


def test_the_deepest_share_holding_every_path_is_the_one() -> None:
    whole, photos = share("/", "/mnt/nas"), share("/srv/photos", "/mnt/photos")
    assert covering([whole, photos], ["/srv/photos/2024"]) is photos
    assert covering([whole, photos], ["/srv/photos/a", "/srv/music/b"]) is whole
    assert covering([photos], ["/srv/music"]) is None
    assert covering([], ["/srv"]) is None
