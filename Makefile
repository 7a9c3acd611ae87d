# Set-up is two commands: `make demo` and `make test`. Both bootstrap .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench messages clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tourney demo --dir demo-event

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# Re-extract the messages from the code, merge them into every catalogue (translate the new
# entries in tourney/locale/*/LC_MESSAGES/tourney.po), then compile the .mo files that ship.
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output -o $(VENV)/tourney.pot .
	$(BIN)/pybabel update -i $(VENV)/tourney.pot -d tourney/locale -D tourney --no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -d tourney/locale -D tourney --statistics

clean:
	rm -rf $(VENV) demo-event .pytest_cache
