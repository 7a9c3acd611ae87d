"""`tourney demo`: run the bundled example qualifier from `tourney new` to standings.xlsx."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from tourney.errors import TourneyError

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "bonn-2018"
DEMO_SEED = 20180318


def run_demo(directory: Path, echo: Callable[[str], None], example: Path = EXAMPLE) -> Path:
    """Create the event in `directory`, register, import four rounds, export; return the workbook."""
    from tourney.events import create_event
    from tourney.export import export_event, to_table
    from tourney.players import add_players, read_roster
    from tourney.errors import ImportRefused
    from tourney.results import import_results
    from tourney.standings import compute_standings
    from tourney.store import Event

    if not example.is_dir():
        raise TourneyError(f"the example event is missing ({example}): run the demo from a tourney checkout")
    directory.mkdir(parents=True, exist_ok=True)
    db = directory / "bonn-2018.db"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    info = create_event(str(db), game="7wonders", scheme="bonn", rounds=4, seed=DEMO_SEED,
                        name="Bonn Spielt 2018 (example)", date="2018-03-18")
    echo(f"created {info.name!r} in {db} (seed {info.seed})")
    event = Event.open(db)
    names, _ = add_players(event, read_roster(example / "players.csv"))
    echo(f"registered {len(names)} players")
    for sheet in ("round1.csv", "round2.csv", "round3.csv", "round4.xlsx"):
        try:
            summary = import_results(event, [example / sheet], author="demo")
        except ImportRefused as refused:
            for f in refused.report.findings:
                echo(f.render())
            raise TourneyError(f"the example sheet {sheet} was refused: nothing more imported") from None
        echo(f"imported {sheet}: {len(summary.tables)} tables, {len(summary.warnings)} warnings")
    standings = compute_standings(event)
    top = to_table(standings).splitlines()
    echo("\n".join(top[:13]))
    out = export_event(event, directory / "standings.xlsx")
    echo(f"wrote {out}")
    return out
