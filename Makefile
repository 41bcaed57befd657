# Every target creates or updates the project-local .venv first; the stamp makes that a no-op when
# the project files and requirements.lock are unchanged.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTHON ?= $(shell command -v python3.11 || command -v python3)
export NO_MKDOCS_2_WARNING := 1
export PYTHONBREAKPOINT := 0

.PHONY: serve test check build bench bench-record lighthouse lighthouse-tool tools reader-env system lock clean

# The venv's pip installs uv (at the version requirements.lock pins), and uv installs the rest,
# byte-compiled (sitebuild/install.py): from the sources pip is configured with, if any; else from
# PyPI, with torch's CPU build from the PyTorch CPU index on Linux (pyproject.toml).
$(STAMP): pyproject.toml sitebuild/pyproject.toml requirements.lock sitebuild/install.py
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --disable-pip-version-check -c requirements.lock uv
	$(BIN)/python -m sitebuild.install -c requirements.lock -e . -e "./sitebuild[dev]"
	@touch $(STAMP)

## Serve the site with all three languages at http://127.0.0.1:8000 (never measures benchmarks)
serve: $(STAMP)
	$(BIN)/python -m mkdocs serve --dev-addr 127.0.0.1:8000

LIGHTHOUSE := .cache/lighthouse-tool/node_modules/lighthouse/cli/index.js

## Install the venv and Lighthouse side by side
tools: system
	@$(MAKE) --no-print-directory -j2 $(LIGHTHOUSE) $(STAMP)

## Run the whole test suite, one pytest worker per core (pytest-xdist). Each file's tests stay on
## one worker: a page's or a docstring's examples share a namespace and run in order. Stops at
## once if system packages are missing and this user cannot install them; otherwise installs
## them, then Lighthouse, beside the project's venv and the reader's venv made after it.
## PYTEST_ARGS replaces the arguments, e.g. PYTEST_ARGS="tests/dyndocs -q".
PYTEST_ARGS ?= -n auto --dist loadfile
test:
	@.ci/system-packages check
	@$(MAKE) --no-print-directory -j2 $(LIGHTHOUSE) $(STAMP) reader-env
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## A page's own checks, without a browser (README, "Add a page"): make check PAGE=tips/zero-grad
PAGE_TEST = tests/docs/$(dir $(PAGE))test_$(subst -,_,$(notdir $(PAGE))).py
check: $(STAMP)
	@test -n "$(PAGE)" || { echo 'Name the page: make check PAGE=<section>/<page>, e.g. PAGE=tips/zero-grad' >&2; exit 2; }
	$(BIN)/python -m pytest docs/en/$(PAGE).md $(wildcard $(PAGE_TEST)) tests/site/test_parity.py \
		tests/site/test_fences.py tests/site/test_script_and_terms.py tests/site/test_typography.py \
		tests/site/test_snippets.py tests/site/test_code_comments.py

## Make the venv a reader makes from the README (the notebook checks run in it), unless it is ready
reader-env: $(STAMP)
	@$(BIN)/python -m tests.reader_env

## Build the static site for hosting into site/ (strict; measures the benchmarks if not cached)
build: $(STAMP)
	$(BIN)/python -m mkdocs build --strict

## Measure the benchmarks now, whatever the cache holds
bench: $(STAMP)
	$(BIN)/python -m sitebuild.bench --force

## Measure the benchmarks and record them with the repository (benchmarks/recorded.json)
bench-record: $(STAMP)
	$(BIN)/python -m sitebuild.bench --force --output benchmarks/recorded.json

## Score one page of each kind in every language with Lighthouse: the gates make test checks, then
## performance, the median of LIGHTHOUSE_RUNS runs per page (3 unless given), reported in
## .cache/lighthouse/report.txt (cached)
LIGHTHOUSE_RUNS ?= 3
lighthouse: tools
	LIGHTHOUSE_RUNS=$(LIGHTHOUSE_RUNS) $(BIN)/python -m pytest tests/site/test_lighthouse.py tests/site/bench_lighthouse.py -q -s

## Install Lighthouse (npm) into .cache/lighthouse-tool; it runs with Debian's Chromium
lighthouse-tool: $(LIGHTHOUSE)
# Order-only: the packages (npm among them) are installed before it, and being phony, `system` does
# not make it out of date. Under `make test` the install runs beside the venv's.
$(LIGHTHOUSE): | system
	@command -v npm >/dev/null || { echo "npm is missing: run make system (as root) or: sudo apt-get install -y nodejs npm" >&2; exit 1; }
	npm install --prefix .cache/lighthouse-tool --no-audit --no-fund --loglevel=error lighthouse@$$(sed -n 's/^LIGHTHOUSE_VERSION = "\(.*\)"/\1/p' sitebuild/audit/lighthouse.py)

## Check, or install as root, the Debian packages the tests need (Chromium, CJK fonts, Graphviz,
## a C++ compiler, Node.js for Lighthouse)
system:
	@.ci/system-packages

## Re-pin every dependency after changing a pyproject.toml; torch without its +cpu label, which
## PyPI does not have (the label is matched anyway: PEP 440)
lock: $(STAMP)
	@{ echo "# Exact pins for reproducible builds; used as a constraints file by the Makefile and CI."; \
	   echo "# Regenerate with: make lock"; \
	   $(BIN)/python -m pip freeze --exclude-editable | sed 's/^torch==\(.*\)+cpu$$/torch==\1/'; \
	 } > requirements.lock

clean:
	rm -rf site .cache
