// Player pages: refresh the page's live part when the event changes, and "find my name".
(function () {
  "use strict";
  var main = document.getElementById("live");
  // The change stamp the shown page was built at (the server says it with every page).
  var stamp = main && main.dataset.stamp !== undefined ? parseInt(main.dataset.stamp, 10) : null;

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

  function refresh() {
    fetch(location.pathname + location.search, {headers: {"X-Fragment": "1"}, cache: "no-cache"})
      .then(function (r) { stamp = parseInt(r.headers.get("X-Stamp"), 10); return r.text(); })
      .then(function (html) {
        main.innerHTML = html;
        bindFind();
        document.dispatchEvent(new Event("tourney:refreshed"));
      });
  }

  function poll() {
    fetch("/api/stamp", {cache: "no-cache"})  // revalidated: 304 while nothing changed
      .then(function (r) { return r.json(); })
      .then(function (data) {
        window.TOURNEY_TIMER_END = data.timer_end;
        // A page built a moment before the latest change says so: it is fetched again next time.
        if (stamp !== null && data.stamp !== stamp) refresh();
        else if (stamp === null) stamp = data.stamp;
      })
      .catch(function () { /* the laptop may be restarting: try again next time */ })
      .finally(function () { setTimeout(poll, 2000); });
  }

  bindFind();
  if (main && main.dataset.live === "1") poll();
})();
