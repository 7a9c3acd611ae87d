// The sheet form laid out like the pad (a column per player, a row per category), shared by the
// desks (desk.js) and the table's page (report.js): the total follows the summed rows as they
// are typed, the rows are checked as they are typed (`checkRows` asks the server, which runs the
// rules engine), empty fields are counted in one line, a player's column with an error is marked.
(function () {
  "use strict";

  window.TourneySheet = function (form, text, checkRows) {
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

    // Fill the form from rows (a reported sheet the organiser edits), matched by seat.
    function fill(given) {
      given.forEach(function (row) {
        Object.keys(row).forEach(function (key) {
          if (key === "seat" || key === "player" || key === "round" || key === "table") return;
          cells(row.seat, '[name="' + key + '"]').forEach(function (input) {
            input.value = row[key] === null || row[key] === undefined ? "" : String(row[key]);
          });
        });
      });
      showTotals();
    }

    function show(findings, error) {
      var list = form.ownerDocument.getElementById("findinglist");
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
        var item = document.createElement("li");
        item.className = f.severity;
        item.textContent = (f.severity_text || f.severity) + ": " + (f.text || f.message);
        list.appendChild(item);
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
      return checkRows(rows()).then(function (r) { show(r.data.findings || [], r.data.error); return r; });
    }

    form.addEventListener("input", function (ev) {
      if (!ev.target.dataset || ev.target.dataset.seat === undefined) return;  // not a cell of the sheet
      showTotals();
      clearTimeout(timer);
      timer = setTimeout(check, 250);
    });
    showTotals();
    return {rows: rows, show: show, check: check, fill: fill, seats: seats};
  };
})();
