"""Players in the loop before and between rounds, with their personal code: check-in before
round 1 (`tourney event EVENT --check-in on`), at a desk or on their phone, so that seating
round 1 leaves no seat empty for a no-show; and a player's own drop, as `tourney players drop`."""
from __future__ import annotations

from tourney.core import store
from tourney.core.i18n import _, pgettext
from tourney.core.names import fold
from tourney.core.store.statuses import CHECK_IN_MOVES, CheckIn
from tourney.event.errors import CodeRefused, NotOpen
from tourney.event.players import Drop, drop_player, find_registered

#: The event setting that asks players to check in before round 1 ("on").
CHECK_IN_SETTING = "check_in"
#: Who checked in a player who did it on their phone (the store's check_ins.how).
BY_CODE = "code"


def check_in_open(event: store.Event) -> bool:
    """Whether the event asks players to check in, and round 1 is not played yet."""
    return event.setting(CHECK_IN_SETTING) == "on" and not event.results(rounds=[1])


def player_by_code(event: store.Event, name: str, code: str) -> store.Player:
    """The registered player whom both the name (typed loosely) and the code belong to."""
    player = store.player_with_code(event, code.strip().upper())
    if player is None or fold(player.name) != fold(name):
        raise CodeRefused(_("name and code don't match: type your name as registered and the code from your "
                            "slip (the organiser can give you a new one)"))
    return player


def check_in_players(event: store.Event, names: list[str], by: str) -> tuple[list[str], list[str]]:
    """Check players in (a desk; `by` names who did): returns (those checked in now, those
    checked in before). A player dropped before round 1 for not checking in plays again."""
    if event.setting(CHECK_IN_SETTING) != "on":
        raise NotOpen(_("this event takes no check-in: switch it on with 'tourney event {event} --check-in on'")
                      .format(event=event.location))
    players = [find_registered(event, name) for name in names]
    with event.transaction() as conn:
        for p in players:
            if p.dropped_after == 0:  # dropped at round 1's seating for not checking in: back in
                store.reenter_player(conn, p, 1)
        new = store.check_in(conn, players, by)
        store.log_all(conn, [("players.checkin", {"name": p.name, **({} if by == BY_CODE else {"by": by})})
                             for p in players if p.id in new], by)
    done = {p.id for p in players if p.id in new}
    return [p.name for p in players if p.id in done], [p.name for p in players if p.id not in done]


def check_in_with_code(event: store.Event, name: str, code: str) -> tuple[str, bool]:
    """A player checks in on their phone; returns (name, whether it is new)."""
    player = player_by_code(event, name, code)
    if not check_in_open(event):
        raise NotOpen(_("check-in is closed: tell the organiser's desk you are here"))
    new, _before = check_in_players(event, [player.name], BY_CODE)
    return player.name, bool(new)


def absent(event: store.Event) -> list[store.Player]:
    """Players active in round 1 who have not checked in (empty when check-in is off)."""
    if event.setting(CHECK_IN_SETTING) != "on":
        return []
    here = store.checked_in(event)
    return [p for p in event.players() if p.active_in(1) and p.id not in here]


def took_no_part(event: store.Event) -> tuple[list[str], list[str]]:
    """Who left before round 1, and so is in no standings: (those who never checked in, in an
    event that asks for it; those dropped before round 1), in registration order."""
    gone = [p for p in event.players() if p.dropped_after == 0]
    if not gone:
        return [], []
    asked = event.setting(CHECK_IN_SETTING) == "on"
    here = store.checked_in(event) if asked else {}
    absent = [p.name for p in gone if asked and p.id not in here]
    return absent, [p.name for p in gone if p.name not in absent]


def no_part_lines(event: store.Event) -> str:
    """The lines under a standings table naming who took no part (empty when nobody)."""
    absent, dropped = took_no_part(event)
    return "".join(line + "\n" for line in (
        _("not checked in (not ranked): {names}").format(names=", ".join(absent)) if absent else "",
        _("dropped before round 1 (not ranked): {names}").format(names=", ".join(dropped)) if dropped else "")
        if line)


def drop_absent(event: store.Event) -> list[str]:
    """Before round 1 is seated: drop (before round 1) who has not checked in, so no seat
    waits for a no-show; a late arrival is checked in and plays again. Returns their names."""
    missing = absent(event)
    if missing and not event.results(rounds=[1]):
        with event.transaction() as conn:
            for p in missing:
                CHECK_IN_MOVES.check(store.check_in_status(p, False), CheckIn.NO_SHOW, repr(p.name))
                store.drop_player(conn, p.name, 0, absent=True)
    return [p.name for p in missing]


def drop_word() -> str:
    """The word a player types on the drop page to confirm dropping out, in the current language."""
    return pgettext("the word a player types to confirm dropping out", "DROP")


def drop_with_code(event: store.Event, name: str, code: str) -> Drop:
    """A player drops out on their phone: exactly `tourney players drop`."""
    player = player_by_code(event, name, code)
    return drop_player(event, player.name)
