// A desk's sheet form (the pad's layout and checks as typed: sheetform.js): save with the
// version this desk saw, show both versions on a conflict; the organiser accepts, edits or
// discards a sheet the table's players reported (deskreport.html). What is saved goes through
// the outbox (outbox.js): kept and sent again until the server answers, stored once.
(function () {
  "use strict";
  // Where this event's pages are: "" or "/e/NAME" (`tourney serve` with several events).
  var ROOT = document.body.dataset.root || "";
  var form = document.getElementById("sheet");
  var csrf = document.querySelector('meta[name="csrf"]').content;
  var base = ROOT + "/api/rounds/" + form.dataset.round + "/tables/" + form.dataset.table;
  var text = window.TOURNEY_TEXT;
  var report = window.TOURNEY_REPORT;

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

  // A write: kept in the outbox until answered; the answer goes to the handler `on` gave its URL.
  function send(path, body) {
    window.TourneyOutbox.send(base + path, body, {"X-CSRF-Token": csrf});
  }
  var on = function (path, handle) { window.TourneyOutbox.on(base + path, handle); };

  var sheet = window.TourneySheet(form, text, function (rows) {
    return post("/check", {rows: rows, version: version()});
  });

  // A version of the sheet as the pad shows it: a row per pad line in the pad's order with
  // its label, a column per seat under the player's name; the cells where `other` (the other
  // version) differs are marked.
  var pad = window.TOURNEY_PAD;
  function bySeat(rows) {
    var out = {};
    (rows || []).forEach(function (row, i) {
      var key = row.seat !== undefined && row.seat !== null && row.seat !== "" ? "s" + row.seat
        : "p" + String(row.player || "").toLowerCase();
      out[key] = row;
      out["#" + (i + 1)] = row;
    });
    return out;
  }
  function cell(row, key) {
    var v = row ? row[key] : undefined;
    return v === undefined || v === null ? "" : String(v).trim().replace(/^0+(?=\d)/, "");
  }
  function table(rowsToShow, other) {
    var mine = bySeat(rowsToShow), theirs = bySeat(other);
    var t = document.createElement("table");
    t.className = "versions";
    var head = document.createElement("tr");
    var corner = document.createElement("th");
    corner.textContent = pad.seat;
    head.appendChild(corner);
    pad.seats.forEach(function (s) {
      var th = document.createElement("th");
      th.textContent = s[1];
      head.appendChild(th);
    });
    t.appendChild(head);
    pad.rows.forEach(function (key) {
      var used = pad.seats.some(function (s, i) {
        var at = function (rows) { return rows["s" + s[0]] || rows["p" + String(s[1]).toLowerCase()] || rows["#" + (i + 1)]; };
        return cell(at(mine), key) !== "" || cell(at(theirs), key) !== "";
      });
      if (!used) return;  // a line the sheet may leave out, empty in both versions
      var tr = document.createElement("tr");
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = pad.labels[key] || key;
      tr.appendChild(th);
      pad.seats.forEach(function (s, i) {
        var pick = function (rows) {
          return rows["s" + s[0]] || rows["p" + String(s[1]).toLowerCase()] || rows["#" + (i + 1)];
        };
        var td = document.createElement("td");
        td.textContent = cell(pick(mine), key);
        if (other && cell(pick(mine), key) !== cell(pick(theirs), key)) td.className = "differs";
        tr.appendChild(td);
      });
      t.appendChild(tr);
    });
    return t;
  }

  function saved(r, status) {
    status.className = "ok";
    status.textContent = text.saved + " " + r.data.version;
    sheet.show(r.data.warnings, null);
  }

  var status = document.getElementById("status");
  var before = sessionStorage.getItem("tourney-said");  // an accepted report, stored before the reload
  if (before) {
    sessionStorage.removeItem("tourney-said");
    status.className = "ok";
    status.textContent = before;
  }
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (form.dataset.report) {
      // The organiser's edit of a reported sheet: stored as the report, edited.
      send("/reports/" + form.dataset.report + "/accept", {rows: sheet.rows()});
      return;
    }
    var reason = document.getElementById("reason");
    var body = {rows: sheet.rows(), version: version()};
    if (reason.value.trim()) body.reason = reason.value.trim();
    // Read from a photo of the pad: the history names the photo as the sheet's source.
    if (form.dataset.photoSha) body.photo = {sha256: form.dataset.photoSha, file: form.dataset.photoFile};
    send("/result", body);
  });

  on("/result", function (r) {
    var body = r.entry.body;
    var conflict = document.getElementById("conflict");
    // Saved with Ctrl+Enter (keys.js): on to the next table still waiting.
    var onwards = (r.status === 201 || r.status === 202) && form.dataset.jump === "1" && form.dataset.next;
    form.dataset.jump = "";
    if (onwards) { location.href = form.dataset.next; return; }
    if (r.status === 201) {
      form.dataset.version = r.data.version;
      delete form.dataset.photoSha;  // a later correction is typed, not the photo's
      delete form.dataset.photoFile;
      document.getElementById("reasonbox").hidden = false;
      conflict.hidden = true;
      saved(r, status);
    } else if (r.status === 202 || (r.status === 409 && r.data.mismatch)) {
      // Blind double entry: held until a second desk agrees; a mismatch goes to the organiser.
      conflict.hidden = true;
      status.className = r.status === 202 ? "ok" : "error";
      status.textContent = r.status === 202 ? text.held : text.mismatch;
      sheet.show(r.data.warnings || [], null);
    } else if (r.status === 409) {
      var stored = r.data.stored;
      conflict.hidden = false;
      document.getElementById("storedv").textContent = stored ? "v" + stored.version + " · " + stored.author : "";
      var s = document.getElementById("stored"), m = document.getElementById("mine");
      s.textContent = ""; m.textContent = "";
      if (stored) s.appendChild(table(stored.rows, body.rows));
      m.appendChild(table(body.rows, stored ? stored.rows : null));
      // Saving again replaces the stored version the desk has now seen.
      form.dataset.version = stored ? stored.version : "";
      document.getElementById("reasonbox").hidden = false;
      status.className = "";
      status.textContent = "";
      document.getElementById("conflictsaid").textContent = r.data.error;
    } else {
      status.className = "error";
      status.textContent = r.data.error || "";
      sheet.show(r.data.findings || [], null);
    }
  });

  // A photo of the pad: the form filled in as read, the doubtful values marked beside a crop of
  // the photo; the desk checks them and saves as typed (one confirmation).
  var photoInput = document.getElementById("photo-input");
  if (photoInput) {
    var photoStatus = document.getElementById("photo-status");
    window.TourneyPhoto.wire(photoInput, base + "/photo", function () { return {}; }, {"X-CSRF-Token": csrf},
                             photoStatus, text);
    on("/photo", function (r) {
      if (r.status !== 200) {
        photoStatus.className = "error";
        photoStatus.textContent = r.data.error || "";
        return;
      }
      sheet.fill(r.data.rows);
      form.dataset.photoSha = r.data.sha256;
      form.dataset.photoFile = r.data.file;
      window.TourneyPhoto.review(form, document.getElementById("doubts"), r.data, text);
      photoStatus.className = r.data.status === "clean" ? "ok" : "notice";
      photoStatus.textContent = (r.data.status === "clean" ? text.photo_clean : text.photo_read)
        .replace("{file}", r.data.file);
      sheet.show(r.data.findings || [], null);
    });
  }

  if (report && document.getElementById("report-accept")) {
    var said = document.getElementById("report-status");
    var answer = function (r) {
      if (r.status === 200 || r.status === 201) {
        // Said after the reload, which shows the table as stored.
        if (r.data.version) sessionStorage.setItem("tourney-said", text.saved + " " + r.data.version);
        location.reload();
        return;
      }
      [said, status].forEach(function (el) { el.className = "error"; el.textContent = r.data.error || ""; });
      sheet.show(r.data.findings || [], null);
    };
    on("/reports/" + report.id + "/accept", answer);
    on("/reports/" + report.id + "/discard", function (r) {
      if (r.status === 200) { said.className = "ok"; said.textContent = report.discarded; }
      answer(r);
    });
    document.getElementById("report-accept").addEventListener("click", function () {
      send("/reports/" + report.id + "/accept", {});
    });
    document.getElementById("report-discard").addEventListener("click", function () {
      send("/reports/" + report.id + "/discard", {});
    });
    document.getElementById("report-edit").addEventListener("click", function () {
      sheet.fill(report.rows);
      form.dataset.report = report.id;
      document.getElementById("save").textContent = report.accept_edited;
      sheet.check();
      form.scrollIntoView();
    });
  }

  sheet.check();
})();
