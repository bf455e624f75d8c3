# `make run` sets everything up and opens Transfer Advisor (ARGS="copy ..." runs a command instead);
# `make test` sets up and runs every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
ARGS ?=

.PHONY: run test deps venv bench clean

run: venv
	$(VENV)/bin/transfer-advisor $(ARGS)

test: venv
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q $(PYTEST_ARGS)

bench: venv
	$(PY) bench/overhead.py

deps:
	@bash packaging/install-deps.sh

venv: deps $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Python 3.11 or newer is needed (found $$($(PYTHON) --version))"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

clean:
	rm -rf $(VENV) .pytest_cache build dist *.egg-info
