// Projector: cycle through the by-name seating a screenful at a time (live.js shows the clock
// and the announcements above it).
(function () {
  "use strict";
  var page = 0;
  function cycle() {
    var list = document.getElementById("byname");
    if (!list) return;
    var items = list.querySelectorAll("li");
    // As many names as fit below the clock and the announcements, in the list's two columns.
    var shown = Array.prototype.find.call(items, function (li) { return !li.hidden; });
    var row = shown ? shown.getBoundingClientRect().height : 64;
    var room = window.innerHeight - list.getBoundingClientRect().top - window.innerHeight / 20;
    var per = Math.max(5, 2 * Math.floor(room / Math.max(row, 24)));
    var pages = Math.max(1, Math.ceil(items.length / per));
    page = page % pages;
    items.forEach(function (li, i) { li.hidden = Math.floor(i / per) !== page; });
    page += 1;
  }
  cycle();
  setInterval(cycle, 8000);
  document.addEventListener("tourney:refreshed", function () { page = Math.max(0, page - 1); cycle(); });
})();
