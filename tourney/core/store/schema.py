"""The event store's schema and values: the tables every event file or database has, and the
frozen values read from them (`EventInfo`, `Player`, `TableResult`, …)."""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Union

from rules_engine.findings import Text
from tourney.core.sql import Connection as Connection  # re-exported: the type of a transaction


SCHEMA_VERSION = 4


#: Schema versions this tourney upgrades on open. Version 2 stores each warning found at a
#: table as data (rule, English template, values, where: `tourney.event.checking.LocatedFinding.stored`)
#: rather than English text, so it is shown in the event's language; the text rows version 1
#: wrote stay as they are and are shown as stored. Version 3 stores each history entry as its
#: action and parameters (the `params` column, `log`), said in the reader's language when
#: shown; the sentences older versions wrote in `detail` are read by
#: `tourney.event.legacylog`. Version 4 adds the journal (`tourney.core.store.journal`): the
#: upgrade journals everything the event already holds, so a hub gets it whole. The version
#: number keeps an older tourney, which can't read such rows (or would store changes without
#: journaling them), from opening the file.
UPGRADES_FROM = (1, 2, 3)

#: Columns added to a table after schema version 1: (the version that added it, table, column
#: as SQL both databases read). Opening an event whose table lacks one adds it (`ALTER TABLE …
#: ADD COLUMN`).
ADDED_COLUMNS: tuple[tuple[int, str, str], ...] = (
    (3, "history", "params TEXT"),
)


#: What the store keeps in its JSON columns (draw payloads, a result line's game data).
# A recursive alias: `|` can't join the quoted forward references at run time.
Json = Union[None, bool, int, float, str, list["Json"], dict[str, "Json"]]  # noqa: UP007


#: The event setting that holds the card list an organiser loaded (`tourney.event.game.Catalogue`):
#: JSON {"file": name, "cards": [...]}.
CATALOGUE_SETTING = "catalogue"


#: Event settings written by `tourney new` and `tourney event`; a game adds its own (`set_setting`).
CORE_SETTINGS = ("schema_version", "name", "game", "scheme", "rounds", "seed", "date", "created_at")


@dataclass(frozen=True)
class Table:
    """One table of the event store: its columns and keys as SQL both databases read, with
    `{serial}` for the integer key the database numbers itself."""

    name: str
    body: str
    key: tuple[str, ...]  # the primary key's columns, the order rows are copied in
    serial: str | None = None  # the column the database numbers (PostgreSQL: a sequence)
    flags: tuple[str, ...] = ()  # BOOLEAN columns (SQLite keeps them as 0 and 1)
    copied: bool = True  # False: the live server's working rows, not copied with the event

    def create(self, dialect: str) -> str:
        """CREATE TABLE IF NOT EXISTS, for `dialect` ("sqlite" or "postgresql")."""
        serial = "SERIAL NOT NULL" if dialect == "postgresql" else "INTEGER NOT NULL"
        blob = "BYTEA" if dialect == "postgresql" else "BLOB"
        return f"CREATE TABLE IF NOT EXISTS {self.name} ({self.body.format(serial=serial, blob=blob)})"


#: Every table, parents before children (for the foreign keys). The definitions are the ones
#: event files and databases were made with since schema version 1 (plus `ADDED_COLUMNS`); a column's default (a
#: player joins in round 1, no warnings, not an organiser) is given by the store's inserts.
TABLES: tuple[Table, ...] = (
    Table("meta", '"key" VARCHAR(64) NOT NULL, value TEXT NOT NULL, PRIMARY KEY ("key")', ("key",)),
    Table("players", "id {serial}, name VARCHAR(200) NOT NULL, added_at VARCHAR(40) NOT NULL, "
          # Rounds already seated when the player joined: a late entry plays from the next one.
          "joined_round INTEGER NOT NULL, dropped_after INTEGER, PRIMARY KEY (id), UNIQUE (name)", ("id",), "id"),
    # source: 'seat' (the tool seated it) or 'sheets' (paper schedules: the sheets give the seats)
    Table("rounds", "number {serial}, source VARCHAR(20) NOT NULL, seated_at VARCHAR(40) NOT NULL, "
          "printed_at VARCHAR(40), PRIMARY KEY (number)", ("number",), "number"),
    Table("seats", "round INTEGER NOT NULL, table_no INTEGER NOT NULL, seat INTEGER NOT NULL, "
          "player_id INTEGER NOT NULL, wonder VARCHAR(40), PRIMARY KEY (round, table_no, seat), "
          "UNIQUE (round, player_id), FOREIGN KEY(round) REFERENCES rounds (number), "
          "FOREIGN KEY(player_id) REFERENCES players (id)", ("round", "table_no", "seat")),
    Table("draws", "id {serial}, round INTEGER, kind VARCHAR(40) NOT NULL, seed VARCHAR(200) NOT NULL, "
          "payload TEXT NOT NULL, at VARCHAR(40) NOT NULL, PRIMARY KEY (id)", ("id",), "id"),
    Table("results", "id {serial}, round INTEGER NOT NULL, table_no INTEGER NOT NULL, version INTEGER NOT NULL, "
          "created_at VARCHAR(40) NOT NULL, author VARCHAR(100) NOT NULL, reason TEXT, source TEXT NOT NULL, "
          "warnings TEXT NOT NULL, PRIMARY KEY (id), UNIQUE (round, table_no, version)", ("id",), "id"),
    # scores: the game's serialisation of the line (JSON), see ResultLine.data.
    Table("result_lines", "result_id INTEGER NOT NULL, seat INTEGER NOT NULL, player_id INTEGER NOT NULL, "
          "wonder VARCHAR(40), side VARCHAR(1), scores TEXT NOT NULL, PRIMARY KEY (result_id, seat), "
          "FOREIGN KEY(result_id) REFERENCES results (id), FOREIGN KEY(player_id) REFERENCES players (id)",
          ("result_id", "seat")),
    # Roster changes since a round was seated: the round's seating is out of date until it is
    # seated again (`mark_seating_stale`, cleared by `store_seating`). No foreign key: the row
    # of a player removed later stays, with the name as it was. change: joined, dropped,
    # renamed, removed; player: the name(s) as messages show them.
    Table("roster_changes", "id {serial}, round INTEGER NOT NULL, player_id INTEGER, change VARCHAR(20) NOT NULL, "
          "player VARCHAR(400) NOT NULL, at VARCHAR(40) NOT NULL, PRIMARY KEY (id)", ("id",), "id"),
    # Every seating a round had before it was seated again, so sheets printed from an earlier
    # seating are recognised on import.
    Table("past_seats", "round INTEGER NOT NULL, version INTEGER NOT NULL, table_no INTEGER NOT NULL, "
          "seat INTEGER NOT NULL, player_id INTEGER NOT NULL, replaced_at VARCHAR(40) NOT NULL, "
          "printed_at VARCHAR(40), PRIMARY KEY (round, version, table_no, seat)",
          ("round", "version", "table_no", "seat")),
    # params: the entry's parameters (JSON, `log`; since schema version 3); detail: the English
    # sentence an older tourney wrote instead ("" in an entry with params).
    Table("history", "id {serial}, at VARCHAR(40) NOT NULL, who VARCHAR(100) NOT NULL, "
          "action VARCHAR(40) NOT NULL, detail TEXT NOT NULL, params TEXT, PRIMARY KEY (id)", ("id",), "id"),
    # Live-server desks (`tourney desk add`): the token is kept only as a salted hash.
    Table("desks", "id {serial}, name VARCHAR(100) NOT NULL, salt VARCHAR(64) NOT NULL, "
          "token_hash VARCHAR(128) NOT NULL, organiser BOOLEAN NOT NULL, created_at VARCHAR(40) NOT NULL, "
          "PRIMARY KEY (id), UNIQUE (name)", ("id",), "id", ("organiser",)),
    # Each player's personal code (`tourney players codes`): they report, confirm and check in
    # with it on the live server. Kept readable: the organiser prints it again on a slip.
    Table("player_codes", "player_id INTEGER NOT NULL, code VARCHAR(16) NOT NULL, created_at VARCHAR(40) NOT NULL, "
          "PRIMARY KEY (player_id), UNIQUE (code), FOREIGN KEY(player_id) REFERENCES players (id)", ("player_id",)),
    # Who checked in before round 1 (the event's "check_in" setting): on their phone with their
    # code, or at a desk (`tourney players checkin`). `how`: "code" or the desk's / user's name.
    Table("check_ins", "player_id INTEGER NOT NULL, at VARCHAR(40) NOT NULL, how VARCHAR(100) NOT NULL, "
          "PRIMARY KEY (player_id), FOREIGN KEY(player_id) REFERENCES players (id)", ("player_id",)),
    # Self-reporting (the event's "self_report" setting): a table's sheet a player reported from
    # the table's page, as sent (rows: JSON), until every player of the table agreed and it is
    # stored (`version`), or the organiser decides (status: waiting, disputed, errors, stored,
    # accepted, replaced, discarded; see tourney.event.reports).
    Table("reports", "id {serial}, round INTEGER NOT NULL, table_no INTEGER NOT NULL, player_id INTEGER NOT NULL, "
          "rows TEXT NOT NULL, status VARCHAR(20) NOT NULL, version INTEGER, at VARCHAR(40) NOT NULL, "
          "PRIMARY KEY (id), FOREIGN KEY(player_id) REFERENCES players (id)", ("id",), "id"),
    # Each player's answer to a report: agreed (with their code) or disputed. The reporter agrees.
    Table("report_answers", "report_id INTEGER NOT NULL, player_id INTEGER NOT NULL, agree BOOLEAN NOT NULL, "
          "at VARCHAR(40) NOT NULL, PRIMARY KEY (report_id, player_id), FOREIGN KEY(report_id) REFERENCES reports "
          "(id), FOREIGN KEY(player_id) REFERENCES players (id)", ("report_id", "player_id"), None, ("agree",)),
    # Blind double entry (the event's "double_entry" setting): a desk's sheet waits here until a
    # second desk's entry agrees with it, or the organiser accepts one version. base_version: the
    # stored version it follows (0: none); rows: as the desk sent them (JSON).
    Table("held_entries", "id {serial}, round INTEGER NOT NULL, table_no INTEGER NOT NULL, "
          "base_version INTEGER NOT NULL, desk VARCHAR(100) NOT NULL, rows TEXT NOT NULL, reason TEXT, "
          "third_asked BOOLEAN NOT NULL, at VARCHAR(40) NOT NULL, PRIMARY KEY (id)", ("id",), "id",
          ("third_asked",)),
    # Live-server desk sessions (tourney/core/store/sessions.py), shared by every server process
    # over the event: the session id is kept only as a hash; csrf is the session's form secret;
    # seen: when the desk last used it (seconds since 1970), for the idle time-out.
    Table("desk_sessions", "sid_hash VARCHAR(64) NOT NULL, desk_id INTEGER NOT NULL, csrf VARCHAR(64) NOT NULL, "
          "created_at VARCHAR(40) NOT NULL, seen BIGINT NOT NULL, PRIMARY KEY (sid_hash), "
          "FOREIGN KEY(desk_id) REFERENCES desks (id)", ("sid_hash",), copied=False),
    # Wrong desk tokens and player codes per client address in the current window (since: its
    # start, seconds since 1970): the live server answers only so many per window.
    Table("wrong_tries", "client VARCHAR(100) NOT NULL, tries INTEGER NOT NULL, since BIGINT NOT NULL, "
          "PRIMARY KEY (client)", ("client",), copied=False),
    # Idempotency keys (the live server's `Idempotency-Key`): the first answer to a write sent with
    # a key, stored in the write's own transaction, so the same request sent again gets the same
    # answer and changes nothing (tourney.core.store.answers). scope: the desk, or "players";
    # request: method and path; digest: the body's SHA-256.
    Table("idempotency_keys", "scope VARCHAR(120) NOT NULL, idem_key VARCHAR(128) NOT NULL, "
          "request VARCHAR(400) NOT NULL, digest VARCHAR(64) NOT NULL, status INTEGER NOT NULL, "
          "content_type VARCHAR(100) NOT NULL, body TEXT NOT NULL, location TEXT, at VARCHAR(40) NOT NULL, "
          "PRIMARY KEY (scope, idem_key)", ("scope", "idem_key")),
    # The journal (tourney.core.store.journal, since schema version 4): every change of what a
    # season hub shows, numbered per event in the transaction that stores it. data: the part's
    # new state (JSON; NULL: the part is gone).
    Table("journal", "seq INTEGER NOT NULL, at VARCHAR(40) NOT NULL, kind VARCHAR(20) NOT NULL, "
          "part VARCHAR(64) NOT NULL, data TEXT, PRIMARY KEY (seq)", ("seq",)),
    # What the journal said last of each part (a digest of its data), to journal changes only.
    Table("journal_parts", "kind VARCHAR(20) NOT NULL, part VARCHAR(64) NOT NULL, digest VARCHAR(64) NOT NULL, "
          "PRIMARY KEY (kind, part)", ("kind", "part")),
    # The photos of scan pads the tables of an event kept in PostgreSQL were read from, by their
    # SHA-256 (an event file keeps them in a folder beside it: `tourney.scanpad.reading.keep_photo`).
    # Added without a schema version: an event opened by this tourney gains it empty.
    Table("photos", "sha256 VARCHAR(64) NOT NULL, suffix VARCHAR(10) NOT NULL, data {blob} NOT NULL, "
          "at VARCHAR(40) NOT NULL, PRIMARY KEY (sha256)", ("sha256",)),
)


def now() -> str:
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


#: Who the history names for what the tool's commands did: the organiser at the laptop (data,
#: in English; said in the reader's language, `tourney.event.history.author_shown`). The
#: computer's login name ("root") named nobody the players know.
ORGANISER = "organiser"


def current_user() -> str:
    """The author of a command's change: the organiser."""
    return ORGANISER


#: The replica's setting holding the venue's lots (`EventInfo.lots`), a JSON object.
LOTS_SETTING = "lots"


@dataclass(frozen=True)
class EventInfo:
    name: str
    game: str
    scheme: str
    rounds: int
    seed: int
    date: str | None
    created_at: str
    #: When `tourney event --reveal-seed` published the seed (None: outputs show its fingerprint only).
    seed_revealed: str | None = None
    #: On a hub's replica whose seed is not revealed: each player's lot as the venue sent it once
    #: the event was final (`LOTS_SETTING`), by the name folded (`str.casefold`); else empty.
    lots: tuple[tuple[str, str], ...] = ()


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
    """One setting a game keeps with the event; `note` says it in the history (an English
    template and its values, translated when the history is shown)."""

    key: str
    value: str
    note: Text


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


#: The source of a table's version that removes its sheet (`tourney results remove`): a version
#: without lines, so the versions before it stay for the history and the next import (version
#: after it) brings the table back. A table whose latest version is one is not stored.
REMOVED = "removed"


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
