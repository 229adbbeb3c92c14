/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump --report: the event table, as WPA's Generic Events has it
 * (built into etwdump after report.js, report_assets.c; it starts the
 * page, ETW.start).
 *
 * Every event the page lists (#etw-rows, report.c: the first 2 million)
 * is a row: its time, CPU, process, thread, provider, event, level and
 * fields.  The rows are those that pass report.js's filters and lie in
 * its time window, in time order; grouped by provider, task or process
 * (group rows that open and close, most events first), they are sorted
 * into their groups.  The table is virtual: only the rows in sight are
 * in the document, whatever their number.  The field values come in
 * chunks (#etw-v0, #etw-v1, ...) parsed only when rows of theirs are
 * shown or searched, and few are kept parsed at once, so the page's
 * memory stays bounded however long the trace.
 *
 * Clicking a row selects it: its fields below the table, its time as a
 * line on the timeline.  Clicking the timeline selects the first event
 * there (#at=TIME in the URL does the same); #sel=N selects row N.
 *
 * The search looks into the provider and event names, the process names
 * and every field value (case-insensitive), chunk by chunk in slices of
 * a few milliseconds, so that the page answers meanwhile.
 */
'use strict';

(function () {
	const ETW = window.ETW, D = ETW.D, state = ETW.state, el = ETW.el, num = ETW.num;
	const TB = D.table || { rows: 0, chunk: 1, chunks: 0, shapes: [], tasks: [], kept: 0 };
	const ROWH = 22, OVERSCAN = 8, MAXPX = 15e6, CACHE = 48, SLICE_MS = 12;
	const COLS = [['Time (UTC)', 'time'], ['CPU', 'cpu'], ['Process', 'process'], ['TID', 'tid'],
		      ['Provider', 'provider'], ['Event', 'event'], ['Level', 'level'],
		      ['Fields', 'fields']];
	const TICK = D.tick_ns || 100;

	/* ---- the rows ------------------------------------------------------ */

	const src = document.getElementById('etw-rows');
	const R = src ? JSON.parse(src.textContent) : { t: [], type: [], proc: [], tid: [],
							cpu: [], shape: [] };
	const N = R.t.length;
	const tick = new Float64Array(N);	/* ticks after t0 */
	for (let i = 0, t = 0; i < N; i++) {
		t += R.t[i];
		tick[i] = t;
	}
	const rtype = Uint32Array.from(R.type), rproc = Uint32Array.from(R.proc);
	const rtid = Uint32Array.from(R.tid), rcpu = Uint16Array.from(R.cpu);
	const rshape = Int32Array.from(R.shape);
	/* In time order (a trace's events nearly always are already). */
	let byTime = null;
	for (let i = 1; i < N; i++) {
		if (tick[i] < tick[i - 1]) {
			byTime = Int32Array.from({ length: N }, (_, k) => k)
				.sort((a, b) => tick[a] - tick[b] || a - b);
			break;
		}
	}
	const at = (k) => (byTime ? byTime[k] : k);
	const nsOf = (i) => tick[i] * TICK;

	/* The chunks of values, parsed on demand, a few kept. */
	const cache = new Map();
	function chunk(c) {
		let v = cache.get(c);
		if (v)
			return v;
		const e = document.getElementById('etw-v' + c);
		v = e ? JSON.parse(e.textContent) : [];
		cache.set(c, v);
		if (cache.size > CACHE)
			cache.delete(cache.keys().next().value);
		return v;
	}
	/* Row @i's field values, or null when the page does not have them. */
	function values(i) {
		if (rshape[i] < 0)
			return null;
		const v = chunk(Math.floor(i / TB.chunk))[i % TB.chunk];
		return Array.isArray(v) ? v : null;
	}
	function names(i) {
		return rshape[i] >= 0 ? TB.shapes[rshape[i]] || [] : [];
	}
	function fieldsText(i) {
		const v = values(i), n = names(i);
		if (!v)
			return '(fields not in the page)';
		return v.map((x, k) => (n[k] || 'field') + '=' + x).join('  ');
	}

	/* ---- the search ------------------------------------------------------ */

	/*
	 * match[i] for the search state.search: its names, its process or a
	 * field value hold the text.  Computed in slices; ready() says
	 * whether it is there for the current search, and starts it if not.
	 */
	let match = null, matchFor = null, running = null;
	function computeMatch(q, done) {
		const m = new Uint8Array(N);
		const lq = q.toLowerCase();
		const typeHit = ETW.typeText.map((t) => t.includes(lq));
		const procHit = D.processes.map((p, k) => ETW.procName(k).toLowerCase().includes(lq) ||
						String(p.pid) === q);
		let c = 0;
		const job = { q: q };
		running = job;
		function slice() {
			if (running !== job)
				return;		/* another search began */
			const end = performance.now() + SLICE_MS;
			for (; c < Math.max(TB.chunks, 1) && performance.now() < end; c++) {
				const first = c * TB.chunk, last = Math.min(N, first + TB.chunk);
				const vs = TB.chunks ? chunk(c) : [];
				for (let i = first; i < last; i++) {
					if (typeHit[rtype[i]] || procHit[rproc[i]]) {
						m[i] = 1;
						continue;
					}
					const v = vs[i - first];
					if (Array.isArray(v) && rshape[i] >= 0)
						for (const x of v)
							if (x.toLowerCase().includes(lq)) {
								m[i] = 1;
								break;
							}
				}
			}
			if (c < Math.max(TB.chunks, 1)) {
				note.textContent = `searching the fields: ${Math.floor(100 * c / TB.chunks)}%`;
				setTimeout(slice, 0);
				return;
			}
			running = null;
			match = m;
			matchFor = q;
			done();
		}
		slice();
	}

	/* ---- what is shown ----------------------------------------------------- */

	let list = new Int32Array(0);	/* the rows that pass, in time order */
	let disp = new Int32Array(0);	/* what the table shows: rows, and -(g + 1): group g */
	let groups = [];		/* {key, label, n} in the order shown */
	const open = new Set();		/* the open groups' keys (this grouping) */
	let openFor = '';

	function filterRows(a, b) {
		const okType = D.event_types.map((t, k) => state.types ? state.types.has(k) : true);
		const okKind = D.event_types.map((t, k) => okType[k] &&
						 (!state.provs || state.provs.has(t.p)) &&
						 (!state.levels || state.levels.has(Math.min(t.level, 5))));
		const okProc = D.processes.map((p) => state.pid === null || p.pid === state.pid);
		const ta = a / TICK, tb = b / TICK, q = state.search && match;
		const out = new Int32Array(N);
		let n = 0;
		for (let k = 0; k < N; k++) {
			const i = at(k);
			if (!okKind[rtype[i]] || !okProc[rproc[i]] || tick[i] < ta || tick[i] > tb)
				continue;
			if (q && !match[i])
				continue;
			out[n++] = i;
		}
		return out.subarray(0, n);
	}

	/* The group of row @i under the current grouping: [key, label]. */
	const taskKey = D.event_types.map((t, k) => {
		const p = D.providers[t.p].name, tn = TB.tasks ? TB.tasks[k] : null;
		return p + ' / ' + (tn || (t.task ? 'task ' + t.task : '(no task)'));
	});
	function groupOf(i) {
		if (state.group === 'provider') {
			const p = D.event_types[rtype[i]].p;
			return ['p' + p, D.providers[p].name];
		}
		if (state.group === 'task')
			return ['t' + taskKey[rtype[i]], taskKey[rtype[i]]];
		return ['r' + rproc[i], ETW.procName(rproc[i]) + ' (' + D.processes[rproc[i]].pid + ')'];
	}

	function build() {
		if (openFor !== state.group) {
			open.clear();
			openFor = state.group;
		}
		if (!state.group) {
			groups = [];
			disp = list;
			return;
		}
		const idx = new Map(), gl = [], gOf = new Int32Array(list.length);
		for (let k = 0; k < list.length; k++) {
			const [key, label] = groupOf(list[k]);
			let g = idx.get(key);
			if (g === undefined) {
				g = gl.length;
				idx.set(key, g);
				gl.push({ key: key, label: label, n: 0 });
			}
			gl[g].n++;
			gOf[k] = g;
		}
		const order = gl.map((g, k) => k).sort((x, y) => gl[y].n - gl[x].n ||
							gl[x].label.localeCompare(gl[y].label));
		const rank = new Int32Array(gl.length);
		order.forEach((g, r) => { rank[g] = r; });
		groups = order.map((g) => gl[g]);
		let total = groups.length;
		for (const g of groups)
			if (open.has(g.key))
				total += g.n;
		/* Counting sort of the rows into their groups, time order kept. */
		const start = new Int32Array(groups.length + 1);
		for (let r = 0, pos = 0; r < groups.length; r++) {
			start[r] = pos;
			pos += 1 + (open.has(groups[r].key) ? groups[r].n : 0);
		}
		const d = new Int32Array(total), fill = Int32Array.from(start);
		for (let r = 0; r < groups.length; r++)
			d[fill[r]++] = -(r + 1);
		for (let k = 0; k < list.length; k++) {
			const r = rank[gOf[k]];
			if (open.has(groups[r].key))
				d[fill[r]++] = list[k];
		}
		disp = d;
	}
	/* The table's height for what it shows (before any scrolling). */
	function fit() {
		space.style.height = Math.min(virtualPx(), MAXPX) + 'px';
	}

	/* ---- the section ----------------------------------------------------- */

	const sec = ETW.eventsSection;
	sec.appendChild(el('h2', {}, 'Events'));
	const bar = el('div', { class: 'bar' });
	const count = el('span', { class: 'view', id: 'ev-count' });
	bar.appendChild(count);
	const gl = el('label', {}, 'Group by ');
	const gsel = el('select', { id: 'group-by' });
	for (const [v, t] of [['', 'nothing'], ['provider', 'provider'], ['task', 'task'],
			      ['process', 'process']])
		gsel.appendChild(el('option', { value: v }, t));
	gl.appendChild(gsel);
	bar.appendChild(gl);
	const openAll = el('button', { type: 'button', id: 'ev-open' }, 'Open all groups');
	const closeAll = el('button', { type: 'button', id: 'ev-close' }, 'Close all');
	bar.appendChild(openAll);
	bar.appendChild(closeAll);
	const note = el('span', { class: 'note', id: 'ev-note' });
	bar.appendChild(note);
	sec.appendChild(bar);

	const table = el('div', { class: 'etable', id: 'event-table', role: 'grid', tabindex: '0' });
	const headRow = el('div', { class: 'erow ehead', role: 'row' });
	for (const [t, k] of COLS)
		headRow.appendChild(el('div', { role: 'columnheader', 'data-col': k }, t));
	table.appendChild(headRow);
	const scroller = el('div', { class: 'escroll', id: 'ev-scroll' });
	const space = el('div', { class: 'espace' });
	const rowsBox = el('div', { class: 'erows', id: 'ev-rows' });
	scroller.appendChild(space);
	scroller.appendChild(rowsBox);
	table.appendChild(scroller);
	sec.appendChild(table);
	const detail = el('div', { class: 'detail', id: 'ev-detail' });
	sec.appendChild(detail);

	const virtualPx = () => disp.length * ROWH;
	function scale() {
		const v = virtualPx(), h = scroller.clientHeight || 440;
		return v > MAXPX ? (v - h) / (MAXPX - h) : 1;
	}

	/* The table shows the time of day (the date is in the title and below). */
	function timeOfDay(i) {
		const t = ETW.tickTime(tick[i]);
		return D.raw ? t : t.slice(11, -1);
	}
	function cellsOf(i) {
		const t = D.event_types[rtype[i]], p = D.processes[rproc[i]];
		return [timeOfDay(i), String(rcpu[i]), ETW.procName(rproc[i]) + ' (' + p.pid + ')',
			String(rtid[i]), D.providers[t.p].name, t.event,
			ETW.LEVELS[Math.min(t.level, 5)], fieldsText(i)];
	}

	function draw() {
		const h = scroller.clientHeight || 440, sc = scale();
		const v = scroller.scrollTop * sc;
		const first = Math.max(0, Math.floor(v / ROWH) - OVERSCAN);
		const last = Math.min(disp.length, Math.ceil((v + h) / ROWH) + OVERSCAN);
		fit();
		rowsBox.style.top = (scroller.scrollTop + first * ROWH - v) + 'px';
		rowsBox.textContent = '';
		for (let k = first; k < last; k++) {
			const x = disp[k];
			let row;
			if (x < 0) {
				const g = groups[-x - 1];
				row = el('div', { class: 'erow egroup' + (open.has(g.key) ? ' open' : ''),
						  role: 'row', 'data-group': g.key, 'data-n': String(g.n) });
				row.appendChild(el('div', { class: 'glabel' },
						   (open.has(g.key) ? '\u25be ' : '\u25b8 ') + g.label));
				row.appendChild(el('div', { class: 'gn' }, num(g.n) + ' events'));
				row.addEventListener('click', () => toggle(g.key));
			} else {
				row = el('div', { class: 'erow' + (x === state.sel ? ' sel' : ''), role: 'row',
						  'data-row': String(x) });
				const c = cellsOf(x);
				for (let j = 0; j < c.length; j++)
					row.appendChild(el('div', { role: 'gridcell', title: j === 7 ? c[j] :
								    j === 0 ? ETW.tickTime(tick[x]) : '' }, c[j]));
				row.addEventListener('click', () => select(x, false));
			}
			rowsBox.appendChild(row);
		}
		table.setAttribute('data-shown', String(disp.length));
		table.setAttribute('data-rows', String(list.length));
	}
	let drawing = false;
	scroller.addEventListener('scroll', () => {
		if (!drawing) {
			drawing = true;
			requestAnimationFrame(() => {
				drawing = false;
				draw();
			});
		}
	});

	function toggle(key) {
		if (open.has(key))
			open.delete(key);
		else
			open.add(key);
		build();
		draw();
	}
	openAll.addEventListener('click', () => {
		for (const g of groups)
			open.add(g.key);
		build();
		draw();
	});
	closeAll.addEventListener('click', () => {
		open.clear();
		build();
		draw();
	});
	gsel.addEventListener('change', () => {
		state.group = gsel.value;
		ETW.update();
	});

	/* Where row @i is in disp (its group opened), or -1. */
	function place(i) {
		if (state.group) {
			const [key] = groupOf(i);
			if (!open.has(key)) {
				open.add(key);
				build();
			}
		}
		for (let k = 0; k < disp.length; k++)
			if (disp[k] === i)
				return k;
		return -1;
	}
	function scrollTo(k) {
		fit();
		const h = scroller.clientHeight || 440, sc = scale();
		const top = scroller.scrollTop * sc, y = k * ROWH;
		if (y < top || y + ROWH > top + h)
			scroller.scrollTop = Math.max(0, (y - h / 3) / sc);
	}

	/* The selected event: highlighted, its fields below, its time on the timeline. */
	function select(i, scroll) {
		state.sel = i;
		if (i === null) {
			detail.textContent = '';
			ETW.showCursor(null);
			ETW.writeHash();
			draw();
			return;
		}
		const k = place(i);
		if (scroll && k >= 0)
			scrollTo(k);
		showDetail(i);
		ETW.showCursor(nsOf(i));
		ETW.writeHash();
		draw();
	}
	ETW.select = select;

	function showDetail(i) {
		const t = D.event_types[rtype[i]], p = D.processes[rproc[i]], pr = D.providers[t.p];
		detail.textContent = '';
		detail.setAttribute('data-row', String(i));
		detail.appendChild(el('h3', {}, `${pr.name} / ${t.event}`));
		const dl = el('table', { class: 'fields', id: 'ev-fields' });
		const line = (k, v, cls) => {
			const tr = el('tr', { 'data-name': k, class: cls || '' });
			tr.appendChild(el('th', {}, k));
			tr.appendChild(el('td', {}, v));
			dl.appendChild(tr);
		};
		line('Time', ETW.tickTime(tick[i]), 'hdr');
		line('CPU', String(rcpu[i]), 'hdr');
		line('Process', `${ETW.procName(rproc[i])} (${p.pid})`, 'hdr');
		line('Thread', String(rtid[i]), 'hdr');
		line('Provider', `${pr.name} {${pr.guid}}`, 'hdr');
		line('Event', `${t.event} (id ${t.id}, version ${t.version}, opcode ${t.opcode}, ` +
		     `task ${t.task}, level ${t.level})`, 'hdr');
		const v = values(i), n = names(i);
		if (v)
			v.forEach((x, k) => line(n[k] || 'field', x, 'field'));
		else
			detail.appendChild(el('p', { class: 'note' }, 'This event\'s fields are not in ' +
					      'the page: it holds the first ' + Math.floor(TB.fields_max / 1048576) +
					      ' MB of field values (etwdump with --since, --until or -p ' +
					      'shows them all).'));
		detail.insertBefore(dl, detail.children[1] || null);
	}

	/*
	 * The timeline clicked between @a and @b (ns after t0): the first
	 * event of the rows shown that is there, or the nearest.
	 */
	function jump(a, b) {
		if (!list.length)
			return;
		let lo = 0, hi = list.length;
		const ta = a / TICK;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (tick[list[mid]] < ta)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo === list.length || (lo > 0 && tick[list[lo]] * TICK > b &&
					   a - nsOf(list[lo - 1]) < nsOf(list[lo]) - b))
			lo = Math.max(0, lo - 1);
		select(list[Math.min(lo, list.length - 1)], true);
	}

	/* Keys: up and down move the selection. */
	table.addEventListener('keydown', (ev) => {
		if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp')
			return;
		let k = state.sel === null ? -1 : disp.indexOf(state.sel);
		do
			k += ev.key === 'ArrowDown' ? 1 : -1;
		while (k >= 0 && k < disp.length && disp[k] < 0);
		if (k >= 0 && k < disp.length)
			select(disp[k], true);
		ev.preventDefault();
	});

	/* ---- report.js's side ------------------------------------------------ */

	ETW.rows = {
		n: N,
		jump: jump,
		/* Counting from the events is right only when the page lists them all. */
		searchable: () => N === D.events,
		/* Whether the search's matches are there; if not, find them, then @again. */
		ready(again) {
			if (!state.search || matchFor === state.search)
				return true;
			if (!running || running.q !== state.search)
				computeMatch(state.search, again);
			return false;
		},
		/* report.js's counts, from the events (while searching). */
		count(a, b) {
			const l = filterRows(a, b);
			const r = { n: l.length, types: new Float64Array(D.event_types.length),
				    procs: new Float64Array(D.processes.length),
				    provs: new Float64Array(D.providers.length),
				    pt: new Float64Array(l.length), pp: new Int32Array(l.length),
				    pn: new Float64Array(l.length).fill(1) };
			for (let k = 0; k < l.length; k++) {
				const i = l[k], p = D.event_types[rtype[i]].p;
				r.types[rtype[i]]++;
				r.procs[rproc[i]]++;
				r.provs[p]++;
				r.pt[k] = nsOf(i);
				r.pp[k] = p;
			}
			return r;
		},
	};

	/* After each change of report.js's view: the rows, the selection. */
	ETW.listeners.push(() => {
		const [a, b] = ETW.windowOf();
		list = filterRows(a, b);
		gsel.value = state.group;
		build();
		const parts = [`${num(list.length)} events`];
		if (N < D.events)
			parts.push(`(the page lists the first ${num(N)} of the trace's ${num(D.events)})`);
		count.textContent = parts.join(' ');
		const notes = [];
		if (TB.kept < N)
			notes.push(`the fields of ${num(N - TB.kept)} events are not in the page ` +
				   `(it holds the first ${Math.floor(TB.fields_max / 1048576)} MB of them)`);
		if (TB.values_cut)
			notes.push(`values longer than ${num(TB.value_max)} bytes are cut (\u2026)`);
		if (state.search && !ETW.rows.searchable())
			notes.push('the counts above match the search by provider and event name only');
		note.textContent = notes.join('; ');
		openAll.disabled = closeAll.disabled = !state.group;
		if (pendingAt !== null) {
			/* #at=TIME: as if the timeline had been clicked there. */
			const t = pendingAt;
			pendingAt = null;
			jump(t, t);
			return;
		}
		if (state.sel !== null && state.sel < N)
			select(state.sel, true);
		else
			draw();
	});

	/* #at=TIME: the first event at or after TIME, once. */
	let pendingAt = null;
	ETW.hashHooks.push((h) => {
		if (h.get('at') !== null)
			pendingAt = ETW.parseTime(h.get('at'));
	});
	ETW.start();
})();
