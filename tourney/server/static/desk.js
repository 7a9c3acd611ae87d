// Desk sheet form, laid out like the pad (a column per player, a row per category): the
// total follows the summed rows as they are typed, the rows are checked as they are typed
// (the server runs the rules engine), empty fields are counted in one line; save with the
// version this desk saw, show both versions on a conflict.
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  var csrf = document.querySelector('meta[name="csrf"]').content;
  var base = "/api/rounds/" + form.dataset.round + "/tables/" + form.dataset.table;
  var text = window.TOURNEY_TEXT;
  var timer = null;

  var seats = Array.prototype.map.call(form.querySelectorAll("input[name=seat][data-seat]"), function (input) {
    return input.dataset.seat;
  });

  function cells(seat, selector) {
    return form.querySelectorAll('input[data-seat="' + seat + '"]' + (selector || ""));
  }

  // The sum of a player's summed rows, or null while one of them is not a whole number.
  function sum(seat) {
    var total = 0, complete = true;
    cells(seat, "[data-sum]").forEach(function (input) {
      var v = input.value.trim();
      if (/^-?\d+$/.test(v)) total += parseInt(v, 10); else complete = false;
    });
    return complete ? total : null;
  }

  function showTotals() {
    seats.forEach(function (seat) {
      var s = sum(seat);
      cells(seat, "[data-total]").forEach(function (input) { input.placeholder = s === null ? "" : String(s); });
    });
  }

  // One row per player in seat order, as the sheet has them; an empty total is the sum of
  // the player's rows once they are all typed (the pad's total, when one is written,
  // is typed over it and checked against the rows).
  function rows() {
    return seats.map(function (seat) {
      var row = {};
      cells(seat).forEach(function (input) { row[input.name] = input.value.trim(); });
      cells(seat, "[data-total]").forEach(function (input) {
        if (!input.value.trim() && input.placeholder) row[input.name] = input.placeholder;
      });
      return row;
    });
  }

  function version() {
    return form.dataset.version === "" ? null : parseInt(form.dataset.version, 10);
  }

  function post(path, body) {
    return fetch(base + path, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
      body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (data) { return {status: r.status, data: data}; }); });
  }

  function show(findings, error) {
    var list = document.getElementById("findinglist");
    list.textContent = "";
    form.querySelectorAll(".bad").forEach(function (el) { el.classList.remove("bad"); });
    // Empty fields are said once, counted, not one line each.
    var blank = findings.filter(function (f) { return f.rule === "cell.empty"; }).length;
    findings = findings.filter(function (f) { return f.rule !== "cell.empty"; });
    if (blank) {
      var todo = document.createElement("li");
      todo.className = "empty";
      todo.textContent = (blank === 1 ? text.empty_one : text.empty_many).replace("{n}", blank);
      list.appendChild(todo);
    }
    if (error) {
      var li = document.createElement("li");
      li.className = "error";
      li.textContent = error;
      list.appendChild(li);
    }
    findings.forEach(function (f) {
      var li = document.createElement("li");
      li.className = f.severity;
      li.textContent = (f.severity_text || f.severity) + ": " + (f.text || f.message);
      list.appendChild(li);
      if (f.line && f.severity === "error" && seats[f.line - 1] !== undefined) {
        // The player's column: the posted rows are in seat order.
        form.querySelectorAll('[data-seat="' + seats[f.line - 1] + '"]').forEach(function (el) {
          if (el.type !== "hidden") el.classList.add("bad");
        });
      }
    });
    if (!findings.length && !error && !blank) {
      var ok = document.createElement("li");
      ok.className = "ok";
      ok.textContent = text.no_findings;
      list.appendChild(ok);
    }
  }

  function check() {
    post("/check", {rows: rows(), version: version()}).then(function (r) {
      show(r.data.findings || [], r.data.error);
    });
  }

  function table(rowsToShow) {
    var t = document.createElement("table");
    t.className = "versions";
    rowsToShow.forEach(function (row) {
      var tr = document.createElement("tr");
      // Every column of the game's sheet (the rows carry them), not only one game's.
      Object.keys(row).filter(function (k) { return k !== "round" && k !== "table"; }).forEach(function (k) {
        var td = document.createElement("td");
        td.textContent = row[k] === undefined || row[k] === null ? "" : row[k];
        tr.appendChild(td);
      });
      tr.title = JSON.stringify(row);
      t.appendChild(tr);
    });
    return t;
  }

  form.addEventListener("input", function () {
    showTotals();
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var reason = document.getElementById("reason");
    var body = {rows: rows(), version: version()};
    if (reason.value.trim()) body.reason = reason.value.trim();
    post("/result", body).then(function (r) {
      var status = document.getElementById("status");
      var conflict = document.getElementById("conflict");
      if (r.status === 201) {
        form.dataset.version = r.data.version;
        document.getElementById("reasonbox").hidden = false;
        conflict.hidden = true;
        status.className = "ok";
        status.textContent = text.saved + " " + r.data.version;
        show(r.data.warnings, null);
      } else if (r.status === 202 || (r.status === 409 && r.data.mismatch)) {
        // Blind double entry: held until a second desk agrees; a mismatch goes to the organiser.
        conflict.hidden = true;
        status.className = r.status === 202 ? "ok" : "error";
        status.textContent = r.status === 202 ? text.held : text.mismatch;
        show(r.data.warnings || [], null);
      } else if (r.status === 409) {
        var stored = r.data.stored;
        conflict.hidden = false;
        document.getElementById("storedv").textContent = stored ? "v" + stored.version + " · " + stored.author : "";
        var s = document.getElementById("stored"), m = document.getElementById("mine");
        s.textContent = ""; m.textContent = "";
        if (stored) s.appendChild(table(stored.rows));
        m.appendChild(table(body.rows));
        // Saving again replaces the stored version the desk has now seen.
        form.dataset.version = stored ? stored.version : "";
        document.getElementById("reasonbox").hidden = false;
        status.className = "error";
        status.textContent = r.data.error;
      } else {
        status.className = "error";
        status.textContent = r.data.error || "";
        show(r.data.findings || [], null);
      }
    });
  });

  showTotals();
  check();
})();
