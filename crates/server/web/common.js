// Shared helpers: building elements, the JSON API, card names and faces, and the text of
// events and labels (seats written @N, {you-form|other-form} choices), rendered the same
// way the engine renders them for the terminal.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key === 'style') {
      // Through the style object: the page's Content Security Policy refuses style attributes.
      for (const decl of String(value).split(';')) {
        const at = decl.indexOf(':');
        if (at > 0) node.style.setProperty(decl.slice(0, at).trim(), decl.slice(at + 1).trim());
      }
    }
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export class ApiError extends Error {
  constructor(status, code, reason) {
    super(reason);
    this.status = status;
    this.code = code;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data.error || {};
    throw new ApiError(response.status, error.code || 'server', error.reason || `the server answered ${response.status}`);
  }
  return data;
}

let gamesPromise = null;
/** Every game's description (cached for the page's life). */
export function gameList() {
  gamesPromise ??= api('GET', '/api/games');
  return gamesPromise;
}

// Settings kept in this browser.
export const settings = {
  get(key, fallback) {
    try {
      const value = localStorage.getItem(`cardroom.${key}`);
      return value === null ? fallback : JSON.parse(value);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      if (value === null) localStorage.removeItem(`cardroom.${key}`);
      else localStorage.setItem(`cardroom.${key}`, JSON.stringify(value));
    } catch {
      // Private mode or full storage: the setting lasts for this page only.
    }
  },
  /** The keys kept under `prefix` (without the prefix): the tables this browser has seats at. */
  keys(prefix) {
    try {
      return Object.keys(localStorage)
        .filter((k) => k.startsWith(`cardroom.${prefix}`))
        .map((k) => k.slice(`cardroom.${prefix}`.length));
    } catch {
      return [];
    }
  },
};

/** Shares a link with the system's share sheet where there is one (phones), else copies it. */
export function shareButton(url, label = 'Share') {
  if (!navigator.share) return copyButton(url, 'Copy link');
  const button = el('button', { type: 'button', class: 'small-button' }, label);
  button.addEventListener('click', () => navigator.share({ title: 'A seat at a cardroom table', url }).catch(() => {}));
  return button;
}

export function applyDisplaySettings() {
  document.body.classList.toggle('four-colour', settings.get('fourColour', false));
  document.body.classList.toggle('text-mode', settings.get('textMode', false));
  document.body.classList.toggle('reduced-motion', reducedMotion());
}

/** Whether cards should not fly: the system asks for less motion, or the player did. */
export function reducedMotion() {
  const chosen = settings.get('motion', 'system');
  if (chosen === 'reduced') return true;
  if (chosen === 'full') return false;
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const RANKS = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
const RANK_FACE = { T: '10' };
const SUITS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
// U+FE0E asks for the text form of the symbol: a colour emoji font never turns ♥ into a picture.
const SUIT_SYMBOL = { C: '\u2663\uFE0E', D: '\u2666\uFE0E', H: '\u2665\uFE0E', S: '\u2660\uFE0E' };

export function isCardCode(code) {
  return code === 'JK' || (typeof code === 'string' && code.length === 2 && code[0] in RANKS && code[1] in SUITS);
}

/** "queen of spades" for "QS"; "joker" for "JK". */
export function cardName(code) {
  if (code === 'JK') return 'joker';
  if (!isCardCode(code)) return code;
  return `${RANKS[code[0]]} of ${SUITS[code[1]]}`;
}

/** "Q♠" for "QS". */
export function cardShort(code) {
  if (code === 'JK') return 'Joker';
  return `${RANK_FACE[code[0]] ?? code[0]}${SUIT_SYMBOL[code[1]]}`;
}

function suitClass(code) {
  return code === 'JK' ? 'joker' : `suit-${code[1].toLowerCase()}`;
}

// The suit pips as one inline SVG sprite: drawn the same on every machine whatever its fonts
// (Debian's Chromium has no emoji font, and the Unicode playing-card block is illegible at
// card size), coloured by the stylesheet through currentColor.
const SUIT_PATHS = {
  s: '<path d="M50 4C70 26 96 40 96 62c0 15-11 25-24 25-9 0-16-5-19-11 1 10 5 17 13 22H34c8-5 12-12 13-22-3 6-10 11-19 11C15 87 4 77 4 62 4 40 30 26 50 4z"/>',
  h: '<path d="M50 94C22 70 4 54 4 31 4 15 16 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 13 0 25 10 25 26 0 23-18 39-46 63z"/>',
  d: '<path d="M50 3 90 50 50 97 10 50z"/>',
  c: '<circle cx="50" cy="27" r="21"/><circle cx="27" cy="59" r="21"/><circle cx="73" cy="59" r="21"/><path d="M45 55h10c0 20 4 32 13 41H32c9-9 13-21 13-41z"/>',
  j: '<path d="M50 4 62 38h36L69 59l11 35-30-21-30 21 11-35L2 38h36z"/>',
};

/** Puts the pip sprite in the page once (the page's cards refer to it by id). */
export function ensureSprite() {
  if (typeof document === 'undefined' || document.getElementById('suit-sprite')) return;
  const holder = document.createElement('div');
  holder.innerHTML = `<svg id="suit-sprite" class="sprite" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">${
    Object.entries(SUIT_PATHS).map(([k, d]) => `<symbol id="suit-${k}" viewBox="0 0 100 100">${d}</symbol>`).join('')}</svg>`;
  document.body.prepend(holder.firstChild);
}

function pip(code, cls) {
  const id = code === 'JK' ? 'j' : code[1].toLowerCase();
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('class', cls);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const use = document.createElementNS(ns, 'use');
  use.setAttribute('href', `#suit-${id}`);
  svg.append(use);
  return svg;
}

/**
 * A card face. With `onclick` it is a button (keyboard-focusable); otherwise an image with
 * the card's name as its accessible name.
 */
export function cardFace(code, { onclick, pressed, raised, small, key, hinted, disabled, tabindex } = {}) {
  ensureSprite();
  const classes = ['card', suitClass(code)];
  if (raised) classes.push('raised');
  if (small) classes.push('small');
  if (pressed) classes.push('selected');
  if (hinted) classes.push('hinted');
  if (disabled) classes.push('unplayable');
  // The name is shown only in text mode (the stylesheet hides it otherwise).
  const rank = code === 'JK' ? '\u2605' : (RANK_FACE[code[0]] ?? code[0]);
  const face = [
    el('span', { class: 'corner', 'aria-hidden': 'true' }, el('span', { class: 'rank' }, rank), pip(code, 'corner-pip')),
    pip(code, 'pip'),
    el('span', { class: 'name', 'aria-hidden': 'true' }, cardName(code)),
  ];
  if (onclick) {
    return el('button', {
      type: 'button',
      class: classes.join(' '),
      'data-card': code,
      'data-key': key,
      'aria-label': cardName(code),
      'aria-pressed': pressed === undefined ? undefined : String(Boolean(pressed)),
      'aria-disabled': disabled ? 'true' : undefined,
      tabindex,
      onclick,
    }, ...face);
  }
  return el('span', { class: classes.join(' '), 'data-card': code, 'data-key': key, role: 'img', 'aria-label': cardName(code) }, ...face);
}

export function cardBack() {
  return el('span', { class: 'card back small', 'aria-hidden': 'true' });
}

/** "1 point", "2 points", "-1 chip". */
export function plural(n, unit) {
  const one = unit.endsWith('s') ? unit.slice(0, -1) : unit;
  return `${n} ${Math.abs(n) === 1 ? one : unit}`;
}

/** "+4", "\u22122", "0": a change, signed, with a real minus sign. */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '0';
}

const LEVELS = ['easy', 'medium', 'hard'];

/**
 * Names every seat for people: a person's chosen name; a bot "Bot (medium)", or "Bot 2
 * (medium)" (the seat counted from 1) when several bots share a level; an empty seat "Open
 * seat 3". Never a seat number from 0.
 */
export function seatNames(seats, players) {
  const count = players ?? seats?.length ?? 0;
  const byLevel = new Map();
  for (const s of seats ?? []) if (s.bot) byLevel.set(s.bot, (byLevel.get(s.bot) ?? 0) + 1);
  return Array.from({ length: count }, (_, k) => {
    const s = seats?.[k];
    if (s?.bot) {
      const level = LEVELS.includes(s.bot) ? s.bot : `${s.bot} bot`;
      return byLevel.get(s.bot) > 1 ? `Bot ${k + 1} (${level})` : `Bot (${level})`;
    }
    if (s?.name) return s.name;
    if (s && !s.taken) return `Open seat ${k + 1}`;
    return `Player ${k + 1}`;
  });
}

/** Fills in `@N` and `{you|other}` for the reader `me` (a seat number, or null for a spectator). */
export function renderText(text, subject, me, seatName) {
  const mine = subject !== null && subject !== undefined && subject === me;
  let out = text.replace(/\{([^{}|]*)\|([^{}]*)\}/g, (_, you, other) => (mine ? you : other));
  out = out.replace(/@(\d+)('s)?/g, (_, digits, possessive) => {
    const seat = Number(digits);
    if (seat === me) return possessive ? 'your' : 'you';
    return possessive ? `${seatName(seat)}'s` : seatName(seat);
  });
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/**
 * A sentence as nodes: card codes in it ("QS", "TD") become short faces ("Q♠") in the suit's
 * colour, named for screen readers.
 */
export function richText(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(/\b([2-9TJQKA][CDHS]|JK)\b/g)) {
    parts.push(text.slice(last, match.index));
    const code = match[1];
    // Read as words ("seven of clubs"), seen as the short face.
    parts.push(el('span', { class: `inline-card ${suitClass(code)}`, 'data-card': code, title: cardName(code) },
      el('span', { 'aria-hidden': 'true' }, cardShort(code)), el('span', { class: 'visually-hidden' }, ` ${cardName(code)}`)));
    last = match.index + code.length;
  }
  parts.push(text.slice(last));
  return parts;
}

export function copyButton(text, label = 'Copy') {
  const button = el('button', { type: 'button', class: 'small-button' }, label);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy the link';
    }
    setTimeout(() => { button.textContent = label; }, 2000);
  });
  return button;
}

export function errorBox(message) {
  return el('p', { class: 'error', role: 'alert' }, message);
}
