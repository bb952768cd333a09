# Two commands do all set-up: `make build` and `make test` (see README.md).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: build test bench fuzz gallery clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/labyrinth-pnp build

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

# Long content fuzz run, not in CI: 10,000 mutated content folders, random seed (printed).
fuzz: $(STAMP)
	FUZZ_CASES=10000 $(BIN)/python benchmarks/fuzz.py

# The README's pictures: one sheet per part and a montage per game, into docs/gallery/
# (the same bytes each run, so a changed picture shows up as a diff in review).
gallery: $(STAMP)
	$(BIN)/python -m generator.export.gallery docs/gallery

clean:
	rm -rf $(VENV) output build dist
