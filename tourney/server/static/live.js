// Player pages: refresh the page's live part when the event changes, "find my name", and the
// round clock and the organiser's announcements above the page (/api/stamp's answer, pushed by
// /api/stream where the browser can keep a stream open, else asked for every second).
(function () {
  "use strict";
  // Where this event's pages are: "" or "/e/NAME" (`tourney serve` with several events).
  var ROOT = document.body.dataset.root || "";
  var main = document.getElementById("live");
  // The change stamp the shown page was built at (the server says it with every page).
  var stamp = main && main.dataset.stamp !== undefined ? parseInt(main.dataset.stamp, 10) : null;
  // The server's clock minus this phone's (ms): the time left is counted as the server counts it.
  var offset = 0;
  var shownNotes = null;

  // Same folding as tourney.live.fold: case-, accent- and umlaut-tolerant.
  function fold(text) {
    return text.toLowerCase().replace(/ß/g, "ss").normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "").replace(/\s+/g, " ").trim();
  }

  function applyFind() {
    var box = document.getElementById("find");
    if (!box) return;
    var key = fold(box.value);
    var any = false;
    document.querySelectorAll(".table").forEach(function (table) {
      var hit = false;
      table.querySelectorAll(".seat").forEach(function (seat) {
        var mine = key !== "" && seat.dataset.name.indexOf(key) !== -1;
        seat.classList.toggle("me", mine);
        hit = hit || mine;
      });
      table.hidden = key !== "" && !hit;
      any = any || hit;
    });
    var none = document.getElementById("nomatch");
    if (none) none.hidden = key === "" || any;
  }

  function bindFind() {
    var box = document.getElementById("find");
    if (!box) return;
    var saved = sessionStorage.getItem("tourney-find") || "";
    if (box.value === "" && saved) box.value = saved;
    box.addEventListener("input", function () {
      sessionStorage.setItem("tourney-find", box.value);
      applyFind();
    });
    applyFind();
  }

  // The newest change stamp the server has told (stream or poll).
  var latest = null;
  var REFRESH_SPREAD = 1000;  // ms over which the phones told by the stream ask for the page

  function refresh() {
    fetch(location.pathname + location.search, {headers: {"X-Fragment": "1"}, cache: "no-cache"})
      .then(function (r) { stamp = parseInt(r.headers.get("X-Stamp"), 10); return r.text(); })
      .then(function (html) {
        main.innerHTML = html;
        bindFind();
        document.dispatchEvent(new Event("tourney:refreshed"));
        // While the server builds the page of the latest change (it settles for a second) it
        // hands out the one before: the stream says nothing more, so the page asks again.
        if (latest !== null && stamp < latest) setTimeout(refresh, 1000);
      });
  }

  // --- the round clock -------------------------------------------------------------------
  function say(template, time) {  // "{time} left" / "noch {time}": the digits in bold
    var box = document.getElementById("clockleft");
    if (box.dataset.template !== template) {  // built once per wording, then only the digits change
      var parts = template.split("{time}");
      box.textContent = "";
      box.appendChild(document.createTextNode(parts[0]));
      if (parts.length > 1) {
        box.appendChild(document.createElement("b"));
        box.appendChild(document.createTextNode(parts[1]));
      }
      box.dataset.template = template;
    }
    var digits = box.querySelector("b");
    if (digits && digits.textContent !== time) digits.textContent = time;
  }

  function mmss(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function tick() {
    var clock = document.getElementById("clock");
    if (!clock) return;
    var d = clock.dataset, left;
    clock.hidden = d.state !== "running" && d.state !== "paused";
    if (clock.hidden) return;
    if (d.state === "paused") {
      left = parseInt(d.left || "0", 10);
    } else {
      left = Math.max(0, Math.ceil((Date.parse(d.ends) - (Date.now() + offset)) / 1000));
    }
    var up = d.state === "running" && left <= 0;
    clock.classList.toggle("up", up);
    clock.classList.toggle("paused", d.state === "paused");
    say(up ? d.sayUp : d.state === "paused" ? d.sayPaused : d.sayLeft, mmss(left));
  }

  function showClock(c) {
    var clock = document.getElementById("clock");
    if (!clock || !c) return;
    clock.dataset.state = c.state;
    clock.dataset.ends = c.ends_at || "";
    clock.dataset.left = c.left === null || c.left === undefined ? "" : String(c.left);
    tick();
  }

  // --- the organiser's announcements (their own text: set as text, never as HTML) -----------
  function showNotes(list) {
    var box = document.getElementById("announcements");
    if (!box || !list) return;
    var key = JSON.stringify(list);
    if (key === shownNotes) return;
    shownNotes = key;
    box.textContent = "";
    list.forEach(function (a) {
      var li = document.createElement("li"), time = document.createElement("time"), text = document.createElement("span");
      time.setAttribute("datetime", a.at);
      time.textContent = a.time;
      text.className = "text";
      text.textContent = a.text;
      li.appendChild(time);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(text);
      box.appendChild(li);
    });
    box.hidden = list.length === 0;
  }

  function apply(data) {
    window.TOURNEY_TIMER_END = data.timer_end;
    showClock(data.clock);
    showNotes(data.announcements);
    latest = data.stamp;
    // A page built a moment before the latest change says so: it is fetched again next time.
    if (stamp !== null && data.stamp !== stamp) {
      // A stream tells every phone at the same moment: each asks within the next second, not
      // all at once (polling phones ask at their own moments anyway).
      if (streaming) setTimeout(refresh, Math.random() * REFRESH_SPREAD);
      else refresh();
    } else if (stamp === null) stamp = data.stamp;
  }

  // --- asking every second: while no stream is open ----------------------------------------
  var streaming = false, polling = false;

  function poll() {
    if (streaming) { polling = false; return; }  // the stream took over
    polling = true;
    var asked = Date.now();
    fetch(ROOT + "/api/stamp", {cache: "no-cache"})  // revalidated: 304 while nothing changed
      .then(function (r) {
        var now = parseInt(r.headers.get("X-Now"), 10);
        if (!isNaN(now)) offset = now - (asked + Date.now()) / 2;
        return r.json();
      })
      .then(apply)
      .catch(function () { /* the laptop may be restarting: try again next time */ })
      .finally(function () { setTimeout(poll, 1000); });
  }

  function startPolling() {
    if (!polling) poll();
  }

  // --- the stream: the same answer, pushed when it changes ----------------------------------
  var source = null, refusedUntil = 0;

  function listen() {
    if (source || document.hidden || Date.now() < refusedUntil) return;
    var mine = source = new EventSource(ROOT + "/api/stream");
    mine.onmessage = function (e) {
      var data = JSON.parse(e.data);
      offset = data.now - Date.now();
      streaming = true;
      apply(data);
    };
    mine.onerror = function () {
      streaming = false;
      startPolling();  // until the stream is back
      // A dropped stream is opened again by the browser (after the server's retry: hint); one the
      // server refused (too many open, or none served) is asked for again a minute or so later.
      if (mine.readyState === EventSource.CLOSED && source === mine) {
        source = null;
        var wait = 30000 + Math.random() * 60000;
        refusedUntil = Date.now() + wait;
        setTimeout(listen, wait);
      }
    };
    // A proxy that holds the stream back: the page asks every second until the first event comes.
    setTimeout(function () { if (!streaming) startPolling(); }, 5000);
  }

  // A page in a background tab gives its connection back (a browser opens only six to one server,
  // and a server its streams to the pages people look at): it asks every second, as before.
  function hang() {
    if (source) { source.close(); source = null; }
    streaming = false;
    startPolling();
  }

  bindFind();
  tick();
  setInterval(tick, 250);
  if (main && main.dataset.live === "1") {
    if (window.EventSource) {
      document.addEventListener("visibilitychange", function () { if (document.hidden) hang(); else listen(); });
      if (document.hidden) poll();
      else listen();
    } else {
      poll();
    }
  }
})();
