// Projector: cycle through the by-name seating a screenful at a time; show the round timer.
(function () {
  "use strict";
  var page = 0;
  function cycle() {
    var items = document.querySelectorAll("#byname li");
    var per = Math.max(5, Math.floor((window.innerHeight - 200) / 64));
    var pages = Math.max(1, Math.ceil(items.length / per));
    page = page % pages;
    items.forEach(function (li, i) { li.hidden = Math.floor(i / per) !== page; });
    page += 1;
  }
  function tick() {
    var box = document.getElementById("timer");
    var end = window.TOURNEY_TIMER_END;
    if (!box) return;
    if (!end) { box.hidden = true; return; }
    var left = Math.max(0, Math.round((Date.parse(end) - Date.now()) / 1000));
    var m = Math.floor(left / 60), s = left % 60;
    document.getElementById("timeleft").textContent = m + ":" + (s < 10 ? "0" : "") + s;
    box.hidden = false;
  }
  cycle();
  setInterval(cycle, 8000);
  setInterval(tick, 1000);
  document.addEventListener("tourney:refreshed", function () { page = Math.max(0, page - 1); cycle(); });
})();
