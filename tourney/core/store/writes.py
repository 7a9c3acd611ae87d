"""What changes an event, inside `Event.transaction()`: players, seatings, draws, results and
their versions, held double entries and the live server's desks."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from tourney.core.errors import RegistrationError
from tourney.core.i18n import _
from tourney.core.names import clean_name, name_key
from tourney.core.sql import Connection as Connection  # re-exported: the type of a transaction
from tourney.core.store.event import PLAYER, Event, log, log_all, stored_version
from tourney.core.store.journal import NEW, record_result, result_data, touch, touch_setting
from tourney.core.store.schema import REMOVED, Json, NewLine, Player, current_user, now
from tourney.core.store.statuses import (
    CHECK_IN_MOVES,
    ENTRY_MOVES,
    REPORT_MOVES,
    TABLE_MOVES,
    CheckIn,
    EntryStatus,
    ReportStatus,
    StatusRefused,
    TableStatus,
)


# --- write helpers used inside Event.transaction() -------------------------------------
def players_by_key(conn: Connection) -> dict[str, Player]:
    """Every player by `names.name_key` (one query; names are compared in Python because the
    database's lower() folds ASCII only)."""
    players = [Player(*r) for r in conn.execute(f"SELECT {PLAYER} FROM players ORDER BY id")]
    return {name_key(p.name): p for p in players}


def _find_player(conn: Connection, name: str) -> Player:
    found = players_by_key(conn).get(name_key(name))
    if found is None:
        raise RegistrationError(_("no player {name!r} in this event: see 'tourney players list'").format(name=name))
    return found


def add_player(conn: Connection, name: str, joined_round: int) -> int:
    return register_players(conn, [(name, joined_round)])[0]


def register_players(conn: Connection, names: Sequence[tuple[str, int]]) -> list[int]:
    """Register (name, round joined) pairs in order, as `add_player` one at a time would, but
    with one roster read and a bulk insert per run of names joining in the same round (an
    import's new players: one statement, not a round trip each). Returns their ids."""
    players = players_by_key(conn)
    ids: list[int] = [0] * len(names)
    run: list[tuple[int, str]] = []  # (position, clean name): new names joining in `run_round`
    run_round = 0

    def flush() -> None:
        for (i, _name), new_id in zip(run, add_players(conn, [clean for _i, clean in run], run_round)):
            ids[i] = new_id
        run.clear()

    for i, (name, joined_round) in enumerate(names):
        clean = clean_name(name)
        key = name_key(clean)
        existing = players.get(key)
        if existing is not None:
            # A name seen before (ignoring case) is the same person; re-entering a dropped
            # player brings them back instead of creating a second record.
            if existing.dropped_after is None:
                raise RegistrationError(_("{name!r} is already registered (as {registered!r})").format(
                    name=clean, registered=existing.name))
            flush()  # the history keeps the order of the names
            reenter_player(conn, existing, joined_round)
            players[key] = Player(existing.id, existing.name, max(existing.joined_round, joined_round), None)
            ids[i] = existing.id
            continue
        if run and joined_round != run_round:
            flush()
        run.append((i, clean))
        run_round = joined_round
        players[key] = Player(0, clean, joined_round, None)  # registered below, in this transaction
    flush()
    return ids


def add_players(conn: Connection, names: list[str], joined_round: int) -> list[int]:
    """Insert new players in bulk: `names` are already cleaned and known to be new."""
    if not names:
        return []
    at = now()
    # Inside Event.transaction the write lock is held: the rows past the last id are ours.
    before = conn.execute("SELECT max(id) FROM players").scalar() or 0
    conn.execute_many("INSERT INTO players (name, added_at, joined_round) VALUES (:name, :at, :round)",
                      [{"name": n, "at": at, "round": joined_round} for n in names])
    added = conn.execute("SELECT name, id FROM players WHERE id > :before", {"before": before})
    ids: dict[str, int] = dict(added.all())
    touch(conn, "player", ids.values())
    who = current_user()
    log_all(conn, [("players.add", {"name": n, "round": joined_round}) for n in names], who)
    # mark_seating_stale for every name, with one query for the rounds and one insert.
    rounds = _open_rounds(conn, joined_round)
    if rounds:
        _insert_roster_changes(conn, [(r, int(ids[n]), "joined", n, at) for n in names for r in rounds])
    return [int(ids[n]) for n in names]


def reenter_player(conn: Connection, player: Player, joined_round: int) -> None:
    conn.execute("UPDATE players SET dropped_after = NULL, joined_round = :round WHERE id = :id",
                 {"round": max(player.joined_round, joined_round), "id": player.id})
    touch(conn, "player", (player.id,))
    log(conn, "players.readd", {"name": player.name, "round": joined_round})
    mark_seating_stale(conn, joined_round, player.id, "joined", player.name)


def drop_player(conn: Connection, name: str, after_round: int, table: int | None = None, *,
                absent: bool = False) -> tuple[str, int | None]:
    """Drop a player after `after_round`; `table`: their table in that round, whose sheet is
    still to come and counts; `absent`: left out of round 1 for not checking in (the history
    says either). Returns the name and, when the player had dropped after the round before
    while seated at `table` (as a tourney before 2026-12 stored such a drop), that round: the
    drop is moved after `after_round`."""
    row = _find_player(conn, name)
    moved = row.dropped_after is not None and table is not None and row.dropped_after == after_round - 1
    if row.dropped_after is not None and not moved:
        raise RegistrationError(_("{name!r} already dropped after round {round}").format(
            name=row.name, round=row.dropped_after))
    conn.execute("UPDATE players SET dropped_after = :round WHERE id = :id", {"round": after_round, "id": row.id})
    touch(conn, "player", (row.id,))
    log(conn, "players.drop", {"name": row.name, "absent": True} if absent else
        {"name": row.name, "round": after_round, **({} if table is None else {"table": table}),
         **({"moved": True} if moved else {})})
    mark_seating_stale(conn, after_round + 1, row.id, "dropped", row.name)
    return str(row.name), row.dropped_after if moved else None


def _renamed(value: Any, old: str, new: str) -> Any:
    """A draw payload with every string equal to `old` replaced by `new` (payloads such as a
    round robin's order or a top cut's seeds hold names)."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, old, new) for k, v in value.items()}
    return value


def rename_player(conn: Connection, old: str, new: str) -> tuple[str, str]:
    """Rename a player everywhere (results, seats and standings follow the player's id; draws
    that store names are updated); returns (old name, new name) as stored."""
    player = _find_player(conn, old)
    clean = clean_name(new)
    other = players_by_key(conn).get(name_key(clean))
    if other is not None and other.id != player.id:
        raise RegistrationError(_("can't rename {old!r} to {new!r}: that is another registered player ({other!r}); "
                                  "choose a different name").format(old=player.name, new=clean, other=other.name))
    if clean == player.name:
        raise RegistrationError(_("{name!r} is already spelled {new!r}: nothing to rename").format(
            name=player.name, new=clean))
    conn.execute("UPDATE players SET name = :name WHERE id = :id", {"name": clean, "id": player.id})
    touch(conn, "player", (player.id,))
    for draw_id, payload in conn.execute("SELECT id, payload FROM draws").all():
        before = json.loads(payload)
        after = _renamed(before, player.name, clean)
        if after != before:
            conn.execute("UPDATE draws SET payload = :payload WHERE id = :id",
                         {"payload": json.dumps(after), "id": draw_id})
            touch(conn, "draw", (draw_id,))
    log(conn, "players.rename", {"old": player.name, "new": clean})
    # Sheets printed with the old name are out of date (the seating itself follows the id).
    mark_seating_stale(conn, 1, player.id, "renamed", f"{player.name!r} → {clean!r}")
    return player.name, clean


def remove_player(conn: Connection, name: str) -> tuple[str, list[int]]:
    """Remove a mis-registered player who has no results and no seat in a printed round;
    their seats in unprinted rounds go too. Returns (name, the rounds that lost a seat)."""
    player = _find_player(conn, name)
    # The latest version of each table counts as a result; an earlier one (corrected or removed
    # since) still names the player in the history, so they stay registered either way.
    played = conn.execute("SELECT r.round, r.table_no, r.version = (SELECT max(v.version) FROM results v WHERE "
                          f"v.round = r.round AND v.table_no = r.table_no) AND r.source <> '{REMOVED}' AS latest "
                          "FROM results r JOIN result_lines l ON l.result_id = r.id WHERE l.player_id = :id "
                          "ORDER BY latest DESC, r.round, r.table_no LIMIT 1", {"id": player.id}).first()
    if played is not None and played[2]:
        raise RegistrationError(_("{name!r} has results (round {round}, table {table}): a player who played can't "
                                  "be removed; use 'tourney players drop' so they play no further rounds").format(
            name=player.name, round=played[0], table=played[1]))
    if played is not None:
        raise RegistrationError(_("{name!r} is on an earlier version of round {round}, table {table}, which the "
                                  "history keeps: a player named there can't be removed; use 'tourney players "
                                  "drop' so they play no further rounds").format(
            name=player.name, round=played[0], table=played[1]))
    seated = conn.execute("SELECT s.round, r.printed_at FROM seats s JOIN rounds r ON r.number = s.round "
                          "WHERE s.player_id = :id ORDER BY s.round", {"id": player.id}).all()
    printed = [r for r, at in seated if at is not None]
    if printed:
        raise RegistrationError(_("{name!r} is seated in round {round}, whose sheets are printed: use 'tourney "
                                  "players drop' instead").format(name=player.name, round=printed[0]))
    conn.execute("DELETE FROM seats WHERE player_id = :id", {"id": player.id})
    conn.execute("DELETE FROM player_codes WHERE player_id = :id", {"id": player.id})
    conn.execute("DELETE FROM check_ins WHERE player_id = :id", {"id": player.id})
    # Their reports of tables in unplayed rounds, and their answers: the round is seated again.
    conn.execute("DELETE FROM report_answers WHERE player_id = :id OR report_id IN (SELECT id FROM reports WHERE "
                 "player_id = :id)", {"id": player.id})
    conn.execute("DELETE FROM reports WHERE player_id = :id", {"id": player.id})
    conn.execute("DELETE FROM players WHERE id = :id", {"id": player.id})
    rounds = [r for r, _ in seated]
    touch(conn, "player", (player.id,))
    touch(conn, "round", rounds)
    if rounds:
        mark_seating_stale(conn, min(rounds), player.id, "removed", repr(player.name))
    log(conn, "players.remove", {"name": player.name, **({"rounds": rounds} if rounds else {})})
    return player.name, rounds


def mark_seating_stale(conn: Connection, from_round: int, player_id: int | None, change: str, player: str) -> list[int]:
    """Record a roster change (`change`: joined, dropped, renamed, removed) in every round
    from `from_round` on that is seated and has no results: their seating is then out of
    date until the round is seated again. Call it in the transaction that changes the roster.
    Returns the rounds marked."""
    rounds = _open_rounds(conn, from_round)
    if rounds:
        at = now()
        _insert_roster_changes(conn, [(r, player_id, change, player, at) for r in rounds])
    return rounds


def _insert_roster_changes(conn: Connection, rows: list[tuple[int, int | None, str, str, str]]) -> None:
    """(round, player id, change, player, at) rows."""
    conn.execute_many("INSERT INTO roster_changes (round, player_id, change, player, at) "
                      "VALUES (:round, :player_id, :change, :player, :at)",
                      [dict(zip(("round", "player_id", "change", "player", "at"), row)) for row in rows])


#: The rounds with a stored sheet (a table whose sheet was removed has none).
_ROUNDS_WITH_RESULTS = (f"SELECT DISTINCT r.round FROM results r WHERE r.source <> '{REMOVED}' AND r.version = "
                        "(SELECT max(v.version) FROM results v WHERE v.round = r.round AND v.table_no = r.table_no)")


def _open_rounds(conn: Connection, from_round: int) -> list[int]:
    """The rounds from `from_round` on that are seated and have no results."""
    return [r for (r,) in conn.execute(f"SELECT number FROM rounds WHERE number >= :round AND number NOT IN "
                                       f"({_ROUNDS_WITH_RESULTS}) ORDER BY number", {"round": from_round})]


def clear_roster_changes(conn: Connection, round_no: int) -> None:
    """Round `round_no` was seated again (or kept as planned on purpose): it is up to date."""
    conn.execute("DELETE FROM roster_changes WHERE round = :round", {"round": round_no})


def store_seating(conn: Connection, round_no: int, source: str,
                  tables: list[list[tuple[int, str | None]]]) -> None:
    """Replace a round's seating: `tables[t][s]` = (player id, wonder) at table t+1, seat s+1.
    The seating it replaces is kept (`Event.past_seatings`); the round is up to date again."""
    touch(conn, "round", (round_no,))
    round_ = {"round": round_no}
    old = conn.execute("SELECT table_no, seat, player_id FROM seats WHERE round = :round", round_).all()
    if old:
        printed = conn.execute("SELECT printed_at FROM rounds WHERE number = :round", round_).scalar()
        version = (conn.execute("SELECT max(version) FROM past_seats WHERE round = :round", round_).scalar() or 0) + 1
        at = now()
        conn.execute_many("INSERT INTO past_seats (round, version, table_no, seat, player_id, replaced_at, printed_at) "
                          "VALUES (:round, :version, :table_no, :seat, :player_id, :at, :printed)",
                          [{"round": round_no, "version": version, "table_no": t, "seat": s, "player_id": pid,
                            "at": at, "printed": printed} for t, s, pid in old])
    conn.execute("DELETE FROM roster_changes WHERE round = :round", round_)
    conn.execute("DELETE FROM seats WHERE round = :round", round_)
    conn.execute("DELETE FROM rounds WHERE number = :round", round_)
    conn.execute("INSERT INTO rounds (number, source, seated_at) VALUES (:round, :source, :at)",
                 {"round": round_no, "source": source, "at": now()})
    _insert_seats(conn, [(round_no, t, s, pid, wonder)
                         for t, table in enumerate(tables, 1) for s, (pid, wonder) in enumerate(table, 1)])


def _insert_seats(conn: Connection, rows: list[tuple[int, int, int, int, str | None]]) -> None:
    """(round, table, seat, player id, wonder) rows."""
    if rows:
        conn.execute_many("INSERT INTO seats (round, table_no, seat, player_id, wonder) "
                          "VALUES (:round, :table_no, :seat, :player_id, :wonder)",
                          [dict(zip(("round", "table_no", "seat", "player_id", "wonder"), row)) for row in rows])


def setting_in(conn: Connection, key: str) -> str | None:
    """One event setting as the transaction sees it (None when not set): read and changed in
    one transaction, a setting holding a list never loses another writer's change."""
    value = conn.execute('SELECT value FROM meta WHERE "key" = :key', {"key": key}).scalar()
    return None if value is None else str(value)


def set_setting(conn: Connection, key: str, value: str | None) -> None:
    """Set one event setting (a core one, a game's own such as a bye's worth, or the live
    server's); None clears it."""
    touch_setting(conn, key)
    conn.execute('DELETE FROM meta WHERE "key" = :key', {"key": key})
    if value is not None:
        conn.execute('INSERT INTO meta ("key", value) VALUES (:key, :value)', {"key": key, "value": value})


def store_draw(conn: Connection, round_no: int | None, kind: str, seed: str, payload: Json) -> None:
    touch(conn, "draw", (NEW,))
    conn.execute("INSERT INTO draws (round, kind, seed, payload, at) VALUES (:round, :kind, :seed, :payload, :at)",
                 {"round": round_no, "kind": kind, "seed": seed, "payload": json.dumps(payload), "at": now()})


def next_version(conn: Connection, round_no: int, table_no: int) -> int:
    return next_versions(conn, [(round_no, table_no)])[(round_no, table_no)]


def next_versions(conn: Connection, tables: Sequence[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The next version of each (round, table) (1 when none is stored), in one query."""
    rounds = sorted({r for r, _t in tables})
    stored = {(r, t): v for r, t, v in conn.execute(
        "SELECT round, table_no, max(version) FROM results WHERE round IN :rounds GROUP BY round, table_no",
        {"rounds": rounds})}
    return {key: (stored.get(key) or 0) + 1 for key in tables}


def latest_lines(conn: Connection, round_no: int, table_no: int) -> list[NewLine]:
    """The lines of a table's latest stored version (empty when none), to compare a correction with."""
    rid = conn.execute("SELECT id FROM results WHERE round = :round AND table_no = :table ORDER BY version DESC "
                       "LIMIT 1", {"round": round_no, "table": table_no}).scalar()
    if rid is None:
        return []
    rows = conn.execute("SELECT seat, player_id, wonder, side, scores FROM result_lines WHERE result_id = :id "
                        "ORDER BY seat", {"id": rid}).all()
    return [NewLine(seat, pid, wonder, side, json.loads(scores)) for seat, pid, wonder, side, scores in rows]


def store_result(conn: Connection, *, round_no: int, table_no: int, version: int, author: str,
                 reason: str | None, source: str, warnings: list[Json], lines: list[NewLine]) -> None:
    """Add one version of a table's sheet."""
    store_results(conn, [NewResult(round_no, table_no, version, author, reason, source, warnings, lines)])


@dataclass(frozen=True)
class NewResult:
    """One version of a table's sheet to store; `seats` (player id, wonder) by seat when the
    sheet also gives the table's seats (a round seated from sheets), else None."""

    round: int
    table: int
    version: int
    author: str
    reason: str | None
    source: str
    warnings: list[Json]
    lines: list[NewLine]
    seats: list[tuple[int, str | None]] | None = None


#: Tables per statement where a statement names each (round, table): SQLite allows 999
#: parameters in old versions.
_CHUNK = 400


def store_results(conn: Connection, results: Sequence[NewResult]) -> None:
    """Add these versions of tables' sheets (and the seats of those that give them) with a
    few statements for all of them: over a network each statement is a round trip."""
    if not results:
        return
    seated = [(r.round, r.table, r.seats) for r in results if r.seats is not None]
    if seated:
        _store_sheet_seats(conn, seated)
    at = now()
    insert = ("INSERT INTO results (round, table_no, version, created_at, author, reason, source, warnings) "
              "VALUES (:round, :table_no, :version, :at, :author, :reason, :source, :warnings)")
    heads = [{"round": r.round, "table_no": r.table, "version": r.version, "at": at, "author": r.author,
              "reason": r.reason, "source": r.source, "warnings": json.dumps(r.warnings)} for r in results]
    if len(results) == 1 and conn.dialect == "postgresql":
        # A desk's one sheet: its id in the same round trip (SQLite's RETURNING is newer than
        # some systems' SQLite; there the two reads below cost no round trip).
        [r] = results
        ids = {(r.round, r.table, r.version): int(conn.execute(insert + " RETURNING id", heads[0]).scalar())}
    else:
        # Inside Event.transaction the write lock is held: the rows past the last id are ours.
        before = conn.execute("SELECT max(id) FROM results").scalar() or 0
        conn.execute_many(insert, heads)
        ids = {(r, t, v): rid for rid, r, t, v in conn.execute(
            "SELECT id, round, table_no, version FROM results WHERE id > :before", {"before": before})}
    for r in results:
        record_result(conn, ids[(r.round, r.table, r.version)], result_data(
            r.round, r.table, r.version, at, r.author, r.reason, r.source, _stored(r.warnings),
            [[line.seat, line.player_id, line.wonder, line.side, _stored(line.data)] for line in r.lines]))
    lines = [{"result_id": ids[(r.round, r.table, r.version)], "seat": line.seat, "player_id": line.player_id,
              "wonder": line.wonder, "side": line.side, "scores": json.dumps(line.data, sort_keys=True)}
             for r in results for line in r.lines]
    if lines:
        conn.execute_many("INSERT INTO result_lines (result_id, seat, player_id, wonder, side, scores) "
                          "VALUES (:result_id, :seat, :player_id, :wonder, :side, :scores)", lines)


def _stored(data: Json) -> Json:
    """A line's data as the store keeps it (its JSON read back: the journal says what a read gives)."""
    return json.loads(json.dumps(data, sort_keys=True))  # type: ignore[no-any-return]


def remove_result(conn: Connection, round_no: int, table_no: int, *, author: str, reason: str) -> int | None:
    """Remove a table's stored sheet: a version without lines after the stored one, which
    stays for the history (importing the sheet again stores the version after the removal).
    A round seated from sheets frees the table's seats, and is no round at all once none of
    its tables has a sheet. Returns the removed version (None: nothing stored)."""
    version = stored_version(conn, round_no, table_no)
    if version is None:
        return None
    store_results(conn, [NewResult(round_no, table_no, version + 1, author, reason, REMOVED, [], [])])
    touch(conn, "round", (round_no,))
    clear_sheet_seats(conn, [(round_no, table_no)])
    source = conn.execute("SELECT source FROM rounds WHERE number = :round", {"round": round_no}).scalar()
    if source == "sheets" and round_no not in {r for (r,) in conn.execute(_ROUNDS_WITH_RESULTS)}:
        conn.execute("DELETE FROM seats WHERE round = :round", {"round": round_no})
        conn.execute("DELETE FROM roster_changes WHERE round = :round", {"round": round_no})
        conn.execute("DELETE FROM rounds WHERE number = :round", {"round": round_no})
    return version


def clear_sheet_seats(conn: Connection, tables: list[tuple[int, int]]) -> None:
    """Free the seats of these (round, table)s where the round was seated from sheets (the
    tool's own seating stays)."""
    from_sheets = {r for (r,) in conn.execute("SELECT number FROM rounds WHERE source = 'sheets'")}
    _delete_seats(conn, [(r, t) for r, t in tables if r in from_sheets])


def _delete_seats(conn: Connection, tables: list[tuple[int, int]]) -> None:
    """Free the seats of these (round, table)s."""
    touch(conn, "round", {r for r, _t in tables})
    for i in range(0, len(tables), _CHUNK):
        conn.execute("DELETE FROM seats WHERE (round, table_no) IN :tables", {"tables": tables[i:i + _CHUNK]})


def store_table_seats(conn: Connection, round_no: int, table_no: int,
                      seats: list[tuple[int, str | None]]) -> None:
    """Record one table's seats from a sheet, for rounds the tool did not seat (paper schedules)."""
    _store_sheet_seats(conn, [(round_no, table_no, seats)])


#: A table's seats as its sheet gives them: round, table, (player id, wonder) by seat.
SheetSeats = tuple[int, int, list[tuple[int, str | None]]]


def _store_sheet_seats(conn: Connection, tables: Sequence[SheetSeats]) -> None:
    """Record the tables' seats from their sheets; a round not seated yet becomes one seated
    from sheets."""
    rounds = list(dict.fromkeys(r for r, _t, _s in tables))
    touch(conn, "round", rounds)
    known = {r for (r,) in conn.execute("SELECT number FROM rounds WHERE number IN :rounds", {"rounds": rounds})}
    new = [r for r in rounds if r not in known]
    if new:
        at = now()
        conn.execute_many("INSERT INTO rounds (number, source, seated_at) VALUES (:number, 'sheets', :at)",
                          [{"number": r, "at": at} for r in new])
    _delete_seats(conn, [(r, t) for r, t, _s in tables])
    _insert_seats(conn, [(r, t, s, pid, wonder) for r, t, seats in tables for s, (pid, wonder) in enumerate(seats, 1)])


def mark_printed(conn: Connection, round_no: int) -> None:
    """Record that a round's score sheets were printed: later re-planning keeps its seating."""
    touch(conn, "round", (round_no,))
    conn.execute("UPDATE rounds SET printed_at = :at WHERE number = :round", {"at": now(), "round": round_no})


# --- players' personal codes --------------------------------------------------------------
def player_codes(event: Event) -> dict[int, str]:
    """Every player's code by player id (players without one yet are left out)."""
    with event.db.read() as conn:
        return dict(conn.execute("SELECT player_id, code FROM player_codes").all())


def set_player_codes(conn: Connection, codes: dict[int, str], *, replace: bool = False) -> None:
    """Give players their codes (`replace`: a player's new code takes the place of the old)."""
    if replace:
        conn.execute("DELETE FROM player_codes WHERE player_id IN :ids", {"ids": sorted(codes)})
    conn.execute_many("INSERT INTO player_codes (player_id, code, created_at) VALUES (:player, :code, :at)",
                      [{"player": pid, "code": code, "at": now()} for pid, code in codes.items()])


def player_with_code(event: Event, code: str) -> Player | None:
    """The player whose code this is, or None."""
    with event.db.read() as conn:
        found = conn.execute(f"SELECT {', '.join('p.' + c.strip() for c in PLAYER.split(','))} FROM players p "
                             "JOIN player_codes c ON c.player_id = p.id WHERE c.code = :code", {"code": code}).first()
    return None if found is None else Player(*found)


def checked_in(event: Event) -> dict[int, str]:
    """When each checked-in player checked in, by player id."""
    with event.db.read() as conn:
        return dict(conn.execute("SELECT player_id, at FROM check_ins").all())


def check_in_status(player: Player, checked_in: bool) -> CheckIn:
    """Where a player stands before round 1 of an event that asks players to check in."""
    if checked_in:
        return CheckIn.CHECKED_IN
    return CheckIn.NO_SHOW if player.dropped_after == 0 else CheckIn.EXPECTED


def check_in(conn: Connection, players: Sequence[Player], how: str) -> list[int]:
    """Check players in (once: again changes nothing); returns the ids newly checked in. A
    no-show checked in is the player's to re-enter (`reenter_player`)."""
    have = {r for (r,) in conn.execute("SELECT player_id FROM check_ins WHERE player_id IN :ids",
                                       {"ids": sorted({p.id for p in players})})}
    new = [p.id for p in {p.id: p for p in players}.values() if p.id not in have]
    for p in players:
        if p.id in new:
            CHECK_IN_MOVES.check(check_in_status(p, False), CheckIn.CHECKED_IN, repr(p.name))
    conn.execute_many("INSERT INTO check_ins (player_id, at, how) VALUES (:player, :at, :how)",
                      [{"player": pid, "at": now(), "how": how} for pid in new])
    return new


# --- blind double entry -------------------------------------------------------------------
@dataclass(frozen=True)
class HeldEntry:
    """A desk's entry of a table's sheet, held until a second entry agrees with it."""

    id: int
    round: int
    table: int
    base_version: int
    desk: str
    rows: tuple[dict[str, Json], ...]
    reason: str | None
    third_asked: bool
    at: str


_HELD = "SELECT id, round, table_no, base_version, desk, rows, reason, third_asked, at FROM held_entries"


def _held(rows: Any) -> list[HeldEntry]:
    return [HeldEntry(hid, round_no, table_no, base, desk, tuple(json.loads(typed)), reason, bool(third), at)
            for hid, round_no, table_no, base, desk, typed, reason, third, at in rows]


def held_entries(event: Event) -> list[HeldEntry]:
    """Every held entry, by round, table and arrival."""
    with event.db.read() as conn:
        return _held(conn.execute(f"{_HELD} ORDER BY round, table_no, id"))


def held_at(conn: Connection, round_no: int, table_no: int) -> list[HeldEntry]:
    """The table's held entries (inside a transaction), oldest first."""
    return _held(conn.execute(f"{_HELD} WHERE round = :round AND table_no = :table ORDER BY id",
                              {"round": round_no, "table": table_no}))


def hold_entry(conn: Connection, round_no: int, table_no: int, base_version: int, desk: str,
               rows: list[dict[str, Json]], reason: str | None) -> None:
    """Hold a desk's entry; it replaces that desk's earlier entry of the table, and entries
    that follow an older stored version go (they were typed from a superseded sheet)."""
    TABLE_MOVES.check(table_status(conn, round_no, table_no), TableStatus.HELD, _table(round_no, table_no))
    table = {"round": round_no, "table": table_no}
    conn.execute("DELETE FROM held_entries WHERE round = :round AND table_no = :table "
                 "AND (desk = :desk OR base_version <> :base)", {**table, "desk": desk, "base": base_version})
    asked = conn.execute("SELECT id FROM held_entries WHERE round = :round AND table_no = :table AND third_asked",
                         table).first() is not None
    conn.execute("INSERT INTO held_entries (round, table_no, base_version, desk, rows, reason, third_asked, at) "
                 "VALUES (:round, :table, :base, :desk, :rows, :reason, :asked, :at)",
                 {**table, "base": base_version, "desk": desk, "rows": json.dumps(rows), "reason": reason,
                  "asked": asked, "at": now()})
    log(conn, "results.hold", table, desk)


def entry_status(entry: HeldEntry) -> EntryStatus:
    return EntryStatus.THIRD if entry.third_asked else EntryStatus.HELD


def ask_third_entry(conn: Connection, round_no: int, table_no: int, who: str) -> None:
    """Ask for a third desk's entry of a table whose held entries differ (asked again: nothing changes)."""
    held = [h for h in held_at(conn, round_no, table_no) if entry_status(h) is not EntryStatus.THIRD]
    if not held:
        return
    for h in held:
        ENTRY_MOVES.check(entry_status(h), EntryStatus.THIRD, _("held entry {entry}").format(entry=h.id))
    conn.execute("UPDATE held_entries SET third_asked = :yes WHERE round = :round AND table_no = :table",
                 {"yes": True, "round": round_no, "table": table_no})
    log(conn, "results.third", {"round": round_no, "table": table_no}, who)


def clear_held(conn: Connection, round_no: int, table_no: int) -> None:
    conn.execute("DELETE FROM held_entries WHERE round = :round AND table_no = :table",
                 {"round": round_no, "table": table_no})


# --- self-reported sheets -----------------------------------------------------------------
@dataclass(frozen=True)
class ReportAnswer:
    """A player's answer to a reported sheet: agreed (`agree`) or disputed, and when."""

    player: str
    agree: bool
    at: str


@dataclass(frozen=True)
class SheetReport:
    """A table's sheet as one of its players reported it, with every answer so far; `version`
    is the result version stored from it (status "stored" or "accepted")."""

    id: int
    round: int
    table: int
    reporter: str
    rows: tuple[dict[str, Json], ...]
    status: ReportStatus
    version: int | None
    at: str
    answers: tuple[ReportAnswer, ...]


_REPORT = ("SELECT r.id, r.round, r.table_no, p.name, r.rows, r.status, r.version, r.at FROM reports r "
           "JOIN players p ON p.id = r.player_id")


def reports(conn: Connection, round_no: int | None = None, table_no: int | None = None,
            report_id: int | None = None) -> list[SheetReport]:
    """The reports (of a round, of one of its tables, or the one with `report_id`), oldest first."""
    where = [w for w, given in (("r.round = :round", round_no), ("r.table_no = :table", table_no),
                                ("r.id = :id", report_id)) if given is not None]
    params = {"round": round_no, "table": table_no, "id": report_id}
    heads = conn.execute(_REPORT + (f" WHERE {' AND '.join(where)}" if where else "") + " ORDER BY r.id",
                         params).all()
    answers: dict[int, list[ReportAnswer]] = {h[0]: [] for h in heads}
    if heads:
        for rid, name, agree, at in conn.execute(
                "SELECT a.report_id, p.name, a.agree, a.at FROM report_answers a JOIN players p ON p.id = a.player_id "
                "WHERE a.report_id IN :ids ORDER BY a.at, p.name", {"ids": sorted(answers)}):
            answers[rid].append(ReportAnswer(name, bool(agree), at))
    return [SheetReport(rid, r, t, name, tuple(json.loads(rows)), ReportStatus(status), version, at,
                        tuple(answers[rid]))
            for rid, r, t, name, rows, status, version, at in heads]


def sheet_reports(event: Event, round_no: int | None = None, table_no: int | None = None) -> list[SheetReport]:
    """`reports` read outside a transaction (pages, the desks)."""
    with event.db.read() as conn:
        return reports(conn, round_no, table_no)


def add_report(conn: Connection, round_no: int, table_no: int, player_id: int, rows: list[dict[str, Json]]) -> int:
    """A new report of a table by one of its players (who agrees with it); returns its id."""
    at = now()
    TABLE_MOVES.check(table_status(conn, round_no, table_no), TableStatus.REPORTED, _table(round_no, table_no))
    conn.execute("INSERT INTO reports (round, table_no, player_id, rows, status, at) "
                 "VALUES (:round, :table, :player, :rows, :status, :at)",
                 {"round": round_no, "table": table_no, "player": player_id, "rows": json.dumps(rows), "at": at,
                  "status": ReportStatus.WAITING.value})
    # Inside Event.transaction the write lock is held: the newest report is ours.
    rid = int(conn.execute("SELECT max(id) FROM reports").scalar())
    answer_report(conn, rid, player_id, True)
    return rid


def answer_report(conn: Connection, report_id: int, player_id: int, agree: bool) -> None:
    """A player's answer to a report (a later answer takes the place of theirs)."""
    conn.execute("DELETE FROM report_answers WHERE report_id = :id AND player_id = :player",
                 {"id": report_id, "player": player_id})
    conn.execute("INSERT INTO report_answers (report_id, player_id, agree, at) VALUES (:id, :player, :agree, :at)",
                 {"id": report_id, "player": player_id, "agree": agree, "at": now()})


def set_report_status(conn: Connection, report_id: int, status: ReportStatus, version: int | None = None) -> None:
    """Change a report's status by a move `REPORT_MOVES` allows (else StatusRefused, nothing changed)."""
    done = conn.execute("UPDATE reports SET status = :status, version = :version WHERE id = :id AND status IN :before",
                        {"id": report_id, "status": status.value, "version": version,
                         "before": sorted(s.value for s in REPORT_MOVES.before(status))})
    if done.rowcount != 1:
        now_is = conn.execute("SELECT status FROM reports WHERE id = :id", {"id": report_id}).scalar()
        if now_is is None:
            raise StatusRefused(_("no report {report}").format(report=report_id))
        REPORT_MOVES.check(str(now_is), status, _("report {report}").format(report=report_id))


def _table(round_no: int, table_no: int) -> str:
    return _("round {round}, table {table}").format(round=round_no, table=table_no)


def table_status(conn: Connection, round_no: int, table_no: int) -> TableStatus:
    """How a table's sheet stands: a version stored (a correction held or not), else an entry
    held, a report open, or nothing yet."""
    where = {"round": round_no, "table": table_no}
    if stored_version(conn, round_no, table_no) is not None:
        return TableStatus.STORED
    if conn.execute("SELECT id FROM held_entries WHERE round = :round AND table_no = :table", where).first():
        return TableStatus.HELD
    opened = sorted(s.value for s in REPORT_MOVES.allowed)
    if conn.execute("SELECT id FROM reports WHERE round = :round AND table_no = :table AND status IN :open",
                    {**where, "open": opened}).first():
        return TableStatus.REPORTED
    return TableStatus.OPEN


# --- live-server desks ------------------------------------------------------------------
@dataclass(frozen=True)
class Desk:
    id: int
    name: str
    organiser: bool
    created_at: str


def _token_hash(salt: str, token: str) -> str:
    # Tokens are long random strings, so one salted SHA-256 is enough (no password stretching).
    import hashlib

    return hashlib.sha256(f"{salt}:{token}".encode()).hexdigest()


def add_desk(conn: Connection, name: str, *, organiser: bool = False) -> str:
    """Register a desk and return its token (shown once; only a salted hash is stored)."""
    import secrets

    clean = " ".join(name.split())
    if not clean:
        raise RegistrationError(_("a desk name can't be empty"))
    if conn.execute("SELECT id FROM desks WHERE lower(name) = :name", {"name": clean.lower()}).first():
        raise RegistrationError(_("there is already a desk {name!r}: remove it first, or choose another name").format(
            name=clean))
    token, salt = secrets.token_urlsafe(24), secrets.token_hex(16)
    conn.execute("INSERT INTO desks (name, salt, token_hash, organiser, created_at) "
                 "VALUES (:name, :salt, :hash, :organiser, :at)",
                 {"name": clean, "salt": salt, "hash": _token_hash(salt, token), "organiser": organiser, "at": now()})
    log(conn, "desk.add", {"desk": clean, **({"organiser": True} if organiser else {})})
    return token


def remove_desk(conn: Connection, name: str) -> str:
    row = conn.execute("SELECT id, name FROM desks WHERE lower(name) = :name", {"name": name.strip().lower()}).first()
    if row is None:
        raise RegistrationError(_("no desk {name!r}: see 'tourney desk list'").format(name=name))
    conn.execute("DELETE FROM desk_sessions WHERE desk_id = :id", {"id": row[0]})  # its logged-in pages too
    conn.execute("DELETE FROM desks WHERE id = :id", {"id": row[0]})
    log(conn, "desk.remove", {"desk": row[1]})
    return str(row[1])


_DESK = "SELECT id, name, organiser, created_at, salt, token_hash FROM desks ORDER BY id"


def desks(event: Event) -> list[Desk]:
    with event.db.read() as conn:
        rows = conn.execute(_DESK).all()
    return [Desk(did, name, bool(organiser), at) for did, name, organiser, at, _salt, _hash in rows]


def desk_for_token(event: Event, token: str) -> Desk | None:
    """The desk whose token this is, or None."""
    import hmac

    with event.db.read() as conn:
        rows = conn.execute(_DESK).all()
    for did, name, organiser, at, salt, token_hash in rows:
        if hmac.compare_digest(token_hash, _token_hash(salt, token)):
            return Desk(did, name, bool(organiser), at)
    return None


#: The meta row counting committed changes (every `Event.transaction` adds one).


def keep_photo(conn: Connection, sha256: str, suffix: str, data: bytes) -> bool:
    """Keep a scan pad's photo in the event's database by its hash; False when it was kept
    already (a photo never replaces another)."""
    if conn.execute("SELECT 1 FROM photos WHERE sha256 = :sha", {"sha": sha256}).first() is not None:
        return False
    conn.execute("INSERT INTO photos (sha256, suffix, data, at) VALUES (:sha, :suffix, :data, :at)",
                 {"sha": sha256, "suffix": suffix, "data": data, "at": now()})
    return True
