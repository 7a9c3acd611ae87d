"""Build the statistics report of one event or a season: read each event's frames through its
game's hook, stack them with an `event` column, add the per-player season tables and chart."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Protocol

import pandas as pd

from tourney.core.errors import UsageError
from tourney.core.i18n import _, event_language, use_language
from tourney.core.names import sort_key
from tourney.event.season import normalise, refuse_repeated_events
from tourney.outputs.stats.model import Chart, GameStats, Lines, Section, StatsReport, ratio


class StatsGame(Protocol):
    """What the statistics ask of an event's game: its name in messages and its statistics."""

    @property
    def label(self) -> str: ...
    @property
    def stats(self) -> GameStats: ...

#: The season chart shows this many players (most events, then best mean place); the table shows all.
SEASON_CHART_PLAYERS = 10


def stats_report(locations: Sequence[str], workflow: Callable[[str], StatsGame]) -> StatsReport:
    """Open the event files (or URLs) and build their report (`workflow` gives an event's game
    by name); a season is ordered by event date when every event has one, else as given."""
    from tourney.core.store import Event

    refuse_repeated_events(locations)
    events = [Event.open(loc) for loc in locations]
    try:
        infos = [e.info() for e in events]
        games = {i.game for i in infos}
        if len(games) > 1:
            listed = ", ".join(f"{loc!r} ({i.game})" for loc, i in zip(locations, infos))
            raise UsageError(_("the events are of different games: {events}; run 'tourney stats' once per "
                               "game").format(events=listed))
        order = list(range(len(events)))
        if all(i.date for i in infos):
            order.sort(key=lambda k: str(infos[k].date))
        lang = event_language(events[order[0]])  # a season speaks its first event's language
        names = _labels([infos[k].name for k in order], [infos[k].date for k in order])
        game = workflow(infos[0].game)
        per_event = [(name, game.stats.frames(events[k])) for name, k in zip(names, order)]
    finally:
        for e in events:
            e.close()
    # Titles, notes and chart words are said in the event's language.
    with use_language(lang):
        title = names[0] if len(names) == 1 else _("Season of {n} events").format(n=len(names))
        return replace(build_report(title, game.label, game.stats, per_event), lang=lang)


def _labels(names: list[str], dates: list[str | None]) -> list[str]:
    """Event names, made unique by the date (else the position) where two events share a name."""
    dated = [f"{n} ({d})" if names.count(n) > 1 and d else n for n, d in zip(names, dates)]
    return [f"{n} #{i}" if dated.count(n) > 1 else n for i, n in enumerate(dated, 1)]


def build_report(title: str, game_label: str, game: GameStats,
                 per_event: Sequence[tuple[str, dict[str, pd.DataFrame]]]) -> StatsReport:
    """The report over each event's frames (events in report order)."""
    keys = list(dict.fromkeys(k for _, frames in per_event for k in frames))
    frames = {k: pd.concat([f[k].assign(event=name) for name, f in per_event if k in f], ignore_index=True)
              for k in keys}
    events = tuple(name for name, _ in per_event)
    season = len(events) > 1
    players = player_events(frames["places"], events)
    shown_players = players if season else players.drop(columns="event")
    sections = [*game.sections(frames, season), Section(
        "players", _("Players by event") if season else _("Players"), shown_players,
        _("place in the final standings and points of each event; in a season players are matched by name "
          "as in tourney season (case, spaces, umlaut spellings, accents, hyphens and \"Last, First\" folded)"))]
    charts = game.charts(frames)
    if season:
        consistency = player_consistency(players)
        sections.append(Section("consistency", _("Consistency across the season"), consistency,
                                 _("spread = standard deviation of the player's places (0 = the same place every "
                                   "event); sorted by events played, then mean place")))
        charts.append(season_chart(players, consistency, events))
    return StatsReport(title, game_label, events, tuple(sections), tuple(charts), tuple(game.notes(frames)))


def player_events(places: pd.DataFrame, events: Sequence[str]) -> pd.DataFrame:
    """One row per player and event: place, points and games; players matched by normalised
    name and shown with the spelling of their first event."""
    frame = places.copy()
    frame["key"] = frame["player"].map(normalise)
    shown = frame.drop_duplicates("key").set_index("key")["player"]
    frame["player"] = frame["key"].map(shown)
    frame["event_no"] = frame["event"].map({e: i for i, e in enumerate(events)})
    frame = frame.sort_values(["event_no", "place", "player"], kind="stable", key=_german)
    return frame[["event", "player", "place", "points", "games"]].reset_index(drop=True)


def player_consistency(players: pd.DataFrame) -> pd.DataFrame:
    """Per player across the season: events, exact mean place, best, worst, spread of places,
    total points."""
    g = players.groupby("player", sort=False)
    out = g.agg(events=("place", "size"), place_sum=("place", "sum"), best=("place", "min"),
                worst=("place", "max"), spread=("place", lambda s: float(s.std(ddof=0))),
                points=("points", "sum")).reset_index()
    out["mean_place"] = ratio(out["place_sum"], out["events"])
    out["points"] = out["points"].map(Fraction)
    out = out.sort_values(["events", "mean_place", "player"], ascending=[False, True, True], kind="stable",
                          key=_german)
    return out[["player", "events", "mean_place", "best", "worst", "spread", "points"]].reset_index(drop=True)


def _german(column: pd.Series) -> pd.Series:
    """A sort key for `sort_values`: the player column in German order (names.sort_key), other
    columns as they are."""
    if column.name != "player":
        return column
    order = {p: i for i, p in enumerate(sorted(set(column), key=sort_key))}
    return column.map(order)


def season_chart(players: pd.DataFrame, consistency: pd.DataFrame, events: Sequence[str]) -> Chart:
    """Each of the leading players' place event by event."""
    shown = list(consistency["player"].head(SEASON_CHART_PLAYERS))
    grid = players.pivot_table(index="player", columns="event", values="place", aggfunc="min")
    grid = grid.reindex(index=shown, columns=list(events))
    series = tuple((p, tuple(None if pd.isna(v) else float(v) for v in grid.loc[p])) for p in shown)
    title = _("Place by event (the {n} players with most events)").format(n=len(shown)) \
        if len(consistency) > len(shown) else _("Place by event")
    return Lines("season", title, _("event"), _("place (1 = best)"), tuple(events), series, invert=True)
