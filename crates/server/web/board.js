// The table itself, drawn from a scene: the seats in playing order, the centre (trick, last
// trick, piles, facts) and the scoreboard. Shared by the live table and the replay viewer.
import { cardBack, cardFace, el, richText } from './common.js';

/** Names seats: a person's chosen name, else "Seat N". */
export function seatNamer(seats) {
  return (seat) => seats?.[seat]?.name || `Seat ${seat}`;
}

function cardRow(cards, { hinted = [] } = {}) {
  return el('div', { class: 'cards small-cards' }, cards.map((c) => cardFace(c, { small: true, hinted: hinted.includes(c) })));
}

function handSummary(seat, me) {
  const hand = seat.hand;
  if (hand.kind === 'hidden') {
    const backs = Math.min(hand.count, 8);
    return el('div', { class: 'hidden-hand' },
      el('span', { class: 'backs', 'aria-hidden': 'true' }, Array.from({ length: backs }, () => cardBack())),
      el('span', {}, `${hand.count} card${hand.count === 1 ? '' : 's'} in hand`));
  }
  if (hand.kind === 'shown') {
    if (seat.seat === me) return el('p', { class: 'meta' }, `${hand.cards.length} cards: your hand is below`);
    return el('div', {}, el('span', { class: 'meta' }, 'Hand, face up: '), cardRow(hand.cards));
  }
  return null;
}

function seatPanel(seat, { me, seats, say, scene }) {
  const info = seats?.[seat.seat];
  const name = seatNamer(seats)(seat.seat);
  const who = [];
  if (seat.seat === me) who.push('you');
  if (info?.bot) who.push(`${info.bot} bot`);
  else if (info && !info.taken) who.push('seat free');
  else if (info && !info.connected) who.push('away');
  const lines = [];
  if (seat.bid) lines.push(el('p', { class: 'bid' }, 'Bid: ', ...richText(say(seat.bid))));
  if (seat.status) lines.push(el('p', { class: 'status' }, ...richText(say(seat.status))));
  if (seat.tricks !== null && seat.tricks !== undefined) lines.push(el('p', { class: 'tricks' }, `Tricks: ${seat.tricks}`));
  for (const note of seat.notes) lines.push(el('p', { class: 'note' }, ...richText(say(note))));
  const total = scene.scores.totals[seat.seat];
  return el('article', {
    class: `seat${seat.to_act ? ' to-act' : ''}${seat.seat === me ? ' me' : ''}`,
    'data-seat': seat.seat,
    'aria-label': `${name}${seat.to_act ? ', to act' : ''}`,
  },
  el('h3', {}, name, ' ', seat.marks.map((m) => el('span', { class: 'mark' }, say(m)))),
  el('p', { class: 'meta' }, [who.join(', '), `${total} ${scene.scores.unit}`].filter(Boolean).join(' · ')),
  seat.to_act ? el('p', { class: 'turn' }, 'To act') : null,
  handSummary(seat, me),
  seat.groups.map((g) => el('div', { class: 'group-cards' }, el('span', { class: 'meta' }, ...richText(say(g.label))), cardRow(g.cards))),
  lines);
}

function trickView(trick, title, name) {
  return el('div', { class: 'trick' },
    el('h3', {}, title),
    trick.plays.length
      ? el('ol', { class: 'plays' }, trick.plays.map(([seat, card]) => el('li', { class: trick.winner === seat ? 'winner' : undefined },
        el('span', { class: 'who' }, name(seat)), cardFace(card, { small: true }))))
      : el('p', { class: 'meta' }, 'No card yet.'),
    trick.winner !== null && trick.winner !== undefined ? el('p', { class: 'meta' }, `Won by ${name(trick.winner)}`) : null);
}

export function drawBoard(container, scene, { me, seats, say }) {
  const name = (seat) => say(`@${seat}`);
  const centre = scene.centre;
  const middle = [];
  if (centre.trick) middle.push(trickView(centre.trick, 'This trick', name));
  if (centre.last_trick) middle.push(trickView(centre.last_trick, 'Last trick', name));
  for (const pile of centre.piles) {
    middle.push(el('div', { class: 'pile' },
      el('h3', {}, ...richText(say(pile.label)), pile.size !== null && pile.size !== undefined ? el('span', { class: 'meta' }, ` (${pile.size})`) : null),
      pile.cards.length ? cardRow(pile.cards) : null));
  }
  if (centre.facts.length) {
    middle.push(el('dl', { class: 'facts' }, centre.facts.map((f) => [el('dt', {}, ...richText(say(f.label))), el('dd', {}, ...richText(say(f.value)))])));
  }
  const scores = scene.scores;
  const board = el('table', { class: 'scores' },
    el('caption', {}, `Scores (${scores.unit}${scores.higher_is_better ? ', highest wins' : ', lowest wins'})`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, 'Total'),
      scores.deal ? el('th', { scope: 'col' }, scores.deal.label) : null)),
    el('tbody', {}, scores.totals.map((total, seat) => el('tr', { class: seat === me ? 'me' : undefined },
      el('th', { scope: 'row' }, name(seat)), el('td', {}, String(total)),
      scores.deal ? el('td', {}, String(scores.deal.values[seat])) : null))));
  container.replaceChildren(
    el('div', { class: 'seats', role: 'list', 'aria-label': 'Seats in playing order' },
      scene.seats.map((s) => el('div', { role: 'listitem' }, seatPanel(s, { me, seats, say, scene })))),
    el('div', { class: 'centre', 'aria-label': 'Centre of the table', role: 'region' }, middle.length ? middle : el('p', { class: 'meta' }, 'Nothing in the centre.')),
    el('div', { class: 'scoreboard' }, board,
      el('p', { class: 'meta' }, `Deals played: ${scores.deals_completed}`),
      scores.target ? el('p', { class: 'meta' }, ...richText(say(scores.target))) : null));
}
