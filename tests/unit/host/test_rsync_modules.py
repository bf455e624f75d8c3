"""The rsync service a NAS runs (app.core.host.rsync_modules): its configuration read as rsync reads it, whatever
the names and folders, and a path of the host written as rsync's URL of it in the module that holds it. The
service itself (the login, the probe of whose files it makes, copies through it) runs for real in
tests/integration/test_rsync_service.py."""

from __future__ import annotations

from posixpath import join, normpath

from hypothesis import given, strategies as st

from app.core.host.rsync_modules import ModuleRoot, parse_conf

# rsyncd.conf is line-based; a module's name ends at "]" and a value is stripped of the blanks around it.
NAME = st.text(st.characters(blacklist_characters="/\0\n\r[]", blacklist_categories=("Cs", "Zs", "Cc")),
               min_size=1, max_size=12).filter(lambda n: n.lower() != "global" and n[0] not in "#;")
PART = st.text(st.characters(blacklist_characters="/\0\n\r", blacklist_categories=("Cs", "Zs", "Cc")), min_size=1,
               max_size=10).filter(lambda n: n not in (".", ".."))
FOLDER = st.lists(PART, min_size=1, max_size=4).map(lambda parts: "/" + "/".join(parts))


@given(st.dictionaries(NAME, FOLDER, min_size=1, max_size=5), st.booleans(), st.integers(1, 65535))
def test_every_module_and_its_folder_are_read_back(modules: dict[str, str], writable: bool, port: int) -> None:
    text = f"# the NAS's\nport = {port}\nuse chroot = no\n" + "".join(
        f"[{name}]\n  path = {folder}/\n  read only = {'no' if writable else 'yes'}\n" for name, folder in modules.items())
    conf = parse_conf(text)
    assert conf.port == port and conf.address == ""
    assert {m.name: m.path for m in conf.modules} == modules
    assert all(m.read_only is not writable and m.auth_users == () for m in conf.modules)


@given(st.text(max_size=400))
def test_any_text_reads_without_failing(text: str) -> None:
    conf = parse_conf(text)
    assert all(m.path for m in conf.modules)


@given(FOLDER, st.lists(PART, max_size=3))
def test_a_path_in_the_module_is_its_url(folder: str, rest: list[str]) -> None:
    module = ModuleRoot("photos", folder, "198.18.0.2", 873, "ann")
    path = join(folder, *rest) if rest else folder
    assert module.holds(path) and not module.holds(folder + "x") and not module.holds(normpath(folder + "/.."))
    inside = "/".join(rest)
    assert module.url(path) == "rsync://ann@198.18.0.2:873/photos/" + (f"./{inside}" if inside else "")


def test_an_ipv6_address_and_a_module_without_password() -> None:
    assert ModuleRoot("m", "/srv", "fe80::1", 8873).url("/srv/a b") == "rsync://[fe80::1]:8873/m/./a b"
    assert ModuleRoot("m", "/", "198.18.0.2", 873).holds("/anything")
