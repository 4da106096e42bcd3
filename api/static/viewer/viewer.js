// Lorekeeper history viewer: steps through a game's versions, shows the board SVG of each,
// the readable log line of each event, the audit verdict, and follows a game live (SSE).
// Served by api/board/viewer.py; it talks only to this server (no CDN, no build step).
// The board picture carries its status as JSON (<metadata class="lk-status">): the page crops
// the picture's own panel off and lays the words out in HTML, legible on a phone.
"use strict";

(function () {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
  // The API's version prefix the page was opened under (/v1/viewer/<id>), or none (an alias).
  const prefix = window.location.pathname.startsWith("/v1/") ? "/v1" : "";
  const base = prefix + "/games/" + encodeURIComponent(gameId);
  const $ = (id) => document.getElementById(id);
  const ui = {
    board: $("board"), slider: $("slider"), label: $("version-label"), line: $("current-line"),
    log: $("log"), follow: $("follow"), live: $("live"), audit: $("audit"), error: $("error"),
    first: $("first"), prev: $("prev"), next: $("next"), last: $("last"),
    coords: $("coords"), title: $("title"), seats: $("seats"), headline: $("headline"),
    notes: $("notes"), seatCards: $("seat-cards"), facts: $("facts"), keyList: $("key-list"),
  };
  const view = { entries: [], latest: 0, shown: 0, over: false, types: [], wanted: 0 };
  const svgCache = new Map(); // version -> SVG text; a past version never changes

  function setStatus(el, state, text) {
    el.dataset.state = state;
    el.textContent = text;
  }

  function fail(message) {
    ui.error.hidden = false;
    ui.error.textContent = message;
  }

  async function fetchLog() {
    const response = await fetch(base + "/log?format=json", { cache: "no-store" });
    if (!response.ok) throw new Error("the game's log answered HTTP " + response.status);
    return response.json();
  }

  function addEntries(entries) {
    const fresh = entries.filter((e) => e.version > view.entries.length);
    const items = document.createDocumentFragment();
    for (const entry of fresh) {
      const li = document.createElement("li");
      li.value = entry.version;
      li.dataset.version = String(entry.version);
      li.textContent = entry.text;
      if (entry.type === "TurnStarted") li.className = "turn-start";
      items.appendChild(li);
      view.entries.push(entry);
    }
    ui.log.appendChild(items);
    view.latest = view.entries.length;
    ui.slider.max = String(Math.max(1, view.latest));
  }

  async function show(version) {
    const v = Math.min(Math.max(1, version), view.latest);
    view.shown = v;
    ui.slider.value = String(v);
    ui.label.textContent = "version " + v + " / " + view.latest;
    ui.first.disabled = ui.prev.disabled = v <= 1;
    ui.next.disabled = ui.last.disabled = v >= view.latest;
    showLine(v);
    history.replaceState(null, "", "#v=" + v);
    await drawBoard(v);
  }

  // The line of the event a version is about: its own, until its picture names another
  // (data-moment: at a game's end, the act that ended it).
  function showLine(moment) {
    ui.line.textContent = view.entries[moment - 1] ? view.entries[moment - 1].text : "";
    const old = ui.log.querySelector("li.shown");
    if (old) old.classList.remove("shown");
    const li = ui.log.children[moment - 1];
    if (!li) return;
    li.classList.add("shown");
    const top = li.offsetTop - ui.log.clientHeight / 2;
    ui.log.scrollTop = Math.max(0, top);
  }

  async function drawBoard(v) {
    view.wanted = v;
    let text = svgCache.get(v);
    if (text === undefined) {
      const response = await fetch(base + "/board.svg?version=" + v);
      if (!response.ok) return fail("the board of version " + v + " answered HTTP " + response.status);
      text = await response.text();
      svgCache.set(v, text);
    }
    if (view.wanted !== v) return; // a later step already asked for another version
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = document.importNode(parsed.documentElement, true);
    const words = readStatus(svg);
    const moment = Number(svg.dataset.moment);
    if (moment >= 1 && moment !== v) showLine(moment);
    cropPanel(svg);
    svg.classList.toggle("show-coords", ui.coords.checked);
    ui.board.replaceChildren(svg);
    if (words) showStatus(words);
    document.body.dataset.shownVersion = String(v);
  }

  function readStatus(svg) {
    const meta = svg.querySelector("metadata.lk-status");
    try { return meta ? JSON.parse(meta.textContent) : null; } catch (_) { return null; }
  }

  // The picture's own panel (status and key, for the picture on its own) gives way to HTML.
  function cropPanel(svg) {
    const panel = svg.querySelector("g.panel");
    const height = Number(svg.dataset.boardHeight);
    if (!ui.keyList.children.length && panel) buildKey(panel);
    if (panel) panel.remove();
    if (height > 0) {
      const [x, y, w] = svg.getAttribute("viewBox").split(/\s+/);
      svg.setAttribute("viewBox", [x, y, w, height].join(" "));
    }
  }

  function buildKey(panel) {
    for (const key of panel.querySelectorAll("g.key")) {
      const li = document.createElement("li");
      const sample = document.createElementNS(panel.namespaceURI, "svg");
      sample.setAttribute("viewBox", "-17 -17 34 34");
      sample.setAttribute("aria-hidden", "true");
      const drawing = key.querySelector("g.sample");
      if (drawing) sample.appendChild(drawing.cloneNode(true));
      li.append(sample, document.createTextNode(key.dataset.label || ""));
      ui.keyList.appendChild(li);
    }
  }

  function swatch(colour) {
    const span = document.createElement("span");
    span.className = "swatch";
    span.style.background = colour;
    return span;
  }

  function showStatus(words) {
    ui.headline.textContent = words.headline;
    ui.notes.replaceChildren(...words.notes.map((note) => {
      const li = document.createElement("li");
      li.textContent = note;
      return li;
    }));
    ui.seatCards.replaceChildren(...words.seats.map(seatCard));
    ui.facts.textContent = words.facts;
    ui.title.textContent = words.title;
    document.title = words.title + " · Lorekeeper";
    const seats = [];
    words.seats.forEach((seat, i) => {
      if (i) {
        const vs = document.createElement("span");
        vs.className = "vs";
        vs.textContent = " vs ";
        seats.push(vs);
      }
      const who = document.createElement("span");
      who.append(swatch(seat.colour), seat.name);
      seats.push(who);
    });
    ui.seats.replaceChildren(...seats);
  }

  function seatCard(seat) {
    const li = document.createElement("li");
    li.className = "seat-card" + (seat.active ? " active" : "") + (seat.out ? " out" : "");
    li.dataset.seat = String(seat.seat);
    li.style.borderLeft = "0.45rem solid " + seat.colour;
    const name = document.createElement("div");
    name.className = "name";
    name.append((seat.active ? "▶ " : ""), seat.name);
    if (seat.out) {
      const out = document.createElement("span");
      out.className = "out-word";
      out.textContent = " (" + seat.out + ")";
      name.append(out);
    }
    const facts = document.createElement("dl");
    for (const [label, value] of [["lore", seat.lore], ["banners", seat.banners],
      ["blood", seat.blood], [seat.cards === 1 ? "card" : "cards", seat.cards]]) {
      const pair = document.createElement("div");
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = String(value);
      pair.append(dt, dd);
      facts.append(pair);
    }
    li.append(name, facts);
    return li;
  }

  function showCoordinates(on) {
    ui.coords.checked = on;
    const svg = ui.board.querySelector("svg");
    if (svg) svg.classList.toggle("show-coords", on);
    try { localStorage.setItem("lorekeeper.coords", on ? "1" : "0"); } catch (_) { /* private mode */ }
  }

  function step(v, byUser) {
    if (byUser) ui.follow.checked = v >= view.latest;
    show(v);
  }

  function bindControls() {
    ui.first.addEventListener("click", () => step(1, true));
    ui.prev.addEventListener("click", () => step(view.shown - 1, true));
    ui.next.addEventListener("click", () => step(view.shown + 1, true));
    ui.last.addEventListener("click", () => step(view.latest, true));
    ui.slider.addEventListener("input", () => step(Number(ui.slider.value), true));
    ui.follow.addEventListener("change", () => { if (ui.follow.checked) show(view.latest); });
    ui.coords.addEventListener("change", () => showCoordinates(ui.coords.checked));
    ui.log.addEventListener("click", (event) => {
      const li = event.target.closest("li[data-version]");
      if (li) step(Number(li.dataset.version), true);
    });
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
      if ((event.key === "c" || event.key === "C") && !event.ctrlKey && !event.metaKey && !event.altKey) {
        showCoordinates(!ui.coords.checked);
        return;
      }
      const moves = { ArrowLeft: view.shown - 1, ArrowRight: view.shown + 1, Home: 1, End: view.latest };
      if (!(event.key in moves)) return;
      event.preventDefault();
      step(moves[event.key], true);
    });
  }

  let refreshing = null;
  function refreshSoon() {
    if (refreshing) return;
    refreshing = setTimeout(async () => {
      refreshing = null;
      try {
        const log = await fetchLog();
        addEntries(log.entries);
        view.over = log.over;
        if (ui.follow.checked) await show(view.latest);
        else await show(view.shown);
      } catch (error) {
        fail(String(error.message || error));
      }
    }, 150);
  }

  function followLive() {
    if (view.over) return setStatus(ui.live, "off", "game over");
    if (!window.EventSource) return setStatus(ui.live, "unavailable", "not available");
    const source = new EventSource(base + "/stream?from=" + (view.latest + 1));
    source.addEventListener("open", () => setStatus(ui.live, "on", "following"));
    for (const type of view.types) source.addEventListener(type, refreshSoon);
    source.addEventListener("message", refreshSoon);
    source.addEventListener("end", (event) => {
      let reason = "";
      try { reason = JSON.parse(event.data).reason; } catch (_) { /* keep going */ }
      if (reason === "game_over") {
        source.close();
        setStatus(ui.live, "off", "game over");
      }
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) setStatus(ui.live, "unavailable", "not available");
      else setStatus(ui.live, "connecting", "reconnecting…");
    });
  }

  function auditVerdict(body) {
    if (typeof body.verdict === "string") return body.verdict;
    for (const key of ["ok", "valid", "verified"]) {
      if (body[key] === true) return "verified";
      if (body[key] === false) return "failed";
    }
    return typeof body.status === "string" ? body.status : "unknown";
  }

  async function loadAudit() {
    try {
      const response = await fetch(base + "/audit", { headers: { Accept: "application/json" } });
      if (!response.ok) return setStatus(ui.audit, "unavailable", "not available");
      const body = await response.json();
      const verdict = auditVerdict(body);
      const bad = /fail|bad|tamper|invalid|mismatch/i.test(verdict) && !/^verified$/i.test(verdict);
      const good = /verified|^ok$|^valid$/i.test(verdict) && !/not/i.test(verdict);
      const extra = body.first_bad_event !== undefined ? " (first bad event: " + body.first_bad_event + ")" : "";
      setStatus(ui.audit, bad ? "failed" : good ? "verified" : "neutral", verdict + extra);
    } catch (_) {
      setStatus(ui.audit, "unavailable", "not available");
    }
  }

  // A fork links to its parent game, at the version it starts from.
  function showFork(fork) {
    if (!fork) return;
    const link = document.createElement("a");
    link.href = "/viewer/" + encodeURIComponent(fork.parent) + "#v=" + Number(fork.version);
    link.textContent = fork.parent + " at version " + Number(fork.version);
    $("fork").replaceChildren(link);
    $("fork").hidden = false;
    $("fork-label").hidden = false;
  }

  async function start() {
    $("game-id").textContent = gameId;
    document.title = "Lorekeeper · " + gameId;
    try { ui.coords.checked = localStorage.getItem("lorekeeper.coords") === "1"; } catch (_) { /* none */ }
    $("text-log").href = base + "/log";
    $("markdown-log").href = base + "/log?format=markdown";
    bindControls();
    loadAudit();
    try {
      const log = await fetchLog();
      view.types = log.event_types || [];
      view.over = log.over;
      showFork(log.fork);
      addEntries(log.entries);
    } catch (error) {
      return fail(String(error.message || error));
    }
    const asked = Number((location.hash.match(/^#v=(\d+)$/) || [])[1]);
    ui.follow.checked = !asked || asked >= view.latest;
    await show(asked || view.latest);
    followLive();
  }

  start();
})();
