// The hand's geometry and keyboard: cards overlap just enough to fit the dock's width, and wrap
// into two or three rows when a sliver would be narrower than 24 px (the smallest target WCAG
// 2.5.8 allows, and room for the index); arrows move between playable cards only.
import { el } from './common.js';

/** Cards of a hand known by code and occurrence ("QS#0"), so picks survive re-sorting. */
export function handKeys(hand) {
  const seen = new Map();
  return hand.map((code) => {
    const n = seen.get(code) ?? 0;
    seen.set(code, n + 1);
    return `${code}#${n}`;
  });
}

/**
 * Lays `faces` out in `holder`: one row when each card can show at least `max(24px, 0.34 W)`,
 * else two or three rows, each card overlapping the one before by what the width needs.
 */
export function arrangeHand(holder, faces) {
  holder.replaceChildren();
  if (!faces.length) return;
  const probe = el('div', { class: 'hand-row' }, faces[0]);
  holder.append(probe);
  const width = faces[0].getBoundingClientRect().width || 60;
  const height = faces[0].getBoundingClientRect().height || 84;
  const room = Math.max(width, holder.clientWidth - 8);
  holder.replaceChildren();
  const smallest = Math.max(24, 0.34 * width);
  let rows = 1;
  let step = width + 6;
  for (rows = 1; rows <= 3; rows++) {
    const per = Math.ceil(faces.length / rows);
    step = per > 1 ? Math.min(width + 6, (room - width) / (per - 1)) : width + 6;
    if (step >= smallest || rows === 3) break;
  }
  const per = Math.ceil(faces.length / rows);
  for (let r = 0; r < rows; r++) {
    const row = el('div', { class: 'hand-row' }, faces.slice(r * per, (r + 1) * per));
    row.style.setProperty('--step', `${(step - width).toFixed(1)}px`);
    if (r > 0) row.style.marginTop = `${-(height - Math.max(24, 0.42 * height)).toFixed(1)}px`;
    holder.append(row);
  }
  holder.dataset.rows = String(rows);
}

/** The next card to focus from `from` in `direction` (-1, +1, or 'first'/'last'), playable ones only when there are any. */
export function nextCard(cards, from, direction, { everyCard = false } = {}) {
  const playable = cards.filter((c) => c.getAttribute('aria-disabled') !== 'true');
  const pool = everyCard || !playable.length ? cards : playable;
  if (direction === 'first') return pool[0] ?? null;
  if (direction === 'last') return pool[pool.length - 1] ?? null;
  const at = cards.indexOf(from);
  if (direction > 0) return pool.find((c) => cards.indexOf(c) > at) ?? null;
  return [...pool].reverse().find((c) => cards.indexOf(c) < at) ?? null;
}
