# Two commands for a newcomer:
#   make lab    set everything up (first time) and open JupyterLab at the repository root
#   make test   set everything up (first time) and run the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told (containers, CI machines)
LABFLAGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: setup lab app test browser benchmarks clean

# (setuptools' build warnings about editable installs are not for a newcomer's eyes)
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	@touch $(STAMP)

setup: $(STAMP)

# served from the repository root, so notebooks/, maps/ and scenarios/ are all in the file browser,
# with the start notebook open (tests/test_browser_newcomer.py starts JupyterLab with these too);
# the repository's JupyterLab settings (jupyter/lab-settings: no news pop-up, no update check; a
# notebook is saved without its outputs, jupyter/jupyter_server_config.py, so git status stays clean) and
# Voila's server extension off in the lab (`make app` serves Voila on its own; in the lab it only
# printed a deprecation warning at start)
LABARGS := --ServerApp.root_dir=. --config=jupyter/jupyter_server_config.py --LabApp.app_settings_dir=jupyter/lab-settings --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate '--ServerApp.jpserver_extensions={"voila.server_extension": False}' notebooks/00_start_here.ipynb
lab: setup
	$(BIN)/jupyter lab $(LABFLAGS) $(LABARGS)

# an extra: the line-of-sight explorer and the scenario analyst as a web app (Voila, no code shown)
app: setup
	$(BIN)/voila --no-browser app/wartools_app.ipynb

# Installs Debian's chromium for the real-browser test when it is missing and we may
# (root with apt-get); otherwise that one test is skipped and says why.
browser:
	@bash scripts/install-browser.sh

test: setup browser
	MPLBACKEND=Agg $(BIN)/python -m pytest -n 2 -q; status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing on purpose"; exit 1; fi; \
	exit $$status

benchmarks: setup
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
