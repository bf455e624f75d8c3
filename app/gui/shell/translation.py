"""The window in the person's language: the app's catalogue (resources/i18n, compiled to .qm at build time)
and Qt's own (the standard buttons and dialogs) installed into Qt for the system locale, and the core's
sentences (app.core.language) sent through the same lookup, with the locale's decimal point."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.core import language

_installed: list[QTranslator] = []  # kept alive as long as the application


def install(app: QCoreApplication, locale: QLocale | None = None) -> str:
    """Load the catalogues for `locale` (the system's); the language code the window speaks."""
    locale = locale or QLocale()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    ours = QTranslator(app)
    folder = str(language.catalogue_dir())
    if not ours.load(locale, language.CATALOGUE, "_", folder, ".qm"):
        # English is the source; its catalogue holds the plural forms ("1 file", "2 files").
        ours.load(f"{language.CATALOGUE}_{language.SOURCE_LANGUAGE}", folder)
    if ours.isEmpty():
        # Not compiled (a checkout where `packaging/translations.py release` has not run): read the .ts.
        code = locale.name().split("_")[0]
        language.use(language.from_environment({"LANG": code if code != "C" else "C"}))
        return language.current().code
    app.installTranslator(ours)
    _installed.append(ours)
    code = (ours.language() or language.SOURCE_LANGUAGE).split("_")[0]
    if code != language.SOURCE_LANGUAGE:
        qt = QTranslator(app)
        if qt.load(locale, "qtbase", "_", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt)
            _installed.append(qt)
    language.use(language.Language(code, _translate, locale.decimalPoint()))
    return code


def _translate(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
    """The app's catalogue as Qt holds it (the plural form for n picked by Qt's rules for the language); the
    count put in as on the command line (%Ln grouped with a thin space, not Qt's locale grouping)."""
    text = _installed[0].translate(context, source, disambiguation, n) if _installed else ""
    return language.put_count(text or source, n)
