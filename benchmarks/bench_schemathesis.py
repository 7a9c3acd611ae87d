"""The outside client's large run (issue 48, item 3): schemathesis against a real `tourney serve`
on 127.0.0.1 over every route of its /openapi.json, as tests/edges/test_schemathesis.py does
but with many more examples: valid and invalid requests to each route, then the document's links
followed over longer scenarios (a report, then its confirmations; a sheet saved, then replaced
with its version) on an event of its own. Every answer is checked: no 5xx, a documented status,
content type, headers and body (tests/contract_client.py).

Prints, per route, the requests sent and the statuses answered, the scenarios and their steps,
and every failure (schemathesis' own report, with the request to reproduce it); exits 1 if
there was one. Derandomized: the same requests every run.

    python benchmarks/bench_schemathesis.py     # BENCH_EXAMPLES (100) a route and mode,
                                                # BENCH_SCENARIOS (60) of BENCH_STEPS (10)
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import contract_client  # noqa: E402
from contract_client import Hall, follow_links, open_hall, send_examples  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402

EXAMPLES = int(os.environ.get("BENCH_EXAMPLES", "100"))
SCENARIOS = int(os.environ.get("BENCH_SCENARIOS", "60"))
STEPS = int(os.environ.get("BENCH_STEPS", "10"))
SETTINGS = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), report_multiple_bugs=False)


def operations(api: Any) -> list[Any]:
    """Every route of the served document (schemathesis leaves out the document's own route
    when it walks a schema loaded from it)."""
    return [api[path][method.upper()] for path, ops in api.raw_schema["paths"].items() for method in ops]


def stateless(hall: Hall, api: Any) -> list[tuple[str, str]]:
    """Every route, valid requests then invalid ones; the failures found (route, report)."""
    failures: list[tuple[str, str]] = []
    for operation in operations(api):
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            label = f"{operation.label} ({'valid' if mode is GenerationMode.POSITIVE else 'invalid'})"

            try:
                send_examples(hall, operation, mode, SETTINGS)
            except Unsatisfiable:
                pass  # nothing invalid fits in the route's path (a name is any text but a slash)
            except Exception as exc:  # noqa: BLE001 - schemathesis' failure report, printed below
                failures.append((label, str(exc)))
    return failures


def stateful(hall: Hall, api: Any) -> list[tuple[str, str]]:
    try:
        follow_links(hall, api, settings(SETTINGS, max_examples=SCENARIOS, stateful_step_count=STEPS))
    except Exception as exc:  # noqa: BLE001
        return [("the links' scenarios", "\n".join(hall.failed[:1]) or str(exc))]
    return []


def table(tried: Counter[str]) -> list[str]:
    by_route: dict[str, Counter[str]] = {}
    for key, n in tried.items():
        if " -> " in key:
            route, status = key.rsplit(" -> ", 1)
            by_route.setdefault(route, Counter())[status] += n
    lines = [f"{'route':64} {'sent':>6}  statuses"]
    for route in sorted(by_route, key=lambda r: (r.split(" ", 1)[1], r)):
        statuses = by_route[route]
        lines.append(f"{route:64} {sum(statuses.values()):6}  "
                     + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    return lines


def main() -> int:
    failures: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        start = time.monotonic()
        hall = open_hall(Path(folder) / "routes")
        try:
            api = contract_client.load(hall)
            routes = len(operations(api))
            failures += stateless(hall, api)
        finally:
            out = hall.server.stop()
        took = time.monotonic() - start
        print(f"schemathesis {contract_client.schemathesis.__version__}: {routes} routes, up to {EXAMPLES} "
              f"valid and {EXAMPLES} invalid requests each: {sum(hall.tried.values())} sent in {took:.0f} s")
        print("\n".join(table(hall.tried)))
        if "Traceback" in out:
            failures.append(("the server's output", out))

        start = time.monotonic()
        # Two tables a scenario (Hypothesis runs more scenarios than asked).
        linked = open_hall(Path(folder) / "links", players=20 * SCENARIOS)
        try:
            failures += stateful(linked, contract_client.load(linked))
        finally:
            out = linked.server.stop()
        took = time.monotonic() - start
        print(f"\nthe links followed: {SCENARIOS} scenarios of up to {STEPS} steps: "
              f"{sum(v for k, v in linked.tried.items() if ' -> ' in k)} requests in {took:.0f} s; "
              f"stored sheets replaced: {linked.tried['a stored sheet replaced']}")
        print("\n".join(table(linked.tried)))
        if "Traceback" in out:
            failures.append(("the server's output (links)", out))
    print(f"\nfailures: {len(failures)}")
    for label, report in failures:
        print(f"\n--- {label}\n{report}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
