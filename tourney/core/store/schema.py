"""The event store's schema and values: the tables every event file or database has, and the
frozen values read from them (`EventInfo`, `Player`, `TableResult`, …)."""
from __future__ import annotations

import datetime as _dt
import getpass
import os
from dataclasses import dataclass
from typing import Union

import sqlalchemy as sa
from sqlalchemy.engine import Connection as Connection  # re-exported: the type of a transaction


SCHEMA_VERSION = 2


#: Schema versions this tourney upgrades on open. Version 2 stores each warning found at a
#: table as data (rule, English template, values, where: `tourney.event.checking.LocatedFinding.stored`)
#: rather than English text, so it is shown in the event's language; the text rows version 1
#: wrote stay as they are and are shown as stored. The version number keeps an older tourney,
#: which can't read such rows, from opening the file.
UPGRADES_FROM = (1,)


#: What the store keeps in its JSON columns (draw payloads, a result line's game data).
# A recursive alias: `|` can't join the quoted forward references at run time.
Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]  # noqa: UP007


#: Event settings written by `tourney new` and `tourney event`; a game adds its own (`set_setting`).
CORE_SETTINGS = ("schema_version", "name", "game", "scheme", "rounds", "seed", "date", "created_at")


metadata = sa.MetaData()


meta_t = sa.Table(
    "meta", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


players_t = sa.Table(
    "players", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, unique=True),
    sa.Column("added_at", sa.String(40), nullable=False),
    # Rounds already seated when the player joined: a late entry plays from the next one.
    sa.Column("joined_round", sa.Integer, nullable=False, default=1),
    sa.Column("dropped_after", sa.Integer, nullable=True),
)


rounds_t = sa.Table(
    "rounds", metadata,
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("source", sa.String(20), nullable=False),  # 'seat' (tool) or 'sheets' (paper)
    sa.Column("seated_at", sa.String(40), nullable=False),
    sa.Column("printed_at", sa.String(40), nullable=True),
)


seats_t = sa.Table(
    "seats", metadata,
    sa.Column("round", sa.Integer, sa.ForeignKey("rounds.number"), primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("wonder", sa.String(40), nullable=True),
    sa.UniqueConstraint("round", "player_id"),
)


draws_t = sa.Table(
    "draws", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("seed", sa.String(200), nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("at", sa.String(40), nullable=False),
)


results_t = sa.Table(
    "results", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created_at", sa.String(40), nullable=False),
    sa.Column("author", sa.String(100), nullable=False),
    sa.Column("reason", sa.Text, nullable=True),
    sa.Column("source", sa.Text, nullable=False),
    sa.Column("warnings", sa.Text, nullable=False, default="[]"),
    sa.UniqueConstraint("round", "table_no", "version"),
)


lines_t = sa.Table(
    "result_lines", metadata,
    sa.Column("result_id", sa.Integer, sa.ForeignKey("results.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
    sa.Column("wonder", sa.String(40), nullable=True),
    sa.Column("side", sa.String(1), nullable=True),
    # The game's serialisation of the line (JSON), see ResultLine.data.
    sa.Column("scores", sa.Text, nullable=False),
)


# Roster changes since a round was seated: the round's seating is out of date until it is
# seated again (`mark_seating_stale`, cleared by `store_seating`). No foreign key: the row
# of a player removed later stays, with the name as it was.
roster_changes_t = sa.Table(
    "roster_changes", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("player_id", sa.Integer, nullable=True),
    sa.Column("change", sa.String(20), nullable=False),  # joined, dropped, renamed, removed
    sa.Column("player", sa.String(400), nullable=False),  # the name(s) as messages show them
    sa.Column("at", sa.String(40), nullable=False),
)


# Every seating a round had before it was seated again, so sheets printed from an earlier
# seating are recognised on import.
past_seats_t = sa.Table(
    "past_seats", metadata,
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, nullable=False),
    sa.Column("replaced_at", sa.String(40), nullable=False),
    sa.Column("printed_at", sa.String(40), nullable=True),
)


history_t = sa.Table(
    "history", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.String(40), nullable=False),
    sa.Column("who", sa.String(100), nullable=False),
    sa.Column("action", sa.String(40), nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
)


# Live-server desks (`tourney desk add`): the token is kept only as a salted hash.
desks_t = sa.Table(
    "desks", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(100), nullable=False, unique=True),
    sa.Column("salt", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(128), nullable=False),
    sa.Column("organiser", sa.Boolean, nullable=False, default=False),
    sa.Column("created_at", sa.String(40), nullable=False),
)


# Blind double entry (the event's "double_entry" setting): a desk's sheet waits here until a
# second desk's entry agrees with it, or the organiser accepts one version.
held_t = sa.Table(
    "held_entries", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("base_version", sa.Integer, nullable=False),  # the stored version it follows (0: none)
    sa.Column("desk", sa.String(100), nullable=False),
    sa.Column("rows", sa.Text, nullable=False),  # the rows as the desk sent them (JSON)
    sa.Column("reason", sa.Text, nullable=True),
    sa.Column("third_asked", sa.Boolean, nullable=False, default=False),
    sa.Column("at", sa.String(40), nullable=False),
)


def now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def current_user() -> str:
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers; history still needs a name
        return os.environ.get("USER", "unknown")


@dataclass(frozen=True)
class EventInfo:
    name: str
    game: str
    scheme: str
    rounds: int
    seed: int
    date: str | None
    created_at: str


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    joined_round: int
    dropped_after: int | None

    def active_in(self, round_no: int) -> bool:
        return self.joined_round <= round_no and (self.dropped_after is None or round_no <= self.dropped_after)


@dataclass(frozen=True)
class SeatRow:
    round: int
    table: int
    seat: int
    player: str
    wonder: str | None


@dataclass(frozen=True)
class RosterChange:
    """A roster change after a round was seated: `change` is joined, dropped, renamed or
    removed; `player` the name (for a rename "old → new")."""

    round: int
    player_id: int | None
    change: str
    player: str
    at: str


@dataclass(frozen=True)
class PastSeating:
    """A seating a round had before it was seated again: (table, seat) → player id."""

    round: int
    version: int
    seats: dict[tuple[int, int], int]
    replaced_at: str
    printed_at: str | None


@dataclass(frozen=True)
class EventSetting:
    """One setting a game keeps with the event; `note` says it in the history."""

    key: str
    value: str
    note: str


@dataclass(frozen=True)
class StoredDraw:
    """One stored draw: the game turns `payload` back into its typed draw."""

    round: int | None
    kind: str
    seed: str
    payload: Json
    at: str


@dataclass(frozen=True)
class ResultLine:
    """One seat of a stored sheet; `data` is the game's serialisation of the line
    (`tourney.games.<game>` writes and reads it)."""

    seat: int
    player: str
    wonder: str | None
    side: str | None
    data: Json


@dataclass(frozen=True)
class NewLine:
    """One seat of a sheet to store: the player's id and the game's serialised line."""

    seat: int
    player_id: int
    wonder: str | None
    side: str | None
    data: Json


@dataclass(frozen=True)
class TableResult:
    """The current (latest) version of one table's sheet in one round."""

    round: int
    table: int
    version: int
    created_at: str
    author: str
    reason: str | None
    source: str
    #: What was found at the table when it was stored: English text (schema version 1) or
    #: data (`results.stored_warning_text` says either in the current language).
    warnings: tuple[Json, ...]
    lines: tuple[ResultLine, ...]
