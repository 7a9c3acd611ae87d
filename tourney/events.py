"""Creating an event: validate the settings, then write the event file."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from rules_engine import UnknownGameError
from rules_engine.registry import find_ruleset
from tourney.errors import UsageError
from tourney.schemes import DEFAULT_SCHEME, find_scheme
from tourney.store import Event, EventInfo


def create_event(location: str, *, game: str, scheme: str | None, rounds: int, seed: int,
                 name: str | None, date: str | None, bye_score: str | None = None) -> EventInfo:
    try:
        game_name = find_ruleset(game).name
    except UnknownGameError as exc:
        raise UsageError(str(exc)) from None
    scheme_name = scheme or DEFAULT_SCHEME.get(game_name)
    if scheme_name is None:
        raise UsageError(f"no scoring scheme for {game_name} yet: give one with --scheme")
    find_scheme(scheme_name, game_name)
    if date:
        try:
            _dt.date.fromisoformat(date)
        except ValueError:
            raise UsageError(f"--date {date!r} is not a date: write it as YYYY-MM-DD") from None
    bye = None
    if bye_score is not None:
        if game_name != "duel":
            raise UsageError("--bye-score is for Duel events (a 7 Wonders round has no byes)")
        from tourney.duel_event import parse_bye_score

        bye = parse_bye_score(bye_score)
    title = name or Path(location).stem
    created = Event.create(location, name=title, game=game_name, scheme=scheme_name, rounds=rounds,
                           seed=seed, date=date)
    if bye is not None:
        from tourney.duel_event import set_bye_points

        set_bye_points(created, bye)
    return created.info()


def update_event(event: Event, *, name: str | None = None, date: str | None = None,
                 rounds: int | None = None) -> EventInfo:
    """Change the event's name, date or number of rounds (logged in the history)."""
    import sqlalchemy as sa

    from tourney import store

    changes: dict[str, str] = {}
    if name is not None:
        if not name.strip():
            raise UsageError("--name can't be empty")
        changes["name"] = name.strip()
    if date is not None:
        if date:
            try:
                _dt.date.fromisoformat(date)
            except ValueError:
                raise UsageError(f"--date {date!r} is not a date: write it as YYYY-MM-DD") from None
        changes["date"] = date
    if rounds is not None:
        played = max((t.round for t in event.results()), default=0)
        if rounds < played:
            raise UsageError(f"--rounds {rounds}: round {played} already has results")
        changes["rounds"] = str(rounds)
    if changes:
        with event.transaction() as conn:
            for key, value in changes.items():
                conn.execute(sa.update(store.meta_t).where(store.meta_t.c.key == key).values(value=value))
            store.log(conn, "event", ", ".join(f"{k} = {v!r}" for k, v in changes.items()))
    return event.info()
