"""The person's language: every sentence they read is looked up here (`Words.tr`), its {names} filled in,
and numbers take their locale's decimal point.

One catalogue serves the window and the command line: resources/i18n/transfer-advisor_LANG.ts, kept up to
date from the sources by pyside6-lupdate (`python packaging/translations.py update`; each `Words` subclass's
name is the context a translator sees). The window loads it compiled by pyside6-lrelease (.qm, made at
build time) into Qt and looks every sentence up in that QTranslator (app.gui.shell.translation);
the command line, which has no Qt, reads the .ts itself. English is the source language; its catalogue
holds only the plural forms ("%n file(s)" → "1 file", "2 files").
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

CATALOGUE = "transfer-advisor"
SOURCE_LANGUAGE = "en"
# The locales' decimal points for the command line (the window asks QLocale); grouping stays a thin space
# in every language (ISO 80000: it cannot be mistaken for a decimal point in any of them).
DECIMAL_POINTS = {"en": ".", "de": ","}

Translate = Callable[[str, str, "str | None", int], str]


def catalogue_dir() -> Path:
    from app.bundle import resources_dir
    return resources_dir() / "i18n"


@dataclass
class Catalogue:
    """The translations of one .ts file: (context, source, comment) → the text, or its plural forms."""

    code: str
    messages: dict[tuple[str, str, str], str | list[str]] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path, code: str) -> Catalogue:
        catalogue = cls(code)
        for context in ElementTree.parse(path).getroot().iter("context"):
            name = context.findtext("name") or ""
            for message in context.iter("message"):
                translation = message.find("translation")
                if translation is None or translation.get("type") in ("unfinished", "obsolete", "vanished"):
                    continue
                key = (name, message.findtext("source") or "", message.findtext("comment") or "")
                if message.get("numerus") == "yes":
                    forms = [form.text or "" for form in translation.iter("numerusform")]
                    if all(forms):
                        catalogue.messages[key] = forms
                elif translation.text:
                    catalogue.messages[key] = translation.text
        return catalogue

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        found = self.messages.get((context, source, disambiguation or ""))
        if isinstance(found, list):
            text = found[plural_form(self.code, n)] if n >= 0 else found[-1]
        else:
            text = found or source
        return put_count(text, n)


def plural_form(code: str, n: int) -> int:
    """Which of a message's plural forms a count takes. The languages shipped have two: one, other."""
    return 0 if n == 1 else 1


def _grouped(n: int) -> str:
    return f"{n:,}".replace(",", "\u2009")


def put_count(text: str, n: int) -> str:
    """The count into its sentence: %n as digits, %Ln grouped by thousands with a thin space."""
    return text.replace("%Ln", _grouped(n)).replace("%n", str(n)) if n >= 0 else text


@dataclass
class Language:
    """What the sentences are put in: the lookup and the decimal point."""

    code: str = SOURCE_LANGUAGE
    translate: Translate = field(default=lambda context, source, disambiguation=None, n=-1: put_count(source, n))
    decimal_point: str = "."


_current: Language | None = None  # read from the environment on first use, unless the window set its own


def use(language: Language | None) -> None:
    """Speak `language` from now on (the window's, through Qt); None: the environment's, read on next use."""
    global _current
    _current = language


def current() -> Language:
    global _current
    if _current is None:
        _current = from_environment()
    return _current


def wanted(environ: os._Environ | dict[str, str] = os.environ) -> list[str]:
    """The languages the person asked for, most wanted first, as gettext reads them: LANGUAGE (a list),
    else LC_ALL, LC_MESSAGES, LANG; "C" and "POSIX" are the source language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            if value.split(".")[0] in ("C", "POSIX"):
                return [SOURCE_LANGUAGE]
            break
    else:
        value = ""
    listed = environ.get("LANGUAGE", "").split(":") if value else []
    codes = []
    for item in [*listed, value]:
        code = item.split(".")[0].split("@")[0].split("_")[0].lower()
        if code and code not in codes:
            codes.append(code)
    return codes or [SOURCE_LANGUAGE]


def from_environment(environ: os._Environ | dict[str, str] = os.environ, folder: Path | None = None) -> Language:
    """The command line's language: the first wanted one with a catalogue, else English (its plurals)."""
    folder = folder or catalogue_dir()
    for code in [*wanted(environ), SOURCE_LANGUAGE]:
        path = folder / f"{CATALOGUE}_{code}.ts"
        if path.exists():
            try:
                catalogue = Catalogue.read(path, code)
            except (OSError, ElementTree.ParseError):
                continue
            return Language(code, catalogue.translate, DECIMAL_POINTS.get(code, "."))
    return Language()


class Words:
    """Sentences of one part of the app; the subclass's name is the context the translator sees.

    `Place.tr("Copying to {host}…", host=name)`: the source text is English, with {names} for what is put
    in (a translation may move them) and %n for the count that picks the plural form
    (`Place.tr("%n file(s)", "", n)`). pyside6-lupdate finds these calls by their shape: the text must be
    a literal (no f-string) in the call itself.
    """

    @classmethod
    def tr(cls, source: str, disambiguation: str | None = None, n: int = -1, **values: object) -> str:
        text = current().translate(cls.__name__, source, disambiguation, n)
        if not values:
            return text
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):  # a translation that lost or misspelt a {name}
            return Language().translate(cls.__name__, source, disambiguation, n).format(**values)


def decimal(value: float, spec: str) -> str:
    """`format(value, spec)` with the locale's decimal point: decimal(5.64, ".1f") → "5.6" or "5,6"."""
    return format(value, spec).replace(".", current().decimal_point)


class Reason(str):
    """A reason a method gives, in the person's language. `own_subject`: a clause with its own subject, put
    after a colon ("tar over ssh cannot be used here: the server does not offer …"), not a phrase that
    follows the method ("… cannot be used here: it copies exactly one regular file"). Sentences read the
    flag, not the words, which depend on the language (app.core.errors.transfer.method_unusable)."""

    own_subject = False


def phrase(text: str) -> Reason:
    """A reason that follows the method's name as its verb: "copies exactly one regular file; …"."""
    return Reason(text)


def clause(text: str) -> Reason:
    """A reason with a subject of its own: "the server does not offer the cipher arcfour"."""
    reason = Reason(text)
    reason.own_subject = True
    return reason
