"""Creating an event: validate the settings, then write the event file."""
from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Sequence
from pathlib import Path

from typing import TYPE_CHECKING

from rules_engine.findings import Text, phrase
from tourney.core import store
from tourney.core.database import parse_location
from tourney.core.errors import UsageError
from tourney.core.i18n import DEFAULT, LANGS, N_, _, event_language
from tourney.core.schemes import find_scheme
from tourney.core.store import Event, EventInfo
from tourney.core.store.schema import CATALOGUE_SETTING

if TYPE_CHECKING:
    from tourney.event.game import SetupGame


def check_language(lang: str) -> str:
    """`lang` if tourney speaks it, else a usage error naming the choices."""
    if lang not in LANGS:
        raise UsageError(_("language {lang!r}: use one of {choices}").format(lang=lang, choices=", ".join(LANGS)))
    return lang


def _check_date(date: str) -> None:
    try:
        _dt.date.fromisoformat(date)
    except ValueError:
        raise UsageError(_("--date {date!r} is not a date: write it as YYYY-MM-DD").format(date=date)) from None


def create_event(location: str, *, game: SetupGame, scheme: str | None, rounds: int, seed: int,
                 name: str | None, date: str | None, bye_score: str | None = None,
                 lang: str = DEFAULT, options: Sequence[str] = ()) -> EventInfo:
    """`tourney new`: check every setting (the game's own too, and its optional rules
    `options`), then create the event file."""
    scheme_name = scheme or game.schemes[0].name
    find_scheme(scheme_name, game.schemes)
    if date:
        _check_date(date)
    settings = game.event_settings(bye_score=bye_score, options=options)
    check_language(lang)
    title = name or parse_location(location).title
    created = Event.create(location, name=title, game=game.name, scheme=scheme_name, rounds=rounds,
                           seed=seed, date=date)
    if settings or lang != DEFAULT:
        with created.transaction() as conn:
            for setting in settings:
                store.set_setting(conn, setting.key, setting.value)
                store.log(conn, "settings", {"note": setting.note})
            if lang != DEFAULT:
                store.set_setting(conn, "lang", lang)  # the key the live server reads too
                store.log(conn, "event", {"changes": [["lang", lang]]})
    info = created.info()
    created.close()
    return info


#: The event setting that makes scan pads the pads of the print kit (`tourney event --pads scan`).
PADS_SETTING = "pads"


def update_event(event: Event, *, name: str | None = None, date: str | None = None,
                 rounds: int | None = None, cut: int | None = None, lang: str | None = None,
                 url: str | None = None, double_entry: bool | None = None, check_in: bool | None = None,
                 self_report: bool | None = None, scan_pads: bool | None = None,
                 options_on: Sequence[str] = (), options_off: Sequence[str] = (),
                 catalogue: str | None = None, game: SetupGame) -> EventInfo:
    """Change the event's name, date, number of rounds, qualification cut (0 clears it),
    language, live-server address ("" clears it), blind double entry, check-in,
    self-reporting, scan pads in the print kit, optional rules or the
    game's card list (a file; "" removes it), logged in the history. An optional rule is
    switched off only before any result is stored: the stored sheets were checked with it."""
    from tourney.event import live
    from tourney.event.standings import CUT_SETTING

    changes: dict[str, str | None] = _option_changes(event, game, options_on, options_off)
    if name is not None:
        if not name.strip():
            raise UsageError(_("--name can't be empty"))
        changes["name"] = name.strip()
    if date is not None:
        if date:
            _check_date(date)
        changes["date"] = date
    if rounds is not None:
        played = max((t.round for t in event.results()), default=0)
        if rounds < played:
            raise UsageError(_("--rounds {rounds}: round {played} already has results").format(rounds=rounds,
                                                                                                 played=played))
        changes["rounds"] = str(rounds)
    if cut is not None:
        if cut < 0:
            raise UsageError(_("--cut {cut}: give the number of players who qualify (0 removes the cut)").format(
                cut=cut))
        changes[CUT_SETTING] = str(cut) if cut else None
    if lang is not None and lang != event_language(event):
        changes["lang"] = check_language(lang)
    if url is not None:
        changes[live.URL_SETTING] = live.check_url(url) if url.strip() else None
        changes[live.URL_BY_SETTING] = "organiser" if url.strip() else None
    if double_entry is not None:
        changes["double_entry"] = "on" if double_entry else None
    if check_in is not None:
        changes["check_in"] = "on" if check_in else None
    if self_report is not None:
        changes["self_report"] = "on" if self_report else None
    if scan_pads is not None:
        if scan_pads and game.scan_sheet is None:
            raise UsageError(_("--pads scan: {game} has no scan pad").format(game=game.label))
        changes[PADS_SETTING] = "scan" if scan_pads else None
    logged: dict[str, str | Text | None] = dict(changes)
    if catalogue is not None:
        changes[CATALOGUE_SETTING] = _catalogue(game, Path(catalogue)) if catalogue.strip() else None
        logged[CATALOGUE_SETTING] = catalogue_summary(changes[CATALOGUE_SETTING]) if catalogue.strip() else None
    if changes:
        with event.transaction() as conn:
            for key, value in changes.items():
                store.set_setting(conn, key, value)
            store.log(conn, "event", {"changes": [[k, v] for k, v in logged.items()]})
    return event.info()


def _catalogue(flow: SetupGame, path: Path) -> str:
    """The stored form of the card list in `path`, read by the event's game."""
    if flow.catalogue is None:
        raise UsageError(_("--catalogue: a {game} event has no card list to load: its card data is built "
                           "in").format(game=flow.label))
    return json.dumps({"file": path.name, "cards": flow.catalogue.read(path)}, ensure_ascii=False)


def catalogue_summary(stored: str | None) -> Text | None:
    """'wonders.csv, 20 cards' for a stored card list, as the history says it (None: none)."""
    loaded = _loaded(stored)
    return None if loaded is None else phrase(N_("{file}, {cards} cards"), file=loaded[0], cards=loaded[1])


def loaded_catalogue(event: Event) -> tuple[str, int] | None:
    """The file name and number of cards of the card list loaded into the event, if any."""
    return _loaded(event.setting(CATALOGUE_SETTING))


def _loaded(stored: str | None) -> tuple[str, int] | None:
    if not stored:
        return None
    value = json.loads(stored)
    return str(value["file"]), len(value["cards"])


def _option_changes(event: Event, flow: SetupGame, on: Sequence[str], off: Sequence[str]
                    ) -> dict[str, str | None]:
    """The settings that switch the game's optional rules `on` and `off` (checked by the game)."""
    if not (on or off):
        return {}
    both = {n.strip().casefold() for n in on} & {n.strip().casefold() for n in off}
    if both:
        raise UsageError(_("--option and --no-option {name!r}: give one of them").format(name=sorted(both)[0]))
    changes: dict[str, str | None] = {s.key: s.value for s in flow.event_settings(bye_score=None, options=on)}
    dropping = {s.key: s for s in flow.event_settings(bye_score=None, options=off)}
    had = flow.event_options(event)
    for key, setting in dropping.items():
        name = setting.key.partition(".")[2]
        if name in had and event.results():
            raise UsageError(_("--no-option {name}: results are stored already and were checked with it; "
                               "it stays on").format(name=name))
        changes[key] = None
    return changes
