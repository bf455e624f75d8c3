# `make run` sets everything up and opens Transfer Advisor (ARGS="copy ..." runs a command instead);
# `make test` sets up and runs every test.
# `make package` builds the one-folder bundle dist/transfer-advisor/ (PyInstaller);
# `make install-desktop` / `make uninstall-desktop` add or remove the menu entry, icons and
# AppStream metadata for the current user (under ${XDG_DATA_HOME:-~/.local/share}).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
ARGS ?=

.PHONY: run test deps test-deps venv bench clean package install-desktop uninstall-desktop translations

run: venv translations
	$(VENV)/bin/transfer-advisor $(ARGS)

# Two passes, both run even when the first fails: most tests side by side in TEST_WORKERS processes
# (pytest-xdist; they mostly wait on servers and links), then those marked `alone` one at a time (they look
# at the whole machine or time a link: tests/conftest.py). A pass that PYTEST_ARGS leaves empty is fine.
TEST_WORKERS ?= 3
test: test-deps venv $(VENV)/.packaging translations
	@status=0; \
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(TEST_WORKERS) -m "not alone" $(PYTEST_ARGS) || status=$$?; \
	[ $$status -ne 5 ] || status=0; \
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -m alone $(PYTEST_ARGS) || { s=$$?; [ $$s -eq 5 ] || status=$$s; }; \
	exit $$status

package: test-deps venv $(VENV)/.packaging
	@PY=$(PY) bash packaging/build.sh

# The bundle's program when it is built, else the venv's (`make run` sets that up).
install-desktop:
	@if [ -x dist/transfer-advisor/transfer-advisor ]; then $(MAKE) --no-print-directory deps; \
	 else $(MAKE) --no-print-directory venv; fi
	@$(PYTHON) packaging/desktop.py install

uninstall-desktop:
	@$(PYTHON) packaging/desktop.py uninstall

bench: venv
	$(PY) bench/overhead.py

deps:
	@bash packaging/install-deps.sh

test-deps:
	@bash packaging/install-deps.sh test

venv: deps $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
	  { echo "Python 3.10 or newer is needed (found $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

$(VENV)/.packaging: $(VENV)/.installed
	$(PY) -m pip install -q -e '.[package]'
	@touch $@

# The window's catalogues compiled from resources/i18n/*.ts (`packaging/translations.py update` refreshes those).
translations: venv
	@$(PY) packaging/translations.py release

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info resources/i18n/*.qm
