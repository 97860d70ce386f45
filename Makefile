# Set-up and everyday commands. Only Python (>= 3.10) is needed.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866

.PHONY: lab test app handouts benchmark clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip >/dev/null

# Install with the lab extra and open the course's start notebook in JupyterLab.
lab: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb

# Install the test extras and run the whole test suite (unit, oracle, property, notebooks, browser).
test: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' -c requirements/test-constraints.txt
	$(BIN)/python -m pytest

# Serve the playground notebook as a Voila app (code hidden, widgets live) on localhost.
app: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/voila notebooks/11_playground.ipynb --port=$(PORT) --no-browser --Voila.ip=127.0.0.1

# Export the whole course to static HTML handouts in handouts/.
handouts: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' -c requirements/test-constraints.txt
	$(BIN)/python -m bleu_explain.display.handouts notebooks handouts

benchmark: $(BIN)/python
	$(BIN)/pip install -e '.[lab,test]' -c requirements/test-constraints.txt
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) handouts build *.egg-info
