"""`tourney demo`: run the bundled example events from `tourney new` to the standings workbook.

Each folder under `examples/` with an `event.json` is one event (name, game, scheme, rounds,
seed, date, roster, sheets in import order, workbook name): a new game's example is a folder,
not code."""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.core.errors import TourneyError, UsageError
from tourney.core.i18n import _, ngettext
from rules_engine import UnknownGameError, find_ruleset
from tourney.event.errors import ImportRefused

if TYPE_CHECKING:
    from tourney.core.store import Event
    from tourney.games.base import Workflow as Workflow

_HERE = Path(__file__).resolve().parent
#: The example events: inside the package when installed from a wheel (setup.py puts them there),
#: else the checkout's `examples/` (an editable install, or running from the clone).
EXAMPLES = next((p for p in (_HERE / "examples", _HERE.parent / "examples") if p.is_dir()), _HERE.parent / "examples")
#: The first example, run alone by `run_demo(..., example=EXAMPLE)` (its roster has 23 players).
EXAMPLE = EXAMPLES / "bonn-2018"
DEMO_SEED = 20180318


@dataclass(frozen=True)
class Example:
    folder: Path
    name: str
    game: str
    scheme: str
    rounds: int
    seed: int
    date: str
    players: str
    sheets: tuple[str, ...]
    standings: str

    @classmethod
    def read(cls, folder: Path) -> Example:
        data = json.loads((folder / "event.json").read_text(encoding="utf-8"))
        return cls(folder, data["name"], data["game"], data["scheme"], int(data["rounds"]), int(data["seed"]),
                   data["date"], data["players"], tuple(data["sheets"]), data["standings"])


def examples(game: str | None = None) -> list[Example]:
    """The bundled examples (the 7 Wonders qualifier first), or those of `game` (any alias)."""
    found = [Example.read(f) for f in sorted(EXAMPLES.iterdir()) if (f / "event.json").is_file()] \
        if EXAMPLES.is_dir() else []
    found.sort(key=lambda e: e.folder != EXAMPLE)
    if game is None:
        return found
    try:
        name = find_ruleset(game).name
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from None
    chosen = [e for e in found if e.game == name]
    if not chosen:
        raise UsageError(_("--game {game!r}: no bundled example for {name}; the examples are {games}").format(
            game=game, name=name, games=", ".join(e.game for e in found)))
    return chosen


def run_demo(directory: Path, echo: Callable[[str], None], example: Path = EXAMPLE) -> Path:
    """Run one example event (default: the 7 Wonders qualifier) in `directory`; return its workbook."""
    if not (example / "event.json").is_file():
        raise TourneyError(_("the example event is missing ({folder}): run the demo from a tourney checkout").format(
            folder=example))
    return run_example(Example.read(example), directory, echo)


def run_all(directory: Path, echo: Callable[[str], None], game: str | None = None, brief: bool = False) -> list[Path]:
    """`tourney demo`: every bundled example (or those of `game`), one after the other; `brief`
    says one line per example instead of each step and the standings."""
    chosen = examples(game)
    if not chosen:
        raise TourneyError(_("the example events are missing ({folder}): run the demo from a tourney "
                             "checkout").format(folder=EXAMPLES))
    return [run_example(e, directory, echo, brief) for e in chosen]


#: A phone photo of one of the example's filled scan pads, read after the sheets are stored.
SCAN_PHOTO = "scanpad-photo.jpg"


def _read_scan_photo(event: Event, game: Workflow, photo: Path) -> list[str]:
    """What `tourney scan` says of the example's bundled photo (nothing when it has none)."""
    if not photo.is_file() or game.scan_sheet is None:
        return []
    from tourney.scanpad.reading import ScanContext, read_photo
    from tourney.scanpad.text import reading_lines

    sheet = game.scan_sheet(event.options())
    reading = read_photo(ScanContext(event, game, sheet), photo.read_bytes(), photo.name)
    return [_("read the photo of a filled scan pad: {line}").format(line=line) if i == 0 else line
            for i, line in enumerate(reading_lines(reading, sheet))]


def run_example(example: Example, directory: Path, echo: Callable[[str], None], brief: bool = False) -> Path:
    """Create the event in `directory`, register, import every sheet, export the workbook."""
    from tourney.event.setup import create_event
    from tourney.event.drawproof import fingerprint, short
    from tourney.outputs.export import export_event, to_table
    from tourney.event.players import add_players, read_roster
    from tourney.event.importing import import_results
    from tourney.games.registry import find_game
    from tourney.core.store import Event

    directory.mkdir(parents=True, exist_ok=True)
    db = directory / f"{example.folder.name}.db"
    for stale in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    game = find_game(example.game)
    info = create_event(str(db), game=game, scheme=example.scheme, rounds=example.rounds,
                        seed=example.seed, name=example.name, date=example.date)
    step = (lambda _line: None) if brief else echo
    step(_("created {name!r} in {file} (draw fingerprint {fingerprint})").format(
        name=info.name, file=db, fingerprint=short(fingerprint(info.seed))))
    event = Event.open(db)
    names, _known = add_players(event, read_roster(example.folder / example.players))
    step(ngettext("registered {n} player", "registered {n} players", len(names)).format(n=len(names)))
    stored = 0
    for sheet in example.sheets:
        try:
            summary = import_results(event, game, [example.folder / sheet], author="demo")
        except ImportRefused as refused:
            for f in refused.report.findings:
                echo(f.render())
            raise TourneyError(_("the example sheet {sheet} was refused: nothing more imported").format(
                sheet=sheet)) from None
        tables, warnings = len(summary.tables), len(summary.warnings)
        stored += tables
        step(_("imported {sheet}: {tables}, {warnings}").format(
            sheet=sheet, tables=ngettext("{n} table", "{n} tables", tables).format(n=tables),
            warnings=ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)))
    standings = game.standings(event)
    step("\n".join(to_table(standings).splitlines()[:13]))
    out = export_event(event, game, directory / example.standings)
    read = _read_scan_photo(event, game, example.folder / SCAN_PHOTO)
    event.close()  # the last connection folds the write-ahead log into the file: it can be copied alone
    step(_("wrote {file}").format(file=out))
    if brief:
        echo(_("{name}: {players}, {tables} checked and stored; first: {leader}; wrote {file}").format(
            name=info.name, players=ngettext("{n} player", "{n} players", len(names)).format(n=len(names)),
            tables=ngettext("{n} table", "{n} tables", stored).format(n=stored),
            leader=standings.rows[0].player if standings.rows else "-", file=out))
    for line in read[:1] if brief else read:
        echo(line)
    return out
