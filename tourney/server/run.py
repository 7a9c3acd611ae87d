"""Starting the live server: the address players type, a QR code for it, an optional poster."""
from __future__ import annotations

import html
import io
import os
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import uvicorn

from tourney.core.i18n import _, event_language, set_language
from tourney.core.errors import UsageError
from tourney.core.outfile import write_text
from tourney.core import store
from tourney.event.live import event_url, is_loopback, remember_url
from tourney.server.several import create_server, served_events, settings, from_settings

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from tourney.core import store

#: How `tourney serve --workers N` tells each worker what to serve: uvicorn starts the workers
#: and builds each one's app from an import string (`worker_app`), so the settings travel in
#: the environment the workers inherit.
WORKER_SETTINGS = "TOURNEY_SERVE_SETTINGS"

#: How soon (seconds) a thread holding Python's interpreter lock hands it over when another
#: thread asks (Python's default: 5 ms). A desk's save runs in a worker thread and waits for the
#: lock after each of its round trips to the database, while the event loop answering the phones
#: and the threads rebuilding pages hold it: at 5 ms a turn that added up to 100-200 ms a save
#: under load. A shorter turn costs the busy threads a little switching (bench_workers.py).
SWITCH_INTERVAL = 0.0005


#: Open files (sockets) the server asks the system for: a phone on a live page holds a stream
#: and a connection for its page, and a laptop allows a process 1,024 (Linux) or 256 (macOS)
#: unless asked; within the system's hard limit.
WANTED_FILES = 65536


def more_open_files(wanted: int = WANTED_FILES) -> None:
    """Raise this process's soft limit of open files toward `wanted`, within its hard limit
    (worker processes inherit it; `stream.stream_room` then follows it)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):  # macOS refuses more than kern.maxfilesperproc: keep what there is
            pass


def share_the_interpreter() -> None:
    """Make the server's threads take turns at the interpreter lock every `SWITCH_INTERVAL`."""
    sys.setswitchinterval(SWITCH_INTERVAL)


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


def serve(locations: Sequence[str], *, host: str, port: int, lang: str | None, cut: int | None,
          poster: str | None, echo: Callable[[str], None], workers: int = 1, desk_idle: int = 12 * 3600,
          sync: tuple[str, str] | None = None) -> None:
    """`tourney serve`: print the address and QR code, then serve until Ctrl-C (`workers`
    processes on the one port: every request may reach any of them, as nothing a request needs
    stays in a process). Several events: each under /e/NAME/, and / lists them."""

    served = served_events(locations)
    # One worker: this process serves the app it built (opening the events checks them). Several:
    # this process announces the addresses once, and uvicorn's workers each build their own app.
    app = create_server(served, lang=lang, cut=cut, desk_idle=desk_idle) if workers == 1 else None
    events = [store.Event.open(s.location) for s in served]
    try:
        set_language(lang or event_language(events[0]))  # the console speaks as the pages do
        url = f"http://{lan_address(host)}:{port}/"
        if len(served) > 1:
            echo(_("serving {n} events at {url}").format(n=len(served), url=url))
        if workers > 1:
            echo(_("{n} worker processes answer on port {port}").format(n=workers, port=port))
        if is_loopback(url):
            echo(_("warning: only this computer reaches {url}: phones and the other desks need the hall's address: "
                   "serve with --host 0.0.0.0 (the default), or set the address with 'tourney event --url'").format(
                url=url))
        for s, event in zip(served, events):
            _announce(event, url if len(served) == 1 else f"{url}{s.root[1:]}/", poster if len(served) == 1 else None,
                      echo)
        if poster and len(served) > 1:  # one poster for the hall: the page listing the events
            echo(qr_text(url))
            _poster(poster, url, _("Events"), echo)
    finally:
        for event in events:
            event.close()
    share_the_interpreter()
    more_open_files()
    stop = _start_pushing([s.location for s in served], sync, echo) if sync else None
    try:
        if app is not None:
            # No access log: at log level "warning" nobody reads it, and each request would still be formatted for it.
            uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
            return
        os.environ[WORKER_SETTINGS] = settings(served, lang, cut, desk_idle)
        uvicorn.run("tourney.server.run:worker_app", factory=True, workers=workers, host=host, port=port,
                    log_level="warning", access_log=False)
    finally:
        if stop is not None:
            stop.set()


def _start_pushing(locations: Sequence[str], sync: tuple[str, str], echo: Callable[[str], None]) -> threading.Event:
    """`--sync URL --token T`: one thread per event pushing its changes to the hub while the
    server runs (in this process only, however many workers answer the pages)."""
    from tourney.event.hubsync import keep_pushing

    url, token = sync
    stop = threading.Event()
    for location in locations:
        threading.Thread(target=keep_pushing, args=(location, url, token, stop), daemon=True,
                         name=f"sync {location}").start()
    echo(_("pushing the changes to the hub at {url} in the background").format(url=url))
    return stop


def _announce(event: store.Event, url: str, poster: str | None, echo: Callable[[str], None]) -> None:
    """Say where one event is served (its address stored for the QR codes, unless only this
    computer reaches it) with its QR code, and write its poster."""
    echo(_("serving {event!r} at {url}  (desks: {url}desk, projector: {url}projector; Ctrl-C stops)").format(
        event=event.info().name, url=url))
    if event.read_only():
        from tourney.server.guard import read_only_said

        echo(read_only_said(event))
        public, stored = event_url(event), False  # nothing is written: the address is not kept either
    else:
        public, stored = remember_url(event, url)
    if stored:
        echo(_("stored {url} as the event's address (QR codes on printed pads; 'tourney event --url' sets "
               "another)").format(url=public))
    elif public:
        echo(_("players use the event's address {url} (set with 'tourney event --url')").format(url=public))
    shown = (public or url.rstrip("/")) + "/"
    echo(qr_text(shown))
    if poster:
        _poster(poster, shown, event.info().name, echo)


def _poster(path: str, url: str, event_name: str, echo: Callable[[str], None]) -> None:
    """Write the poster, unless `url` is one only this computer reaches: no phone opens it."""
    if is_loopback(url):
        echo(_("no poster written: only this computer reaches {url}; serve with --host 0.0.0.0 (the default) or set "
               "the hall's address with 'tourney event --url', then start again with --poster").format(url=url))
        return
    echo(_("wrote poster {file}").format(file=write_poster(path, url, event_name)))


def worker_app() -> Starlette:
    """The app of one of `tourney serve --workers N`'s worker processes (uvicorn calls it in each)."""
    share_the_interpreter()
    more_open_files()  # started by another process manager (gunicorn's), as by `tourney serve`
    return from_settings(os.environ[WORKER_SETTINGS])
