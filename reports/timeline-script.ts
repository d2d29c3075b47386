/**
 * The report's one inline script: draws every canvas track (see
 * canvas-track.ts) on a shared, zoomable time axis. Wheel zooms around the
 * cursor, dragging pans, double-click resets, toolbar buttons reset or jump
 * to the first violation. It unpacks the columns of timeline-data.ts once
 * (labels are rebuilt only when hovered). A frame scans only the entries
 * that can reach the window (starts are sorted; bars longer than 1/200 of
 * the run are kept aside and always scanned); a bar narrower than two
 * pixels, and every mark, is folded into a one-pixel column per lane that
 * keeps the most severe style, so a frame draws at most a few rectangles
 * per pixel column and lane at any zoom, whatever the number of ops. Past
 * 50,000 entries a track also keeps per-lane time bins at five resolutions,
 * built at load, and a zoomed-out frame reads those instead of the entries,
 * so its work is bounded by pixels, not ops. Each
 * frame's work (entries scanned, rectangles drawn, milliseconds) is
 * published on `<html data-fc-work>` for tests. Hovering shows an op's
 * label. The script reads its data from `<script type="application/json" id="fc-data">`.
 */

/** The script's source (plain ES2017, no imports, no network). */
export const TIMELINE_SCRIPT = String.raw`(function () {
  "use strict";
  var el = document.getElementById("fc-data");
  if (!el) return;
  var D = JSON.parse(el.textContent);
  var STY = D.styles, END = Math.max(D.end, 1), SH = D.shading;
  var PRI = D.priority, TPL = D.templates;
  var work = { frames: 0, scanned: 0, drawn: 0, ms: 0, maxMs: 0, maxDrawn: 0, maxScanned: 0 };
  var view = { t0: 0, t1: END };
  var LABEL = 160, TOP = 22;
  var tip = document.createElement("div");
  tip.className = "fc-tip";
  document.body.appendChild(tip);
  function unpack(text) {
    var s = atob(text || ""), out = new Float64Array(s.length), k = 0, z = 0, scale = 1;
    for (var i = 0; i < s.length; i++) {
      var b = s.charCodeAt(i);
      z += (b & 127) * scale;
      if (b >= 128) { scale *= 128; continue; }
      out[k++] = z % 2 === 0 ? z / 2 : -(z + 1) / 2; z = 0; scale = 1;
    }
    return out.subarray(0, k);
  }
  function labels(p, n) {
    var kinds = unpack(p.k), args = unpack(p.a), off = new Int32Array(n), last = new Int32Array(TPL.length).fill(-1), at = 0;
    for (var i = 0; i < n; i++) {
      var k = kinds[i], m = TPL[k].length - 1, prev = last[k];
      off[i] = at; last[k] = at;
      for (var j = 0; j < m; j++) args[at + j] += prev < 0 ? 0 : args[prev + j];
      at += m;
    }
    return function (i) {
      var lits = TPL[kinds[i]], s = lits[0];
      for (var j = 1; j < lits.length; j++) s += String(args[off[i] + j - 1]) + lits[j];
      return s;
    };
  }
  function decode(c, withEnd) {
    var n = c.n, d = unpack(c.start), dur = withEnd ? unpack(c.dur) : null, start = new Float64Array(n), end = new Float64Array(n), acc = 0;
    var long = [], reach = new Float64Array(n), r = -Infinity, LONG = END / 200;
    for (var i = 0; i < n; i++) {
      acc += d[i]; start[i] = acc; end[i] = dur ? acc + dur[i] : acc;
      if (end[i] - start[i] > LONG) long.push(i); else r = Math.max(r, end[i]);
      reach[i] = r;
    }
    return { n: n, lane: unpack(c.lane), start: start, end: end, style: unpack(c.style), label: labels(c.label, n), long: long, reach: reach };
  }
  // Above PYRAMID_MIN entries, each short entry is also folded at load into per-lane time bins at five
  // resolutions (1024 to 262144 bins over the run, most severe style per bin), so a zoomed-out frame reads
  // bins (at most about four per pixel column and lane), not entries.
  var PYRAMID_MIN = 50000;
  function pyramid(C, lanes) {
    if (C.n < PYRAMID_MIN) return [];
    var levels = [], LONG = END / 200;
    for (var bins = 1024; bins <= 262144; bins *= 4) {
      var cells = new Int8Array(lanes * bins).fill(-1), bw = END / bins;
      for (var i = 0; i < C.n; i++) {
        if (C.end[i] - C.start[i] > LONG) continue;
        var s = C.style[i], row = C.lane[i] * bins, last = Math.min(bins - 1, Math.floor(C.end[i] / bw));
        for (var b = Math.min(bins - 1, Math.floor(C.start[i] / bw)); b <= last; b++) {
          var cur = cells[row + b];
          if (cur < 0 || PRI[s] > PRI[cur]) cells[row + b] = s;
        }
      }
      levels.push({ bins: bins, bw: bw, cells: cells });
    }
    return levels;
  }
  function level(levels, usPerPx) {
    for (var k = 0; k < levels.length; k++) if (levels[k].bw <= usPerPx) return levels[k];
    return null;
  }
  function fromLevel(tr, lv, bucket, W) {
    var b0 = Math.max(0, Math.floor(view.t0 / lv.bw)), b1 = Math.min(lv.bins - 1, Math.floor(view.t1 / lv.bw));
    for (var l = 0; l < tr.t.lanes.length; l++) {
      for (var b = b0; b <= b1; b++) {
        work.scanned++;
        var s = lv.cells[l * lv.bins + b];
        if (s < 0) continue;
        var idx = l * W + Math.floor(Math.max(px(tr, b * lv.bw), LABEL)), cur = bucket[idx];
        if (cur < 0 || PRI[s] > PRI[cur]) bucket[idx] = s;
      }
    }
  }
  function firstReaching(B, t) {
    var lo = 0, hi = B.n;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (B.reach[mid] < t) lo = mid + 1; else hi = mid; }
    return lo;
  }
  var tracks = D.tracks.map(function (t) {
    var holder = document.getElementById("track-" + t.id);
    var canvas = document.createElement("canvas");
    canvas.className = "fc-canvas";
    holder.appendChild(canvas);
    var tr = { t: t, canvas: canvas, bars: decode(t.b, true), marks: decode(t.m, false), lh: t.lanes.length > 40 ? 9 : 16 };
    tr.barLevels = pyramid(tr.bars, t.lanes.length); tr.markLevels = pyramid(tr.marks, t.lanes.length);
    tr.byLane = t.lanes.map(function () { return []; });
    for (var i = 0; i < tr.bars.n; i++) tr.byLane[tr.bars.lane[i]].push(i);
    bind(tr);
    return tr;
  });
  function fmt(us) { var s = us / 1e6 + 0; var span = (view.t1 - view.t0) / 1e6; return s.toFixed(span < 0.05 ? 4 : span < 2 ? 3 : 2) + " s"; }
  function px(tr, us) { return LABEL + (us - view.t0) / (view.t1 - view.t0) * (tr.w - LABEL - 8); }
  function at(tr, x) { return view.t0 + (x - LABEL) / (tr.w - LABEL - 8) * (view.t1 - view.t0); }
  function ticks() {
    var span = view.t1 - view.t0, raw = span / 8, p = Math.pow(10, Math.floor(Math.log10(raw)));
    var step = [1, 2, 5, 10].map(function (m) { return m * p; }).filter(function (s) { return s >= raw; })[0];
    var out = [];
    for (var v = Math.ceil(view.t0 / step) * step; v <= view.t1; v += step) out.push(v);
    return out;
  }
  function draw(tr) {
    var t = tr.t, c = tr.canvas, dpr = window.devicePixelRatio || 1;
    tr.w = Math.max(c.parentElement.clientWidth, 400);
    var h = TOP + t.lanes.length * tr.lh + 6;
    c.width = tr.w * dpr; c.height = h * dpr; c.style.width = tr.w + "px"; c.style.height = h + "px";
    var g = c.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.fillStyle = "#fff"; g.fillRect(0, 0, tr.w, h);
    for (var l = 0; l < t.lanes.length; l += 2) { g.fillStyle = "#f7f7f7"; g.fillRect(LABEL, TOP + l * tr.lh, tr.w - LABEL, tr.lh); }
    SH.forEach(function (s) {
      var x0 = Math.max(px(tr, s.start), LABEL), x1 = Math.min(px(tr, s.end), tr.w - 8);
      if (x1 <= x0) return;
      g.globalAlpha = 0.25; g.fillStyle = s.color; g.fillRect(x0, TOP - 4, Math.max(x1 - x0, 1), h - TOP + 4); g.globalAlpha = 1;
    });
    g.font = "11px system-ui, sans-serif"; g.fillStyle = "#555"; g.textBaseline = "middle";
    ticks().forEach(function (v) { var x = px(tr, v); g.fillRect(x, TOP - 6, 1, 4); g.fillText(fmt(v), x + 2, 9); });
    g.fillStyle = "#222";
    var fs = Math.min(11, tr.lh - 2); g.font = fs + "px system-ui, sans-serif";
    for (var k = 0; k < t.lanes.length; k++) g.fillText(t.lanes[k], 4, TOP + k * tr.lh + tr.lh / 2, LABEL - 8);
    var W = Math.ceil(tr.w), B = tr.bars, bucket = new Int16Array(t.lanes.length * W).fill(-1);
    function bar(i) {
      work.scanned++;
      if (B.end[i] < view.t0 || B.start[i] > view.t1) return;
      var x0 = Math.max(px(tr, B.start[i]), LABEL), x1 = Math.min(px(tr, B.end[i]), tr.w - 8), s = B.style[i];
      if (x1 - x0 >= 2) { work.drawn++; g.fillStyle = STY[s].color; g.fillRect(x0, TOP + B.lane[i] * tr.lh + 2, x1 - x0 - 0.5, tr.lh - 4); return; }
      var idx = B.lane[i] * W + Math.floor(x0), cur = bucket[idx];
      if (cur < 0 || PRI[s] > PRI[cur]) bucket[idx] = s;
    }
    B.long.forEach(bar);
    var LONG = END / 200, usPerPx = (view.t1 - view.t0) / (tr.w - LABEL - 8), lv = level(tr.barLevels, usPerPx);
    if (lv) fromLevel(tr, lv, bucket, W);
    else for (var i = firstReaching(B, view.t0); i < B.n && B.start[i] <= view.t1; i++) if (B.end[i] - B.start[i] <= LONG) bar(i);
    for (var j = 0; j < bucket.length; j++) {
      if (bucket[j] < 0) continue;
      work.drawn++;
      g.fillStyle = STY[bucket[j]].color; g.fillRect(j % W, TOP + Math.floor(j / W) * tr.lh + 2, 1.5, tr.lh - 4);
    }
    var M = tr.marks, mark = new Int16Array(t.lanes.length * W).fill(-1);
    var mlv = level(tr.markLevels, usPerPx);
    if (mlv) fromLevel(tr, mlv, mark, W);
    else for (var m = firstStart(M, view.t0); m < M.n && M.start[m] <= view.t1; m++) {
      work.scanned++;
      var mi = M.lane[m] * W + Math.floor(px(tr, M.start[m])), mc = mark[mi];
      if (mc < 0 || PRI[M.style[m]] > PRI[mc]) mark[mi] = M.style[m];
    }
    for (var q = 0; q < mark.length; q++) {
      if (mark[q] < 0) continue;
      work.drawn++;
      var x = q % W, y = TOP + Math.floor(q / W) * tr.lh;
      g.fillStyle = "#000"; g.fillRect(x - 2, y, 5, tr.lh);
      g.fillStyle = STY[mark[q]].color; g.fillRect(x - 1, y + 1, 3, tr.lh - 2);
    }
  }
  function firstStart(M, t) {
    var lo = 0, hi = M.n;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (M.start[mid] < t) lo = mid + 1; else hi = mid; }
    return lo;
  }
  var pending = false;
  function redraw() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () {
      pending = false;
      var t0 = performance.now();
      work.scanned = 0; work.drawn = 0;
      tracks.forEach(draw);
      work.ms = performance.now() - t0; work.frames++;
      work.maxMs = Math.max(work.maxMs, work.ms); work.maxDrawn = Math.max(work.maxDrawn, work.drawn); work.maxScanned = Math.max(work.maxScanned, work.scanned);
      document.documentElement.setAttribute("data-fc-work", JSON.stringify(work));
      var text = fmt(view.t0) + " to " + fmt(view.t1);
      document.querySelectorAll(".fc-window").forEach(function (e) { e.textContent = text; });
      document.documentElement.setAttribute("data-fc-drawn", String(tracks.length));
    });
  }
  function setView(t0, t1) {
    var span = Math.max(t1 - t0, 50);
    t0 = Math.max(0, Math.min(t0, END - span)); view = { t0: t0, t1: Math.min(END, t0 + span) };
    redraw();
  }
  function hit(tr, x, y) {
    var lane = Math.floor((y - TOP) / tr.lh), t = at(tr, x), tol = 3 / (tr.w - LABEL) * (view.t1 - view.t0);
    if (lane < 0 || lane >= tr.t.lanes.length || x < LABEL) return null;
    var M = tr.marks;
    for (var m = firstStart(M, t - tol); m < M.n && M.start[m] <= t + tol; m++) if (M.lane[m] === lane) return M.label(m) + " (" + fmt(M.start[m]) + ")";
    var list = tr.byLane[lane], B = tr.bars, best = null;
    for (var i = 0; i < list.length; i++) {
      var b = list[i];
      if (B.start[b] - tol <= t && B.end[b] + tol >= t) best = b;
    }
    return best === null ? null : B.label(best) + " (" + fmt(B.start[best]) + " to " + fmt(B.end[best]) + ")";
  }
  function bind(tr) {
    var c = tr.canvas, drag = null;
    c.addEventListener("wheel", function (e) {
      e.preventDefault();
      var r = c.getBoundingClientRect(), t = at(tr, e.clientX - r.left), f = e.deltaY > 0 ? 1.3 : 1 / 1.3;
      setView(t - (t - view.t0) * f, t + (view.t1 - t) * f);
    }, { passive: false });
    c.addEventListener("mousedown", function (e) { drag = { x: e.clientX, t0: view.t0, t1: view.t1 }; });
    window.addEventListener("mouseup", function () { drag = null; });
    c.addEventListener("dblclick", function () { setView(0, END); });
    c.addEventListener("mouseleave", function () { tip.style.display = "none"; });
    c.addEventListener("mousemove", function (e) {
      var r = c.getBoundingClientRect();
      if (drag) {
        var dt = (e.clientX - drag.x) / (tr.w - LABEL) * (drag.t1 - drag.t0);
        setView(drag.t0 - dt, drag.t1 - dt);
        return;
      }
      var text = hit(tr, e.clientX - r.left, e.clientY - r.top);
      tip.style.display = text ? "block" : "none";
      if (text) { tip.textContent = text; tip.style.left = (e.pageX + 12) + "px"; tip.style.top = (e.pageY + 12) + "px"; }
    });
  }
  document.querySelectorAll("[data-fc]").forEach(function (b) {
    b.addEventListener("click", function () {
      var a = b.getAttribute("data-fc");
      if (a === "reset") setView(0, END);
      if (a === "focus" && D.focus) setView(D.focus.start, D.focus.end);
      if (a === "in") { var m = (view.t0 + view.t1) / 2, q = (view.t1 - view.t0) / 4; setView(m - q, m + q); }
      if (a === "out") { var c2 = (view.t0 + view.t1) / 2, q2 = view.t1 - view.t0; setView(c2 - q2, c2 + q2); }
    });
  });
  window.addEventListener("resize", redraw);
  if (D.focus && D.startFocused) setView(D.focus.start, D.focus.end); else redraw();
})();`;
