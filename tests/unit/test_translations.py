"""The catalogues: every sentence the sources mark is in them and translated (German whole, English its plural
forms), a language is chosen from the environment as gettext does, plurals and the decimal point follow
it, and a translation that lost a {name} falls back to English instead of failing."""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from app.core import language
from app.core.formatting import rate, size
from app.core.language import Catalogue, Language, Words, from_environment, wanted

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import translations  # noqa: E402  (packaging/translations.py)


class Sample(Words):
    """A context of its own for these tests."""


def _messages(path: Path) -> set[tuple[str, str]]:
    return {(context.findtext("name"), message.findtext("source"))
            for context in ElementTree.parse(path).getroot().iter("context") for message in context.iter("message")}


@pytest.fixture
def speak():
    """Use a language for one test, then the environment's again."""
    yield language.use
    language.use(None)


def test_every_marked_sentence_is_in_the_catalogues_and_translated(tmp_path: Path) -> None:
    """pyside6-lupdate run over the sources finds nothing the catalogues lack or hold in vain, and every
    message has its translation (`packaging/translations.py update` then `check` would say which)."""
    copies = tmp_path / "i18n"
    shutil.copytree(translations.FOLDER, copies, ignore=shutil.ignore_patterns("*.qm"))
    for code, locale in translations.LANGUAGES.items():
        extra = ["-pluralonly"] if code == "en" else []
        subprocess.run([translations.tool("lupdate"), "-no-obsolete", "-locations", "none", *extra,
                        *translations.sources(), "-target-language", locale, "-ts", str(copies / f"{translations.CATALOGUE}_{code}.ts")],
                       cwd=ROOT, check=True, capture_output=True)
        assert _messages(copies / f"{translations.CATALOGUE}_{code}.ts") == _messages(translations.ts_file(code)), \
            f"run: python packaging/translations.py update ({code})"
    assert translations.unfinished() == []


def test_english_says_its_plurals(speak) -> None:
    speak(from_environment({"LANG": "C.UTF-8"}))
    from app.core.wording.window import connected_summary
    assert "· 1 core ·" in connected_summary("nas", "ann", False, 1, False, ["rsync"])
    assert "· 4 cores, AES instructions ·" in connected_summary("nas", "ann", False, 4, True, ["rsync"])


def test_german_is_chosen_from_the_environment(speak) -> None:
    speak(from_environment({"LANG": "de_DE.UTF-8"}))
    from app.core.wording.window import connected_summary
    assert connected_summary("nas", "ann", True, 2, False, []) == (
        "Verbunden mit nas als ann mit Passwort · 2 Kerne · keine weiteren Werkzeuge")
    assert (size(1.5e9), rate(5.64), rate(1234)) == ("1,5 GB", "5,6 MB/s", "1,2 GB/s")


@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"), ({"LANG": "C"}, "en"), ({"LANG": "POSIX"}, "en"), ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_AT"}, "de"), ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LC_MESSAGES": "de_CH.UTF-8", "LANG": "en_US.UTF-8"}, "de"),
    ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:de"}, "de"),  # no French catalogue: the next wanted one
    ({"LANGUAGE": "de"}, "en"),  # LANGUAGE alone is ignored where the locale is C, as gettext does
    ({"LANG": "ja_JP.UTF-8"}, "en"),
])
def test_the_language_follows_the_environment_as_gettext_reads_it(environ: dict[str, str], code: str) -> None:
    assert from_environment(environ).code == code


@given(st.dictionaries(st.sampled_from(["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"]),
                       st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=30)))
def test_any_environment_gives_a_language(environ: dict[str, str]) -> None:
    """Whatever a desktop or a shell has set, the app starts in some language (English at worst)."""
    assert wanted(environ)
    assert from_environment(environ).code in translations.LANGUAGES


def test_a_translation_that_lost_a_name_falls_back_to_english(speak) -> None:
    catalogue = Catalogue("de", {("Sample", "Copied {count} files to {host}.", ""): "{anzahl} Dateien nach {host}.",
                                 ("Sample", "%n file(s)", ""): ["%n Datei", "%n Dateien"]})
    speak(Language("de", catalogue.translate, ","))
    assert Sample.tr("Copied {count} files to {host}.", count=3, host="nas") == "Copied 3 files to nas."
    assert [Sample.tr("%n file(s)", "", n) for n in (0, 1, 2)] == ["0 Dateien", "1 Datei", "2 Dateien"]
    assert Sample.tr("Not in the catalogue {x}", x="{y}") == "Not in the catalogue {y}"
