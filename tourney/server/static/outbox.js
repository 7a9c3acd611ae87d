// The outbox of the desk and player pages: a submission is put in the browser's storage with a
// fresh Idempotency-Key before it is sent, and sent again (when the network is back, and with a
// growing pause) until the server answers, also after a reload; "2 waiting to be sent" says how
// many are left. The hall's Wi-Fi drops requests and answers: the key makes the server store a
// submission sent twice once and give the first answer again. A final answer (stored, or refused
// with a reason, which the page shows) takes it out; a network error or a 5xx (503: the event is
// busy, 507: the disk is full; the server's reason is shown) keeps it, and so does a 401 (a desk's session ended): it is sent once the desk has
// logged in again, with the new session's CSRF token. No service worker: browsers allow them only over HTTPS, and a hall's LAN
// (http://192.168.…) has none.
(function () {
  "use strict";
  var STORE = "tourney-outbox";
  var FIRST = 1000, LONGEST = 16000;  // ms between tries: doubled after each failure, up to LONGEST
  var text = window.TOURNEY_OUTBOX || {};
  var handlers = {};  // url → what the page does with the answer (see `on`)
  var memory = [];  // where entries live when the browser keeps no storage (a private window)
  var inFlight = {};
  var delay = FIRST, timer = null;

  // A random version 4 UUID. crypto.randomUUID exists only in a secure context (HTTPS or
  // localhost), which a hall's LAN is not; crypto.getRandomValues exists everywhere.
  function newKey() {
    var b = new Uint8Array(16), i;
    if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(b);
    else for (i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  function load() {
    try {
      var kept = window.localStorage.getItem(STORE);
      return kept ? JSON.parse(kept) : memory.slice();
    } catch (e) {
      return memory.slice();
    }
  }

  function save(list) {
    memory = list.slice();
    try {
      if (list.length) window.localStorage.setItem(STORE, JSON.stringify(list));
      else window.localStorage.removeItem(STORE);
    } catch (e) { /* no storage: kept in this page only */ }
    show();
  }

  function show() {
    var el = document.getElementById("outbox");
    if (!el) return;
    var n = load().length;
    el.hidden = n === 0;
    el.textContent = n ? (n === 1 ? text.one : text.many).replace("{n}", n) : "";
  }

  // What to do with an answer to an entry no page script is waiting for (sent from another
  // page, or before a reload): say it was stored, or why it was refused.
  function fallback(answer) {
    var el = document.getElementById("outbox-said");
    if (!el) return;
    var ok = answer.status < 300;
    el.hidden = false;
    el.className = ok ? "ok" : "error";
    el.textContent = ok ? text.sent : answer.status === 401 ? text.login
      : text.refused.replace("{error}", (answer.data && answer.data.error) || answer.status);
  }

  function deliver(answer) {
    (handlers[answer.entry.url] || fallback)(answer);
  }

  function attempt(entry) {
    if (inFlight[entry.key]) return Promise.resolve(false);
    inFlight[entry.key] = true;
    var headers = {"Content-Type": "application/json", "Idempotency-Key": entry.key};
    Object.keys(entry.headers || {}).forEach(function (k) { headers[k] = entry.headers[k]; });
    var csrf = document.querySelector('meta[name="csrf"]');
    if (headers["X-CSRF-Token"] && csrf) headers["X-CSRF-Token"] = csrf.content;  // this page's session
    return fetch(entry.url, {method: "POST", credentials: "same-origin", headers: headers,
                             body: JSON.stringify(entry.body)})
      .then(function (r) {
        if (r.status >= 500) {  // not an answer (503 busy, 507 disk full): kept, sent again; the server says why
          return r.json().catch(function () { return {}; }).then(function (data) {
            var el = document.getElementById("outbox-said");
            if (el && data.error) { el.hidden = false; el.className = "error"; el.textContent = data.error; }
            throw new Error("HTTP " + r.status);
          });
        }
        if (r.status === 401) {  // logged out: kept until the desk logs in again (a page load)
          delete inFlight[entry.key];
          fallback({status: r.status, data: {}, entry: entry});
          return false;
        }
        return r.json().catch(function () { return {}; }).then(function (data) {
          save(load().filter(function (e) { return e.key !== entry.key; }));
          delete inFlight[entry.key];
          deliver({status: r.status, data: data, entry: entry});
          return true;
        });
      })
      .catch(function () {
        delete inFlight[entry.key];
        later();
        return false;
      });
  }

  function later() {
    if (timer !== null) return;
    timer = setTimeout(function () { timer = null; flush(); }, delay);
    delay = Math.min(delay * 2, LONGEST);
  }

  // Send what waits, oldest first, one at a time; stop at the first failure (the network is
  // down) and try again later.
  function flush() {
    var waiting = load();
    var next = function (i) {
      if (i >= waiting.length) { delay = FIRST; return; }
      attempt(waiting[i]).then(function (answered) { if (answered) next(i + 1); });
    };
    next(0);
  }

  window.TourneyOutbox = {
    // The page's handler of the answers to `url`: called with {status, data, entry}.
    on: function (url, handle) { handlers[url] = handle; },
    // Keep the submission, then send it; its answer goes to the handler of `url`.
    send: function (url, body, headers) {
      var entry = {key: newKey(), url: url, body: body, headers: headers || {}, at: Date.now()};
      var list = load();
      list.push(entry);
      save(list);
      attempt(entry);
      return entry;
    },
    waiting: function () { return load().length; }
  };

  window.addEventListener("online", function () {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    delay = FIRST;
    flush();
  });
  // After the page's own scripts said what they do with their answers.
  window.addEventListener("load", function () { show(); flush(); });
})();
