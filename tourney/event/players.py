"""Registration: add, import (CSV, XLSX, ODS or XLS with a `name` column), drop, rename, remove, list."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tourney.core import store
from tourney.core.errors import RegistrationError, SheetError
from tourney.core.i18n import N_, _, join_or, ngettext
from tourney.core.tabular import Table, is_blank, read_tables
from tourney.core.vocabulary import ROSTER, header_columns
from tourney.core.names import SimilarNames, clean_name, fold, name_key, printable, question_marks_match, sort_key
from tourney.core.names import similar

#: Longest name read from a roster file.
MAX_NAME_CHARS = 100
_ROSTER_COLUMNS = ROSTER.aliases(("player", "first", "last"))
_COLUMN_WORDS = {"player": N_("name"), "first": N_("first name"), "last": N_("last name")}


def _next_round(event: store.Event) -> int:
    """The round a player joining now plays first: the one after the last round with results."""
    played = [t.round for t in event.results()]
    return max(played, default=0) + 1


@dataclass(frozen=True)
class Registration:
    """What registering a list of names did: who was added (from `first_round`), who was
    already there, and who was held back because the name looks like a registered one."""

    first_round: int
    added: tuple[str, ...]
    reentered: tuple[str, ...] = ()
    known: tuple[tuple[str, str], ...] = ()  # (as given, as registered): given again
    repeated: tuple[str, ...] = ()  # given twice in the same list
    held: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name, the registered names it looks like)
    garbled: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (name with '?', the names it most likely is)

    def garbled_message(self) -> str | None:
        """Why the names with Excel's '?' for a letter were not registered, or None."""
        if not self.garbled:
            return None
        lines = [_("{name!r} (most likely {names})").format(
            name=printable(n), names=join_or([repr(printable(s)) for s in likely])) if likely else repr(printable(n))
            for n, likely in self.garbled]
        if len(lines) == 1:
            name, likely = self.garbled[0]
            return (_("{name!r} was not registered: Excel replaced letters it could not save with '?': save the "
                      "roster as 'CSV UTF-8' or XLSX and import it again; it is most likely {names}") if likely else
                    _("{name!r} was not registered: Excel replaced letters it could not save with '?': save the "
                      "roster as 'CSV UTF-8' or XLSX and import it again")).format(
                name=printable(name), names=join_or([repr(printable(s)) for s in likely]))
        return "\n".join([ngettext("{n} name was not registered: Excel replaced letters it could not save with '?': "
                                   "save the roster as 'CSV UTF-8' or XLSX and import it again",
                                   "{n} names were not registered: Excel replaced letters it could not save with '?': "
                                   "save the roster as 'CSV UTF-8' or XLSX and import it again", len(lines)).format(
            n=len(lines)),
                          *(f"  {line}" for line in lines)])

    def _held_lines(self) -> list[str]:
        return [_("{name!r} looks like the registered {similar}").format(
            name=printable(n), similar=join_or([repr(printable(s)) for s in like])) for n, like in self.held]

    def held_back(self) -> str:
        """The names held back when others were registered: what registering left undone."""
        lines = self._held_lines()
        return "\n".join([ngettext("held back {n} name that looks like a registered one:",
                                   "held back {n} names that look like registered ones:", len(lines)).format(
            n=len(lines)), *(f"  {line}" for line in lines),
            ngettext("add it anyway with --yes, or fix the spelling",
                     "add them anyway with --yes, or fix the spelling", len(lines))])

    def similar_message(self) -> str | None:
        """Why the held names were not added and how to add them anyway, or None."""
        if not self.held:
            return None
        lines = self._held_lines()
        if len(lines) == 1:
            return _("{problem}: add anyway with --yes, or fix the spelling").format(problem=lines[0])
        return (_("{n} names look like registered ones and were not added: add them anyway with --yes, "
                  "or fix the spelling").format(n=len(lines)) + "\n" + "\n".join(f"  {line}" for line in lines))


def register(event: store.Event, names: list[str], *, yes: bool = False, reenter: bool = True,
             source: str | None = None) -> Registration:
    """Register the new names among `names` in one transaction (one query for the players
    already there, one bulk insert). Names already registered are listed, not refused; a
    dropped one is re-entered when `reenter` (typed on purpose, not re-imported). A name that
    looks like a registered one (see names.similar_names) is held back unless `yes`; one with
    a '?' (Excel's stand-in for a letter its CSV could not save) is held back even then.
    An unusable name refuses the whole list (`source`, the roster file, named in the message)."""
    try:
        cleaned = [clean_name(n) for n in names]
    except RegistrationError as exc:
        if source is None:
            raise
        raise RegistrationError(_("{source}: {problem}; nothing was registered").format(
            source=source, problem=exc)) from None
    first = _next_round(event)
    added: list[str] = []
    reentered: list[str] = []
    known: list[tuple[str, str]] = []
    repeated: list[str] = []
    held: list[tuple[str, tuple[str, ...]]] = []
    garbled: list[tuple[str, tuple[str, ...]]] = []
    with event.transaction() as conn:
        players = store.players_by_key(conn)
        similar: SimilarNames | None = None  # built at the first new name: a re-import needs none
        given: set[str] = set()
        for name in cleaned:
            key = name_key(name)
            if key in given:
                repeated.append(name)
                continue
            given.add(key)
            player = players.get(key)
            if player is not None:
                if reenter and player.dropped_after is not None:
                    store.reenter_player(conn, player, first)
                    reentered.append(player.name)
                else:
                    known.append((name, player.name))
                continue
            if "?" in name:
                garbled.append((name, ()))
                continue
            if similar is None:
                similar = SimilarNames(p.name for p in players.values())
            like = similar.find(name)
            if like and not yes:
                held.append((name, tuple(like)))
                continue
            added.append(name)
            similar.add(name)
        store.add_players(conn, added, first)
        if garbled:
            spelled = [p.name for p in players.values()] + added
            garbled = [(name, tuple(question_marks_match(name, spelled))) for name, _none in garbled]
    return Registration(first, tuple(added), tuple(reentered), tuple(known), tuple(repeated), tuple(held),
                        tuple(garbled))


def read_roster(path: str | Path) -> list[str]:
    """Player names from a CSV, XLSX, ODS or XLS roster (the first worksheet): a `name` column (or
    `player`, `Spieler`), or first and last name columns (`Vorname` and `Nachname`) joined as
    "First Last". A row with more cells than the header is refused with its row number."""
    tables = read_tables(path)
    table = tables[0] if tables else None
    if table is None or not table.rows:
        raise SheetError(_("{file}: the file is empty: it needs a header row with a 'name' column").format(
            file=Path(path).name))
    header = table.rows[0]
    columns = _roster_columns(table)
    names = []
    for row in table.rows[1:]:
        if len(row.cells) > len(header.cells):
            message = (_("{where}: the row has {cells} cells but the header only {header}: if a name holds a "
                         "comma, put it in quotes (\"Müller, Jan\") or use the columns Vorname and Nachname")
                       if len(header.cells) == 1 else
                       _("{where}: the row has {cells} cells but the header only {header}: delete the extra cells"))
            raise SheetError(message.format(where=table.where(row.number), cells=len(row.cells),
                                            header=len(header.cells)))
        parts = [_text(row.cells[i]) if i < len(row.cells) else "" for i in columns]
        name = " ".join(" ".join(parts).split())
        if len(name) > MAX_NAME_CHARS:
            raise SheetError(_("{where}: the name has {n} characters, more than the {max} a name may have: "
                               "shorten it").format(where=table.where(row.number), n=len(name), max=MAX_NAME_CHARS))
        if name:
            names.append(name)
    if not names:
        raise SheetError(_("{where}: no names below the header").format(where=table.where()))
    return names


def _text(cell: object) -> str:
    return "" if is_blank(cell) else str(cell).strip()


def _roster_columns(table: Table) -> list[int]:
    """The column(s) the name is read from: the name column, or first then last name."""
    header = table.rows[0]
    found = header_columns(table, _ROSTER_COLUMNS, lambda col: _(_COLUMN_WORDS[col]))
    if "player" in found:
        return [found["player"]]
    if "first" in found and "last" in found:
        return [found["first"], found["last"]]
    raise SheetError(_("{where}: no 'name' column in the header {header!r}: name the column of player names "
                       "'name', or use the columns 'Vorname' and 'Nachname'").format(
        where=table.where(header.number), header=list(header.cells)))


@dataclass(frozen=True)
class Drop:
    """A player's drop: the last round they play (0: before round 1) and, when they are seated
    in that published round and its sheets are still to come, their table (its sheet counts)."""

    player: str
    after: int
    table: int | None = None
    #: The round they had dropped after (the one before `after`) when this drop moved theirs.
    moved_from: int | None = None

    def said(self) -> str:
        """What the organiser reads (the command line, the desk)."""
        if self.table is not None and self.moved_from is not None:
            return _("moved the drop of {name!r} from after round {was} to after round {round}: they were seated "
                     "at table {table} of round {round}, so that table's sheet counts with them").format(
                name=self.player, was=self.moved_from, round=self.after, table=self.table)
        if self.table is not None:
            return _("dropped {name!r} after round {round}: they are seated at table {table} of round {round}, "
                     "already published, so that table's sheet counts with them").format(
                name=self.player, round=self.after, table=self.table)
        return (_("dropped {name!r} after round {round}") if self.after else
                _("dropped {name!r} before round 1")).format(name=self.player, round=self.after)


def drop_round(event: store.Event, name: str) -> tuple[int, int | None]:
    """The round after which a player dropping now leaves, and their table in it when its sheet
    is still to come: the last round with results, or a later round whose seating the players
    see (published) with them at a table, which plays as seated: its sheet is not refused. (A
    round only printed is the organiser's to seat again without them: `seat --reprint`.)"""
    played = _next_round(event) - 1
    out = {r for r in event.published_rounds() if r > played}
    seats = [s for s in event.seats(players=[name]) if s.round in out] if out else []
    last = max(seats, key=lambda s: s.round, default=None)
    return (played, None) if last is None else (last.round, last.table)


def drop_player(event: store.Event, name: str) -> Drop:
    """Drop a player after the last round with results, or after the round they are seated in
    when its seating is published and their table has no sheet yet."""
    key = name_key(name)
    player = next((p for p in event.players() if name_key(p.name) == key), None)
    after, table = drop_round(event, player.name if player else name)
    if player is not None and player.dropped_after is not None:
        # A drop stored after the round before the one they sat at (as a tourney before 2026-12
        # did for a drop while seated in a published round): dropping them again moves it after
        # that round, while its sheet is still to come, so the sheet counts.
        seat = next((s for s in event.seats(players=[player.name]) if s.round == player.dropped_after + 1), None)
        if seat is not None and (seat.round, seat.table) not in {(t.round, t.table) for t in event.results()}:
            after, table = seat.round, seat.table
    with event.transaction() as conn:
        real, moved_from = store.drop_player(conn, name, after, table)
    return Drop(real, after, table, moved_from)


def rename_player(event: store.Event, old: str, new: str) -> tuple[str, str]:
    """Rename a player; standings, seating, history and season follow (they go by player id)."""
    with event.transaction() as conn:
        return store.rename_player(conn, old, new)


def remove_player(event: store.Event, name: str) -> tuple[str, list[int]]:
    """Remove a mis-registration (no results, not seated in a printed round); returns the
    name and the unprinted rounds that were seated with them and need re-seating."""
    with event.transaction() as conn:
        return store.remove_player(conn, name)


def find_player(event: store.Event, typed: str) -> store.Player | None:
    """The registered player whose folded name is `typed` folded, else the only one containing it."""
    key = fold(typed)
    if not key:
        return None
    players = event.players()
    exact = [p for p in players if fold(p.name) == key]
    if exact:
        return exact[0]
    partial = [p for p in players if key in fold(p.name)]
    return partial[0] if len(partial) == 1 else None


def find_registered(event: store.Event, typed: str) -> store.Player:
    """The registered player `typed` names (case, accents, umlauts and ß/ss ignored; a unique
    part of the name will do); otherwise an error suggesting the nearest names."""
    player = find_player(event, typed)
    if player is not None:
        return player
    near = similar(typed, [p.name for p in event.players()])
    if near:
        raise RegistrationError(_("no registered player {name!r}: did you mean {names}?").format(
            name=typed, names=join_or([repr(n) for n in near])))
    raise RegistrationError(_("no registered player {name!r}: see 'tourney players list' for the registered "
                              "names").format(name=typed))


def listing(event: store.Event) -> list[store.Player]:
    """The players in German alphabetical order (DIN 5007-1: Ä with A)."""
    return sorted(event.players(), key=lambda p: sort_key(p.name))


def add_players(event: store.Event, names: list[str]) -> tuple[list[str], int]:
    """Register every new name, similar ones too (scripts and the demo); returns the names
    added or re-entered and the first round they play."""
    done = register(event, names, yes=True)
    return [*done.added, *done.reentered], done.first_round


# --- personal codes ---------------------------------------------------------------------
#: The letters of a personal code: none that a slip lets one misread (0/O, 1/I/L).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6  # 31**6: about 900 million codes; wrong ones are slowed down on the server


def _fresh_codes(n: int, taken: set[str]) -> list[str]:
    import secrets

    out: list[str] = []
    while len(out) < n:
        code = "".join(secrets.choice(CODE_LETTERS) for _i in range(CODE_LENGTH))
        if code not in taken:
            taken.add(code)
            out.append(code)
    return out


def player_codes(event: store.Event) -> list[tuple[str, str]]:
    """(player, code) of every registered player, A to Z; a player without a code (registered
    since the codes were last listed) gets one now, in one transaction."""
    players = listing(event)
    have = store.player_codes(event)
    missing = [p for p in players if p.id not in have]
    if missing:
        new = dict(zip((p.id for p in missing), _fresh_codes(len(missing), set(have.values()))))
        with event.transaction() as conn:
            store.set_player_codes(conn, new)
            store.log(conn, "players.codes", {"n": len(new)})
        have.update(new)
    return [(p.name, have[p.id]) for p in players]


def new_player_code(event: store.Event, typed: str) -> tuple[str, str]:
    """A new code for one player (a lost slip): the old one stops working. Returns (player, code)."""
    player = find_registered(event, typed)
    [code] = _fresh_codes(1, set(store.player_codes(event).values()))
    with event.transaction() as conn:
        store.set_player_codes(conn, {player.id: code}, replace=True)
        store.log(conn, "players.code", {"name": player.name})
    return player.name, code
