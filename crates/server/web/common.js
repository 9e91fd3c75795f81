// Shared helpers: building elements, the JSON API, card names and faces, and the text of
// events and labels (seats written @N, {you-form|other-form} choices), rendered the same
// way the engine renders them for the terminal.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
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
}

const RANKS = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine', T: 'ten', J: 'jack', Q: 'queen', K: 'king', A: 'ace' };
const RANK_FACE = { T: '10' };
const SUITS = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const SUIT_SYMBOL = { C: '♣', D: '♦', H: '♥', S: '♠' };

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

/**
 * A card face. With `onclick` it is a button (keyboard-focusable); otherwise an image with
 * the card's name as its accessible name.
 */
export function cardFace(code, { onclick, pressed, raised, small, key, hinted } = {}) {
  const classes = ['card', suitClass(code)];
  if (raised) classes.push('raised');
  if (small) classes.push('small');
  if (pressed) classes.push('selected');
  if (hinted) classes.push('hinted');
  // The name is shown only in text mode (the stylesheet hides it otherwise).
  const face = [
    el('span', { class: 'corner', 'aria-hidden': 'true' }, code === 'JK' ? '★' : cardShort(code)),
    el('span', { class: 'pip', 'aria-hidden': 'true' }, code === 'JK' ? 'Joker' : SUIT_SYMBOL[code[1]]),
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
      onclick,
    }, ...face);
  }
  return el('span', { class: classes.join(' '), 'data-card': code, role: 'img', 'aria-label': cardName(code) }, ...face);
}

export function cardBack() {
  return el('span', { class: 'card back small', 'aria-hidden': 'true' });
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
    parts.push(el('span', { class: `inline-card ${suitClass(code)}`, 'data-card': code, title: cardName(code) }, cardShort(code)));
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
