// The lobby: the twelve games with a paragraph each, a create-table form generated from each
// game's variant specs, and the tables open to join, being played, and finished.
import { api, copyButton, el, errorBox, gameList, settings, shareButton } from './common.js';

export async function showLobby(main) {
  document.title = 'cardroom';
  main.replaceChildren(el('p', {}, 'Loading…'));
  let games;
  try {
    games = await gameList();
  } catch (e) {
    main.replaceChildren(errorBox(`The server could not be reached: ${e.message}`));
    return;
  }
  const nameInput = el('input', { id: 'player-name', name: 'name', autocomplete: 'nickname', maxlength: 32, value: settings.get('name', '') });
  nameInput.addEventListener('change', () => settings.set('name', nameInput.value.trim()));
  const tablesSection = el('section', { id: 'tables', 'aria-labelledby': 'tables-title' }, el('h2', { id: 'tables-title' }, 'Tables'), el('p', {}, 'Loading the tables…'));
  const mineSection = el('section', { id: 'your-tables', 'aria-labelledby': 'your-tables-title', hidden: true });
  main.replaceChildren(
    el('section', { class: 'intro' },
      el('h1', {}, 'Traditional card games, played by the rules'),
      el('p', {}, 'Start a table for any game below, fill the other seats with bots or friends (send them the invite link), and play in the browser.'),
      el('p', { class: 'field' }, el('label', { for: 'player-name' }, 'Your name at the table '), nameInput)),
    mineSection,
    // The games first: a newcomer's one click ("Play Hearts") is in view without scrolling.
    el('section', { id: 'games', 'aria-labelledby': 'games-title' },
      el('h2', { id: 'games-title' }, 'The games'),
      el('ul', { class: 'game-list' }, games.map((game) => gameCard(game, nameInput)))),
    tablesSection,
  );
  refreshTables(tablesSection, games, nameInput);
  showYourTables(mineSection, games);
  // Keep the list current while the lobby is in view (not while a form is open).
  const timer = setInterval(() => {
    if (!tablesSection.isConnected) clearInterval(timer);
    else if (!document.hidden && !document.querySelector('dialog[open]')) refreshTables(tablesSection, games, nameInput);
  }, 5000);
}

function playersText(game) {
  return game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players} to ${game.max_players} players`;
}

function gameCard(game, nameInput) {
  return el('li', { class: 'game-card', 'data-game': game.id },
    el('h3', {}, game.name),
    el('p', { class: 'meta' }, `${playersText(game)} · scored in ${game.unit}`),
    el('p', {}, game.summary),
    el('p', { class: 'buttons' },
      el('button', { type: 'button', class: 'primary play-now', onclick: (event) => playNow(event.currentTarget, game, nameInput) }, `Play ${game.name}`),
      ' ',
      el('button', { type: 'button', onclick: () => openCreateForm(game, nameInput) }, 'Custom table'),
      ' ',
      el('a', { href: `/rules/${game.id}` }, `Rules of ${game.name}`)));
}

/** One click to a game: your seat against bots at the game's usual size and rules. */
async function playNow(button, game, nameInput) {
  button.disabled = true;
  try {
    const created = await api('POST', '/api/tables', { game: game.id });
    const mine = created.seats.find((s) => s.kind === 'you');
    settings.set(`seat.${created.id}`, { seat: mine.seat, token: mine.token });
    const name = nameInput.value.trim();
    if (name) settings.set('name', name);
    location.assign(mine.invite);
  } catch (e) {
    button.disabled = false;
    button.after(errorBox(`The table was not made: ${e.message}`));
  }
}

/**
 * The tables this browser holds a seat at, still going: one click back to the seat, and the
 * invite links of their empty seats. Seats of tables that are gone are forgotten.
 */
async function showYourTables(section, games) {
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  const rows = [];
  for (const id of settings.keys('seat.')) {
    // A finished table stays finished: remembered so the lobby does not ask for it again (the
    // seat itself is kept, for the rematch button on its page).
    if (!/^[0-9a-f]{20}$/.test(id) || settings.get(`finished.${id}`, false)) continue;
    let summary;
    try {
      summary = await api('GET', `/api/tables/${id}`);
    } catch (e) {
      if (e.status === 404) {
        settings.set(`seat.${id}`, null);
        settings.set(`invites.${id}`, null);
      }
      continue;
    }
    if (summary.status === 'finished') {
      settings.set(`finished.${id}`, true);
      continue;
    }
    const empty = new Set((summary.seats ?? []).filter((s) => !s.taken).map((s) => s.seat));
    const invites = settings.get(`invites.${id}`, []).filter((i) => empty.has(i.seat));
    const state = { waiting: 'waiting for players', playing: 'being played', closed: 'closed until you come back' }[summary.status] ?? summary.status;
    rows.push(el('li', { class: 'table-row your-table', 'data-table': id },
      el('span', {}, names[summary.game] || summary.game),
      el('span', { class: 'meta' }, ` · ${state} · ${summary.deals_completed ?? 0} deals played `),
      el('a', { class: 'button-link primary', href: `/play/${id}` }, 'Return to your seat'),
      invites.length
        ? el('ul', { class: 'invites' }, invites.map((i) => {
          const url = new URL(i.invite, location.origin).href;
          return el('li', {}, `Invite for seat ${i.seat}: `, el('input', { type: 'text', readonly: true, value: url, class: 'invite-link', 'aria-label': `Invite link for seat ${i.seat}` }), ' ', copyButton(url, 'Copy link'), ' ', navigator.share ? shareButton(url) : '');
        }))
        : ''));
  }
  section.hidden = rows.length === 0;
  section.replaceChildren(el('h2', { id: 'your-tables-title' }, 'Your tables'), el('ul', { class: 'tables' }, rows));
}

function variantInput(variant, id) {
  const kind = variant.kind || { type: 'text' };
  if (kind.type === 'bool') {
    return el('input', { type: 'checkbox', id, name: variant.key, checked: variant.default === 'true' });
  }
  if (kind.type === 'int') {
    return el('input', { type: 'number', id, name: variant.key, min: kind.min, max: kind.max, value: variant.default, required: true });
  }
  if (kind.type === 'choice') {
    // Players' words for each choice; the key's own word in the advanced view's doc.
    return el('select', { id, name: variant.key },
      kind.choices.map((choice, i) => el('option', { value: choice, selected: choice === variant.default }, variant.choice_labels?.[i] || choice)));
  }
  return el('input', { type: 'text', id, name: variant.key, value: variant.default });
}

function variantValue(input) {
  return input.type === 'checkbox' ? String(input.checked) : input.value.trim();
}

function openCreateForm(game, nameInput) {
  const dialog = el('dialog', { class: 'create', 'aria-labelledby': 'create-title' });
  const status = el('div', { 'aria-live': 'polite' });
  const playersSelect = el('select', { id: 'create-players', name: 'players' });
  for (let n = game.min_players; n <= game.max_players; n++) {
    playersSelect.append(el('option', { value: n, selected: n === game.default_players }, String(n)));
  }
  const seatsBox = el('fieldset', { class: 'seats-choice' });
  const seatChoice = (seat) => {
    const previous = seatsBox.querySelector(`[name=seat-${seat}]`);
    // The three levels for everyone; the engine's other bots for those who open the keys.
    const levels = ['easy', 'medium', 'hard'].filter((b) => game.bots.includes(b));
    const others = game.bots.filter((b) => !levels.includes(b));
    const select = el('select', { id: `create-seat-${seat}`, name: `seat-${seat}` },
      el('option', { value: 'invite' }, 'Friend (invite link)'),
      el('option', { value: 'open' }, 'Anyone from the lobby'),
      levels.map((bot) => el('option', { value: bot, selected: bot === 'medium' }, `Bot (${bot})`)),
      others.length ? el('optgroup', { label: 'Other bots', class: 'advanced-only' }, others.map((bot) => el('option', { value: bot }, `Bot: ${bot}`))) : null);
    if (previous) select.value = previous.value;
    return el('p', { class: 'field' }, el('label', { for: `create-seat-${seat}` }, `Seat ${seat + 1} `), select);
  };
  const drawSeats = () => {
    const count = Number(playersSelect.value);
    const rows = [el('legend', {}, 'Seats'), el('p', { class: 'field' }, 'Seat 1: You')];
    for (let seat = 1; seat < count; seat++) rows.push(seatChoice(seat));
    seatsBox.replaceChildren(...rows);
  };
  playersSelect.addEventListener('change', drawSeats);
  drawSeats();
  const variantFields = game.variants.map((variant) => {
    const id = `variant-${variant.key}`;
    const input = variantInput(variant, id);
    const docId = `${id}-doc`;
    input.setAttribute('aria-describedby', docId);
    return el('div', { class: 'variant field', 'data-variant': variant.key },
      el('label', { for: id }, variant.label || variant.key), ' ', input,
      el('p', { class: 'doc', id: docId }, variant.explain || variant.doc),
      el('p', { class: 'doc advanced-only' }, el('code', {}, variant.key), ` ${variant.doc} (default ${variant.default}; ${variant.values})`));
  });
  // A variant that depends on another is shown (and sent) only while it applies.
  const applies = (variant, form) => {
    const when = variant.applies_when;
    if (!when) return true;
    const input = form.querySelector(`#variant-${CSS.escape(when.key)}`);
    return input ? when.values.includes(variantValue(input)) : true;
  };
  const showApplicable = (form) => {
    for (const variant of game.variants) {
      form.querySelector(`[data-variant="${CSS.escape(variant.key)}"]`).hidden = !applies(variant, form);
    }
  };
  const deals = el('input', { type: 'number', id: 'create-deals', name: 'deals', min: 1, max: 1000, placeholder: 'the whole match' });
  const clock = el('input', { type: 'number', id: 'create-clock', name: 'clock', min: 5, max: 3600, placeholder: 'no clock' });
  const seed = el('input', { type: 'number', id: 'create-seed', name: 'seed', min: 0, max: Number.MAX_SAFE_INTEGER, placeholder: 'secret (fair)' });
  const advanced = el('input', { type: 'checkbox', id: 'create-advanced' });
  const form = el('form', { method: 'dialog', class: 'create-form' },
    el('h2', { id: 'create-title' }, `A ${game.name} table`),
    el('p', { class: 'field' }, el('label', { for: 'create-players' }, 'Players '), playersSelect),
    seatsBox,
    el('fieldset', {}, el('legend', {}, 'Length of the match'),
      el('p', { class: 'field' }, el('label', { for: 'create-deals' }, 'End after this many deals '), deals),
      el('p', { class: 'doc' }, 'Leave it empty to play the whole match, as the rules end it.')),
    el('fieldset', {}, el('legend', {}, 'Clock'),
      el('p', { class: 'field' }, el('label', { for: 'create-clock' }, 'Seconds for each move '), clock),
      el('p', { class: 'doc' }, 'When a player runs out of time, a bot makes that move for them. Leave it empty for no clock.')),
    game.variants.length ? el('fieldset', {}, el('legend', {}, 'House rules'), variantFields) : el('p', {}, 'This game has no house rules to choose.'),
    el('details', {},
      el('summary', {}, 'Advanced'),
      el('p', { class: 'field' }, advanced, el('label', { for: 'create-advanced' }, ' Show the rule keys and every bot')),
      el('p', { class: 'field' }, el('label', { for: 'create-seed' }, 'Seed, for practice or teaching (the same seed deals the same cards; the table is then marked "chosen seed", never fair) '), seed)),
    status,
    el('p', { class: 'buttons' },
      el('button', { type: 'submit', class: 'primary', value: 'create' }, 'Create the table'), ' ',
      el('button', { type: 'button', onclick: () => dialog.close() }, 'Cancel')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const count = Number(playersSelect.value);
    const seats = ['you'];
    for (let seat = 1; seat < count; seat++) seats.push(form.querySelector(`[name=seat-${seat}]`).value);
    const variants = {};
    for (const variant of game.variants) {
      if (applies(variant, form)) variants[variant.key] = variantValue(form.querySelector(`#variant-${CSS.escape(variant.key)}`));
    }
    const body = { game: game.id, players: count, seats, variants };
    if (deals.value) body.deals = Number(deals.value);
    if (clock.value) body.clock_seconds = Number(clock.value);
    if (seed.value) body.seed = Number(seed.value);
    status.replaceChildren(el('p', {}, 'Creating…'));
    try {
      const created = await api('POST', '/api/tables', body);
      const mine = created.seats.find((s) => s.kind === 'you');
      const invites = created.seats.filter((s) => s.kind === 'invite').map((s) => ({ seat: s.seat, invite: s.invite }));
      settings.set(`invites.${created.id}`, invites);
      settings.set(`seat.${created.id}`, { seat: 0, token: mine.token });
      const name = nameInput.value.trim();
      if (name) settings.set('name', name);
      location.assign(mine.invite);
    } catch (e) {
      status.replaceChildren(errorBox(`The table was not created: ${e.message}`));
    }
  });
  form.addEventListener('change', () => showApplicable(form));
  const showAdvanced = () => form.classList.toggle('advanced', advanced.checked);
  advanced.addEventListener('change', showAdvanced);
  showAdvanced();
  showApplicable(form);
  dialog.append(form);
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  playersSelect.focus();
}

async function refreshTables(section, games, nameInput) {
  const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
  let lobby;
  try {
    lobby = await api('GET', '/api/tables');
  } catch (e) {
    section.replaceChildren(el('h2', { id: 'tables-title' }, 'Tables'), errorBox(`The tables could not be listed: ${e.message}`));
    return;
  }
  // Redraw only on a change, so that a refresh does not take the keyboard focus away.
  const fingerprint = JSON.stringify(lobby);
  if (section.dataset.fingerprint === fingerprint) return;
  section.dataset.fingerprint = fingerprint;
  const seatsText = (table) => {
    if (!table.seats) return '';
    const open = table.seats.filter((s) => s.open).length;
    return ` · ${table.seats.filter((s) => s.taken).length}/${table.players} seats taken${open ? ` (${open} open)` : ''}`;
  };
  const row = (table, action) => el('li', { class: 'table-row', 'data-table': table.id },
    el('span', {}, names[table.game] || table.game),
    el('span', { class: 'meta' }, `${seatsText(table)}${table.deals_completed !== undefined ? ` · ${table.deals_completed} deals played` : ''} `),
    table.chosen_seed ? el('span', { class: 'chosen-seed', title: 'The seed was chosen, so the deals were known in advance: not a fair table' }, 'chosen seed ') : null,
    action(table));
  const join = (table) => el('button', {
    type: 'button',
    onclick: async (event) => {
      const button = event.currentTarget;
      button.disabled = true;
      try {
        const joined = await api('POST', `/api/tables/${table.id}/join`, { name: nameInput.value.trim() });
        settings.set(`seat.${table.id}`, { seat: joined.seat, token: joined.token });
        location.assign(joined.invite);
      } catch (e) {
        button.replaceWith(errorBox(`Could not join: ${e.message}`));
      }
    },
  }, 'Join');
  const watch = (table) => el('a', { href: `/play/${table.id}?watch` }, 'Watch');
  const replay = (table) => el('a', { href: `/replay/${table.id}` }, 'Replay');
  const list = (title, tables, action, empty) => [
    el('h3', {}, title),
    tables.length ? el('ul', { class: 'tables' }, tables.map((t) => row(t, action))) : el('p', { class: 'meta' }, empty),
  ];
  section.replaceChildren(
    el('h2', { id: 'tables-title' }, 'Tables'),
    ...list('Open: a seat is free', lobby.open, join, 'No table is waiting for players.'),
    ...list('Being played', lobby.playing, watch, 'None right now.'),
    ...list('Paused: everyone has left for now', lobby.paused ?? [], watch, 'None.'),
    ...list('Finished', lobby.finished, replay, 'None yet.'),
  );
}
