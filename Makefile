# Set-up is two commands: `make demo` and `make test`. Both create .venv from requirements.lock
# when it is missing or older than pyproject.toml or the lock: `demo` with what running needs,
# `test` with the test tools added. `make lock` refreshes the lock on purpose.
PYTHON ?= python3
export PYTHON
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test

.PHONY: demo test bench lock messages clean

$(RUN_STAMP): pyproject.toml requirements.lock tools/bootstrap.sh
	@tools/bootstrap.sh run
	@touch $@

$(TEST_STAMP): $(RUN_STAMP)
	@tools/bootstrap.sh test
	@touch $@

demo: $(RUN_STAMP)
	@$(BIN)/tourney demo --dir demo-event --brief
	@echo
	@echo "Next: .venv/bin/tourney standings demo-event/bonn-2018.db   (or 'source .venv/bin/activate', then 'tourney --help')"

test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

bench: $(TEST_STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

# Every dependency at the newest release pyproject.toml allows; then `make clean test demo`.
# `make lock KEEP=1`: add what pyproject.toml newly asks for, keep every other pin.
lock:
	@KEEP=$(KEEP) tools/lock.sh

# Re-extract the messages from the code, merge them into every catalogue (translate the new
# entries in tourney/locale/*/LC_MESSAGES/tourney.po), then compile the .mo files that ship.
messages: $(RUN_STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output -o $(VENV)/tourney.pot .
	$(BIN)/pybabel update -i $(VENV)/tourney.pot -d tourney/locale -D tourney --no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -d tourney/locale -D tourney --statistics

clean:
	rm -rf $(VENV) demo-event .pytest_cache
