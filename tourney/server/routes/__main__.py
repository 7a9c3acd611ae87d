"""`python -m tourney.server.routes > docs/openapi.json`: the committed copy of the contract
(tests/edges/test_openapi.py fails when it is not what the server serves)."""
import sys

from tourney.server.contract import document
from tourney.server.routes import ROUTES

sys.stdout.buffer.write(document(ROUTES))
