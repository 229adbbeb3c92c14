/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump --report: the profile sections (built into etwdump beside
 * report.js, report_assets.c), drawn from the data's "profile" member
 * (report_profile.c) when the trace has samples or context switches:
 *
 *   - CPU usage (sampled): per process (a list, busiest first), a flame
 *     graph of the samples' stacks -- the root at the top, each frame as
 *     wide as its samples, callees below; click a frame to zoom to it,
 *     the root to zoom out -- and the functions' inclusive ("Children")
 *     and exclusive ("Self") samples, as etwdump --cpu shows them;
 *   - CPU usage (precise): each thread's running, ready and waiting
 *     time and switches; who readied whom, how often, from which stack.
 *
 * The page's address may name a process and a frame to zoom to:
 * ?pid=N&zoom=FUNCTION (the first frame of that function, nearest the
 * root).  A separate script from report.js, so that each can change
 * alone; it marks the body data-profile-ready="1" when done.
 */
'use strict';

(function () {
	const SVGNS = 'http://www.w3.org/2000/svg';
	const W = 1040, ROW = 18;
	const D = JSON.parse(document.getElementById('etw-data').textContent);
	const P = D.profile;
	const body = document.body;

	function el(tag, attrs, text) {
		const e = document.createElement(tag);
		for (const k in attrs || {})
			e.setAttribute(k, attrs[k]);
		if (text !== undefined)
			e.textContent = text;
		return e;
	}
	function sv(tag, attrs) {
		const e = document.createElementNS(SVGNS, tag);
		for (const k in attrs || {})
			e.setAttribute(k, attrs[k]);
		return e;
	}
	const pct = (n, t) => (t ? (100 * n / t).toFixed(1) + '%' : '-');
	const ms = (ns) => (ns / 1e6).toFixed(3);

	function table(cols, rows) {
		const t = el('table', { class: 'profile-table' });
		const hr = el('tr');
		for (const c of cols)
			hr.appendChild(el('th', c.num ? { class: 'num' } : {}, c.title));
		t.appendChild(el('thead')).appendChild(hr);
		const tb = el('tbody');
		for (const r of rows) {
			const tr = el('tr', r.attrs || {});
			for (const c of cols)
				tr.appendChild(el('td', c.num ? { class: 'num', 'data-n': String(c.val(r)) } : {},
						  c.show ? c.show(r) : String(c.val(r))));
			tb.appendChild(tr);
		}
		t.appendChild(tb);
		return t;
	}

	const main = document.querySelector('main') || body;
	/* as the page was opened: report.js rewrites the address */
	const nav = performance.getEntriesByType('navigation')[0];
	const params = new URL(nav ? nav.name : location.href).searchParams;

	/* ---- CPU usage (sampled): flame graph and functions ---------------- */

	function flame(svg, tree, rootNode) {
		while (svg.firstChild)
			svg.removeChild(svg.firstChild);
		const kids = new Map();
		for (let i = 1; i < tree.f.length; i++) {
			const p = tree.parent[i];
			if (!kids.has(p))
				kids.set(p, []);
			kids.get(p).push(i);
		}
		const total = tree.total[rootNode];
		const rects = [];
		/* the chosen root, then its callees row by row */
		function lay(n, x, depth) {
			const w = total ? W * tree.total[n] / total : 0;
			rects.push({ n: n, x: x, w: w, depth: depth });
			let cx = x;
			const ks = (kids.get(n) || []).slice().sort((a, b) =>
				P.functions[tree.f[a]] < P.functions[tree.f[b]] ? -1 : 1);
			for (const k of ks) {
				lay(k, cx, depth + 1);
				cx += total ? W * tree.total[k] / total : 0;
			}
		}
		lay(rootNode, 0, 0);
		const depth = rects.reduce((m, r) => Math.max(m, r.depth), 0) + 1;
		svg.setAttribute('viewBox', `0 0 ${W} ${depth * ROW}`);
		svg.setAttribute('height', String(depth * ROW));
		for (const r of rects) {
			const name = tree.f[r.n] ? P.functions[tree.f[r.n]] : 'all';
			const g = sv('g', { class: 'fg-frame', 'data-name': name,
				       'data-n': String(tree.total[r.n]), 'data-self': String(tree.self[r.n]),
				       'data-depth': String(r.depth) });
			const hue = 20 + (name.length * 37) % 40;
			g.appendChild(sv('rect', { x: r.x.toFixed(2), y: String(r.depth * ROW),
				      width: Math.max(r.w - 0.5, 0.5).toFixed(2), height: String(ROW - 1),
				      fill: r.depth === 0 ? '#9aa5b1' : `hsl(${hue},85%,62%)` }));
			const title = sv('title');
			title.textContent = `${name}: ${tree.total[r.n]} samples (${pct(tree.total[r.n],
				tree.total[0])}), ${tree.self[r.n]} in it`;
			g.appendChild(title);
			if (r.w > 40) {
				const t = sv('text', { x: (r.x + 3).toFixed(2), y: String(r.depth * ROW + 13),
					     'font-size': '11' });
				t.textContent = name.length * 6.5 > r.w - 6 ?
					name.slice(0, Math.max(0, Math.floor((r.w - 6) / 6.5) - 1)) + '…' : name;
				g.appendChild(t);
			}
			g.style.cursor = 'pointer';
			g.addEventListener('click', () => flame(svg, tree, r.depth === 0 && r.n !== 0 ?
								tree.parent[r.n] : r.n));
			svg.appendChild(g);
		}
		svg.setAttribute('data-root', tree.f[rootNode] ? P.functions[tree.f[rootNode]] : 'all');
	}

	function sampled() {
		const cpu = P.cpu;
		if (!cpu || !cpu.samples)
			return;
		const s = el('section', { id: 'cpu-sampled' });
		s.appendChild(el('h2', {}, `CPU usage (sampled): ${cpu.samples} samples`));
		const bar = el('div', { class: 'bar' });
		const sel = el('select', { id: 'fg-process' });
		for (const p of cpu.processes)
			sel.appendChild(el('option', { value: String(p.pid) },
					   `${p.name} (${p.pid}): ${p.samples} samples`));
		bar.appendChild(el('label', {}, 'Process ')).appendChild(sel);
		const reset = el('button', { type: 'button' }, 'Zoom out');
		bar.appendChild(reset);
		s.appendChild(bar);
		s.appendChild(el('p', { class: 'note' },
				 'Click a frame to zoom to it, the top frame to go up one.'));
		const svg = sv('svg', { id: 'flamegraph', width: '100%', role: 'img' });
		s.appendChild(svg);
		const fdiv = el('div', { id: 'cpu-functions' });
		s.appendChild(fdiv);
		main.appendChild(s);

		function show(pid, zoom) {
			const tree = P.trees.find((t) => t.pid === pid);
			const proc = cpu.processes.find((p) => p.pid === pid);
			if (!tree || !proc)
				return;
			let root = 0;
			if (zoom) {
				/* the first frame of that function nearest the root */
				const q = [0];
				while (q.length) {
					const n = q.shift();
					if (n && P.functions[tree.f[n]].endsWith('!' + zoom)) {
						root = n;
						break;
					}
					for (let i = 1; i < tree.f.length; i++)
						if (tree.parent[i] === n)
							q.push(i);
				}
			}
			flame(svg, tree, root);
			reset.onclick = () => flame(svg, tree, 0);
			while (fdiv.firstChild)
				fdiv.removeChild(fdiv.firstChild);
			fdiv.appendChild(el('h2', {}, 'Functions (Children: samples with it on the stack; ' +
					    'Self: samples in it)'));
			fdiv.appendChild(table([
				{ title: 'Children', num: true, val: (f) => f.inclusive },
				{ title: '%', num: true, val: (f) => f.inclusive,
				  show: (f) => pct(f.inclusive, cpu.samples) },
				{ title: 'Self', num: true, val: (f) => f.exclusive },
				{ title: '%', num: true, val: (f) => f.exclusive,
				  show: (f) => pct(f.exclusive, cpu.samples) },
				{ title: 'Function', val: (f) => f.function },
				{ title: 'Module', val: (f) => f.module },
			], proc.functions.slice(0, 500).map((f) => Object.assign({ attrs:
				{ 'data-func': f.module + '!' + f.function } }, f))));
		}
		const want = params.get('pid');
		if (want !== null)
			sel.value = want;
		sel.addEventListener('change', () => show(Number(sel.value), null));
		show(Number(sel.value), params.get('zoom'));
	}

	/* ---- CPU usage (precise): threads and wake-ups ------------------------ */

	function precise() {
		const w = P.waits;
		if (!w)
			return;
		const s = el('section', { id: 'cpu-precise' });
		s.appendChild(el('h2', {}, `CPU usage (precise): ${w.context_switches} context switches, ` +
				 `${w.ready_events} wake-ups`));
		s.appendChild(table([
			{ title: 'Thread', val: (t) => t.thread },
			{ title: 'Running (ms)', num: true, val: (t) => t.running_ns, show: (t) => ms(t.running_ns) },
			{ title: 'Ready (ms)', num: true, val: (t) => t.ready_ns, show: (t) => ms(t.ready_ns) },
			{ title: 'Waiting (ms)', num: true, val: (t) => t.waiting_ns, show: (t) => ms(t.waiting_ns) },
			{ title: 'Switches', num: true, val: (t) => t.switches },
		], w.threads.map((t) => Object.assign({ attrs: { 'data-tid': String(t.tid) } }, t))));
		if (w.readied.length) {
			s.appendChild(el('h2', {}, 'Who readied whom'));
			s.appendChild(table([
				{ title: 'Thread', val: (r) => r.thread },
				{ title: 'Readied by', val: (r) => r.by_thread },
				{ title: 'Times', num: true, val: (r) => r.count },
				{ title: 'Waited (ms)', num: true, val: (r) => r.waited_ns, show: (r) => ms(r.waited_ns) },
				{ title: 'Readying stack (innermost first)', val: (r) => r.stack.join(' < ') },
			], w.readied.map((r) => Object.assign({ attrs: { 'data-tid': String(r.tid),
				'data-by': String(r.by_tid) } }, r))));
		}
		main.appendChild(s);
	}

	if (P) {
		sampled();
		precise();
	}
	body.setAttribute('data-profile-ready', '1');
})();
