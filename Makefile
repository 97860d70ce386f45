# Set-up and everyday commands. Only Python (>= 3.10) is needed.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866
CONSTRAINTS := -c requirements/test-constraints.txt
# JupyterLab refuses to start as root (a container) unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test test-fast lint notebooks app handouts benchmark clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip >/dev/null

# Install with the lab extra and open the course's start notebook in JupyterLab.
lab: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb $(ROOT_FLAG)

# Install the test extras and run the whole test suite (unit, oracle, property, notebooks, browser).
test: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' $(CONSTRAINTS)
	$(BIN)/python -m pytest

# Everything but the notebooks and the browser, on every core: the quick check while you work.
test-fast: $(BIN)/python
	$(BIN)/pip install -q -e '.[lab,test]' $(CONSTRAINTS)
	$(BIN)/python -m pytest -p no:nbval -o addopts="--doctest-modules -p no:cacheprovider" \
		-m "not browser and not notebooks" -n auto -q tests bleu_explain

# ruff (style, imports, unused names) and mypy (types) over the package.
lint: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]' $(CONSTRAINTS)
	$(BIN)/ruff check bleu_explain tests scripts benchmarks
	$(BIN)/mypy bleu_explain

# Rebuild every notebook from notebooks/src/ and execute it (outputs are committed): make notebooks NB="04 05"
notebooks: $(BIN)/python
	$(BIN)/pip install -q -e '.[lab,test]' $(CONSTRAINTS)
	$(BIN)/python scripts/build_notebooks.py $(NB)

# Serve the playground notebook as a Voila app (code hidden, widgets live) on localhost.
app: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/voila notebooks/12_playground.ipynb --port=$(PORT) --no-browser --Voila.ip=127.0.0.1

# Export the whole course to static HTML handouts in handouts/.
handouts: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' $(CONSTRAINTS)
	$(BIN)/python -m bleu_explain.display.handouts notebooks handouts

benchmark: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' $(CONSTRAINTS)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) handouts build *.egg-info
