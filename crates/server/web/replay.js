// The replay viewer of a finished table: step through its actions, jump to a deal, and choose
// whose view to show (a spectator's, one seat's, or every hand open).
import { api, el, errorBox, renderText, richText } from './common.js';
import { drawBoard, seatNamer } from './board.js';

export async function showReplay(main, id) {
  main.replaceChildren(el('p', {}, 'Loading the replay…'));
  let summary;
  try {
    summary = await api('GET', `/api/tables/${id}`);
  } catch (e) {
    main.replaceChildren(errorBox(`This table cannot be replayed: ${e.message}`));
    return;
  }
  document.title = `Replay: ${summary.name} · cardroom`;
  const params = new URLSearchParams(location.search);
  const state = { step: Number(params.get('step') ?? 0), seat: params.get('seat') ?? 'spectator', steps: 0, deals: [] };
  const title = el('h1', {}, `Replay of ${summary.name}${summary.chosen_seed ? ' (chosen seed)' : ''}`);
  const position = el('p', { class: 'position', role: 'status', 'aria-live': 'polite' });
  const keys = el('p', { class: 'meta' }, 'The arrow keys step back and forward; Home and End jump to the start and the end.');
  const seatSelect = el('select', { id: 'replay-seat' },
    el('option', { value: 'spectator' }, 'A spectator (public cards only)'),
    Array.from({ length: summary.players }, (_, s) => el('option', { value: String(s) }, `${seatNamer(summary.seats, summary.players)(s)}'s view`)),
    el('option', { value: 'all' }, 'Every hand open'));
  seatSelect.value = state.seat;
  const dealSelect = el('select', { id: 'replay-deal' });
  const slider = el('input', { type: 'range', id: 'replay-step', min: 0, max: 0, value: 0 });
  const board = el('section', { class: 'board', 'aria-label': 'The table at this step' });
  const feed = el('ol', { class: 'feed-list', 'aria-label': 'What had happened', tabindex: '0' });
  const chat = el('ol', { class: 'chat-list', 'aria-label': 'Chat by then', tabindex: '0' });
  const message = el('div', { 'aria-live': 'assertive' });
  const go = (step) => load(Math.max(0, Math.min(state.steps || step, step)));
  const button = (label, key, step) => el('button', { type: 'button', 'data-key': key, onclick: () => go(step()) }, label);
  main.replaceChildren(el('div', { class: 'replay-page' },
    el('p', {}, el('a', { href: '/' }, 'Back to the lobby'), ' · ', el('a', { href: `/api/tables/${id}/record` }, 'Download the record (JSON)'), ' (check its deals with ', el('code', {}, 'cardroom verify'), ')'),
    title,
    el('div', { class: 'replay-controls' },
      button('« Start', 'first', () => 0), button('‹ Back', 'back', () => state.step - 1),
      button('Forward ›', 'next', () => state.step + 1), button('End »', 'last', () => state.steps),
      el('label', { for: 'replay-step' }, ' Step '), slider,
      el('label', { for: 'replay-deal' }, ' Deal '), dealSelect,
      el('label', { for: 'replay-seat' }, ' View as '), seatSelect),
    keys, position, message, board,
    el('section', { class: 'feed' }, el('h2', {}, 'What had happened'), feed,
      el('div', { class: 'chat' }, el('h2', {}, 'Chat by then'), chat))));
  slider.addEventListener('change', () => go(Number(slider.value)));
  dealSelect.addEventListener('change', () => go(Number(dealSelect.value)));
  seatSelect.addEventListener('change', () => { state.seat = seatSelect.value; go(state.step); });
  // The arrow keys step (outside the form fields, which keep their own keys); Home and End jump.
  document.addEventListener('keydown', (event) => {
    if (!board.isConnected || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const to = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.steps }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  async function load(step) {
    let data;
    try {
      data = await api('GET', `/api/tables/${id}/replay?step=${step}&seat=${encodeURIComponent(state.seat)}`);
    } catch (e) {
      message.replaceChildren(errorBox(`That step could not be shown: ${e.message}`));
      return;
    }
    message.replaceChildren();
    state.step = data.step;
    state.steps = data.steps;
    history.replaceState(null, '', `/replay/${id}?step=${data.step}&seat=${state.seat}`);
    slider.max = String(data.steps);
    slider.value = String(data.step);
    if (dealSelect.options.length !== data.deal_starts.length) {
      dealSelect.replaceChildren(...data.deal_starts.map((start, i) => el('option', { value: start }, `Deal ${i + 1} (step ${start})`)));
    }
    let deal = 0;
    data.deal_starts.forEach((start, i) => { if (start <= data.step) deal = i; });
    dealSelect.selectedIndex = deal;
    const first = data.views[0];
    const me = first.viewer.kind === 'seat' && data.views.length === 1 ? first.viewer.seat : null;
    const scene = structuredClone(first.scene);
    if (data.views.length > 1) {
      // Every hand open: each seat's hand as that seat sees it.
      for (const seat of scene.seats) {
        const own = data.views[seat.seat].scene.seats.find((s) => s.seat === seat.seat);
        seat.hand = own.hand;
      }
    }
    const name = seatNamer(summary.seats, summary.players);
    const say = (text, subject) => renderText(text, subject, me, name);
    drawBoard(board, scene, { me: data.views.length > 1 ? -1 : me, seats: summary.seats, say });
    // Not the notation: it may name a card this view has not seen (a Hearts pass).
    const last = data.step > 0 ? ` Last to act: ${name(data.actor)}.` : '';
    position.replaceChildren(...richText(`Step ${data.step} of ${data.steps}.${last}`));
    feed.replaceChildren(...first.feed.map((item) => el('li', { class: `feed-item kind-${item.event.kind}` }, ...richText(say(item.event.text, item.event.seat)))));
    // The chat as it stood at this step, as text; the spectators' apart.
    chat.replaceChildren(...(data.chat ?? []).filter((m) => m.after_actions <= data.step).map((m) => el('li', { class: 'chat-item' },
      el('strong', {}, `${m.channel === 'spectators' ? `${m.name} (watching)` : m.name}: `), el('span', { class: 'chat-text' }, m.text))));
  }
  go(state.step);
}
