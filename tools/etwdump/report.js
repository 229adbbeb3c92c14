/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump --report: the page (built into etwdump, report_assets.c); the
 * event table is report_events.js's, which starts the page (ETW.start).
 *
 * The data (the JSON in #etw-data, report.c) holds the summary's
 * providers, event types and processes, and cells: (time in quanta after
 * the first event, type, process, level, count).  Every view is computed
 * from the cells that pass the filters (providers, levels, process,
 * event type, search) and lie in the time window: the cards, the
 * timeline, the event type and process tables -- from the events
 * themselves while a search looks into their fields (report_events.js).
 * The timeline stacks the busiest providers over time; stretches
 * without events that take more than a tenth of the window are drawn as
 * narrow gaps, so that bursts hours apart both show.  Drag over it to
 * zoom, click a bar to see its events in the table, double-click it to
 * zoom to it.  The state is kept in the URL's fragment (#from=..&to=..
 * &providers=..&levels=..&pid=..&type=..&search=..&group=..&sel=..), so
 * a view can be kept or shared.
 *
 * Times are exact: the page gets t0 as whole seconds since 1970 and
 * ticks (100 ns) after them, and the events' times as ticks after t0,
 * integers a double holds exactly; the first and last event's times as
 * the summary writes them.
 */
'use strict';

(function () {
	const SVGNS = 'http://www.w3.org/2000/svg';
	const W = 1040, H = 270, L = 64, R = 14, T = 12, B = 40;
	const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2',
			 '#edc948', '#b07aa1', '#ff9da7'];
	const OTHER = '#9c9c9c';
	const SERIES = PALETTE.length;
	const LEVELS = ['Log always', 'Critical', 'Error', 'Warning', 'Information', 'Verbose'];
	const MAX_ROWS = 1000;

	const errors = [];
	window.addEventListener('error', function (e) {
		errors.push(String(e.message));
		const el = document.getElementById('errors');
		if (el)
			el.textContent = errors.join('; ');
	});

	const D = JSON.parse(document.getElementById('etw-data').textContent);
	const Q = D.quantum_ns;
	const C = D.cells;
	/* Each event type's provider, by index. */
	const provOf = new Map(D.providers.map((p, i) => [p.guid, i]));
	D.event_types.forEach((t) => { t.p = provOf.get(t.guid); });
	const ncells = C.n.length;
	const tq = new Float64Array(ncells);	/* cell times, in ns after t0 */
	for (let i = 0, q = 0; i < ncells; i++) {
		q += C.dq[i];
		tq[i] = q * Q;
	}
	const order = Array.from({ length: ncells }, (_, i) => i);
	order.sort((a, b) => tq[a] - tq[b] || a - b);
	/*
	 * The first and last events' times, exactly (the first read need not
	 * be the earliest; a cell's time is its quantum's start, towards t0).
	 */
	const TICK = D.tick_ns || 100;
	const tStart = D.first_tick !== undefined ? D.first_tick * TICK : 0;
	const tEnd = D.last_tick !== undefined ? D.last_tick * TICK : ncells ? tq[order[ncells - 1]] : 0;

	/* t0 as whole seconds since 1970 and the nanoseconds after them (exact). */
	const t0s = D.raw ? 0 : D.t0_s || 0;
	const t0f = D.raw ? 0 : (D.t0_frac || 0) * 100;

	const state = { from: null, to: null, provs: null, levels: null, pid: null,
			types: null, search: '', group: '', sel: null, cursor: null,
			sortT: 'n', sortP: 'n' };
	/* What report_events.js adds: the rows, and what it does on a change. */
	const ETW = window.ETW = { D: D, state: state, rows: null, listeners: [], hashHooks: [] };

	/* ---- small helpers ---------------------------------------------- */

	function el(tag, attrs, text) {
		const e = document.createElement(tag);
		for (const k in attrs || {})
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		return e;
	}
	function sv(tag, attrs, text) {
		const e = document.createElementNS(SVGNS, tag);
		for (const k in attrs || {})
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		return e;
	}
	function num(n) {
		return Number(n).toLocaleString('en-US');
	}
	function short(n) {
		if (n >= 1e10) return (n / 1e9).toFixed(0) + 'G';
		if (n >= 1e7) return (n / 1e6).toFixed(0) + 'M';
		if (n >= 1e6) return (n / 1e6).toFixed(1) + 'M';
		if (n >= 1e4) return (n / 1e3).toFixed(0) + 'k';
		return String(n);
	}
	function span(ns) {
		if (ns < 0)
			ns = 0;
		const s = Math.floor(ns / 1e9);
		const p2 = (v) => String(v).padStart(2, '0');
		if (s >= 3600)
			return Math.floor(s / 3600) + 'h' + p2(Math.floor(s / 60) % 60) + 'm' + p2(s % 60) + 's';
		if (s >= 60)
			return Math.floor(s / 60) + 'm' + p2(s % 60) + 's';
		if (ns >= 1e9) return (ns / 1e9).toPrecision(3) + ' s';
		if (ns >= 1e6) return (ns / 1e6).toPrecision(3) + ' ms';
		if (ns >= 1e3) return (ns / 1e3).toPrecision(3) + ' us';
		return Math.round(ns) + ' ns';
	}
	/* A time (ns after t0) as UTC clock time, to @digits decimals of a second. */
	function clock(off, digits) {
		if (D.raw)
			return String(Math.round(off / 1e0));
		const f = t0f + off, s = t0s + Math.floor(f / 1e9), ns = f - Math.floor(f / 1e9) * 1e9;
		const d = new Date(s * 1000);
		let t = d.toISOString().slice(11, 19);
		if (digits)
			t += '.' + String(Math.floor(ns)).padStart(9, '0').slice(0, digits);
		return t;
	}
	/* A time given in ticks after t0 (100 ns; the raw clock's), exactly. */
	function tickTime(tk) {
		if (D.raw)
			return String(tk);
		const all = (D.t0_frac || 0) + tk, q = Math.floor(all / 1e7);
		return new Date((t0s + q) * 1000).toISOString().slice(0, 19) + '.' +
			String(all - q * 1e7).padStart(7, '0') + 'Z';
	}
	function fullTime(off) {
		return D.raw ? String(off) : tickTime(Math.round(off / 100));
	}
	/* "2020-02-28T17:15:50[.fffffff][Z]" or a number of ns after t0. */
	function parseTime(s) {
		if (/^-?\d+(\.\d+)?$/.test(s))
			return Number(s);
		const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?Z?$/.exec(s);
		if (!m || D.raw)
			return null;
		const sec = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
		const frac = m[7] ? Number(m[7].padEnd(9, '0')) : 0;
		return (sec - t0s) * 1e9 + (frac - t0f);
	}
	function procName(i) {
		const p = D.processes[i];
		return p.name || 'pid ' + p.pid;
	}
	Object.assign(ETW, { el: el, num: num, short: short, span: span, clock: clock,
			     tickTime: tickTime, fullTime: fullTime, procName: procName,
			     LEVELS: LEVELS });

	/* ---- the state in the URL fragment ------------------------------ */

	function readHash() {
		const h = new URLSearchParams(location.hash.replace(/^#/, ''));
		const from = h.get('from'), to = h.get('to');
		state.from = from !== null ? parseTime(from) : null;
		state.to = to !== null ? parseTime(to) : null;
		if (h.get('providers') !== null) {
			const want = h.get('providers').toLowerCase().split(',');
			state.provs = new Set();
			D.providers.forEach((p, i) => {
				if (want.includes(p.guid) || want.includes(p.name.toLowerCase()))
					state.provs.add(i);
			});
		}
		if (h.get('levels') !== null)
			state.levels = new Set(h.get('levels').split(',').filter((x) => x !== '').map(Number));
		state.pid = h.get('pid') !== null ? Number(h.get('pid')) : null;
		state.types = h.get('type') !== null ? new Set(h.get('type').split(',')
			.filter((x) => x !== '' && D.event_types[Number(x)]).map(Number)) : null;
		state.search = h.get('search') || '';
		state.group = ['provider', 'task', 'process'].includes(h.get('group')) ?
			h.get('group') : '';
		state.sel = h.get('sel') !== null && ETW.rows && Number(h.get('sel')) < ETW.rows.n ?
			Number(h.get('sel')) : null;
		for (const f of ETW.hashHooks)
			f(h);
	}
	function writeHash() {
		const h = new URLSearchParams();
		if (state.from !== null)
			h.set('from', D.raw ? String(state.from) : fullTime(state.from));
		if (state.to !== null)
			h.set('to', D.raw ? String(state.to) : fullTime(state.to));
		if (state.provs)
			h.set('providers', [...state.provs].map((i) => D.providers[i].guid).join(','));
		if (state.levels)
			h.set('levels', [...state.levels].join(','));
		if (state.pid !== null)
			h.set('pid', String(state.pid));
		if (state.types)
			h.set('type', [...state.types].join(','));
		if (state.search)
			h.set('search', state.search);
		if (state.group)
			h.set('group', state.group);
		if (state.sel !== null)
			h.set('sel', String(state.sel));
		const s = h.toString();
		try {
			history.replaceState(null, '', s ? '#' + s : location.pathname);
		} catch (e) {
			/* some browsers keep file: pages' URLs as they are */
		}
	}
	ETW.writeHash = writeHash;
	ETW.parseTime = parseTime;

	/* ---- what passes ------------------------------------------------- */

	const typeText = D.event_types.map((t) =>
		(D.providers[t.p].name + ' ' + t.event).toLowerCase());

	/* Whether an event of type @k, process @proc and level @level passes (not the search). */
	function passesKind(k, proc, level) {
		if (state.provs && !state.provs.has(D.event_types[k].p))
			return false;
		if (state.levels && !state.levels.has(Math.min(level, 5)))
			return false;
		if (state.pid !== null && D.processes[proc].pid !== state.pid)
			return false;
		if (state.types && !state.types.has(k))
			return false;
		return true;
	}
	function passes(i) {
		const k = C.type[i];
		if (!passesKind(k, C.proc[i], C.level[i]))
			return false;
		if (state.search && !typeText[k].includes(state.search.toLowerCase()))
			return false;
		return true;
	}
	function windowOf() {
		return [state.from !== null ? state.from : tStart, state.to !== null ? state.to : tEnd];
	}
	Object.assign(ETW, { passesKind: passesKind, windowOf: windowOf, typeText: typeText });

	/*
	 * Counts of what passes in the window, and the points of the
	 * timeline (time, provider, count; in time order): from the cells,
	 * or from the events while a search looks into their fields.
	 */
	function count() {
		const [a, b] = windowOf();
		if (state.search && ETW.rows && ETW.rows.searchable())
			return ETW.rows.count(a, b);
		const r = { n: 0, types: new Float64Array(D.event_types.length),
			    procs: new Float64Array(D.processes.length),
			    provs: new Float64Array(D.providers.length),
			    pt: [], pp: [], pn: [] };
		for (const i of order) {
			if (tq[i] < a || tq[i] > b || !passes(i))
				continue;
			const n = C.n[i], p = D.event_types[C.type[i]].p;
			r.n += n;
			r.types[C.type[i]] += n;
			r.procs[C.proc[i]] += n;
			r.provs[p] += n;
			r.pt.push(tq[i]);
			r.pp.push(p);
			r.pn.push(n);
		}
		return r;
	}

	/* ---- the page ---------------------------------------------------- */

	const body = document.body;
	const head = el('header');
	const named = D.files.length > 3 ? D.files.slice(0, 2).join(', ') +
		` and ${D.files.length - 2} more files` : D.files.join(', ');
	head.appendChild(el('h1', {}, 'ETW trace: ' + (D.session ? 'session ' + D.session : named)));
	const sub = [];
	if (D.host)
		sub.push('host ' + D.host);
	if (D.first_text)
		sub.push(D.first_text + ' to ' + D.last_text + (D.raw ? '' : ' (' + span(D.span_ns) + ')'));
	head.appendChild(el('p', { id: 'span', 'data-first': D.first_text || '',
				   'data-last': D.last_text || '' }, sub.join(' \u00b7 ')));
	body.appendChild(head);
	const main = el('main');
	body.appendChild(main);
	main.appendChild(el('div', { id: 'errors' }));
	const cards = el('div', { class: 'cards', id: 'cards' });
	main.appendChild(cards);

	const tl = el('section', { id: 'timeline-section' });
	tl.appendChild(el('h2', {}, 'Timeline'));
	const bar = el('div', { class: 'bar' });
	const viewText = el('span', { class: 'view', id: 'view' });
	const reset = el('button', { id: 'reset', type: 'button' }, 'Show all');
	bar.appendChild(viewText);
	bar.appendChild(reset);
	bar.appendChild(el('span', { class: 'note' },
			   'drag over the timeline to zoom in; click a bar to see its events ' +
			   'in the table, double-click it to zoom to it'));
	tl.appendChild(bar);
	const svg = sv('svg', { class: 'timeline', id: 'timeline', viewBox: `0 0 ${W} ${H}`,
				role: 'img', 'aria-label': 'events over time' });
	tl.appendChild(svg);
	const legend = el('ul', { class: 'legend', id: 'legend' });
	tl.appendChild(legend);
	main.appendChild(tl);

	const fs = el('section', { id: 'filters' });
	fs.appendChild(el('h2', {}, 'Filters'));
	const fdiv = el('div', { class: 'filters' });
	const lv = el('span', { id: 'level-filter' });
	lv.appendChild(el('b', {}, 'Levels: '));
	fdiv.appendChild(lv);
	const ps = el('span');
	ps.appendChild(el('b', {}, 'Process: '));
	const psel = el('select', { id: 'process-filter' });
	ps.appendChild(psel);
	fdiv.appendChild(ps);
	const es = el('span');
	es.appendChild(el('b', {}, 'Event: '));
	const esel = el('select', { id: 'type-filter' });
	es.appendChild(esel);
	fdiv.appendChild(es);
	const ss = el('span');
	ss.appendChild(el('b', {}, 'Search: '));
	const search = el('input', { type: 'search', id: 'search',
				     placeholder: 'provider, event, process or field value' });
	ss.appendChild(search);
	fdiv.appendChild(ss);
	const clear = el('button', { id: 'clear', type: 'button' }, 'Clear filters');
	fdiv.appendChild(clear);
	fs.appendChild(fdiv);
	main.appendChild(fs);
	const evs = el('section', { id: 'events' });
	main.appendChild(evs);
	ETW.eventsSection = evs;

	const ts = el('section', { id: 'types' });
	ts.appendChild(el('h2', {}, 'Event types'));
	const ttab = el('table', { id: 'types-table' });
	ts.appendChild(ttab);
	const tnote = el('p', { class: 'note' });
	ts.appendChild(tnote);
	main.appendChild(ts);

	const prs = el('section', { id: 'processes' });
	prs.appendChild(el('h2', {}, 'Processes'));
	const ptab = el('table', { id: 'procs-table' });
	prs.appendChild(ptab);
	const pnote = el('p', { class: 'note' });
	prs.appendChild(pnote);
	main.appendChild(prs);

	const ls = el('section', { id: 'losses' });
	ls.appendChild(el('h2', {}, 'Losses'));
	if (!D.events_lost && !D.buffers_lost) {
		ls.appendChild(el('p', {}, 'No event and no buffer was lost.'));
	} else {
		/* Red lines only where the session said when; a file's header only counts. */
		ls.appendChild(el('p', { id: 'loss-text' }, `${num(D.events_lost)} events and ` +
				  `${num(D.buffers_lost)} buffers were lost (the session had no free ` +
				  'buffer, or an event was larger than a buffer); ' +
				  (D.losses.length ? 'red lines on the timeline mark where they were ' +
				   'reported.' : 'the trace\'s header counts them, but does not say ' +
				   'when they happened.')));
	}
	main.appendChild(ls);
	body.appendChild(el('footer', {}, `etwdump --report \u00b7 ${num(D.events)} events ` +
			    `read in ${D.read_seconds.toFixed(2)} s`));

	/* The filters' controls. */
	const levelsThere = new Set(C.level.map((l) => Math.min(l, 5)));
	const levelBoxes = [];
	for (let l = 0; l < LEVELS.length; l++) {
		if (!levelsThere.has(l))
			continue;
		const lab = el('label');
		const box = el('input', { type: 'checkbox', 'data-level': l });
		lab.appendChild(box);
		lab.appendChild(document.createTextNode(' ' + LEVELS[l] + (l === 5 ? ' (5+)' : ` (${l})`)));
		lv.appendChild(lab);
		levelBoxes.push(box);
		box.addEventListener('change', () => {
			state.levels = new Set(levelBoxes.filter((b) => b.checked)
					       .map((b) => Number(b.dataset.level)));
			if (state.levels.size === levelBoxes.length)
				state.levels = null;
			update();
		});
	}
	psel.appendChild(el('option', { value: '' }, 'all processes'));
	D.processes.map((p, i) => i).filter((i) => D.processes[i].events)
		.sort((a, b) => D.processes[b].events - D.processes[a].events).slice(0, MAX_ROWS)
		.forEach((i) => psel.appendChild(el('option', { value: String(D.processes[i].pid) },
						     `${procName(i)} (${D.processes[i].pid})`)));
	psel.addEventListener('change', () => {
		state.pid = psel.value === '' ? null : Number(psel.value);
		update();
	});
	esel.appendChild(el('option', { value: '' }, 'all events'));
	D.event_types.map((t, i) => i).sort((a, b) => D.event_types[b].events - D.event_types[a].events)
		.slice(0, MAX_ROWS).forEach((i) => esel.appendChild(el('option', { value: String(i) },
			`${D.providers[D.event_types[i].p].name} / ${D.event_types[i].event} ` +
			`(${num(D.event_types[i].events)})`)));
	esel.addEventListener('change', () => {
		state.types = esel.value === '' ? null : new Set([Number(esel.value)]);
		update();
	});
	/* A search through millions of field values waits for a pause in the typing. */
	let typing = null;
	search.addEventListener('input', () => {
		clearTimeout(typing);
		typing = setTimeout(() => {
			state.search = search.value.trim();
			update();
		}, 250);
	});
	clear.addEventListener('click', () => {
		state.provs = state.levels = state.pid = state.types = null;
		state.search = '';
		update();
	});
	reset.addEventListener('click', () => {
		state.from = state.to = null;
		update();
	});

	/* ---- cards --------------------------------------------------------- */

	function card(k, v, n, cls) {
		const c = el('div', { class: 'card' + (cls ? ' ' + cls : ''), 'data-k': k,
				      'data-n': String(n) });
		c.appendChild(el('div', { class: 'v' }, v));
		c.appendChild(el('div', { class: 'k' }, k));
		cards.appendChild(c);
	}
	function drawCards(r) {
		const [a, b] = windowOf();
		const nz = (arr) => arr.reduce((s, x) => s + (x > 0), 0);
		cards.textContent = '';
		card('events', short(r.n), r.n);
		card('providers', String(nz(r.provs)), nz(r.provs));
		card('event types', String(nz(r.types)), nz(r.types));
		card('processes', String(nz(r.procs)), nz(r.procs));
		card('time span', span(Math.min(b, tEnd) - a), Math.min(b, tEnd) - a);
		card('events lost', short(D.events_lost), D.events_lost, D.events_lost ? 'bad' : 'good');
		card('buffers lost', short(D.buffers_lost), D.buffers_lost, D.buffers_lost ? 'bad' : 'good');
	}

	/* ---- the timeline -------------------------------------------------- */

	/*
	 * The window's layout: stretches with events, and the gaps between
	 * them (those of more than a tenth of the window, the six longest)
	 * drawn 40 px wide.  Returns segments {a, b, x, w, gap}.
	 */
	function layout(times, a, b) {
		const len = Math.max(b - a, 1), PW = W - L - R, GAPW = 40;
		let gaps = [];
		for (let i = 1; i < times.length; i++)
			if (times[i] - times[i - 1] > len / 10)
				gaps.push([times[i - 1], times[i]]);
		gaps.sort((x, y) => (y[1] - y[0]) - (x[1] - x[0]));
		gaps = gaps.slice(0, 6).sort((x, y) => x[0] - y[0]);
		const segs = [];
		let at = a;
		for (const g of gaps) {
			segs.push({ a: at, b: g[0], gap: false });
			segs.push({ a: g[0], b: g[1], gap: true });
			at = g[1];
		}
		segs.push({ a: at, b: b, gap: false });
		const live = segs.filter((s) => !s.gap);
		const room = PW - GAPW * (segs.length - live.length);
		const total = live.reduce((s, x) => s + Math.max(x.b - x.a, 0), 0) || 1;
		/* At least 24 px a stretch, the rest by duration. */
		const minw = Math.min(24, room / live.length);
		const spare = room - minw * live.length;
		let x = L;
		for (const s of segs) {
			s.x = x;
			s.w = s.gap ? GAPW : minw + spare * Math.max(s.b - s.a, 0) / total;
			x += s.w;
		}
		return segs;
	}
	function xOf(segs, t) {
		for (const s of segs)
			if (t <= s.b)
				return s.x + (s.b > s.a ? (Math.max(t, s.a) - s.a) / (s.b - s.a) * s.w : 0);
		const s = segs[segs.length - 1];
		return s.x + s.w;
	}
	function tOf(segs, x) {
		for (const s of segs) {
			if (x <= s.x + s.w) {
				if (s.gap)	/* a gap: its nearer edge */
					return x - s.x < s.w / 2 ? s.a : s.b;
				return s.a + Math.max(x - s.x, 0) / s.w * (s.b - s.a);
			}
		}
		return segs[segs.length - 1].b;
	}

	let curSegs = [];

	function drawTimeline(r) {
		const [a, b] = windowOf();
		const ph = H - T - B, base = T + ph;
		svg.textContent = '';
		const defs = sv('defs');
		const pat = sv('pattern', { id: 'hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse',
					    patternTransform: 'rotate(45)' });
		pat.appendChild(sv('rect', { width: 6, height: 6, fill: '#f4f6f9' }));
		pat.appendChild(sv('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#d3d9e1', 'stroke-width': 2 }));
		defs.appendChild(pat);
		svg.appendChild(defs);

		/* The series: the busiest providers apart, the rest together. */
		const provOrder = D.providers.map((p, i) => i).filter((i) => r.provs[i] > 0)
			.sort((x, y) => r.provs[y] - r.provs[x]);
		const series = new Map();
		provOrder.slice(0, SERIES).forEach((p, k) => series.set(p, k));
		const nser = Math.min(provOrder.length, SERIES) + (provOrder.length > SERIES ? 1 : 0);
		const colorOf = (k) => (k < SERIES ? PALETTE[k] : OTHER);

		const segs = layout(r.pt, a, b);
		curSegs = segs;
		/* Bins: about 240 over the stretches, by their width. */
		const bins = [];
		for (const s of segs) {
			if (s.gap)
				continue;
			const nb = Math.max(1, Math.round(240 * s.w / (W - L - R)));
			for (let k = 0; k < nb; k++)
				bins.push({ a: s.a + (s.b - s.a) * k / nb, b: s.a + (s.b - s.a) * (k + 1) / nb,
					    x: s.x + s.w * k / nb, w: s.w / nb,
					    n: new Float64Array(nser), seg: s });
		}
		let bi = 0;
		for (let i = 0; i < r.pt.length; i++) {
			const t = r.pt[i];
			while (bi < bins.length - 1 && t > bins[bi].b)
				bi++;
			while (bi > 0 && t < bins[bi].a)
				bi--;
			const p = r.pp[i];
			const k = series.has(p) ? series.get(p) : SERIES;
			bins[bi].n[Math.min(k, nser - 1)] += r.pn[i];
		}
		let max = 1;
		for (const bn of bins)
			max = Math.max(max, bn.n.reduce((s, x) => s + x, 0));
		let p10 = 1;
		while (p10 * 10 <= max)
			p10 *= 10;
		const top = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * p10).find((v) => v >= max);
		for (let g = 0; g <= 4; g++) {
			const y = base - ph * g / 4;
			svg.appendChild(sv('line', { class: 'grid', x1: L, y1: y, x2: W - R, y2: y }));
			svg.appendChild(sv('text', { class: 'axis', x: L - 6, y: y + 4, 'text-anchor': 'end' },
					   short(top * g / 4)));
		}
		/* The bars. */
		for (const bn of bins) {
			let y = base;
			for (let k = 0; k < nser; k++) {
				if (!bn.n[k])
					continue;
				const h = ph * bn.n[k] / top;
				y -= h;
				const name = k < SERIES ? D.providers[provOrder[k]].name : 'other providers';
				const rect = sv('rect', { x: bn.x + 0.3, y: y, width: Math.max(bn.w - 0.6, 0.6),
							  height: h, fill: colorOf(k), class: 'bin' });
				rect.appendChild(sv('title', {}, `${name}: ${num(bn.n[k])} events, ` +
						    `${clock(bn.a, 3)} to ${clock(bn.b, 3)}`));
				rect.addEventListener('click', () => (ETW.rows ? ETW.rows.jump(bn.a, bn.b) :
								       zoom(bn.a, bn.b)));
				rect.addEventListener('dblclick', () => zoom(bn.a, bn.b));
				svg.appendChild(rect);
			}
		}
		/* Gaps, and the time axis: each stretch's start and end, not overlapping. */
		let labelEnd = 0;
		const label = (x, anchor, text) => {
			const w = 6.2 * text.length, x0 = anchor === 'end' ? x - w : x;
			if (x0 < labelEnd + 6)
				return;
			labelEnd = x0 + w;
			svg.appendChild(sv('text', { class: 'axis', x: x, y: H - 22, 'text-anchor': anchor }, text));
		};
		for (const s of segs) {
			const len = s.b - s.a;
			const fine = len < 120e9 ? 3 : 0;
			if (s.gap) {
				const g = sv('g', { class: 'gap' });
				g.appendChild(sv('rect', { x: s.x + 2, y: T, width: s.w - 4, height: ph }));
				g.appendChild(sv('text', { x: s.x + s.w / 2, y: T + ph / 2, 'text-anchor': 'middle',
							   transform: `rotate(-90 ${s.x + s.w / 2} ${T + ph / 2})` },
						 'no events: ' + span(len)));
				g.appendChild(sv('title', {}, `no events for ${span(len)}`));
				svg.appendChild(g);
				continue;
			}
			label(s.x, 'start', clock(s.a, fine));
			label(s.x + s.w, 'end', clock(s.b, fine));
		}
		svg.appendChild(sv('line', { class: 'axisline', x1: L, y1: base, x2: W - R, y2: base }));
		const widest = bins.reduce((m, x) => (x.b - x.a > m ? x.b - x.a : m), 0);
		svg.appendChild(sv('text', { class: 'axis', x: W - R, y: H - 4, 'text-anchor': 'end' },
				   'a bar: ' + span(widest) + (D.raw ? ' (raw clock)' : ' (UTC)')));
		/* The event selected in the table. */
		cursor = sv('line', { class: 'cursor', id: 'cursor', x1: 0, x2: 0, y1: T, y2: base,
				      visibility: 'hidden' });
		svg.appendChild(cursor);
		showCursor(state.cursor);
		/* Losses. */
		for (const m of D.losses) {
			if (m.t_ns < a || m.t_ns > b)
				continue;
			const x = xOf(segs, m.t_ns);
			const g = sv('g', { class: 'loss' });
			g.appendChild(sv('line', { x1: x, y1: T, x2: x, y2: base }));
			g.appendChild(sv('title', {}, `${clock(m.t_ns, 3)}: ${num(m.events)} events and ` +
					 `${num(m.buffers)} buffers lost`));
			svg.appendChild(g);
		}
		/* The legend: the providers, each a filter. */
		legend.textContent = '';
		D.providers.map((p, i) => i).sort((x, y) => D.providers[y].events - D.providers[x].events)
			.forEach((i) => {
				const li = el('li');
				const lab = el('label');
				const box = el('input', { type: 'checkbox', 'data-guid': D.providers[i].guid });
				box.checked = !state.provs || state.provs.has(i);
				box.addEventListener('change', () => {
					if (!state.provs)
						state.provs = new Set(D.providers.map((p, k) => k));
					if (box.checked)
						state.provs.add(i);
					else
						state.provs.delete(i);
					if (state.provs.size === D.providers.length)
						state.provs = null;
					update();
				});
				lab.appendChild(box);
				const k = series.has(i) ? series.get(i) : SERIES;
				lab.appendChild(el('span', { class: 'sw', style: 'background:' +
							     (r.provs[i] ? colorOf(k) : '#e3e7ed') }));
				lab.appendChild(document.createTextNode(D.providers[i].name + ' '));
				lab.appendChild(el('span', { class: 'n' }, num(r.provs[i])));
				li.appendChild(lab);
				legend.appendChild(li);
			});
		viewText.textContent = (state.from !== null || state.to !== null ?
					'zoomed: ' : 'all: ') + fullTime(a) + ' to ' +
			fullTime(Math.min(b, tEnd)) + ' (' + span(Math.min(b, tEnd) - a) + ')';
		reset.disabled = state.from === null && state.to === null;
	}

	/* The cursor at @t (ns after t0), or none. */
	let cursor = null;
	function showCursor(t) {
		state.cursor = t;
		if (!cursor)
			return;
		const [a, b] = windowOf();
		if (t === null || t < a || t > b) {
			cursor.setAttribute('visibility', 'hidden');
			return;
		}
		const x = xOf(curSegs, t);
		cursor.setAttribute('x1', x);
		cursor.setAttribute('x2', x);
		cursor.setAttribute('visibility', 'visible');
		cursor.setAttribute('data-t', String(t));
	}
	ETW.showCursor = showCursor;

	function zoom(a, b) {
		if (b - a < Q)
			b = a + Q;
		state.from = Math.max(a, tStart);
		state.to = b;
		update();
	}

	/* Drag to zoom. */
	let drag = null;
	function svgX(ev) {
		const box = svg.getBoundingClientRect();
		return (ev.clientX - box.left) * W / box.width;
	}
	svg.addEventListener('mousedown', (ev) => {
		drag = { x0: svgX(ev), rect: sv('rect', { class: 'sel', y: T, height: H - T - B, width: 0 }) };
		drag.rect.setAttribute('x', drag.x0);
		svg.appendChild(drag.rect);
		ev.preventDefault();
	});
	svg.addEventListener('mousemove', (ev) => {
		if (!drag)
			return;
		const x = svgX(ev);
		drag.rect.setAttribute('x', Math.min(x, drag.x0));
		drag.rect.setAttribute('width', Math.abs(x - drag.x0));
	});
	window.addEventListener('mouseup', (ev) => {
		if (!drag)
			return;
		const x = svgX(ev), x0 = drag.x0;
		drag.rect.remove();
		drag = null;
		if (Math.abs(x - x0) < 4)
			return;		/* a click: the bar's own handler */
		zoom(tOf(curSegs, Math.min(x, x0)), tOf(curSegs, Math.max(x, x0)));
	});

	/* ---- tables -------------------------------------------------------- */

	function table(t, cols, rows, sortKey, setSort, note, total) {
		t.textContent = '';
		const thead = el('thead'), tr = el('tr');
		for (const c of cols) {
			const th = el('th', { class: (c.num ? 'num' : '') + (c.key === sortKey ? ' sorted' : ''),
					      'data-key': c.key }, c.title);
			th.addEventListener('click', () => setSort(c.key));
			tr.appendChild(th);
		}
		thead.appendChild(tr);
		t.appendChild(thead);
		const col = cols.find((c) => c.key === sortKey) || cols[0];
		rows.sort((x, y) => {
			const a = col.val(x), b = col.val(y);
			if (a === b)
				return 0;
			if (col.num)
				return b - a;
			return String(a).localeCompare(String(b));
		});
		const tb = el('tbody');
		for (const r of rows.slice(0, MAX_ROWS)) {
			const row = el('tr', r.attrs);
			for (const c of cols)
				row.appendChild(el('td', c.num ? { class: 'num', 'data-n': String(c.val(r)) } : {},
						   c.show ? c.show(r) : String(c.val(r))));
			if (r.pick) {
				row.classList.add('pick');
				row.addEventListener('click', r.pick);
			}
			tb.appendChild(row);
		}
		t.appendChild(tb);
		note.textContent = rows.length > MAX_ROWS ? `the first ${MAX_ROWS} of ${num(rows.length)}` :
			rows.length ? '' : 'Nothing in this view.';
		void total;
	}

	function drawTables(r) {
		const pickType = (i) => () => {
			state.types = state.types && state.types.size === 1 && state.types.has(i) ? null :
				new Set([i]);
			update();
		};
		const share = (n) => (r.n ? (100 * n / r.n).toFixed(1) + '%' : '-');
		const trows = [];
		D.event_types.forEach((t, i) => {
			if (!r.types[i])
				return;
			const p = D.providers[t.p];
			trows.push({ i: i, t: t, n: r.types[i], attrs: { 'data-type': String(i),
				     'data-guid': p.guid }, pick: pickType(i) });
		});
		table(ttab, [
			{ key: 'provider', title: 'Provider', val: (x) => D.providers[x.t.p].name },
			{ key: 'event', title: 'Event', val: (x) => x.t.event },
			{ key: 'id', title: 'Id', num: true, val: (x) => x.t.id },
			{ key: 'version', title: 'Version', num: true, val: (x) => x.t.version },
			{ key: 'opcode', title: 'Opcode', num: true, val: (x) => x.t.opcode },
			{ key: 'task', title: 'Task', num: true, val: (x) => x.t.task },
			{ key: 'level', title: 'Level', num: true, val: (x) => x.t.level },
			{ key: 'n', title: 'Events', num: true, val: (x) => x.n, show: (x) => num(x.n) },
			{ key: 'share', title: 'Share', num: true, val: (x) => x.n, show: (x) => share(x.n) },
		], trows, state.sortT, (k) => { state.sortT = k; drawTables(count()); }, tnote);

		const prows = [];
		D.processes.forEach((p, i) => {
			if (!r.procs[i])
				return;
			prows.push({ i: i, p: p, n: r.procs[i], attrs: { 'data-pid': String(p.pid) },
				     pick: () => { state.pid = state.pid === p.pid ? null : p.pid; update(); } });
		});
		table(ptab, [
			{ key: 'pid', title: 'PID', num: true, val: (x) => x.p.pid },
			{ key: 'name', title: 'Process', val: (x) => procName(x.i) },
			{ key: 'n', title: 'Events', num: true, val: (x) => x.n, show: (x) => num(x.n) },
			{ key: 'share', title: 'Share', num: true, val: (x) => x.n, show: (x) => share(x.n) },
		], prows, state.sortP, (k) => { state.sortP = k; drawTables(count()); }, pnote);
	}

	/* ---- everything, after any change ---------------------------------- */

	/*
	 * After any change: the views that the filters, the window and the
	 * search decide.  A search through the fields first runs over the
	 * events (report_events.js; in slices, the page stays responsive),
	 * then comes back here; meanwhile the page is not "ready".
	 */
	function update() {
		writeHash();
		for (const b of levelBoxes)
			b.checked = !state.levels || state.levels.has(Number(b.dataset.level));
		psel.value = state.pid === null ? '' : String(state.pid);
		esel.value = state.types && state.types.size === 1 ? String([...state.types][0]) : '';
		if (document.activeElement !== search)
			search.value = state.search;
		if (ETW.rows && !ETW.rows.ready(update)) {
			body.setAttribute('data-ready', '0');
			return;
		}
		const r = count();
		drawCards(r);
		drawTimeline(r);
		drawTables(r);
		for (const f of ETW.listeners)
			f(r);
		/* How long the first view took, from the start of the page's load. */
		if (!body.hasAttribute('data-load-ms')) {
			body.setAttribute('data-load-ms', String(Math.round(performance.now())));
			if (performance.memory)		/* Chromium's */
				body.setAttribute('data-heap-mb', String(Math.round(
					performance.memory.usedJSHeapSize / 1048576)));
		}
		body.setAttribute('data-ready', '1');
	}
	ETW.update = update;

	window.addEventListener('hashchange', () => {
		readHash();
		update();
	});
	/* report_events.js, once it is there: the first view. */
	ETW.start = () => {
		readHash();
		update();
	};
})();
