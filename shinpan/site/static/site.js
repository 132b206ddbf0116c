/* shinpan site: the engine selector of the grid, the engines filter and client-side search.
   No dependencies; works from file:// (the search index is a script, not a fetched file). */
(function () {
  "use strict";

  function colourGrid(select) {
    var key = select.value;
    var engine = select.options[select.selectedIndex].text;
    document.querySelectorAll("td.cell").forEach(function (cell) {
      var status = cell.getAttribute("data-s-" + key) || "NO_RESULT";
      cell.setAttribute("data-status", status);
      cell.title = engine + ": " + status;
    });
  }

  var select = document.getElementById("engine-select");
  if (select) {
    select.addEventListener("change", function () { colourGrid(select); });
    colourGrid(select);
  }

  /* the engines matrix: every scenario, those on which the engines differ, or of those the real disagreements
     (PASS against FAIL…) or the coverage gaps (PASS against UNSUPPORTED…) */
  function filterMatrix(table, wanted) {
    document.querySelectorAll("#" + table + " tbody tr").forEach(function (row) {
      var kind = row.getAttribute("data-kind");
      row.hidden = !(wanted === "all" || (wanted === "differ" && kind !== "agree") || kind === wanted);
    });
  }

  document.querySelectorAll("input[name='matrix-filter']").forEach(function (choice) {
    var table = choice.getAttribute("data-table") || "matrix";  /* the certification pages filter their own */
    choice.addEventListener("change", function () { if (choice.checked) { filterMatrix(table, choice.value); } });
  });

  var index = window.SHINPAN_INDEX;
  var form = document.getElementById("search-form");
  if (!form || !index) { return; }
  var input = document.getElementById("q");
  var list = document.getElementById("results");
  var count = document.getElementById("count");

  function haystack(entry) {
    if (!entry.text) {
      var statuses = Object.keys(entry.statuses).map(function (k) { return k + " " + entry.statuses[k]; });
      entry.text = [entry.id, entry.name, entry.topic, entry.steps, entry.rules.join(" "), entry.cards.join(" "),
                    statuses.join(" ")].join(" ").toLowerCase();
    }
    return entry.text;
  }

  function exact(query) {
    var wanted = query.trim().replace(/^@?id:/, "");
    for (var i = 0; i < index.length; i++) {
      if (index[i].id === wanted) { return index[i]; }
    }
    return null;
  }

  function show(query) {
    var words = query.toLowerCase().split(/\s+/).filter(Boolean);
    list.textContent = "";
    if (!words.length) { count.textContent = "シナリオ " + index.length + " 件"; return; }
    var found = index.filter(function (entry) {
      var text = haystack(entry);
      return words.every(function (word) { return text.indexOf(word) >= 0; });
    });
    count.textContent = found.length + " 件";
    found.slice(0, 300).forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = entry.url;
      var code = document.createElement("code");
      code.textContent = entry.id;
      link.appendChild(code);
      item.appendChild(link);
      item.appendChild(document.createTextNode(" " + entry.name));
      Object.keys(entry.statuses).forEach(function (engine) {
        var badge = document.createElement("span");
        badge.className = "status s-" + entry.statuses[engine];
        badge.title = engine;
        badge.textContent = entry.statuses[engine];
        item.appendChild(document.createTextNode(" "));
        item.appendChild(badge);
      });
      list.appendChild(item);
    });
  }

  var query = new URLSearchParams(window.location.search).get("q") || "";
  var hit = exact(query);
  if (hit) { window.location.replace(hit.url); return; }
  input.value = query;
  show(query);
  input.addEventListener("input", function () { show(input.value); });
  form.addEventListener("submit", function (event) {
    var target = exact(input.value);
    event.preventDefault();
    if (target) { window.location.href = target.url; } else { show(input.value); }
  });
}());
