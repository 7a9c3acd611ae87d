"""Issue #46 item 6: a report replaced by one with other numbers tells the players who had
confirmed the earlier one that their confirmation was reset (page and API)."""
from __future__ import annotations

import pytest
from live_event import LiveEvent, table_rows


@pytest.fixture
def ev(reporting) -> LiveEvent:
    return reporting[0]


def test_a_replaced_report_tells_the_earlier_confirmers_their_confirmation_was_reset(reporting, client):
    ev, codes = reporting
    rows = table_rows(ev.path, 1, 2)
    players = [str(r["player"]) for r in rows]

    def send(who: str, sheet):
        return client.post("/api/rounds/1/tables/2/report", json={"player": who, "code": codes[who], "rows": sheet})

    first = send(players[0], rows).json()["report"]
    assert client.post("/api/rounds/1/tables/2/confirm", json={"player": players[1], "code": codes[players[1]],
                                                               "report": first, "agree": True}).status_code == 202
    corrected = [dict(r) for r in rows]
    corrected[0]["coins"] = 4
    assert send(players[2], corrected).status_code == 202
    shown = client.get("/api/rounds/1/tables/2/report").json()
    assert shown["reset"] == [players[0], players[1]]  # the earlier reporter and confirmer, not the others
    page = client.get("/rounds/1/tables/2").text
    assert f"{players[1]}: your confirmation of the earlier report was reset, as the numbers changed" in page
    assert f"{players[3]}: your confirmation" not in page
