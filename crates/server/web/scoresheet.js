// The score sheet: every completed deal's change and the running totals, straight from the
// engine's ledger (`scores.history` and `scores.totals`), by seat or by team where partners
// share one score. Wide tables (more than six columns) are turned on their side.
import { el, signed } from './common.js';

/** The sheet's columns: teams where partners share a score, else seats starting with the viewer. */
export function scoreColumns(scores, { me, name, players }) {
  const seatLabel = (s) => (s === me ? 'You' : name(s));
  if (scores.teams?.length) {
    return scores.teams.map((team) => {
      const mine = team.includes(me);
      const others = team.filter((s) => s !== me).map(name);
      const label = mine ? `You and ${others.join(' and ')}` : team.map(name).join(' and ');
      return { label, seats: team, seat: team[0] };
    });
  }
  const start = me !== null && me !== undefined && me >= 0 ? me : 0;
  return Array.from({ length: players }, (_, k) => {
    const s = (start + k) % players;
    return { label: seatLabel(s), seats: [s], seat: s };
  });
}

/** Who leads now, in words, for the caption. */
function leaders(columns, scores) {
  if (!scores.history.length) return '';
  const values = columns.map((c) => scores.totals[c.seat]);
  const best = scores.higher_is_better ? Math.max(...values) : Math.min(...values);
  const ahead = columns.filter((c, i) => values[i] === best).map((c) => c.label);
  return ` Leading: ${ahead.join(', ')}.`;
}

/**
 * The sheet as a table. `highlight` marks the last deal's row (the end-of-deal dialog).
 * `target` is the match's goal in words.
 */
export function scoreSheet(scores, { me, name, players, highlight = false, target = '' }) {
  const columns = scoreColumns(scores, { me, name, players });
  const history = scores.history ?? [];
  const goal = `${scores.higher_is_better ? 'Highest' : 'Lowest'} total wins${target ? ` · ${target}` : ''}.`;
  const caption = el('caption', {}, `Score sheet, in ${scores.unit}. ${goal}${leaders(columns, scores)}`);
  const running = columns.map(() => 0);
  const rows = history.map((deltas, d) => columns.map((c, i) => {
    running[i] += deltas[c.seat];
    return { change: deltas[c.seat], total: running[i], deal: d };
  }));
  const cell = (r) => el('td', { class: 'sheet-cell', 'data-change': r.change, 'data-total': r.total },
    el('span', { class: 'change' }, signed(r.change)), el('span', { class: 'running' }, String(r.total)));
  const totalCell = (c) => el('td', { class: 'sheet-total', 'data-total': scores.totals[c.seat] }, String(scores.totals[c.seat]));
  let table;
  if (columns.length <= 6) {
    table = el('table', { class: 'scores score-sheet' }, caption,
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Deal'), columns.map((c) => el('th', { scope: 'col', class: c.seats.includes(me) ? 'me' : undefined }, c.label)))),
      el('tbody', {}, rows.map((row, d) => el('tr', { class: highlight && d === rows.length - 1 ? 'latest' : undefined, 'data-deal': d + 1 },
        el('th', { scope: 'row' }, String(d + 1)), row.map(cell)))),
      el('tfoot', {}, el('tr', { class: 'totals' }, el('th', { scope: 'row' }, 'Total'), columns.map(totalCell))));
  } else {
    // Many players: a row each, the last five deals and the total.
    const shown = rows.slice(-5);
    const first = rows.length - shown.length;
    table = el('table', { class: 'scores score-sheet wide' }, caption,
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'),
        shown.map((_, i) => el('th', { scope: 'col', class: highlight && first + i === rows.length - 1 ? 'latest' : undefined }, `Deal ${first + i + 1}`)),
        el('th', { scope: 'col' }, 'Total'))),
      el('tbody', {}, columns.map((c, ci) => el('tr', { class: c.seats.includes(me) ? 'me' : undefined },
        el('th', { scope: 'row' }, c.label), shown.map((row) => cell(row[ci])), totalCell(c)))));
  }
  return el('div', { class: 'sheet-wrap', role: 'region', 'aria-label': 'Score sheet', tabindex: '0' }, table);
}

/** Final standings, best first, with "Winner" in words. */
export function standings(scores, winners, { me, name, players }) {
  const columns = scoreColumns(scores, { me, name, players });
  const sorted = [...columns].sort((a, b) => (scores.higher_is_better ? scores.totals[b.seat] - scores.totals[a.seat] : scores.totals[a.seat] - scores.totals[b.seat]));
  let rank = 0;
  let previous = null;
  return el('table', { class: 'scores standings' },
    el('caption', {}, `Final standings, in ${scores.unit}`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Place'), el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, 'Total'), el('th', { scope: 'col' }, 'Result'))),
    el('tbody', {}, sorted.map((c, i) => {
      const total = scores.totals[c.seat];
      if (total !== previous) rank = i + 1;
      const tied = sorted.filter((o) => scores.totals[o.seat] === total).length > 1;
      previous = total;
      const won = c.seats.some((s) => winners.includes(s));
      return el('tr', { class: won ? 'winner' : undefined },
        el('td', {}, `${tied ? '=' : ''}${rank}`), el('th', { scope: 'row' }, c.label), el('td', { class: 'total' }, String(total)), el('td', {}, won ? 'Winner' : ''));
    })));
}
