// The desk from the keyboard alone (the page's keys line says the same): Enter or Tab move to
// the next field in the pad's order (down a player's column, then the next player's; Shift:
// back), Ctrl+Enter saves the sheet and, once it is stored, opens the next table still waiting,
// and "/" opens the finder (from any field of the pad: no pad cell holds a "/"): a table's number
// or a player's name, then Enter.
(function () {
  "use strict";
  var ROOT = document.body.dataset.root || "";
  var find = window.TOURNEY_FIND || {round: null, tables: []};
  var form = document.getElementById("sheet");

  // The sheet's fields in the pad's order: each player's column top to bottom (the rows hidden
  // in a closed "more rows" are skipped), then the Save button.
  function padOrder() {
    var cells = Array.prototype.filter.call(form.querySelectorAll("table.sheet input[data-seat]"), function (el) {
      return !el.closest("details:not([open])") && el.offsetParent !== null;
    });
    var seats = [];
    cells.forEach(function (el) { if (seats.indexOf(el.dataset.seat) < 0) seats.push(el.dataset.seat); });
    var ordered = [];
    seats.forEach(function (seat) {
      cells.forEach(function (el) { if (el.dataset.seat === seat) ordered.push(el); });
    });
    ordered.push(document.getElementById("save"));
    return ordered;
  }

  if (form) {
    // Ready to type: the first field of the pad (unless the page was opened at a section).
    var first = padOrder()[0];
    if (first && !location.hash && first.id !== "save") first.focus();
    form.addEventListener("keydown", function (ev) {
      var cell = ev.target;
      if ((ev.key === "Enter" && (ev.ctrlKey || ev.metaKey))) {
        ev.preventDefault();
        form.dataset.jump = "1";  // desk.js opens the next waiting table once this one is stored
        form.requestSubmit ? form.requestSubmit() : document.getElementById("save").click();
        return;
      }
      if ((ev.key !== "Enter" && ev.key !== "Tab") || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var order = padOrder();
      var at = order.indexOf(cell);
      if (at < 0 || (cell.id === "save" && !ev.shiftKey)) return;  // Enter on Save saves, as any button
      ev.preventDefault();
      var next = order[Math.max(0, Math.min(order.length - 1, at + (ev.shiftKey ? -1 : 1)))];
      next.focus();
      if (next.select) next.select();
    });
  }

  // The finder: "/" anywhere but in a text field.
  var finder = document.getElementById("deskfinder");
  var box = document.getElementById("deskfind");
  var said = document.getElementById("deskfind-said");
  if (!finder || !box) return;

  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }

  function tableOf(what) {
    var typed = fold(what);
    if (!typed) return null;
    if (/^\d+$/.test(typed)) {
      var n = parseInt(typed, 10);
      return find.tables.filter(function (t) { return t.table === n; })[0] || null;
    }
    var exact = find.tables.filter(function (t) {
      return t.players.some(function (p) { return fold(p) === typed; });
    });
    if (exact.length) return exact[0];
    var starts = find.tables.filter(function (t) {
      return t.players.some(function (p) {
        return fold(p).split(/\s+/).some(function (w) { return w.indexOf(typed) === 0; }) || fold(p).indexOf(typed) === 0;
      });
    });
    return starts.length === 1 ? starts[0] : null;
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var t = ev.target;
    // Not where "/" may be typed: the finder itself, a correction's reason, the login's token.
    if (t === box || t.id === "reason" || t.tagName === "TEXTAREA" || (t.type === "password" || t.name === "token")) return;
    ev.preventDefault();
    finder.hidden = false;
    box.value = "";
    box.focus();
  });
  box.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { finder.hidden = true; return; }
  });
  finder.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var hit = tableOf(box.value);
    if (!hit) {
      said.hidden = false;
      said.textContent = (window.TOURNEY_KEYS || {}).not_found.replace("{what}", box.value).replace("{round}", find.round);
      return;
    }
    location.href = ROOT + "/desk/rounds/" + find.round + "/tables/" + hit.table;
  });
})();
