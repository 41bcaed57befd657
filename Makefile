# Every target creates or updates the project-local .venv first; the stamp makes that a no-op when
# pyproject.toml and requirements.lock are unchanged.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTHON ?= $(shell command -v python3.11 || command -v python3)
export NO_MKDOCS_2_WARNING := 1
export PYTHONBREAKPOINT := 0

.PHONY: serve test build bench lock clean

$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c requirements.lock -e ".[dev]"
	@touch $(STAMP)

## Serve the site with all three languages at http://127.0.0.1:8000
serve: $(STAMP)
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

## Run the whole test suite (pages in every language, snippets, doctests, strict build, browser checks)
test: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## Build the static site for hosting into site/ (strict: any warning fails)
build: $(STAMP)
	$(BIN)/mkdocs build --strict

## Re-measure the benchmarks now, whatever the cache holds
bench: $(STAMP)
	$(BIN)/python -m dyndocs.bench --force

## Re-pin every dependency after changing pyproject.toml
lock: $(STAMP)
	@{ echo "# Exact pins for reproducible builds; used as a constraints file by the Makefile and CI."; \
	   echo "# Regenerate with: make lock"; \
	   $(BIN)/python -m pip freeze --exclude-editable; } > requirements.lock

clean:
	rm -rf site .cache
