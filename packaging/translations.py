"""The translation catalogues in resources/i18n (see app/core/language.py).

    python packaging/translations.py update    # after changing sentences: pyside6-lupdate refreshes every .ts
    python packaging/translations.py release   # at build time: pyside6-lrelease compiles each .ts to .qm
    python packaging/translations.py check     # fails, naming them, when a sentence has no translation
    python packaging/translations.py fill LANG FILE.json   # take translations from a JSON list of
        {"context": …, "source": …, "translation": …} (or "forms": [one, other] for a %n sentence)

`update` keeps what is translated and marks new sentences unfinished; English, the source language, keeps
only plural forms. `make run`, `make test` and `make package` run `release`; the .qm files are not kept in git.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "resources" / "i18n"
CATALOGUE = "transfer-advisor"
LANGUAGES = {"de": "de_DE", "en": "en_GB"}


def tool(name: str) -> str:
    """pyside6-lupdate / pyside6-lrelease beside this Python (a venv), else on PATH."""
    here = Path(sys.executable).parent / f"pyside6-{name}"
    found = str(here) if here.exists() else shutil.which(f"pyside6-{name}")
    if found is None:
        sys.exit(f"pyside6-{name} is missing: install PySide6-Essentials (make venv does it)")
    return found


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "app").rglob("*.py"))


def ts_file(code: str) -> Path:
    return FOLDER / f"{CATALOGUE}_{code}.ts"


def update() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for code, locale in LANGUAGES.items():
        extra = ["-pluralonly"] if code == "en" else []
        subprocess.run([tool("lupdate"), "-no-obsolete", "-locations", "none", *extra, *sources(),
                        "-source-language", "en_GB", "-target-language", locale, "-ts", str(ts_file(code))],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def release(quiet: bool = True) -> None:
    for code in LANGUAGES:
        subprocess.run([tool("lrelease"), "-silent" if quiet else "-verbose", str(ts_file(code)),
                        "-qm", str(ts_file(code).with_suffix(".qm"))], check=True)


def unfinished() -> list[str]:
    """Sentences without a translation, as "LANG CONTEXT: SOURCE"."""
    missing = []
    for code in LANGUAGES:
        for context in ElementTree.parse(ts_file(code)).getroot().iter("context"):
            for message in context.iter("message"):
                translation = message.find("translation")
                forms = [f.text for f in translation.iter("numerusform")] if message.get("numerus") == "yes" \
                    else [translation.text]
                if translation.get("type") == "unfinished" or not all(forms):
                    missing.append(f"{code} {context.findtext('name')}: {message.findtext('source')}")
    return missing


def fill(code: str, entries: list[dict]) -> list[str]:
    """Put translations into LANG's catalogue (then `update` writes it as lupdate does); the sources not
    found in it (say, a sentence since reworded)."""
    path = ts_file(code)
    tree = ElementTree.parse(path)
    by_key = {(e["context"], e["source"], e.get("comment", "")): e for e in entries}
    used = set()
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            entry = by_key.get(key)
            if entry is None:
                continue
            used.add(key)
            translation = message.find("translation")
            for child in list(translation):
                translation.remove(child)
            translation.attrib.pop("type", None)
            if message.get("numerus") == "yes":
                translation.text = None
                for form in entry["forms"]:
                    ElementTree.SubElement(translation, "numerusform").text = form
            else:
                translation.text = entry["translation"]
    tree.write(path, encoding="utf-8", xml_declaration=True)
    return [f"{c}: {s}" for c, s, _ in set(by_key) - used]


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else ""
    if what == "update":
        update()
    elif what == "release":
        release()
    elif what == "fill" and len(argv) == 4:
        import json
        for line in fill(argv[2], json.loads(Path(argv[3]).read_text())):
            print(f"not in the catalogue: {line}")
        update()
    elif what == "check":
        missing = unfinished()
        for line in missing:
            print(line)
        return 1 if missing else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
