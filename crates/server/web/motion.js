// Cards that move: each redraw is measured before and after, and a card that appears somewhere
// new flies there from where it came from (FLIP with the Web Animations API: only transform
// and opacity animate). Timings follow the "Others play" pace; reduced motion keeps the holds
// and gaps (they carry the order of play) but drops the flights.
import { reducedMotion } from './common.js';

/** Timings in ms for a pace setting (the ms between others' moves: 0, 250, 450 or 1000). */
export function timings(pace) {
  if (pace <= 0) return { flight: 0, gap: 0, hold: 0, gather: 0, forced: 500 };
  if (pace <= 250) return { flight: 180, gap: 250, hold: 600, gather: 220, forced: 600 };
  if (pace <= 450) return { flight: 260, gap: 450, hold: 1000, gather: 300, forced: 900 };
  return { flight: 350, gap: 1000, hold: 1800, gather: 400, forced: 1500 };
}

const running = new Set();

/** Ends every running flight at once (skip ahead). */
export function finishAll() {
  for (const a of [...running]) {
    try {
      a.finish();
    } catch {
      // An animation already gone.
    }
  }
}

/** Where every keyed card and seat is now, to fly from after the redraw. */
export function measure(root) {
  const rects = new Map();
  for (const node of root.querySelectorAll('[data-key]')) rects.set(node.dataset.key, node.getBoundingClientRect());
  for (const node of root.querySelectorAll('.seat[data-seat]')) rects.set(`seat:${node.dataset.seat}`, node.getBoundingClientRect());
  return rects;
}

/** Flies `node` from the rectangle `from` to where it is now. */
export function fly(node, from, duration, easing = 'cubic-bezier(0.2, 0, 0, 1)') {
  if (!node.animate || !from) return Promise.resolve();
  const to = node.getBoundingClientRect();
  if (!to.width) return Promise.resolve();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const distance = Math.hypot(dx, dy);
  if (reducedMotion() || duration <= 0) {
    if (duration <= 0) return Promise.resolve();
    return track(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 120 }));
  }
  const scale = Math.max(0.3, Math.min(1.5, from.width / to.width));
  const time = duration * Math.max(0.7, Math.min(1.3, distance / 400));
  return track(node.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${scale})` },
    { transform: 'none' }], { duration: time, easing, fill: 'backwards' }));
}

/** Flies `node` away to the rectangle `to` (a trick gathered to its winner), fading at the end. */
export function gather(node, to, duration) {
  if (!node.animate || !to || duration <= 0) return Promise.resolve();
  const from = node.getBoundingClientRect();
  if (reducedMotion()) return track(node.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 120, fill: 'forwards' }));
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  return track(node.animate([
    { transform: 'none', opacity: 1 },
    { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0.2 }], { duration, easing: 'cubic-bezier(0.3, 0, 1, 1)', fill: 'forwards' }));
}

function track(animation) {
  running.add(animation);
  return animation.finished.catch(() => {}).finally(() => running.delete(animation));
}
