// The felt, drawn from a scene: the other seats round an ellipse in their places at the table
// (the viewer at the bottom, in the dock), and the centre (facts, piles, the trick with each
// card in front of whoever played it, the melds and cards shown). Shared by the live table and
// the replay viewer; it holds no game rules.
import { cardBack, cardFace, el, plural, richText, seatNames } from './common.js';

/** Names seats as people read them (see `seatNames`). */
export function seatNamer(seats, players) {
  const names = seatNames(seats, players);
  return (seat) => names[seat] ?? `Player ${seat + 1}`;
}

/**
 * Where seat `k` places after the viewer sits, in degrees (90 = straight down, the viewer).
 * Seats are numbered clockwise in every game (seat s+1 on the left of s), so the next seat is
 * drawn at the viewer's left. The arc right under the viewer is kept for the dock.
 */
export function seatAngle(k, n, spectator) {
  if (spectator) return 90 + (360 * k) / n;
  if (n === 2) return 270;
  // Round a big table the seats keep to the sides and the top, leaving the bottom of the felt
  // to the melds and piles.
  const gap = n <= 4 ? 90 : n <= 8 ? 50 : 70;
  return 90 + gap + ((k - 1) * (360 - 2 * gap)) / (n - 2);
}

const RX = (n) => (n > 4 ? 44 : 40);
const RY = 38;

/** A place on the felt, in per cent of its box, for an angle. */
function place(angle, n) {
  const a = (angle * Math.PI) / 180;
  return { x: 50 + RX(n) * Math.cos(a), y: 46 + RY * Math.sin(a) };
}

/**
 * Angles for the other seats of a big table, equally spaced by distance along the ellipse as
 * drawn (a wide felt), not by angle: equal angles crowd the seats at the narrow ends.
 */
function arcAngles(n, aspect) {
  const from = n > 11 ? 135 : 145;
  const to = 540 - from;
  const samples = 720;
  const points = [];
  let length = 0;
  let previous = null;
  for (let i = 0; i <= samples; i++) {
    const angle = from + ((to - from) * i) / samples;
    const p = place(angle, n);
    const q = { x: p.x * aspect, y: p.y };
    if (previous) length += Math.hypot(q.x - previous.x, q.y - previous.y);
    points.push({ angle, length });
    previous = q;
  }
  const angles = [];
  for (let k = 0; k < n - 1; k++) {
    const target = (length * k) / (n - 2);
    angles.push((points.find((p) => p.length >= target - 1e-9) ?? points[points.length - 1]).angle);
  }
  return angles;
}

function tierFor(n) {
  if (n <= 4) return 'full';
  if (n <= 8) return 'compact';
  if (n <= 11) return 'mini';
  return 'micro';
}

function initials(name) {
  const words = name.replace(/\(.*\)/, '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  if (words[0] === 'Bot' || words[0] === 'Open') return words[0][0] + (/^\d+$/.test(words[1] ?? '') ? words[1] : '');
  return (words[0][0] + (words[1]?.[0] ?? '')).toUpperCase();
}

/** The facts of one seat in words, for its accessible name and the Players list. */
function seatSummary(seat, { name, say, scene, me }) {
  const parts = [seat.seat === me ? `${name} (you)` : name];
  for (const m of seat.marks) parts.push(say(m));
  if (seat.hand.kind === 'hidden') parts.push(plural(seat.hand.count, 'cards'));
  if (seat.tricks !== null && seat.tricks !== undefined) parts.push(plural(seat.tricks, 'tricks'));
  if (seat.bid) parts.push(`bid ${say(seat.bid)}`);
  if (seat.status) parts.push(say(seat.status));
  parts.push(plural(scene.scores.totals[seat.seat] ?? 0, scene.scores.unit));
  if (seat.to_act) parts.push('to act now');
  return parts.join(', ');
}

function fan(count) {
  const shown = Math.min(count, 8);
  return el('span', { class: 'fan', 'aria-hidden': 'true' }, Array.from({ length: shown }, (_, i) => {
    const back = cardBack();
    back.style.setProperty('--tilt', `${(i - (shown - 1) / 2) * (24 / Math.max(1, shown))}deg`);
    return back;
  }));
}

function seatBox(seat, { name, say, scene, me, info, angle, n, tier, partner }) {
  const { x, y } = place(angle, n);
  const lines = [];
  if (seat.bid) lines.push(el('span', { class: 'bid' }, 'Bid ', ...richText(say(seat.bid))));
  if (seat.status) lines.push(el('span', { class: 'status' }, ...richText(say(seat.status))));
  const who = info?.bot ? null : info && !info.taken ? 'open' : info && !info.connected ? 'away' : null;
  const hand = seat.hand.kind === 'hidden'
    ? el('span', { class: 'count', title: plural(seat.hand.count, 'cards') }, fan(seat.hand.count), el('span', { class: 'badge' }, String(seat.hand.count)))
    : seat.hand.kind === 'shown' ? el('span', { class: 'count' }, el('span', { class: 'badge' }, String(seat.hand.cards.length)), ' face up') : null;
  return el('li', {
    class: `seat tier-${tier}${seat.to_act ? ' to-act' : ''}${seat.seat === me ? ' me' : ''}`,
    'data-seat': seat.seat,
    style: `--x:${x.toFixed(2)}%;--y:${y.toFixed(2)}%`,
    'aria-label': `${seatSummary(seat, { name, say, scene, me })}${partner ? ', your partner' : ''}`,
  },
  el('span', { class: 'avatar', 'aria-hidden': 'true' }, initials(name)),
  el('span', { class: 'seat-text', 'aria-hidden': 'true' },
    el('span', { class: 'seat-name' }, name),
    seat.marks.length || partner ? el('span', { class: 'marks' }, partner ? el('span', { class: 'mark partner' }, 'Your partner') : null, seat.marks.map((m) => el('span', { class: 'mark' }, say(m)))) : null,
    seat.to_act ? el('span', { class: 'turn' }, 'Playing\u2026') : null,
    who ? el('span', { class: 'away' }, who) : null,
    el('span', { class: 'seat-facts' },
      hand,
      seat.tricks !== null && seat.tricks !== undefined ? el('span', { class: 'tricks' }, plural(seat.tricks, 'tricks')) : null,
      el('span', { class: 'total' }, plural(scene.scores.totals[seat.seat] ?? 0, scene.scores.unit))),
    lines.length ? el('span', { class: 'seat-lines' }, lines) : null));
}

/** The trick: each card set towards the seat that played it; the winner ringed and named. */
function trickBox(trick, { angles, name, caption }) {
  const cards = trick.plays.map(([seat, card], i) => {
    const a = ((angles.get(seat) ?? 90) * Math.PI) / 180;
    const face = cardFace(card, { key: `trick:${seat}:${card}` });
    face.classList.add('trick-card');
    if (trick.winner === seat) face.classList.add('winner');
    if (i === 0) face.classList.add('led');
    // A stable tilt from the card's code: the pile looks thrown, not stacked.
    const tilt = ((card.charCodeAt(0) * 7 + card.charCodeAt(1) * 3) % 9) - 4;
    return el('li', { class: 'play', style: `--px:${(50 + 30 * Math.cos(a)).toFixed(1)}%;--py:${(50 + 32 * Math.sin(a)).toFixed(1)}%;--tilt:${tilt}deg;z-index:${i + 1}`, 'data-seat': seat },
      el('span', { class: 'visually-hidden' }, `${name(seat)}: `), face);
  });
  return el('section', { class: 'trick', role: 'region', 'aria-label': 'Trick' },
    el('ol', { class: 'plays' }, cards),
    caption ? el('p', { class: 'trick-caption' }, caption) : null);
}

function pileView(pile, say, index) {
  const counts = new Map();
  const cards = pile.cards.map((c) => {
    const n = counts.get(c) ?? 0;
    counts.set(c, n + 1);
    return cardFace(c, { small: true, key: `pile:${index}:${c}#${n}` });
  });
  const faceDown = !pile.cards.length && pile.size;
  return el('div', { class: 'pile', 'data-pile': index },
    el('p', { class: 'pile-label' }, ...richText(say(pile.label)), pile.size !== null && pile.size !== undefined ? el('span', { class: 'meta' }, ` (${pile.size})`) : null),
    cards.length ? el('div', { class: 'small-cards' }, cards) : faceDown ? el('span', { class: 'card back pile-back', 'aria-hidden': 'true' }) : null);
}

/** Everything shown face up in front of the seats: melds, declarations, cards passed. */
function meldsView(scene, { name, me, say }) {
  const rows = [];
  const order = [...scene.seats].sort((a, b) => (a.seat === me ? -1 : b.seat === me ? 1 : 0));
  for (const seat of order) {
    seat.groups.forEach((group, gi) => {
      const counts = new Map();
      rows.push(el('li', { class: `group-cards${seat.seat === me ? ' mine' : ''}`, 'data-seat': seat.seat },
        el('span', { class: 'group-label' }, seat.seat === me ? 'You' : name(seat.seat), ': ', ...richText(say(group.label))),
        el('span', { class: 'small-cards' }, group.cards.map((c) => {
          const k = counts.get(c) ?? 0;
          counts.set(c, k + 1);
          return cardFace(c, { small: true, key: `group:${seat.seat}:${gi}:${c}#${k}` });
        }))));
    });
    if (seat.hand.kind === 'shown' && seat.seat !== me) {
      rows.push(el('li', { class: 'group-cards', 'data-seat': seat.seat },
        el('span', { class: 'group-label' }, `${name(seat.seat)}: hand, face up`),
        el('span', { class: 'small-cards' }, seat.hand.cards.map((c, i) => cardFace(c, { small: true, key: `shown:${seat.seat}:${c}#${i}` })))));
    }
  }
  if (!rows.length) return null;
  return el('section', { class: 'melds', role: 'region', 'aria-label': 'Cards on the table', tabindex: '0' }, el('ul', {}, rows));
}

/**
 * Draws the felt into `container`. `me` is the viewer's seat (null for a spectator, -1 for
 * "every hand open" in the replay); `trickOverride` shows a completed trick in the centre while
 * it is held before being gathered.
 */
export function drawFelt(container, scene, { me, seats, say, trickOverride = null, lastTrickOpen = false, onLastTrick = null }) {
  const n = scene.seats.length;
  const name = seatNamer(seats, n);
  const spectator = me === null || me === undefined || me < 0;
  const base = spectator ? 0 : me;
  const angles = new Map();
  const aspect = container.clientWidth && container.clientHeight ? container.clientWidth / container.clientHeight : 2;
  const spread = !spectator && n >= 9 ? arcAngles(n, aspect) : null;
  for (const seat of scene.seats) {
    const k = (seat.seat - base + n) % n;
    angles.set(seat.seat, spectator || k ? (spread ? spread[k - 1] : seatAngle(k, n, spectator)) : 90);
  }
  const tier = tierFor(n);
  // Partners for the whole match (Belote) are marked as such.
  const team = (scene.scores.teams ?? []).find((t) => t.includes(me)) ?? [];
  const ring = el('ul', { class: 'seat-ring', 'aria-label': 'Players' }, scene.seats
    .filter((s) => spectator || s.seat !== me)
    .map((s) => seatBox(s, { name: name(s.seat), say, scene, me, info: seats?.[s.seat], angle: angles.get(s.seat), n, tier, partner: team.includes(s.seat) && s.seat !== me })));
  const centre = scene.centre;
  const facts = centre.facts.length
    ? el('ul', { class: 'facts', 'aria-label': 'Facts' }, centre.facts.map((f) => el('li', { class: 'fact' }, el('span', { class: 'fact-label' }, ...richText(say(f.label))), ' ', el('span', { class: 'fact-value' }, ...richText(say(f.value))))))
    : null;
  const piles = centre.piles.length ? el('div', { class: 'piles' }, centre.piles.map((p, i) => pileView(p, say, i))) : null;
  let trick = null;
  const shownTrick = trickOverride ?? centre.trick;
  if (shownTrick) {
    const winner = shownTrick.winner;
    const caption = winner !== null && winner !== undefined ? `${winner === me ? 'You take' : `${name(winner)} takes`} the trick` : null;
    trick = trickBox(shownTrick, { angles, name, caption });
  }
  let last = null;
  if (centre.last_trick && !trickOverride) {
    const toggle = el('button', { type: 'button', class: 'last-trick-button', 'aria-expanded': String(lastTrickOpen), onclick: onLastTrick }, 'Last trick');
    const w = centre.last_trick.winner;
    last = el('div', { class: 'last-trick' }, toggle, lastTrickOpen
      ? el('div', { class: 'last-trick-cards', role: 'group', 'aria-label': 'Last trick' },
        el('ol', { class: 'small-plays' }, centre.last_trick.plays.map(([seat, card]) => el('li', { class: seat === w ? 'winner' : undefined },
          el('span', { class: 'who' }, seat === me ? 'You' : name(seat)), cardFace(card, { small: true })))),
        w !== null && w !== undefined ? el('p', { class: 'meta' }, `Taken by ${w === me ? 'you' : name(w)}`) : null)
      : null);
  }
  const melds = meldsView(scene, { name, me, say });
  container.replaceChildren(...[
    ring,
    el('div', { class: 'centre', role: 'region', 'aria-label': 'Centre of the table' }, facts, piles, trick, melds),
    last].filter(Boolean));
  container.dataset.players = String(n);
  container.className = `felt players-${tier}`;
}

/** Every seat in full, in playing order: what the seat boxes show in short, and more. */
export function playersList(scene, { me, seats, say }) {
  const name = seatNamer(seats, scene.seats.length);
  return el('ul', { class: 'players-list' }, scene.seats.map((seat) => el('li', { 'data-seat': seat.seat, class: seat.to_act ? 'to-act' : undefined },
    el('strong', {}, seat.seat === me ? `${name(seat.seat)} (you)` : name(seat.seat)),
    ' ', el('span', {}, seatSummary(seat, { name: '', say, scene, me }).replace(/^(\(you\))?, /, '')),
    seat.notes.length ? el('ul', {}, seat.notes.map((note) => el('li', { class: 'note' }, ...richText(say(note))))) : null)));
}

/** The felt and a plain table of totals: the replay viewer's board. */
export function drawBoard(container, scene, { me, seats, say }) {
  const felt = el('div', { class: 'felt' });
  drawFelt(felt, scene, { me, seats, say });
  const name = seatNamer(seats, scene.seats.length);
  const scores = scene.scores;
  const table = el('table', { class: 'scores' },
    el('caption', {}, `Totals (${scores.unit}, ${scores.higher_is_better ? 'highest wins' : 'lowest wins'})`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'Total'))),
    el('tbody', {}, scores.totals.map((t, s) => el('tr', {}, el('th', { scope: 'row' }, name(s)), el('td', {}, String(t))))));
  const own = me !== null && me >= 0 ? scene.seats.find((s) => s.seat === me) : null;
  const hand = own?.hand.kind === 'shown'
    ? el('section', { class: 'replay-hand', 'aria-label': `${name(me)}'s hand` }, el('h2', {}, `${name(me)}'s hand`),
      el('div', { class: 'small-cards' }, own.hand.cards.map((c) => cardFace(c, { small: true }))))
    : null;
  container.replaceChildren(felt, hand, el('div', { class: 'replay-side' }, table, playersList(scene, { me, seats, say })));
}
