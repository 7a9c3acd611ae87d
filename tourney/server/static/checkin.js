// The check-in page (checkin.html): the player's name and code to POST /api/check-in.
(function () {
  "use strict";
  // Where this event's pages are: "" or "/e/NAME" (`tourney serve` with several events).
  var ROOT = document.body.dataset.root || "";
  var form = document.getElementById("checkin");
  var said = document.getElementById("checkin-status");
  var text = window.TOURNEY_TEXT;
  // Sent through the outbox (outbox.js): kept until the server answers, done once.
  window.TourneyOutbox.on(ROOT + "/api/check-in", function (r) {
    if (r.status === 200) {
      said.className = "ok";
      said.textContent = (r.data.changed ? text.done : text.before).replace("{name}", r.data.player);
      form.reset();
    } else {
      said.className = "error";
      said.textContent = r.data.error || "";
    }
  });
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    window.TourneyOutbox.send(ROOT + "/api/check-in", {player: form.elements.player.value.trim(),
                                                code: form.elements.code.value.trim()});
  });
  form.dataset.ready = "1";  // what the browser tests wait for
})();
