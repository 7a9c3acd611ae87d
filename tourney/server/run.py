"""Starting the live server: the address players type, a QR code for it, an optional poster."""
from __future__ import annotations

import html
import io
import json
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.core.i18n import _, event_language, set_language
from tourney.core.errors import UsageError
from tourney.core.outfile import write_text

if TYPE_CHECKING:
    from starlette.applications import Starlette

#: How `tourney serve --workers N` tells each worker what to serve: uvicorn starts the workers
#: and builds each one's app from an import string (`worker_app`), so the settings travel in
#: the environment the workers inherit.
WORKER_SETTINGS = "TOURNEY_SERVE_SETTINGS"


def lan_address(host: str) -> str:
    """The address other machines in the hall reach `host` at (this laptop's LAN address when
    listening on every interface)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters, for the terminal."""
    import segno

    buf = io.StringIO()
    segno.make(url, error="m").terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def write_poster(path: str | Path, url: str, event_name: str) -> Path:
    """A printable one-page HTML poster: the event, the address and its QR code."""
    import segno

    target = Path(path)
    if target.suffix.lower() not in (".html", ".htm"):
        raise UsageError(_("--poster {file!r}: the poster is written as .html (print it from the browser)").format(
            file=str(path)))
    svg = segno.make(url, error="m").svg_inline(scale=12, border=2)
    what, where = html.escape(_("Seating & standings")), html.escape(_("the hall's Wi-Fi"))
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>{html.escape(event_name)}</title>
<style>body{{font-family:sans-serif;text-align:center;margin:3cm 1cm}}h1{{font-size:2.4rem}}
p{{font-size:1.8rem}}</style></head><body><h1>{html.escape(event_name)}</h1>
<p>{what}</p>{svg}<p><b>{html.escape(url)}</b></p>
<p>{where}</p></body></html>
"""
    write_text(target, page)
    return target


def serve(event_location: str, *, host: str, port: int, lang: str | None, cut: int | None,
          poster: str | None, echo: Callable[[str], None], workers: int = 1) -> None:
    """`tourney serve`: print the address and QR code, then serve until Ctrl-C (`workers`
    processes on the one port: every request may reach any of them, as nothing a request needs
    stays in a process)."""
    import uvicorn

    from tourney.core import store
    from tourney.event.live import is_loopback, remember_url
    from tourney.server.app import create_app

    # One worker: this process serves the app it built (opening the event checks it). Several:
    # this process announces the address once, and uvicorn's workers each build their own app.
    app = create_app(event_location, lang=lang, cut=cut) if workers == 1 else None
    event = app.state.tourney.event if app is not None else store.Event.open(event_location)
    set_language(lang or event_language(event))  # the console speaks as the pages do
    url = f"http://{lan_address(host)}:{port}/"
    echo(_("serving {event!r} at {url}  (desks: {url}desk, projector: {url}projector; Ctrl-C stops)").format(
        event=event.info().name, url=url))
    if workers > 1:
        echo(_("{n} worker processes answer on port {port}").format(n=workers, port=port))
    public, stored = remember_url(event, url)
    if is_loopback(url):
        echo(_("warning: only this computer reaches {url}: phones and the other desks need the hall's address: "
               "serve with --host 0.0.0.0 (the default), or set the address with 'tourney event --url'").format(
            url=url))
    if stored:
        echo(_("stored {url} as the event's address (QR codes on printed pads; 'tourney event --url' sets "
               "another)").format(url=public))
    elif public:
        echo(_("players use the event's address {url} (set with 'tourney event --url')").format(url=public))
    shown = (public or url.rstrip("/")) + "/"
    echo(qr_text(shown))
    if poster:
        echo(_("wrote poster {file}").format(file=write_poster(poster, shown, event.info().name)))
    if app is not None:
        uvicorn.run(app, host=host, port=port, log_level="warning")
        return
    event.close()
    os.environ[WORKER_SETTINGS] = json.dumps({"event": event_location, "lang": lang, "cut": cut})
    uvicorn.run("tourney.server.run:worker_app", factory=True, workers=workers, host=host, port=port,
                log_level="warning")


def worker_app() -> Starlette:
    """The app of one of `tourney serve --workers N`'s worker processes (uvicorn calls it in each)."""
    from tourney.server.app import create_app

    settings = json.loads(os.environ[WORKER_SETTINGS])
    return create_app(settings["event"], lang=settings["lang"], cut=settings["cut"])
