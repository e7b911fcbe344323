// cmdgate approvals page. Every text that comes from a request is set with textContent (never as
// markup); the service has already made every invisible character visible (as the console prompt does),
// and the Content-Security-Policy allows this file only, with Trusted Types forbidding string-to-markup.
'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const state = {
    csrf: null, approver: null, epoch: '', version: -1, skew: 0,
    pending: [], history: [], view: 'pending', selected: null, generation: 0,
  };
  const cards = new Map();   // request id -> its <li>, kept while pending so typing a note survives updates

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  async function call(method, path, body) {
    const options = { method, credentials: 'same-origin', cache: 'no-store', headers: {} };
    if (body !== undefined) {
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    if (method !== 'GET' && state.csrf) options.headers['X-CSRF-Token'] = state.csrf;
    const r = await fetch(path, options);
    let data = null;
    try { data = await r.json(); } catch (e) { data = null; }
    return { status: r.status, data };
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function banner(text) {
    const b = $('banner');
    b.hidden = !text;
    b.textContent = text || '';
  }

  function showLogin(message) {
    state.generation++;
    state.csrf = null;
    state.approver = null;
    for (const id of ['tabs', 'who', 'pending', 'history', 'keys']) $(id).hidden = true;
    $('login').hidden = false;
    const err = $('login-error');
    err.hidden = !message;
    err.textContent = message || '';
    banner(null);
    $('token').focus();
  }

  function signedIn(d) {
    state.csrf = d.csrf;
    state.approver = d.approver;
    $('login').hidden = true;
    $('tabs').hidden = false;
    $('who').hidden = false;
    $('keys').hidden = false;
    $('approver').textContent = d.approver;
    show(state.view);
    poll();
  }

  async function poll() {
    const generation = ++state.generation;
    state.epoch = '';
    state.version = -1;
    while (generation === state.generation) {
      try {
        const q = state.version < 0 ? '' : '?after=' + state.version + '&epoch=' + encodeURIComponent(state.epoch);
        const r = await call('GET', '/api/state' + q);
        if (generation !== state.generation) return;
        if (r.status === 401) {
          showLogin('You were signed out (the service restarted, or your session ended). Sign in again.');
          return;
        }
        if (r.status !== 200 || !r.data) throw new Error('status ' + r.status);
        banner(null);
        apply(r.data);
      } catch (e) {
        if (generation !== state.generation) return;
        banner('The service cannot be reached; trying again…');
        await sleep(1000);
      }
    }
  }

  function apply(d) {
    state.epoch = d.epoch;
    state.version = d.version;
    state.skew = Date.parse(d.now) - Date.now();
    state.pending = d.pending;
    state.history = d.history;
    renderPending();
    renderHistory();
  }

  function now() { return Date.now() + state.skew; }

  function left(deadline) {
    const ms = Date.parse(deadline) - now();
    if (ms <= 0) return 'deadline passed';
    const s = Math.ceil(ms / 1000);
    const m = Math.floor(s / 60);
    return (m > 0 ? m + ' min ' + String(s % 60).padStart(2, '0') + ' s' : s + ' s') + ' left';
  }

  function tick() {
    for (const [id, li] of cards) {
      const r = state.pending.find((p) => p.id === id);
      const t = li.querySelector('.left');
      if (r && t) {
        t.textContent = left(r.deadline);
        t.classList.toggle('urgent', Date.parse(r.deadline) - now() < 15000);
      }
    }
  }

  const CLASSES = ['read', 'write', 'network', 'install', 'destructive'];

  function chip(text, kind) {
    return el('span', 'chip ' + kind, text);
  }

  function classChip(name) {
    const known = CLASSES.includes(String(name).toLowerCase()) ? String(name).toLowerCase() : 'other';
    return chip(name, 'class c-' + known);
  }

  function row(dl, label, value, cls) {
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return;
    dl.append(el('dt', null, label));
    const dd = el('dd', cls);
    if (Array.isArray(value)) {
      for (const v of value) dd.append(el('div', 'line', v));
    } else {
      dd.textContent = value;
    }
    dl.append(dd);
  }

  function jvmText(j) {
    const parts = [];
    if (j.service) parts.push(j.service);
    parts.push('on ' + (j.host || '?'));
    if (j.pid) parts.push('pid ' + j.pid);
    if (j.main) parts.push(j.main);
    return parts.join(' · ');
  }

  function details(r, into) {
    const dl = el('dl', 'facts');
    row(dl, 'in', r.cwd, 'mono');
    if (r.shell_line) row(dl, 'shell line', r.shell_line, 'mono');
    row(dl, 'environment', r.env.map((e) => e.text + (e.hook ? '' : '  (value not sent)')), 'mono');
    row(dl, 'output', r.redirects, 'mono');
    row(dl, 'launched by', r.caller, 'mono');
    row(dl, 'JVM', jvmText(r.jvm));
    row(dl, 'client', r.jvm.client);
    row(dl, 'context', r.context, 'mono');
    row(dl, 'parent decision', r.parent_decision_id, 'mono');
    row(dl, 'passport', [r.passport_id, r.agent_id].filter((x) => x).join(' · '), 'mono');
    row(dl, 'decision', r.id, 'mono');
    into.append(dl);
    if (r.reasons.length) {
      const ul = el('ul', 'reasons');
      for (const reason of r.reasons) ul.append(el('li', null, reason));
      into.append(ul);
    }
    if (r.findings.length) {
      const ul = el('ul', 'findings');
      for (const f of r.findings) {
        const li = el('li');
        li.append(el('span', 'fcmd mono', f.command));
        li.append(el('span', 'freason', f.reason + ' (' + f.class + ', ' + f.level + ')'));
        if (f.rule) li.append(el('span', 'rule mono', f.rule));
        ul.append(li);
      }
      into.append(ul);
    }
    if (r.escaped) {
      into.append(el('p', 'escaped', 'Characters a terminal would not show are written as escapes such as \\u200b or \\x1b; '
        + '\u27e8N spaces\u27e9 stands for N spaces.'));
    }
  }

  function card(r) {
    const li = el('li', 'card');
    li.dataset.id = r.id;
    li.tabIndex = -1;
    const head = el('div', 'head');
    head.append(classChip(r.class), chip(r.level, 'level'));
    head.append(el('span', 'left', left(r.deadline)));
    li.append(head);
    li.append(el('pre', 'cmd', r.command));
    details(r, li);
    const form = el('div', 'answer');
    const label = el('label', 'note-label', 'Note (optional)');
    const note = el('textarea', 'note');
    note.rows = 2;
    note.maxLength = 2000;
    note.id = 'note-' + r.id;
    label.htmlFor = note.id;
    form.append(label, note);
    const buttons = el('div', 'buttons');
    const b = (text, answer, cls, key) => {
      const button = el('button', cls, text);
      button.type = 'button';
      button.dataset.answer = answer;
      button.title = 'key ' + key;
      button.addEventListener('click', () => answerWith(r.id, answer));
      return button;
    };
    buttons.append(b('Approve', 'allow', 'approve', 'y'), b('Deny', 'deny', 'deny', 'n'),
      b('Always (this exact launch)', 'always', 'always', 'a'));
    form.append(buttons, el('p', 'error', null));
    li.append(form);
    li.addEventListener('click', () => select(r.id));
    return li;
  }

  function renderPending() {
    const list = $('cards');
    const ids = new Set(state.pending.map((r) => r.id));
    for (const [id, li] of cards) {
      if (!ids.has(id)) {
        li.remove();
        cards.delete(id);
      }
    }
    for (const r of state.pending) {
      if (!cards.has(r.id)) {
        const li = card(r);
        cards.set(r.id, li);
        list.append(li);   // oldest first: a new request goes last
      }
    }
    $('count').textContent = String(state.pending.length);
    $('count').classList.toggle('zero', state.pending.length === 0);
    $('empty').hidden = state.pending.length > 0;
    document.title = (state.pending.length ? '(' + state.pending.length + ') ' : '') + 'cmdgate approvals';
    if (!state.selected || !cards.has(state.selected)) {
      const wanted = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
      select(wanted && cards.has(wanted) ? wanted : (state.pending.length ? state.pending[0].id : null), false);
    }
    tick();
  }

  function renderHistory() {
    const list = $('answers');
    list.replaceChildren();
    if (!state.history.length) list.append(el('li', 'empty', 'No answers yet.'));
    for (const r of state.history) {
      const li = el('li', 'card done');
      const head = el('div', 'head');
      const outcome = r.state === 'expired' ? 'expired (denied)' : r.answer;
      head.append(chip(outcome, 'outcome a-' + (r.state === 'expired' ? 'expired' : ['allow', 'deny', 'always'].includes(r.answer) ? r.answer : 'other')));
      head.append(classChip(r.class), chip(r.level, 'level'));
      head.append(el('span', 'by', (r.approver ? 'by ' + r.approver : 'nobody answered') + ' · '
        + new Date(r.ended).toLocaleString()));
      li.append(head, el('pre', 'cmd', r.command));
      const dl = el('dl', 'facts');
      row(dl, 'note', r.note);
      row(dl, 'in', r.cwd, 'mono');
      row(dl, 'JVM', jvmText(r.jvm));
      row(dl, 'launched by', r.caller, 'mono');
      row(dl, 'channel', r.channel);
      row(dl, 'decision', r.id, 'mono');
      li.append(dl);
      list.append(li);
    }
  }

  function select(id, scroll = true) {
    state.selected = id;
    for (const [cid, li] of cards) li.classList.toggle('selected', cid === id);
    if (id && scroll && cards.has(id)) cards.get(id).scrollIntoView({ block: 'nearest' });
  }

  function move(step) {
    const ids = state.pending.map((r) => r.id);
    if (!ids.length) return;
    const i = Math.max(0, ids.indexOf(state.selected));
    select(ids[Math.min(ids.length - 1, Math.max(0, i + step))]);
  }

  async function answerWith(id, answer) {
    const li = cards.get(id);
    if (!li) return;
    const error = li.querySelector('.answer .error');
    const buttons = li.querySelectorAll('.buttons button');
    buttons.forEach((b) => { b.disabled = true; });
    error.textContent = '';
    try {
      const note = li.querySelector('textarea').value.trim();
      const r = await call('POST', '/api/approvals/' + encodeURIComponent(id) + '/answer',
        note ? { answer, note } : { answer });
      if (r.status === 200) {
        li.classList.add('answered');
        move(1);
        return;
      }
      if (r.status === 401) {
        showLogin('Your session ended. Sign in again.');
        return;
      }
      error.textContent = (r.data && r.data.error) || ('The service answered ' + r.status);
    } catch (e) {
      error.textContent = 'The service cannot be reached; try again.';
    }
    buttons.forEach((b) => { b.disabled = false; });
  }

  function show(view) {
    state.view = view;
    $('pending').hidden = view !== 'pending';
    $('history').hidden = view !== 'history';
    $('tab-pending').setAttribute('aria-pressed', String(view === 'pending'));
    $('tab-history').setAttribute('aria-pressed', String(view === 'history'));
  }

  function onKey(e) {
    if (!state.csrf || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT')) {
      if (e.key === 'Escape') t.blur();
      return;
    }
    const actions = {
      j: () => move(1), ArrowDown: () => move(1), k: () => move(-1), ArrowUp: () => move(-1),
      y: () => state.selected && answerWith(state.selected, 'allow'),
      n: () => state.selected && answerWith(state.selected, 'deny'),
      a: () => state.selected && answerWith(state.selected, 'always'),
      e: () => state.selected && cards.get(state.selected).querySelector('textarea').focus(),
      h: () => show('history'), p: () => show('pending'),
    };
    const act = actions[e.key];
    if (act && (state.view === 'pending' || e.key === 'h' || e.key === 'p')) {
      e.preventDefault();
      act();
    }
  }

  function bind() {
    $('login-form').addEventListener('submit', async (e) => {
      e.preventDefault();
      const token = $('token').value.trim();
      if (!token) return;
      try {
        const r = await call('POST', '/api/login', { token });
        if (r.status === 200) {
          $('token').value = '';
          signedIn(r.data);
        } else {
          showLogin((r.data && r.data.error) || 'Sign-in failed (' + r.status + ').');
        }
      } catch (err) {
        showLogin('The service cannot be reached.');
      }
    });
    $('signout').addEventListener('click', async () => {
      try { await call('POST', '/api/logout', {}); } catch (e) { /* signed out here either way */ }
      for (const li of cards.values()) li.remove();
      cards.clear();
      showLogin(null);
    });
    $('tab-pending').addEventListener('click', () => show('pending'));
    $('tab-history').addEventListener('click', () => show('history'));
    document.addEventListener('keydown', onKey);
    window.addEventListener('hashchange', () => {
      const id = decodeURIComponent(location.hash.slice(1));
      if (cards.has(id)) { show('pending'); select(id); }
    });
    setInterval(tick, 1000);
  }

  async function boot() {
    bind();
    try {
      const r = await call('GET', '/api/session');
      if (r.status === 200) signedIn(r.data); else showLogin(null);
    } catch (e) {
      showLogin('The service cannot be reached.');
    }
  }

  document.addEventListener('DOMContentLoaded', boot);
})();
