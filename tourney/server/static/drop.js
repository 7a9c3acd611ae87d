// The drop page (drop.html): name and code, then the confirmation word, to POST /api/drop
// through the outbox (outbox.js: kept until the server answers, done once).
(function () {
  "use strict";
  var ROOT = document.body.dataset.root || "";
  var form = document.getElementById("drop");
  var step = document.getElementById("drop-confirm");
  var said = document.getElementById("drop-status");
  var text = window.TOURNEY_TEXT;
  var named = new URLSearchParams(location.search).get("name");  // from the player's own page
  if (named) form.elements.player.value = named;
  window.TourneyOutbox.on(ROOT + "/api/drop", function (r) {
    if (r.status === 200) {
      said.className = "ok";
      // Seated in a round whose seating is out: they leave after it, their table plays as seated.
      var said_as = r.data.table ? text.done_seated : r.data.dropped_after ? text.done : text.done_before;
      said.textContent = said_as.replace("{name}", r.data.player).split("{round}").join(r.data.dropped_after)
        .replace("{table}", r.data.table);
      form.hidden = true;
    } else {
      said.className = "error";
      said.textContent = r.data.error || "";
    }
  });
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (step.hidden) {  // the first tap: the confirmation step, nothing sent yet
      step.hidden = false;
      form.elements.confirm.focus();
      return;
    }
    if (form.elements.confirm.value.trim().toLowerCase() !== text.word.toLowerCase()) {
      said.className = "error";  // the word shown here, not another (an English "DROP")
      said.textContent = text.retype;
      return;
    }
    window.TourneyOutbox.send(ROOT + "/api/drop", {player: form.elements.player.value.trim(),
                                            code: form.elements.code.value.trim(),
                                            confirm: form.elements.confirm.value.trim()});
  });
  form.dataset.ready = "1";  // what the browser tests wait for
})();
