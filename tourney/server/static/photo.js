// "Photograph the pad" on the desk's table page (desk.js) and the table's page (report.js): the
// photo chosen or taken is made smaller (at most LONGEST pixels across, as a JPEG: a phone's 12
// megapixels become well under 2 MB, enough for the marks) and sent through the outbox (outbox.js)
// to POST …/photo, so a dropped Wi-Fi loses nothing. `review` shows a reading: the form filled in,
// every doubtful value marked, and beside each a crop of the photo around its marks.
(function () {
  "use strict";
  var LONGEST = 2400, QUALITY = 0.9;

  // The photo as base64 JPEG text, made smaller when it is larger than LONGEST.
  function shrink(file) {
    return new Promise(function (resolve, reject) {
      var url = URL.createObjectURL(file);
      var img = new Image();
      img.onload = function () {
        URL.revokeObjectURL(url);
        var scale = Math.min(1, LONGEST / Math.max(img.naturalWidth, img.naturalHeight));
        var canvas = document.createElement("canvas");
        canvas.width = Math.round(img.naturalWidth * scale);
        canvas.height = Math.round(img.naturalHeight * scale);
        canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);  // upright: the browser turns it
        resolve(canvas.toDataURL("image/jpeg", QUALITY).split(",", 2)[1]);
      };
      img.onerror = function () {
        URL.revokeObjectURL(url);
        // Not an image the browser shows: sent as it is, the server says why it is refused.
        var reader = new FileReader();
        reader.onload = function () { resolve(String(reader.result).split(",", 2)[1] || ""); };
        reader.onerror = reject;
        reader.readAsDataURL(file);
      };
      img.src = url;
    });
  }

  window.TourneyPhoto = {
    // Each photo chosen in `input` is sent to `url` with the fields `extra()` gives (null: not
    // now; `extra` said why); `headers` go with it (a desk's CSRF token).
    wire: function (input, url, extra, headers, status, text) {
      input.addEventListener("change", function () {
        var file = input.files && input.files[0];
        if (!file) return;
        var fields = extra();
        if (fields === null) { input.value = ""; return; }
        status.className = "";
        status.textContent = text.photo_sending;
        shrink(file).then(function (photo) {
          var body = {photo: photo, name: file.name || "photo.jpg"};
          Object.keys(fields).forEach(function (k) { body[k] = fields[k]; });
          window.TourneyOutbox.send(url, body, headers);
          input.value = "";
        });
      });
    },

    // A reading (the route's 200 answer) shown in `form` and `list`: each doubtful value's cell
    // marked, and listed with why, its candidates and the crop of the photo.
    review: function (form, list, data, text) {
      form.querySelectorAll(".doubt").forEach(function (el) { el.classList.remove("doubt"); });
      list.textContent = "";
      (data.doubtful || []).forEach(function (d) {
        var cell = form.querySelector('input[name="' + d.field + '"][data-seat="' + d.seat + '"]');
        if (cell) cell.classList.add("doubt");
        var li = document.createElement("li");
        li.className = "doubt";
        li.dataset.seat = d.seat;
        li.dataset.field = d.field;
        var img = document.createElement("img");
        img.src = d.crop;
        img.alt = text.photo_crop.replace("{field}", d.label).replace("{player}", d.player);
        var what = document.createElement("p");
        var b = document.createElement("b");
        b.textContent = d.label + (d.player ? " · " + d.player : "");
        what.appendChild(b);
        var cands = d.candidates.map(function (c) { return c === null || c === "" ? "–" : String(c); });
        what.appendChild(document.createTextNode(": " + d.why + ". " + text.photo_candidates.replace(
          "{candidates}", cands.slice(0, 12).join(", ") + (cands.length > 12 ? " …" : ""))));
        li.appendChild(img);
        li.appendChild(what);
        if (cell) li.addEventListener("click", function () { cell.focus(); });
        list.appendChild(li);
      });
      (data.reasons || []).forEach(function (why) {
        var li = document.createElement("li");
        li.className = "reason";
        li.textContent = why;
        list.appendChild(li);
      });
      list.parentNode.hidden = !list.children.length;
      var first = form.querySelector(".doubt");
      if (first) first.focus();
    }
  };
})();
