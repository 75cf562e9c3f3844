// Small DOM helpers shared by the page's views (Play's panel and solve
// sentence, the games' own play pages, Study, the tree explorer, MENACE and
// the demo).

// h('div', {class: 'x', text: 'hi', hidden: true}, child, ...): an element
// with attributes (false / null / undefined are left out, true is an empty
// attribute; `class` and `text` set className and textContent) and children.
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}

// svgEl('circle', {cx: 5, cy: 5, r: 4}): an SVG element with attributes
// (every value written as text).
const SVG_NS = 'http://www.w3.org/2000/svg';
/** @param {string} tag @param {Record<string, string | number>} [attrs] @returns {any} */
export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

// A sentence in two parts inside `box`: its aria-live element (`liveSelector`)
// and one that is not live (`restSelector`). The returned say(text, rest)
// rewrites the live part only when its text changes, so that a screen reader
// announces news and not every report; the rest (a count, the seconds) is
// rewritten every time.
export function liveSentence(box, liveSelector, restSelector) {
  const live = /** @type {HTMLElement} */ (box.querySelector(liveSelector));
  const rest = /** @type {HTMLElement} */ (box.querySelector(restSelector));
  return (text, more = '') => {
    if (live.textContent !== text) live.textContent = text;
    rest.textContent = more;
  };
}

// Marks a button usable or not with aria-disabled rather than `disabled`, so
// that it stays in the Tab order, keeps the keyboard focus when it becomes
// unusable (Hint once pressed, say) and its tooltip (why it cannot be used
// now) stays in reach. Its click handler must check itself that the action
// is possible.
export function setUsable(button, usable) {
  button.disabled = false;
  button.setAttribute('aria-disabled', String(!usable));
}

// The N key (a new game) of a page: a new game at once when none is going on
// (`going()` false), else only when pressed again within 3 s, so that a stray
// press does not lose the game; the first press is explained with
// say(text) (the page's status line, for a moment). Returns the key's handler.
export function newGameKey(going, newGame, say) {
  let first = -Infinity;   // when N was pressed first (-Infinity: not pending)
  return () => {
    const now = performance.now();
    const second = now - first < 3000;
    first = second ? -Infinity : now;
    if (!going() || second) {
      first = -Infinity;
      newGame();
    } else {
      say('Press N again to start a new game (this one can be restored from the notice).');
    }
  };
}

// Makes a role=tree box one Tab stop (a roving tab stop): of its rows
// ([role=treeitem]) only one is in the Tab order, the one last focused (else
// the first), and Up and Down move the focus between rows (they do not reach
// the page's own keys). The box's redraws are followed by a MutationObserver,
// so the views draw their rows with any tabindex.
export function rovingTree(box) {
  let stop = /** @type {string | undefined} */ (undefined);   // data-node of the row last focused
  const rowsOf = () => /** @type {HTMLElement[]} */ ([...box.querySelectorAll('[role="treeitem"]')]);
  const settle = () => {
    const rows = rowsOf();
    const keep = rows.find((r) => r === document.activeElement) || rows.find((r) => r.dataset.node === stop) || rows[0];
    for (const r of rows) if (r.getAttribute('tabindex') !== (r === keep ? '0' : '-1')) r.setAttribute('tabindex', r === keep ? '0' : '-1');
  };
  new MutationObserver(settle).observe(box, { childList: true, subtree: true });
  box.addEventListener('focusin', (e) => {
    const row = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[role="treeitem"]'));
    if (!row) return;
    stop = row.dataset.node;
    settle();
  });
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const row = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[role="treeitem"]'));
    if (!row) return;
    const rows = rowsOf();
    const next = rows[rows.indexOf(row) + (e.key === 'ArrowDown' ? 1 : -1)];
    if (next) next.focus();
    e.preventDefault();
    e.stopPropagation();
  });
  settle();
}

// A count with thousands separators: 549946 -> "549,946", -1234.5 ->
// "-1,234.5". Written out rather than toLocaleString('en-US'), whose first
// call loads the locale's data: 0.2 s of the page's start on a desktop.
export function group(n) {
  const [whole, fraction] = String(Number(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

// The width up to which the explorer's views fold their explanations
// (tree.css uses the same breakpoint).
const PHONE = '(max-width: 560px)';

// An explanation that folds: a <details> with `summary` as its toggle and
// `kids` as its body, open on a wider screen and closed on a phone, where the
// views keep their intros one tap away instead of dropping them.
export function foldable(summary, attrs = {}, ...kids) {
  return h('details', { ...attrs, open: !matchMedia(PHONE).matches }, h('summary', { text: summary }), ...kids);
}

// say(text) for a page's status line: `text` for a moment (3 s), then what
// it said before, unless it changed meanwhile (dom.js newGameKey's message).
export function sayForAMoment(status) {
  return (text) => {
    const before = status.textContent;
    status.textContent = text;
    setTimeout(() => { if (status.textContent === text) status.textContent = before; }, 3000);
  };
}

// A link's field value as a message quotes it (at most 20 characters).
export const clip = (text) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

// The note under a page's status that names the fields of its link it could
// not use: a live region in the page from the start (so that its sentence is
// announced), emptied by New game. say(errors) writes the sentence.
export function linkNote(id) {
  const el = h('p', { id, class: 'link-note', 'aria-live': 'polite' });
  return {
    el,
    say(errors) { el.textContent = errors.length ? `Part of this link could not be used: ${errors.join('; ')}. The rest was.` : ''; },
  };
}
