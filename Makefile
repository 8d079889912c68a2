# Two entry points: `make lab` and `make test`. Both create .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(abspath $(VENV))/bin
STAMP := $(VENV)/.installed
SANITIZE := tests/nbval_sanitize.cfg
# The checkout's own code wins over whatever is installed (useful with a shared VENV=).
export PYTHONPATH := $(CURDIR)
export MPLBACKEND := Agg

.PHONY: install compile lab voila test lint unit nbval browser notebooks bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# Compiled code (numba) is built on first use and cached beside its module; build it
# now, once, rather than in the middle of a notebook or in each test worker (the Daggers
# Brink kernel, the loops of the exact solver by one small Valgard solve, the loops
# of the Valhalla Calling search by solving its first level, and those of its joint
# choice of trails by its module's example).
compile: install
	$(BIN)/python -c "from workbench.games.daggers_brink.engine import warm_up; warm_up()"
	$(BIN)/python -m workbench valhalla solve data/valhalla_calling/levels/01_first_blood.json > /dev/null
	$(BIN)/python -c "import doctest, workbench.games.valhalla.joint_lines as m; assert not doctest.testmod(m).failed"
	$(BIN)/python -c "from workbench.games.valgard import Rules, ValgardGame; from workbench.play import solve; solve(ValgardGame(Rules(rows=2, cols=2, reserve=1, muster=1)))"

# Jupyter refuses to run as root unless told; containers often run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: compile
	cd notebooks && MPLBACKEND= $(BIN)/jupyter lab $(ROOT_FLAG) index.ipynb

# Share a notebook as a web page (outputs and live widgets, no code): the project's Voila
# template and settings in share/jupyter keep it offline (icons from the Voila server, no
# CDN) and let the page shut its kernel down when it is left.
NB ?= notebooks/index.ipynb
PORT ?= 8866
VOILA_ENV := JUPYTER_PATH=$(CURDIR)/share/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/share/jupyter/config

voila: compile
	$(VOILA_ENV) MPLBACKEND= $(BIN)/voila $(NB) --Voila.ip=127.0.0.1 --port=$(PORT)

test: lint compile unit nbval browser

lint: install
	$(BIN)/ruff check workbench tests benchmarks notebooks
	$(BIN)/ruff format --check workbench tests benchmarks

unit: compile
	$(BIN)/python -m pytest -q -n 2 --doctest-modules workbench tests --ignore=tests/browser

nbval: compile
	$(BIN)/python -m pytest -q -n 2 --dist loadfile --nbval notebooks --nbval-sanitize-with $(SANITIZE) -p no:cacheprovider

browser: compile
	$(BIN)/python -m pytest -q tests/browser

# Re-execute every notebook in place so the committed outputs match the code
# (no widget state, no execution timestamps: cell metadata other than tags is cleared).
notebooks: compile
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.store_widget_state=False \
	  --ClearMetadataPreprocessor.enabled=True \
	  --ClearMetadataPreprocessor.clear_notebook_metadata=False \
	  --ClearMetadataPreprocessor.preserve_cell_metadata_mask=tags notebooks/*.ipynb

bench: compile
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
