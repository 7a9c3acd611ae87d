// The table's page (tablepage.html): one player types the table's sheet in the pad's layout,
// checked as typed (sheetform.js), and reports it with their code; every other player confirms
// or disputes it with theirs, on their own phone or the same one passed round. The page reloads
// itself when the event changes (another phone confirmed) while nobody is typing on it. What is
// reported or confirmed goes through the outbox (outbox.js): kept and sent again until answered.
(function () {
  "use strict";
  // Where this event's pages are: "" or "/e/NAME" (`tourney serve` with several events).
  var ROOT = document.body.dataset.root || "";
  var page = document.getElementById("tablepage");
  if (!page) return;
  var main = document.getElementById("live");
  var stamp = main.dataset.stamp !== undefined ? parseInt(main.dataset.stamp, 10) : null;
  var base = ROOT + "/api/rounds/" + page.dataset.round + "/tables/" + page.dataset.table;
  var text = window.TOURNEY_TEXT;
  var form = document.getElementById("sheet");
  var sheet = null;

  function post(path, body) {
    return fetch(base + path, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (data) { return {status: r.status, data: data}; }); });
  }

  function say(el, cls, words) {
    el.className = cls;
    el.textContent = words;
  }

  if (form) {
    var start = document.getElementById("start-report");
    var status = document.getElementById("status");
    var toOrganiser = document.getElementById("to-organiser");
    start.addEventListener("click", function () {
      form.hidden = false;
      start.hidden = true;
      if (!sheet) sheet = window.TourneySheet(form, text, function (rows) { return post("/report/check", {rows: rows}); });
      sheet.check();
      document.getElementById("reporter-code").focus();
    });

    var send = function (organiser) {
      var code = document.getElementById("reporter-code").value.trim();
      if (!code) { say(status, "error", text.no_code); return; }
      var body = {player: document.getElementById("reporter").value, code: code, rows: sheet.rows()};
      if (organiser) body.to_organiser = true;
      window.TourneyOutbox.send(base + "/report", body);
    };
    window.TourneyOutbox.on(base + "/report", function (r) {
      if (r.status === 201 || r.status === 202) { location.reload(); return; }
      if (form.hidden) start.click();  // answered after a reload: the form shows the findings
      say(status, "error", r.status === 422 && (r.data.findings || []).length ? text.errors : (r.data.error || ""));
      if (r.status === 422) {
        sheet.show(r.data.findings || [], null);
        // A sheet the rules engine refuses, which the table holds to be right: to the organiser.
        toOrganiser.hidden = !(r.data.findings || []).some(function (f) { return f.severity === "error"; });
      }
    });
    // A photo of the pad: read clean, it is the table's report (the page reloads and shows it);
    // with values its marks leave open, the form comes back filled in, those values marked.
    var photoInput = document.getElementById("photo-input");
    if (photoInput) {
      var photoStatus = document.getElementById("photo-status");
      var startPhoto = document.getElementById("start-photo");
      if (startPhoto) startPhoto.addEventListener("click", function () {
        if (form.hidden) start.click();
        startPhoto.hidden = true;
        photoInput.parentNode.scrollIntoView();
      });
      window.TourneyPhoto.wire(photoInput, base + "/photo", function () {
        var code = document.getElementById("reporter-code").value.trim();
        if (!code) { say(photoStatus, "error", text.no_code); return null; }
        return {player: document.getElementById("reporter").value, code: code};
      }, {}, photoStatus, text);
      window.TourneyOutbox.on(base + "/photo", function (r) {
        if (r.status === 201 || r.status === 202) { location.reload(); return; }
        if (form.hidden) start.click();
        if (r.status !== 200) { say(photoStatus, "error", r.data.error || ""); return; }
        sheet.fill(r.data.rows);
        window.TourneyPhoto.review(form, document.getElementById("doubts"), r.data, text);
        say(photoStatus, "notice", text.photo_read.replace("{file}", r.data.file));
        sheet.show(r.data.findings || [], null);
      });
    }
    form.addEventListener("submit", function (ev) { ev.preventDefault(); send(false); });
    toOrganiser.addEventListener("click", function () { send(true); });
  }

  var report = document.getElementById("report");
  var said = document.getElementById("answer-status");
  window.TourneyOutbox.on(base + "/confirm", function (r) {
    if (r.status === 201 || r.status === 202 || (r.status === 409 && r.data.organiser)) {
      location.reload();
      return;
    }
    if (said) say(said, "error", r.data.error || "");
  });
  document.querySelectorAll("form.confirm").forEach(function (confirm) {
    confirm.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var button = ev.submitter;
      var code = confirm.querySelector("input[name=code]").value.trim();
      if (!code) { say(said, "error", text.no_code); return; }
      var agree = !button || button.value !== "no";
      if (!agree && !button.classList.contains("armed")) {
        // A dispute sends the sheet to the organiser: asked twice.
        button.classList.add("armed");
        button.dataset.was = button.textContent;
        button.textContent = text.dispute_again;
        return;
      }
      window.TourneyOutbox.send(base + "/confirm", {player: confirm.dataset.player, code: code,
                                                    report: parseInt(report.dataset.report, 10), agree: agree});
    });
  });

  // Nobody typing: nothing open in the form, no code typed, no field in use.
  function idle() {
    if (form && !form.hidden) return false;
    var typed = Array.prototype.some.call(document.querySelectorAll("form.confirm input[name=code]"), function (i) {
      return i.value.trim() !== "";
    });
    var active = document.activeElement;
    return !typed && !(active && (active.tagName === "INPUT" || active.tagName === "SELECT"));
  }

  function poll() {
    fetch(ROOT + "/api/stamp", {cache: "no-cache"})
      .then(function (r) { return r.json(); })
      .then(function (data) {
        if (stamp === null) stamp = data.stamp;
        else if (data.stamp !== stamp && idle()) location.reload();
      })
      .catch(function () { /* the laptop may be restarting: try again next time */ })
      .finally(function () { setTimeout(poll, 2000); });
  }
  poll();
  page.dataset.ready = "1";  // what the browser tests wait for after a reload
})();
