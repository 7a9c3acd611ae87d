"""What the live pages show and the organiser changes from a desk: which rounds' seating is
published, the round timer (now the clock: `tourney.event.clock`), the event language, finding
a player by a loosely typed name."""
from __future__ import annotations

import json
from dataclasses import dataclass
import ipaddress
from urllib.parse import urlsplit

from tourney.core import store
from tourney.event.entry import line_cells
from tourney.core.errors import UsageError
from tourney.core.i18n import _, event_language
from tourney.event.players import find_player as find_player  # the pages' "find my name"
from tourney.event import clock


def event_lang(event: store.Event) -> str:
    """The event's language for pages ('lang' setting), English when not set."""
    return event_language(event)


#: The live server's address players and printed QR codes use ("url"), and who set it: "serve"
#: (the address `tourney serve` announced) or "organiser" (`tourney event --url`), which serve keeps.
URL_SETTING, URL_BY_SETTING = "url", "url_by"


def check_url(url: str) -> str:
    """A server address as typed, checked: http(s)://host[:port], no spaces."""
    clean = url.strip()
    parts = urlsplit(clean)
    try:
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in clean):
        raise UsageError(_("--url {url!r}: give the server's address as http://HOST:PORT (e.g. "
                           "http://192.168.1.20:8000), or \"\" to remove it").format(url=url))
    return clean.rstrip("/")


def event_url(event: store.Event) -> str | None:
    """The address stored with the event (by `tourney serve` or the organiser), or None."""
    return event.setting(URL_SETTING) or None


def set_url(conn: store.Connection, url: str | None, by: str) -> None:
    """Store the server address (`by`: "serve" or "organiser"); None removes it."""
    store.set_setting(conn, URL_SETTING, url)
    store.set_setting(conn, URL_BY_SETTING, by if url else None)


def is_loopback(url: str) -> bool:
    """Whether only this computer reaches `url` (127.0.0.1, localhost, ::1)."""
    host = urlsplit(url).hostname or ""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def remember_url(event: store.Event, url: str) -> tuple[str | None, bool]:
    """`tourney serve`: store the address it announces unless the organiser set one, or it is
    one only this computer reaches (phones could not open a QR code of it); returns the address
    players should use (None: none known) and whether it is the one just stored."""
    clean = url.rstrip("/")
    if event.setting(URL_BY_SETTING) == "organiser" and event_url(event):
        return str(event_url(event)), False
    if is_loopback(clean):
        return event_url(event), False
    if event_url(event) != clean:
        with event.transaction() as conn:
            set_url(conn, clean, "serve")
            store.log(conn, "event", {"changes": [[URL_SETTING, clean]], "serve": True})
    return clean, True


def published_rounds(event: store.Event) -> set[int]:
    """Rounds whose seating players may see: published by the organiser, or already played."""
    return event.published_rounds() | {t.round for t in event.results()}


def publish_round(event: store.Event, round_no: int, who: str, publish: bool = True) -> bool:
    """Show the round's seating on the player pages (`publish` False: hide it again until it
    is played); logged, pages refresh. Returns whether anything changed (asking twice is
    harmless: a request sent twice over the hall's Wi-Fi changes nothing the second time)."""
    if round_no not in event.seated_rounds():
        raise UsageError(_("round {round} is not seated: seat it first").format(round=round_no))
    with event.transaction() as conn:
        # Read inside the transaction: two organisers publishing at once both land.
        before = set(json.loads(store.setting_in(conn, store.PUBLISHED_ROUNDS) or "[]"))
        after = before | {round_no} if publish else before - {round_no}
        if after == before:
            return False
        store.set_setting(conn, store.PUBLISHED_ROUNDS, json.dumps(sorted(after)))
        store.log(conn, "round.publish" if publish else "round.unpublish", {"round": round_no}, who)
    return True


def is_published(event: store.Event, round_no: int) -> bool:
    """Whether players see the round's seating (published, or played already)."""
    return round_no in published_rounds(event)


def current_round(event: store.Event) -> int | None:
    """The latest round players may see, or None."""
    return max(published_rounds(event) & set(event.seated_rounds()), default=None)


def start_timer(event: store.Event, minutes: int, who: str) -> str:
    """The round timer of old, now the round clock (`tourney.event.clock`): start it at
    `minutes` (0 stops it); returns the end time (UTC, ISO) or ''."""
    if not 0 <= minutes <= 24 * 60:
        raise UsageError(_("timer {minutes} minutes: give 0 (stop) to 1440").format(minutes=minutes))
    if not minutes:
        clock.stop_clock(event, who)
        return ""
    ends = clock.start_clock(event, minutes, who).after.ends_at
    return ends.isoformat() if ends else ""


def timer_end(event: store.Event) -> str:
    """When the running clock's time is up (UTC, ISO); '' while it is paused or stopped."""
    return clock.read_clock(event).as_json()["ends_at"] or ""


@dataclass(frozen=True)
class PlayerGame:
    """One round of a player's event, as their page shows it."""

    round: int
    table: int
    seat: int
    wonder: str | None
    opponents: tuple[str, ...]
    total: int | None  # None until the table's sheet is stored


def player_games(event: store.Event, score: str, player: store.Player) -> list[PlayerGame]:
    """The player's visible rounds: table, seat, opponents, and score (the sheet's `score`
    column) once stored."""
    visible = published_rounds(event)
    results = {(t.round, t.table): t for t in event.results()}
    seats = [s for s in event.seats() if s.round in visible]
    mine = [s for s in seats if s.player == player.name]
    out = []
    for s in mine:
        others = tuple(o.player for o in seats if (o.round, o.table) == (s.round, s.table) and o.player != s.player)
        res = results.get((s.round, s.table))
        total = None
        if res is not None:
            line = next((ln for ln in res.lines if ln.player == player.name), None)
            value = line_cells(line).get(score) if line else None
            total = value if isinstance(value, int) else None
        out.append(PlayerGame(s.round, s.table, s.seat, s.wonder, others, total))
    return out
