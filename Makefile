# Lobby: `make run` sets up whatever is missing and serves; `make test` sets up and runs the suite.
SHELL := /bin/bash
VENV  := .venv
PY    := $(VENV)/bin/python
FLASK := $(VENV)/bin/flask --app wsgi
HOST  ?= 127.0.0.1
PORT  ?= 5000
# Four pytest-xdist workers on the 2-core CI machine, each taking the next test as it frees up:
# with two, the cores idled ~40 % of the time (browser tests wait on pages, sockets, timers);
# three took the embedded run from 14 minutes to 10.5 then; today's suite (1,960 tests) ran in
# 1,432 s with three and 1,255 s with four. PYTEST_ARGS= runs in one process.
PYTEST_ARGS ?= -n 4 --dist worksteal
ISLAND_SOURCES := $(shell find islands -type f 2>/dev/null)
CATALOGUE := site/lobby/translations/en/LC_MESSAGES/messages

.PHONY: run dev test setup build migrate worker clean translations

run: setup migrate
	$(FLASK) run --host $(HOST) --port $(PORT)

# Rebuilds islands on every change and reloads Python code.
dev: setup migrate
	trap 'kill 0' EXIT; node islands/build.mjs --watch & $(FLASK) run --debug --host $(HOST) --port $(PORT)

# The islands' pure modules first (node's own runner, a second or so), then the suite.
test: setup
	scripts/ensure-system browser redis
	node --test tests/islands/
	$(PY) -m pytest $(PYTEST_ARGS)

worker: setup
	$(FLASK) worker

setup: $(VENV)/.installed node_modules/.installed static/build/manifest.json $(CATALOGUE).mo

build: static/build/manifest.json

migrate: $(VENV)/.installed
	$(FLASK) db upgrade

$(VENV)/.installed: pyproject.toml requirements.lock
	scripts/ensure-system python
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -c requirements.lock -e '.[test]' 2>&1 | grep -v 'is ignored' || true
	$(PY) -c 'import lobby, flask, pytest'
	touch $@

node_modules/.installed: package.json package-lock.json
	scripts/ensure-system node
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The bundles (one per language) and their .br/.gz copies, which WhiteNoise serves to browsers that accept them.
static/build/manifest.json: node_modules/.installed $(ISLAND_SOURCES) $(CATALOGUE).po | $(VENV)/.installed
	node islands/build.mjs
	$(PY) -m whitenoise.compress --quiet static/build

# Flask-Babel reads the compiled catalogue; the islands' build reads the .po itself.
$(CATALOGUE).mo: $(CATALOGUE).po | $(VENV)/.installed
	$(VENV)/bin/pybabel compile --statistics -d site/lobby/translations -D messages

# After changing texts: lists every marked text (babel.cfg) in messages.pot and adds the new ones to
# the English catalogue, empty, for a translator (tests/test_translations.py fails until filled).
translations: $(VENV)/.installed
	mkdir -p instance
	$(VENV)/bin/pybabel extract --width 100 --ignore-dirs '.* node_modules static instance __pycache__' --no-location --omit-header --sort-output -F babel.cfg -k N_ -k tp -k t -k tc:1c,2 -k NC_:1c,2 -o instance/messages.pot .
	$(VENV)/bin/pybabel update --no-fuzzy-matching --width 100 -i instance/messages.pot -d site/lobby/translations -D messages
	$(MAKE) $(CATALOGUE).mo

clean:
	rm -rf static/build node_modules $(VENV)
