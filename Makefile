# Two commands do all set-up: `make build` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# test workers: one per core (pytest-xdist); `make test JOBS=0` runs the suite in one process
JOBS   ?= auto

.PHONY: build test bench bench-full fuzz sweep-edits gallery clean

# A fresh .venv each time: a half-made one (a failed first try, an older Python) is removed
# first, and one that fails to install is removed again, so the next `make` starts clean.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || { \
	  echo "labyrinth-pnp needs Python 3.10 or newer, and '$(PYTHON)' is" \
	       "$$($(PYTHON) --version 2>&1 || echo missing): install a newer Python, then run" \
	       "e.g. 'make build PYTHON=python3.11'" >&2; exit 1; }
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet -e '.[test]' || { rm -rf $(VENV); exit 1; }
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/labyrinth-pnp build

# The package's bytecode first: where PYTHONDONTWRITEBYTECODE is set (some shells and CI
# runners set it), each of the suite's command-line runs would compile it from source again.
# `worksteal`: an idle worker takes tests queued for the other, so both end together.
test: $(STAMP)
	$(BIN)/python -m compileall -q generator >/dev/null
	$(BIN)/python -m pytest -n $(JOBS) --dist worksteal

# About 2 minutes: 3 pairs per case (indicative); `make bench-full` gives 9 pairs (≈ 4 minutes).
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py --pairs 3

bench-full: $(STAMP)
	$(BIN)/python benchmarks/run.py

# Every content YAML file edited in turn: an incremental rebuild must equal a clean build
# (tests/test_incremental_edits.py; the suite runs a sample). About a minute of CPU.
sweep-edits: $(STAMP)
	SWEEP_EDITS=1 $(BIN)/python -m pytest tests/test_incremental_edits.py -n 2 -p no:cacheprovider

# Long content fuzz run, not in CI: 10,000 mutated content folders, random seed (printed).
fuzz: $(STAMP)
	FUZZ_CASES=10000 $(BIN)/python benchmarks/fuzz.py

# The README's pictures: one sheet per part and a montage per game, into docs/gallery/.
# They are drawn in a venv of their own with the rasteriser, image and PDF libraries pinned
# (docs/gallery/constraints.txt), so every run on every machine gives the same bytes and a
# changed picture shows up as a diff in review.
GALLERY_VENV := .venv-gallery
GALLERY_STAMP := $(GALLERY_VENV)/.installed

$(GALLERY_STAMP): pyproject.toml docs/gallery/constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null || { \
	  echo "labyrinth-pnp needs Python 3.10 or newer: run e.g. 'make gallery PYTHON=python3.11'" >&2; \
	  exit 1; }
	rm -rf $(GALLERY_VENV)
	$(PYTHON) -m venv $(GALLERY_VENV) || { rm -rf $(GALLERY_VENV); exit 1; }
	$(GALLERY_VENV)/bin/python -m pip install --quiet -e . -c docs/gallery/constraints.txt \
	  || { rm -rf $(GALLERY_VENV); exit 1; }
	touch $(GALLERY_STAMP)

gallery: $(GALLERY_STAMP)
	$(GALLERY_VENV)/bin/python -m generator.export.gallery docs/gallery

clean:
	rm -rf $(VENV) $(GALLERY_VENV) output build dist
