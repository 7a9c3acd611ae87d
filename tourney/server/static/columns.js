// A phone shows one or two of a table's player columns at a time (the table's page): the row
// labels stay in view (style.css), a bar of the seats above each grid brings a player's column
// right beside them, and so does choosing who reports and typing a confirmer's code.
(function () {
  "use strict";
  function show(scroll, seat) {
    var head = scroll.querySelector('th.player[data-seat="' + seat + '"]');
    if (!head) return;
    var label = scroll.querySelector("th[scope=row]");
    scroll.scrollLeft = head.offsetLeft - (label ? label.offsetWidth : 0);
    scroll.querySelectorAll(".mine-col").forEach(function (el) { el.classList.remove("mine-col"); });
    scroll.querySelectorAll('[data-seat="' + seat + '"]').forEach(function (el) {
      (el.tagName === "INPUT" ? el.parentNode : el).classList.add("mine-col");
    });
  }
  function seatOf(scroll, player) {
    var found = null;
    scroll.querySelectorAll("th.player").forEach(function (th) {
      if (th.lastChild && th.lastChild.textContent === player) found = th.dataset.seat;
    });
    return found;
  }
  document.querySelectorAll("p.seatbar").forEach(function (bar) {
    var scroll = bar.nextElementSibling;
    bar.addEventListener("click", function (ev) {
      var button = ev.target.closest("button[data-seat]");
      if (!button) return;
      bar.querySelectorAll("button").forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
      show(scroll, button.dataset.seat);
    });
  });
  var reporter = document.getElementById("reporter");
  var form = document.getElementById("sheet");
  if (reporter && form) {
    reporter.addEventListener("change", function () {
      var scroll = form.querySelector(".scroll");
      var seat = scroll && seatOf(scroll, reporter.value);
      if (seat) show(scroll, seat);
    });
  }
  var reported = document.querySelector("#report .scroll");
  document.querySelectorAll("form.confirm input[name=code]").forEach(function (input) {
    input.addEventListener("focus", function () {
      var seat = reported && seatOf(reported, input.form.dataset.player);
      if (seat) show(reported, seat);
    });
  });
})();
