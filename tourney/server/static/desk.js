// Desk sheet form: check the rows as they are typed (the server runs the rules engine),
// save with the version this desk saw, show both versions on a conflict.
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  var csrf = document.querySelector('meta[name="csrf"]').content;
  var base = "/api/rounds/" + form.dataset.round + "/tables/" + form.dataset.table;
  var text = window.TOURNEY_TEXT;
  var timer = null;

  function rows() {
    return Array.prototype.map.call(form.querySelectorAll("tbody tr"), function (tr) {
      var row = {};
      tr.querySelectorAll("input[name]").forEach(function (input) { row[input.name] = input.value.trim(); });
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
    form.querySelectorAll("tr.bad").forEach(function (tr) { tr.classList.remove("bad"); });
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
      if (f.line && f.severity === "error") {
        var tr = form.querySelector('tr[data-line="' + f.line + '"]');
        if (tr) tr.classList.add("bad");
      }
    });
    if (!findings.length && !error) {
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

  check();
})();
