"""What changes an event, inside `Event.transaction()`: players, seatings, draws, results and
their versions, held double entries and the live server's desks."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection as Connection  # re-exported: the type of a transaction

from tourney.core.errors import RegistrationError
from tourney.core.i18n import _
from tourney.core.names import clean_name, name_key
from tourney.core.store.event import Event, log
from tourney.core.store.schema import (
    Json,
    NewLine,
    Player,
    current_user,
    desks_t,
    draws_t,
    held_t,
    history_t,
    lines_t,
    meta_t,
    now,
    past_seats_t,
    players_t,
    results_t,
    roster_changes_t,
    rounds_t,
    seats_t,
)


# --- write helpers used inside Event.transaction() -------------------------------------
def players_by_key(conn: Connection) -> dict[str, Player]:
    """Every player by `names.name_key` (one query; names are compared in Python because the
    database's lower() folds ASCII only)."""
    rows = conn.execute(sa.select(players_t).order_by(players_t.c.id)).all()
    return {name_key(r.name): Player(r.id, r.name, r.joined_round, r.dropped_after) for r in rows}


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
    before = conn.execute(sa.select(sa.func.max(players_t.c.id))).scalar() or 0
    conn.execute(sa.insert(players_t), [{"name": n, "added_at": at, "joined_round": joined_round} for n in names])
    ids = dict(conn.execute(sa.select(players_t.c.name, players_t.c.id).where(players_t.c.id > before)).all())
    who = current_user()
    conn.execute(sa.insert(history_t), [{"at": at, "who": who, "action": "players.add",
                                         "detail": f"{n!r} from round {joined_round}"} for n in names])
    # mark_seating_stale for every name, with one query for the rounds and one insert.
    rounds = _open_rounds(conn, joined_round)
    if rounds:
        conn.execute(sa.insert(roster_changes_t), [
            {"round": r, "player_id": int(ids[n]), "change": "joined", "player": n, "at": at}
            for n in names for r in rounds])
    return [int(ids[n]) for n in names]


def reenter_player(conn: Connection, player: Player, joined_round: int) -> None:
    conn.execute(sa.update(players_t).where(players_t.c.id == player.id)
                 .values(dropped_after=None, joined_round=max(player.joined_round, joined_round)))
    log(conn, "players.readd", f"{player.name!r} re-entered from round {joined_round}")
    mark_seating_stale(conn, joined_round, player.id, "joined", player.name)


def drop_player(conn: Connection, name: str, after_round: int) -> str:
    row = _find_player(conn, name)
    if row.dropped_after is not None:
        raise RegistrationError(_("{name!r} already dropped after round {round}").format(
            name=row.name, round=row.dropped_after))
    conn.execute(sa.update(players_t).where(players_t.c.id == row.id).values(dropped_after=after_round))
    log(conn, "players.drop", f"{row.name!r} dropped after round {after_round}")
    mark_seating_stale(conn, after_round + 1, row.id, "dropped", row.name)
    return str(row.name)


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
    conn.execute(sa.update(players_t).where(players_t.c.id == player.id).values(name=clean))
    for draw_id, payload in conn.execute(sa.select(draws_t.c.id, draws_t.c.payload)).all():
        before = json.loads(payload)
        after = _renamed(before, player.name, clean)
        if after != before:
            conn.execute(sa.update(draws_t).where(draws_t.c.id == draw_id).values(payload=json.dumps(after)))
    log(conn, "players.rename", f"renamed {player.name!r} to {clean!r}")
    # Sheets printed with the old name are out of date (the seating itself follows the id).
    mark_seating_stale(conn, 1, player.id, "renamed", f"{player.name!r} → {clean!r}")
    return player.name, clean


def remove_player(conn: Connection, name: str) -> tuple[str, list[int]]:
    """Remove a mis-registered player who has no results and no seat in a printed round;
    their seats in unprinted rounds go too. Returns (name, the rounds that lost a seat)."""
    player = _find_player(conn, name)
    played = conn.execute(sa.select(results_t.c.round, results_t.c.table_no)
                          .join(lines_t, lines_t.c.result_id == results_t.c.id)
                          .where(lines_t.c.player_id == player.id)
                          .order_by(results_t.c.round, results_t.c.table_no)).first()
    if played is not None:
        raise RegistrationError(_("{name!r} has results (round {round}, table {table}): a player who played can't "
                                  "be removed; use 'tourney players drop' so they play no further rounds").format(
            name=player.name, round=played.round, table=played.table_no))
    seated = conn.execute(sa.select(seats_t.c.round, rounds_t.c.printed_at)
                          .join(rounds_t, rounds_t.c.number == seats_t.c.round)
                          .where(seats_t.c.player_id == player.id).order_by(seats_t.c.round)).all()
    printed = [r for r, at in seated if at is not None]
    if printed:
        raise RegistrationError(_("{name!r} is seated in round {round}, whose sheets are printed: use 'tourney "
                                  "players drop' instead").format(name=player.name, round=printed[0]))
    conn.execute(sa.delete(seats_t).where(seats_t.c.player_id == player.id))
    conn.execute(sa.delete(players_t).where(players_t.c.id == player.id))
    rounds = [r for r, _ in seated]
    if rounds:
        mark_seating_stale(conn, min(rounds), player.id, "removed", repr(player.name))
    log(conn, "players.remove", f"removed {player.name!r}"
         + (f" (seated in round {', '.join(map(str, rounds))}: re-seat)" if rounds else ""))
    return player.name, rounds


def mark_seating_stale(conn: Connection, from_round: int, player_id: int | None, change: str, player: str) -> list[int]:
    """Record a roster change (`change`: joined, dropped, renamed, removed) in every round
    from `from_round` on that is seated and has no results: their seating is then out of
    date until the round is seated again. Call it in the transaction that changes the roster.
    Returns the rounds marked."""
    rounds = _open_rounds(conn, from_round)
    if rounds:
        at = now()
        conn.execute(sa.insert(roster_changes_t), [
            {"round": r, "player_id": player_id, "change": change, "player": player, "at": at} for r in rounds])
    return rounds


def _open_rounds(conn: Connection, from_round: int) -> list[int]:
    """The rounds from `from_round` on that are seated and have no results."""
    played = sa.select(results_t.c.round).distinct()
    return [r for (r,) in conn.execute(sa.select(rounds_t.c.number)
                                       .where(rounds_t.c.number >= from_round, rounds_t.c.number.not_in(played))
                                       .order_by(rounds_t.c.number))]


def clear_roster_changes(conn: Connection, round_no: int) -> None:
    """Round `round_no` was seated again (or kept as planned on purpose): it is up to date."""
    conn.execute(sa.delete(roster_changes_t).where(roster_changes_t.c.round == round_no))


def store_seating(conn: Connection, round_no: int, source: str,
                  tables: list[list[tuple[int, str | None]]]) -> None:
    """Replace a round's seating: `tables[t][s]` = (player id, wonder) at table t+1, seat s+1.
    The seating it replaces is kept (`Event.past_seatings`); the round is up to date again."""
    old = conn.execute(sa.select(seats_t.c.table_no, seats_t.c.seat, seats_t.c.player_id)
                       .where(seats_t.c.round == round_no)).all()
    if old:
        printed = conn.execute(sa.select(rounds_t.c.printed_at).where(rounds_t.c.number == round_no)).scalar()
        version = (conn.execute(sa.select(sa.func.max(past_seats_t.c.version))
                                .where(past_seats_t.c.round == round_no)).scalar() or 0) + 1
        at = now()
        conn.execute(sa.insert(past_seats_t), [
            {"round": round_no, "version": version, "table_no": t, "seat": s, "player_id": pid, "replaced_at": at,
             "printed_at": printed} for t, s, pid in old])
    conn.execute(sa.delete(roster_changes_t).where(roster_changes_t.c.round == round_no))
    conn.execute(sa.delete(seats_t).where(seats_t.c.round == round_no))
    conn.execute(sa.delete(rounds_t).where(rounds_t.c.number == round_no))
    conn.execute(sa.insert(rounds_t).values(number=round_no, source=source, seated_at=now()))
    rows = [{"round": round_no, "table_no": t, "seat": s, "player_id": pid, "wonder": wonder}
            for t, table in enumerate(tables, 1) for s, (pid, wonder) in enumerate(table, 1)]
    if rows:
        conn.execute(sa.insert(seats_t), rows)


def set_setting(conn: Connection, key: str, value: str | None) -> None:
    """Set one event setting (a core one, a game's own such as a bye's worth, or the live
    server's); None clears it."""
    conn.execute(sa.delete(meta_t).where(meta_t.c.key == key))
    if value is not None:
        conn.execute(sa.insert(meta_t).values(key=key, value=value))


def store_draw(conn: Connection, round_no: int | None, kind: str, seed: str, payload: Json) -> None:
    conn.execute(sa.insert(draws_t).values(round=round_no, kind=kind, seed=seed,
                                           payload=json.dumps(payload), at=now()))


def next_version(conn: Connection, round_no: int, table_no: int) -> int:
    return next_versions(conn, [(round_no, table_no)])[(round_no, table_no)]


def next_versions(conn: Connection, tables: Sequence[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The next version of each (round, table) (1 when none is stored), in one query."""
    rounds = sorted({r for r, _t in tables})
    q = (sa.select(results_t.c.round, results_t.c.table_no, sa.func.max(results_t.c.version))
         .where(results_t.c.round.in_(rounds)).group_by(results_t.c.round, results_t.c.table_no))
    stored = {(r, t): v for r, t, v in conn.execute(q)}
    return {key: (stored.get(key) or 0) + 1 for key in tables}


def latest_lines(conn: Connection, round_no: int, table_no: int) -> list[NewLine]:
    """The lines of a table's latest stored version (empty when none), to compare a correction with."""
    rid = conn.execute(sa.select(results_t.c.id).where(results_t.c.round == round_no, results_t.c.table_no == table_no)
                       .order_by(results_t.c.version.desc()).limit(1)).scalar()
    if rid is None:
        return []
    rows = conn.execute(sa.select(lines_t).where(lines_t.c.result_id == rid).order_by(lines_t.c.seat)).all()
    return [NewLine(r.seat, r.player_id, r.wonder, r.side, json.loads(r.scores)) for r in rows]


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
    # Inside Event.transaction the write lock is held: the rows past the last id are ours.
    before = conn.execute(sa.select(sa.func.max(results_t.c.id))).scalar() or 0
    conn.execute(sa.insert(results_t), [
        {"round": r.round, "table_no": r.table, "version": r.version, "created_at": at, "author": r.author,
         "reason": r.reason, "source": r.source, "warnings": json.dumps(r.warnings)} for r in results])
    ids = {(r, t, v): rid for rid, r, t, v in conn.execute(
        sa.select(results_t.c.id, results_t.c.round, results_t.c.table_no, results_t.c.version)
        .where(results_t.c.id > before))}
    lines = [{"result_id": ids[(r.round, r.table, r.version)], "seat": line.seat, "player_id": line.player_id,
              "wonder": line.wonder, "side": line.side, "scores": json.dumps(line.data, sort_keys=True)}
             for r in results for line in r.lines]
    if lines:
        conn.execute(sa.insert(lines_t), lines)


def clear_sheet_seats(conn: Connection, tables: list[tuple[int, int]]) -> None:
    """Free the seats of these (round, table)s where the round was seated from sheets (the
    tool's own seating stays)."""
    from_sheets = {r for (r,) in conn.execute(sa.select(rounds_t.c.number).where(rounds_t.c.source == "sheets"))}
    freed = [(r, t) for r, t in tables if r in from_sheets]
    for i in range(0, len(freed), _CHUNK):
        conn.execute(sa.delete(seats_t).where(sa.tuple_(seats_t.c.round, seats_t.c.table_no).in_(freed[i:i + _CHUNK])))


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
    known = {r for (r,) in conn.execute(sa.select(rounds_t.c.number).where(rounds_t.c.number.in_(rounds)))}
    new = [r for r in rounds if r not in known]
    if new:
        at = now()
        conn.execute(sa.insert(rounds_t), [{"number": r, "source": "sheets", "seated_at": at} for r in new])
    for i in range(0, len(tables), _CHUNK):
        conn.execute(sa.delete(seats_t).where(sa.tuple_(seats_t.c.round, seats_t.c.table_no)
                                              .in_([(r, t) for r, t, _s in tables[i:i + _CHUNK]])))
    rows = [{"round": r, "table_no": t, "seat": s, "player_id": pid, "wonder": wonder}
            for r, t, seats in tables for s, (pid, wonder) in enumerate(seats, 1)]
    if rows:
        conn.execute(sa.insert(seats_t), rows)


def mark_printed(conn: Connection, round_no: int) -> None:
    """Record that a round's score sheets were printed: later re-planning keeps its seating."""
    conn.execute(sa.update(rounds_t).where(rounds_t.c.number == round_no).values(printed_at=now()))


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


def _held(rows: Any) -> list[HeldEntry]:
    return [HeldEntry(r.id, r.round, r.table_no, r.base_version, r.desk, tuple(json.loads(r.rows)), r.reason,
                      bool(r.third_asked), r.at) for r in rows]


def held_entries(event: Event) -> list[HeldEntry]:
    """Every held entry, by round, table and arrival."""
    with event.engine.connect() as conn:
        return _held(conn.execute(sa.select(held_t).order_by(held_t.c.round, held_t.c.table_no, held_t.c.id)))


def held_at(conn: Connection, round_no: int, table_no: int) -> list[HeldEntry]:
    """The table's held entries (inside a transaction), oldest first."""
    return _held(conn.execute(sa.select(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no)
                              .order_by(held_t.c.id)))


def hold_entry(conn: Connection, round_no: int, table_no: int, base_version: int, desk: str,
               rows: list[dict[str, Json]], reason: str | None) -> None:
    """Hold a desk's entry; it replaces that desk's earlier entry of the table, and entries
    that follow an older stored version go (they were typed from a superseded sheet)."""
    conn.execute(sa.delete(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no,
                                         sa.or_(held_t.c.desk == desk, held_t.c.base_version != base_version)))
    asked = conn.execute(sa.select(held_t.c.id).where(held_t.c.round == round_no, held_t.c.table_no == table_no,
                                                      held_t.c.third_asked)).first() is not None
    conn.execute(sa.insert(held_t).values(round=round_no, table_no=table_no, base_version=base_version, desk=desk,
                                          rows=json.dumps(rows), reason=reason, third_asked=asked, at=now()))
    log(conn, "results.hold", f"round {round_no}, table {table_no}: entry held for a second entry", desk)


def ask_third_entry(conn: Connection, round_no: int, table_no: int, who: str) -> None:
    conn.execute(sa.update(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no)
                 .values(third_asked=True))
    log(conn, "results.third", f"round {round_no}, table {table_no}: a third entry asked for", who)


def clear_held(conn: Connection, round_no: int, table_no: int) -> None:
    conn.execute(sa.delete(held_t).where(held_t.c.round == round_no, held_t.c.table_no == table_no))


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
    if conn.execute(sa.select(desks_t.c.id).where(sa.func.lower(desks_t.c.name) == clean.lower())).first():
        raise RegistrationError(_("there is already a desk {name!r}: remove it first, or choose another name").format(
            name=clean))
    token, salt = secrets.token_urlsafe(24), secrets.token_hex(16)
    conn.execute(sa.insert(desks_t).values(name=clean, salt=salt, token_hash=_token_hash(salt, token),
                                           organiser=organiser, created_at=now()))
    log(conn, "desk.add", f"desk {clean!r}" + (" (organiser)" if organiser else ""))
    return token


def remove_desk(conn: Connection, name: str) -> str:
    row = conn.execute(sa.select(desks_t).where(sa.func.lower(desks_t.c.name) == name.strip().lower())).first()
    if row is None:
        raise RegistrationError(_("no desk {name!r}: see 'tourney desk list'").format(name=name))
    conn.execute(sa.delete(desks_t).where(desks_t.c.id == row.id))
    log(conn, "desk.remove", f"desk {row.name!r}")
    return str(row.name)


def desks(event: Event) -> list[Desk]:
    with event.engine.connect() as conn:
        rows = conn.execute(sa.select(desks_t).order_by(desks_t.c.id)).all()
    return [Desk(r.id, r.name, bool(r.organiser), r.created_at) for r in rows]


def desk_for_token(event: Event, token: str) -> Desk | None:
    """The desk whose token this is, or None."""
    import hmac

    with event.engine.connect() as conn:
        rows = conn.execute(sa.select(desks_t)).all()
    for r in rows:
        if hmac.compare_digest(r.token_hash, _token_hash(r.salt, token)):
            return Desk(r.id, r.name, bool(r.organiser), r.created_at)
    return None


#: The meta row counting committed changes (every `Event.transaction` adds one).
