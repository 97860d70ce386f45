# Set-up and everyday commands. Only Python (>= 3.10) is needed.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8866
CONSTRAINTS := -c requirements/test-constraints.txt
# JupyterLab refuses to start as root (a container) unless told it may.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test test-fast npm-assets lint notebooks app handouts handouts-pdf slides site live lecture benchmark clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip >/dev/null

# The lab and test extras, with the ja, ko and spm extras (MeCab, SentencePiece) so that their tokenizers'
# oracle tests run, installed again only when pyproject.toml or the constraints change (the package itself is
# installed editable, so edits to it need no reinstall).
TEST_EXTRAS := lab,test,ja,ko,spm
LAB_TEST_STAMP := $(VENV)/.installed-lab-test
$(LAB_TEST_STAMP): pyproject.toml requirements/test-constraints.txt | $(BIN)/python
	$(BIN)/pip install -q -e '.[$(TEST_EXTRAS)]' $(CONSTRAINTS)
	$(D2L_WHEEL_STEP)
	touch $@

# d2l's own bleu, the d2l preset's oracle, is read from its wheel at test time (tests/test_oracle_d2l.py); the
# wheel is fetched, not installed (d2l needs torch). Offline, this says so and the tests that need it skip.
D2L_VERSION := 1.0.3
D2L_WHEEL_STEP = $(BIN)/pip download -q --no-deps d2l==$(D2L_VERSION) -d $(VENV)/oracle-wheels \
	|| echo "could not fetch the d2l $(D2L_VERSION) wheel (offline?): the tests against d2l's own bleu will skip"

# Install with the lab extra and open the course's start notebook in JupyterLab. The server is rooted here, not
# in notebooks/ (where opening the notebook alone would root it), so that the links to ../docs/*.md work.
lab: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/jupyter lab --ServerApp.root_dir=. notebooks/00_start_here.ipynb $(ROOT_FLAG)

# Install the test extras, fetch the npm assets and run the whole test suite (unit, oracle, property, notebooks,
# browser).
test: $(BIN)/python npm-assets
	$(BIN)/pip install -e '.[$(TEST_EXTRAS)]' $(CONSTRAINTS)
	$(D2L_WHEEL_STEP)
	$(BIN)/python -m pytest

# The front-end files the handouts', the slides' and the live page's tests load (the widget manager, MathJax,
# reveal.js, Pyodide), from the npm registry: `npm ci` wherever a lock file is newer than what npm installed.
# Without npm, or without the registry, it says so and those tests skip with the reason.
NPM_PROJECTS = $(HANDOUT_ASSETS) slides web
npm-assets:
	@for dir in $(NPM_PROJECTS); do \
		[ $$dir/node_modules/.package-lock.json -nt $$dir/package-lock.json ] && continue; \
		if ! command -v npm >/dev/null 2>&1; then \
			echo "note: npm is not installed (apt-get install npm): the tests that need $$dir/node_modules will skip" >&2; \
			continue; fi; \
		echo "cd $$dir && npm ci"; \
		(cd $$dir && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) \
			|| echo "note: npm could not fetch the assets in $$dir; the tests that need them will skip" >&2; \
	done

# Everything but the notebooks, the browser and the whole-test-set checks, on every core: the quick check
# while you work (make test runs everything).
test-fast: $(LAB_TEST_STAMP)
	$(BIN)/python -m pytest -p no:nbval -o addopts="--doctest-modules -p no:cacheprovider" \
		-m "not browser and not notebooks and not slow" --hypothesis-profile=fast \
		-n auto --dist worksteal -q tests bleu_explain

# ruff (style, imports, unused names) and mypy (types) over the package.
lint: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]' $(CONSTRAINTS)
	$(BIN)/ruff check bleu_explain tests scripts benchmarks
	$(BIN)/mypy bleu_explain

# Rebuild every notebook from notebooks/src/ and execute it (outputs are committed): make notebooks NB="04 05"
notebooks: $(LAB_TEST_STAMP)
	$(BIN)/python scripts/build_notebooks.py $(NB)

# Serve the course as the Voila app (code hidden, widgets live) on 127.0.0.1 and print the notebook's address:
# make app NB=04 (default 12, the playground; links between notebooks work); PROJECTOR=1 for larger type,
# the app first and the goals collapsed (or ?projector=1 in the address, or the button on the page).
app: $(BIN)/python
	$(BIN)/pip install -e '.[lab]'
	$(BIN)/python app/serve.py $(NB) --port=$(PORT) $(if $(filter-out 0,$(PROJECTOR)),--projector)

# Export the course as handouts in handouts/: a page per notebook with previous/next/course-map links,
# index.html, worksheets for the exercises and answers.html (for lecturers). Installs only the handouts
# extra (nbconvert) and, when package-lock.json is newer than them, the pinned widget manager and MathJax
# with npm, copied beside the pages so they work offline. `make handouts-pdf` also prints each page to PDF
# with headless Chromium (apt-get install chromium).
HANDOUT_ASSETS := bleu_explain/display/export/handouts/assets
handouts: $(BIN)/python
	@[ $(HANDOUT_ASSETS)/node_modules/.package-lock.json -nt $(HANDOUT_ASSETS)/package-lock.json ] || { \
		command -v npm >/dev/null 2>&1 || { echo "make handouts needs npm to fetch the widget manager and MathJax once:" \
			"install Node.js >= 18 with npm (apt-get install npm, or https://nodejs.org)" >&2; exit 1; }; \
		echo "cd $(HANDOUT_ASSETS) && npm ci"; cd $(HANDOUT_ASSETS) && npm ci --ignore-scripts --no-audit --no-fund; }
	$(BIN)/pip install -q -e '.[handouts]' $(CONSTRAINTS)
	rm -rf handouts
	$(BIN)/python -m bleu_explain.handouts notebooks handouts $(HANDOUT_FLAGS)

handouts-pdf: HANDOUT_FLAGS = --pdf
handouts-pdf: handouts

# Static reveal.js slides of every notebook in slides/ (open slides/index.html), every slide cut to fit a 1280x720
# projector (long sections in sub-slides; speaker notes from slides/notes.md). reveal.js, require.js and the
# widget manager come from the npm registry (slides/package.json: npm ci, once) and are copied beside the
# decks: no CDN. The plots are drawn in the projector style: each notebook is executed again in memory with
# BLEU_EXPLAIN_PLOT_STYLE=projector (minutes; SLIDES_FLAGS=--stored uses the stored outputs instead).
# Live slides: press Alt-R in a notebook in JupyterLab (RISE, installed by make lab).
slides: $(BIN)/python
	$(BIN)/pip install -q -e '.[lab]' $(CONSTRAINTS)
	$(BIN)/python scripts/build_slides.py $(NB) $(SLIDES_FLAGS)

# The course as one static site in site/: the lecture's deck (make lecture), the live page (live.html: the package's own Python running in the
# browser with Pyodide core, pinned in web/package.json and its lock, fetched once with npm ci), the handouts and
# the slides, under one index. Serve it with any static host: python -m http.server 8000 --bind 127.0.0.1 -d site
# `make live` writes only the live page and an index that links nothing else (seconds, not minutes).
# The lab and handouts extras, installed again only when pyproject.toml or the constraints change, so that once
# they are in, make site builds offline.
SITE_STAMP := $(VENV)/.installed-lab-handouts
$(SITE_STAMP): pyproject.toml requirements/test-constraints.txt | $(BIN)/python
	$(BIN)/pip install -q -e '.[lab,handouts]' $(CONSTRAINTS)
	touch $@

site: $(SITE_STAMP) npm-assets
	$(BIN)/python scripts/build_site.py --out site

live: $(BIN)/python npm-assets
	$(BIN)/python scripts/build_site.py --live-only --out site

# The 90-minute lecture as one deck: site/lecture/index.html (reveal.js, live demos, speaker notes: press S;
# ?minutes=60 or ?minutes=45 gives the shorter lectures) and site/lecture/lecture.pdf, a page per slide, printed
# by headless Chromium; the live page the demos embed is built beside it when missing. LANG=zh builds
# lecture/deck.zh.md into site/lecture/zh/ (the default, en, into site/lecture/). The environment's LANG (the
# locale) is not the deck's: only LANG given on the command line picks it.
LECTURE_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)
lecture: $(SITE_STAMP) npm-assets
	$(BIN)/python scripts/build_lecture.py --lang $(LECTURE_LANG) --out site

benchmark: $(LAB_TEST_STAMP) npm-assets
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) handouts site build *.egg-info
