// The table page: one WebSocket to the table, and everything drawn from what it sends (the
// scene for this viewer, the legal actions described, the feed). Nothing here knows a game's
// rules: a card is playable when an action uses it, and an action is sent by its notation.
import {
  api, applyDisplaySettings, cardFace, copyButton, el, errorBox, gameList, renderText, richText, settings, shareButton,
} from './common.js';
import { drawBoard, seatNamer } from './board.js';
import { rulesArticle } from './rules.js';

/** At most this many matching actions are listed for a selection; pick more cards to narrow. */
const MAX_MATCHES = 40;
/** A group of card-less actions longer than this is offered as a list box, not as buttons. */
const MAX_BUTTONS = 16;

export async function showTable(main, id) {
  const params = new URLSearchParams(location.search);
  let token = params.get('token');
  let seat = params.has('seat') ? Number(params.get('seat')) : null;
  const watching = params.has('watch');
  if (token) {
    settings.set(`seat.${id}`, { seat, token });
  } else if (!watching) {
    const kept = settings.get(`seat.${id}`, null);
    token = kept?.token ?? null;
    seat = kept?.seat ?? null;
  }
  let game = null;
  try {
    const summary = await api('GET', `/api/tables/${id}`);
    game = (await gameList()).find((g) => g.id === summary.game) ?? null;
  } catch (e) {
    main.replaceChildren(el('h1', {}, 'This table'), errorBox(`This table cannot be opened: ${e.message}`), el('p', {}, el('a', { href: '/' }, 'Back to the lobby')));
    return;
  }
  new TablePage(main, id, token, seat, game).start();
}

function multiset(cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) ?? 0) + 1);
  return counts;
}

function contains(outer, inner) {
  for (const [card, n] of inner) if ((outer.get(card) ?? 0) < n) return false;
  return true;
}

function sameMultiset(a, b) {
  return a.size === b.size && contains(a, b);
}

class TablePage {
  constructor(main, id, token, seat, game) {
    this.main = main;
    this.id = id;
    this.token = token;
    this.seatAsked = seat;
    /** Set when the server refused this page's seat (or table): the error it sent. */
    this.refusal = null;
    this.game = game;
    this.welcome = null;
    this.state = null;
    this.seats = [];
    this.selected = new Set();
    this.hint = null;
    this.retries = 0;
    this.socket = null;
    this.queue = [];
    this.pacing = false;
    this.pendingBreakdown = [];
    this.build();
  }

  me() {
    return this.welcome?.viewer.kind === 'seat' ? this.welcome.viewer.seat : null;
  }

  seatName = (seat) => seatNamer(this.seats)(seat);

  say(text, subject = null) {
    return renderText(text, subject, this.me(), this.seatName);
  }

  build() {
    this.title = el('h1', { class: 'table-title' }, this.game ? `${this.game.name} table` : 'Table');
    this.connection = el('p', { class: 'connection', role: 'status' }, 'Connecting…');
    this.who = el('p', { class: 'who', id: 'who' });
    const hintLevel = el('select', { id: 'hint-level', 'aria-label': 'Hint strength' },
      (this.game?.bots ?? ['medium']).map((b) => el('option', { value: b, selected: b === settings.get('hintLevel', 'medium') }, b)));
    hintLevel.addEventListener('change', () => settings.set('hintLevel', hintLevel.value));
    this.hintLevel = hintLevel;
    this.hintButton = el('button', { type: 'button', id: 'hint', onclick: () => this.askHint() }, 'Hint');
    const toggle = (key, label) => {
      const box = el('input', { type: 'checkbox', id: `opt-${key}`, checked: settings.get(key, false) });
      box.addEventListener('change', () => {
        settings.set(key, box.checked);
        applyDisplaySettings();
        this.draw();
      });
      return el('label', { class: 'toggle', for: `opt-${key}` }, box, ` ${label}`);
    };
    this.rulesButton = el('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'rules-drawer', onclick: () => this.toggleRules() }, 'Rules');
    this.tools = el('div', { class: 'tools' },
      el('span', { class: 'hint-tool' }, this.hintButton, ' ', hintLevel),
      this.rulesButton,
      toggle('fourColour', 'Four colours'),
      toggle('textMode', 'Text mode'),
      this.paceChoice());
    this.waiting = el('section', { class: 'waiting', hidden: true });
    this.board = el('section', { class: 'board', 'aria-label': 'The table' });
    this.prompt = el('p', { class: 'prompt', id: 'prompt', 'aria-live': 'polite' });
    // Not a live region: a second-by-second countdown would drown the feed for screen readers.
    this.clock = el('p', { class: 'clock', id: 'clock', hidden: true });
    this.hand = el('div', { class: 'hand', role: 'group', 'aria-label': 'Your hand' });
    this.choices = el('div', { class: 'choices' });
    this.notice = el('div', { class: 'notice', 'aria-live': 'assertive' });
    this.mine = el('section', { class: 'mine', 'aria-label': 'Your move' }, this.prompt, this.clock, this.notice, this.hand, this.choices);
    this.feedList = el('ol', { class: 'feed-list', 'aria-live': 'polite', 'aria-relevant': 'additions', 'aria-label': 'What happened' });
    this.chatList = el('ol', { class: 'chat-list', id: 'chat-list', 'aria-live': 'polite', 'aria-label': 'Chat messages' });
    this.chatTitle = el('h2', { id: 'chat-title' }, 'Chat');
    const chatInput = el('input', { type: 'text', id: 'chat-input', maxlength: 200, autocomplete: 'off', 'aria-labelledby': 'chat-title', placeholder: 'Say something' });
    const chatForm = el('form', { class: 'chat-form' }, chatInput, ' ', el('button', { type: 'submit' }, 'Send'));
    chatForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = chatInput.value.trim();
      if (text && this.send({ type: 'chat', text })) chatInput.value = '';
    });
    this.chat = el('div', { class: 'chat', id: 'chat' }, this.chatTitle, this.chatList, chatForm);
    this.feed = el('section', { class: 'feed', 'aria-labelledby': 'feed-title' }, el('h2', { id: 'feed-title' }, 'What happened'), this.feedList, this.chat);
    this.result = el('section', { class: 'result', hidden: true, 'aria-live': 'polite' });
    this.drawer = el('aside', { class: 'drawer', id: 'rules-drawer', hidden: true, 'aria-label': 'Rules' });
    this.fairness = el('details', { class: 'fairness', id: 'fairness', hidden: true });
    this.main.replaceChildren(
      el('div', { class: 'table-page' },
        el('div', { class: 'table-head' }, this.title, this.who, this.connection, this.tools),
        this.waiting, this.result, this.board, this.mine, this.feed, this.fairness),
      this.drawer);
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  paceChoice() {
    const select = el('select', { id: 'opt-pace' },
      [['0', 'at once'], ['250', 'quickly'], ['450', 'at a steady pace'], ['1000', 'slowly']].map(([value, label]) => el('option', { value, selected: String(settings.get('pace', 450)) === value }, label)));
    select.addEventListener('change', () => settings.set('pace', Number(select.value)));
    return el('label', { class: 'toggle', for: 'opt-pace' }, 'Others play ', select);
  }

  start() {
    this.connect();
    window.cardroom = this; // for the browser tests and for curious players' consoles
  }

  connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = new URLSearchParams();
    if (this.token) {
      query.set('token', this.token);
      if (Number.isInteger(this.seatAsked)) query.set('seat', this.seatAsked);
      const name = settings.get('name', '');
      if (name) query.set('name', name);
    }
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${this.id}?${query}`);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retries = 0;
      this.connection.textContent = 'Connected';
      this.connection.className = 'connection ok';
    });
    socket.addEventListener('message', (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === 1008 && this.refusal) {
        this.showRefusal();
        return;
      }
      if (this.state?.status === 'finished') {
        this.connection.textContent = 'The match is over';
        return;
      }
      // Network loss, a server restart or a sleeping laptop: try again, backing off.
      const delay = Math.min(5000, 250 * 2 ** this.retries++);
      this.connection.textContent = `Connection lost: reconnecting in ${Math.ceil(delay / 1000)} s…`;
      this.connection.className = 'connection lost';
      setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    this.showNotice('Not connected: wait for the connection to come back.');
    return false;
  }

  receive(message) {
    switch (message.type) {
      case 'welcome':
        this.welcome = message;
        this.queue = [];
        this.feedList.replaceChildren();
        document.title = `${message.name} · cardroom`;
        this.chatTitle.textContent = message.viewer.kind === 'seat' ? 'Chat at the table' : "Spectators' chat";
        this.drawFairness();
        break;
      case 'state':
        this.queue.push(message);
        if (!this.pacing) this.showNext();
        break;
      case 'seats':
        this.seats = message.seats;
        this.draw();
        break;
      case 'ack':
        break;
      case 'hint':
        if (message.version === this.state?.version) {
          this.hint = message;
          this.draw();
          this.showNotice(`The ${message.bot} bot suggests: ${this.say(message.label ?? message.action)}.`);
        }
        break;
      case 'error':
        // Refused at the door: the socket closes next, and the page says why instead of
        // reconnecting for ever.
        if (!this.welcome && (message.code === 'bad-token' || message.code === 'no-table')) this.refusal = message;
        else this.showNotice(message.reason, true);
        break;
      case 'rematch':
        this.showRematch(message.table);
        break;
      case 'chat-history':
        this.chatList.replaceChildren();
        for (const m of message.messages) this.addChat(m);
        break;
      case 'chat':
        this.addChat(message);
        break;
      default:
        break;
    }
  }

  /** Counts down a person's per-move clock from what the server said was left. */
  startClock(clock) {
    clearInterval(this.clockTimer);
    if (!clock) {
      this.clock.hidden = true;
      return;
    }
    const ends = Date.now() + clock.remaining_ms;
    const tick = () => {
      const left = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      const who = clock.seat === this.me() ? 'You have' : `${this.seatName(clock.seat)} has`;
      this.clock.hidden = false;
      this.clock.classList.toggle('urgent', left <= 10);
      this.clock.textContent = `${who} ${left} s to act; then a bot moves for ${clock.seat === this.me() ? 'you' : 'them'}.`;
    };
    tick();
    this.clockTimer = setInterval(tick, 1000);
  }

  /**
   * Shows queued states one at a time. The server sends a state after every action, and bots
   * act at once; the others' moves are shown at the pace chosen (`Pace`), so a trick's cards
   * appear one by one. A state arriving when nothing is queued (your own move) shows at once.
   */
  showNext() {
    const message = this.queue.shift();
    if (!message) {
      this.pacing = false;
      return;
    }
    const turnChanged = this.state?.version !== message.version;
    // The totals before this change: a deal that ends in it is scored as the difference.
    this.totalsBefore = this.state?.scene.scores.totals ?? null;
    this.state = message;
    if (turnChanged) {
      this.selected.clear();
      this.hint = null;
    }
    this.addFeed(message.feed);
    this.startClock(message.clock);
    this.draw();
    // The next state waits its turn: at least `pace` ms after this one.
    const pace = Number(settings.get('pace', 450));
    if (pace > 0) {
      this.pacing = true;
      setTimeout(() => this.showNext(), pace);
    } else {
      this.showNext();
    }
  }

  showNotice(text, isError = false) {
    this.notice.replaceChildren(el('p', { class: isError ? 'error' : 'info' }, ...richText(text)));
  }

  addFeed(items) {
    // The change of each total this deal, when exactly one deal ends here and the totals before
    // are known (not when a reconnection replays the whole feed).
    const ends = items.filter((i) => i.event.kind === 'deal-end').length;
    const after = this.state?.scene.scores.totals;
    const change = ends === 1 && this.totalsBefore && after ? after.map((t, i) => t - this.totalsBefore[i]) : null;
    for (const item of items) {
      const event = item.event;
      const text = this.say(event.text, event.seat);
      const li = el('li', { class: `feed-item kind-${event.kind}${event.breakdown ? ' breakdown' : ''}`, 'data-index': item.index, 'data-seat': event.seat ?? undefined }, ...richText(text));
      this.feedList.append(li);
      if (event.breakdown) this.pendingBreakdown.push(text);
      if (event.kind === 'deal-end' && this.pendingBreakdown.length) {
        this.showBreakdown(text, this.pendingBreakdown, change);
        this.pendingBreakdown = [];
      }
    }
    this.feedList.scrollTop = this.feedList.scrollHeight;
  }

  showBreakdown(heading, lines, change) {
    document.querySelector('dialog.breakdown')?.remove();
    const totals = this.state?.scene.scores;
    const close = el('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Continue');
    const dialog = el('dialog', { class: 'breakdown', 'aria-labelledby': 'breakdown-title' },
      el('h2', { id: 'breakdown-title' }, ...richText(heading)),
      el('ul', {}, lines.filter((line) => line !== heading).map((line) => el('li', {}, ...richText(line)))),
      totals ? this.scoreTable({ ...totals, deal: null }, change) : null,
      el('p', { class: 'buttons' }, close));
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }

  /** Totals by seat, with this deal's change (the ledger's, not a running figure) when known. */
  scoreTable(scores, change = null) {
    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    return el('table', { class: 'scores' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, `Total (${scores.unit})`),
        change ? el('th', { scope: 'col' }, 'This deal') : null,
        scores.deal ? el('th', { scope: 'col' }, scores.deal.label) : null)),
      el('tbody', {}, scores.totals.map((total, seat) => el('tr', { class: seat === this.me() ? 'me' : undefined },
        el('th', { scope: 'row' }, this.say(`@${seat}`)), el('td', {}, String(total)),
        change ? el('td', { class: 'change' }, signed(change[seat])) : null,
        scores.deal ? el('td', {}, String(scores.deal.values[seat])) : null))));
  }

  askHint() {
    if (!this.state?.actions.length) {
      this.showNotice('A hint is for your turn.');
      return;
    }
    if (this.send({ type: 'hint', level: this.hintLevel.value })) this.showNotice(`Asking the ${this.hintLevel.value} bot…`);
  }

  act(notation) {
    if (!this.state) return;
    this.selected.clear();
    this.send({ type: 'act', action: notation, version: this.state.version });
  }

  async toggleRules() {
    const open = this.drawer.hidden;
    this.drawer.hidden = !open;
    this.rulesButton.setAttribute('aria-expanded', String(open));
    if (open && !this.drawer.childElementCount) {
      const close = el('button', { type: 'button', class: 'close', onclick: () => this.toggleRules() }, 'Close the rules');
      this.drawer.append(close);
      try {
        this.drawer.append(await rulesArticle(this.welcome?.game ?? this.game.id));
      } catch (e) {
        this.drawer.append(errorBox(`The rules could not be loaded: ${e.message}`));
      }
    }
    if (open) this.drawer.querySelector('button')?.focus();
    else this.rulesButton.focus();
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'Escape') {
      if (!this.drawer.hidden) this.toggleRules();
      else if (this.selected.size) {
        this.selected.clear();
        this.draw();
      }
    } else if (event.key === '?' || event.key === 'r') {
      if (!document.querySelector('dialog[open]')) this.toggleRules();
    } else if (event.key === 'h') {
      this.askHint();
    } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && event.target.closest?.('.hand')) {
      const cards = [...this.hand.querySelectorAll('button.card')];
      const at = cards.indexOf(event.target);
      const next = cards[at + (event.key === 'ArrowLeft' ? -1 : 1)];
      if (next) {
        next.focus();
        event.preventDefault();
      }
    }
  }

  /** Who wrote a chat message, for muting: a seat, or a spectator by name. */
  static author(m) {
    return m.seat === null || m.seat === undefined ? `spectator:${m.name}` : `seat:${m.seat}`;
  }

  muted() {
    return new Set(settings.get(`mute.${this.id}`, []));
  }

  /** Shows a chat message (as text only), with a way to mute its writer. */
  addChat(m) {
    const author = TablePage.author(m);
    const mine = m.seat !== null && m.seat === this.me();
    const toggle = mine ? null : el('button', {
      type: 'button',
      class: 'small-button mute',
      onclick: () => {
        const muted = this.muted();
        if (muted.has(author)) muted.delete(author);
        else muted.add(author);
        settings.set(`mute.${this.id}`, [...muted]);
        this.applyMutes();
      },
    }, `Mute ${m.name}`);
    const item = el('li', { class: 'chat-item', 'data-author': author },
      el('strong', {}, `${mine ? 'You' : m.name}: `), el('span', { class: 'chat-text' }, m.text), ' ', toggle);
    this.chatList.append(item);
    this.applyMutes();
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  applyMutes() {
    const muted = this.muted();
    for (const item of this.chatList.children) {
      const off = muted.has(item.dataset.author);
      item.querySelector('.chat-text').hidden = off;
      item.classList.toggle('muted', off);
      const button = item.querySelector('button.mute');
      if (button) button.textContent = `${off ? 'Unmute' : 'Mute'} ${button.textContent.replace(/^(Un)?[Mm]ute /, '')}`;
    }
  }

  /** The server would not seat this page: say why, and offer to watch or go back. */
  showRefusal() {
    const { code, reason } = this.refusal;
    this.connection.textContent = code === 'no-table' ? 'No such table' : 'Your seat was refused';
    this.connection.className = 'connection lost';
    const watch = code === 'bad-token'
      ? el('button', {
        type: 'button',
        class: 'primary',
        onclick: () => {
          settings.set(`seat.${this.id}`, null);
          location.assign(`/play/${this.id}?watch`);
        },
      }, 'Watch this table instead')
      : null;
    this.waiting.hidden = false;
    this.waiting.replaceChildren(
      el('h2', {}, code === 'no-table' ? 'There is no such table' : 'You cannot sit at this table'),
      errorBox(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`),
      el('p', { class: 'buttons' }, watch, ' ', el('a', { href: '/' }, 'Back to the lobby')));
  }

  /**
   * How this table's deals can be checked: the commitment published before the first card, a
   * mark when the seed was chosen, and once the match is over the seed and salt that open it
   * (checked here too where the browser can hash).
   */
  async drawFairness() {
    const w = this.welcome;
    if (!w?.seed_commitment) return;
    this.fairness.hidden = false;
    const summary = el('summary', { class: w.chosen_seed ? 'chosen-seed' : 'fair-seed' },
      w.chosen_seed ? 'Chosen seed: these deals were known in advance to whoever chose them' : 'Fair deal: the shuffle was fixed and sealed before the first card');
    const parts = [summary,
      el('p', {}, 'Seed commitment (SHA-256 of the secret seed and a salt): ',
        el('code', { class: 'commitment', id: 'seed-commitment' }, w.seed_commitment))];
    if (this.state?.status === 'finished') {
      try {
        // The seed is read from the text: it may exceed what a JavaScript number holds exactly.
        const text = await (await fetch(`/api/tables/${this.id}`)).text();
        const seed = /"seed":(\d+)/.exec(text)?.[1];
        const salt = /"salt":"([0-9a-f]+)"/.exec(text)?.[1];
        if (seed && salt) {
          let check = 'Check it with cardroom verify (below).';
          if (globalThis.crypto?.subtle) {
            const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${seed}:${salt}`));
            const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
            check = hex === w.seed_commitment ? 'This browser checked: they open the commitment. ✓' : 'They do NOT open the commitment published at the start.';
          }
          parts.push(
            el('p', {}, 'Revealed now the match is over: seed ', el('code', {}, seed), ', salt ', el('code', {}, salt), '. ', el('strong', { id: 'fairness-check' }, check)),
            el('p', {}, 'To check that every deal came from that seed, download ',
              el('a', { href: `/api/tables/${this.id}/record`, download: `cardroom-${this.id}.json` }, 'the record'),
              ' and run ', el('code', {}, `cardroom verify cardroom-${this.id}.json --commitment ${w.seed_commitment}`), '.'));
        }
      } catch {
        // The check is an extra: the page works without it.
      }
    } else {
      parts.push(el('p', {}, 'The seed and salt are revealed when the match is over, so anyone can check the deals were not changed.'));
    }
    this.fairness.replaceChildren(...parts);
  }

  showRematch(table) {
    this.result.hidden = false;
    this.result.append(el('p', {}, 'A rematch table is ready. ', el('a', { href: `/play/${table}`, onclick: () => this.keepSeatFor(table) }, 'Go to the rematch')));
  }

  keepSeatFor(table) {
    const mine = settings.get(`seat.${this.id}`, null);
    if (mine) settings.set(`seat.${table}`, mine);
  }

  async rematch() {
    try {
      const created = await api('POST', `/api/tables/${this.id}/rematch`, { token: this.token });
      this.keepSeatFor(created.id);
      location.assign(`/play/${created.id}`);
    } catch (e) {
      this.showNotice(`No rematch: ${e.message}`, true);
    }
  }

  // Drawing.

  draw() {
    if (!this.state || !this.welcome) return;
    const focusKey = document.activeElement?.dataset?.key;
    const { scene, status } = this.state;
    this.title.replaceChildren(...richText(this.say(scene.title)));
    const me = this.me();
    this.who.textContent = me === null ? 'You are watching.' : `You are seat ${me}${this.seats[me]?.name ? ` (${this.seats[me].name})` : ''}.${this.welcome.practice ? ' Practice table: you against bots.' : ''}`;
    this.hintButton.disabled = !this.state.actions.length;
    this.drawWaiting(status);
    drawBoard(this.board, scene, { me, seats: this.seats, say: (t, s) => this.say(t, s), hintCards: this.hintCards() });
    this.prompt.replaceChildren(...richText(this.promptText()));
    this.drawHand(scene);
    this.drawChoices();
    this.drawResult();
    if (focusKey) {
      const again = this.main.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  }

  promptText() {
    const { scene, status, actions } = this.state;
    if (status === 'waiting') return 'Waiting for every seat to be taken.';
    if (status === 'finished') return 'The match is over.';
    if (actions.length) return `Your turn. ${this.say(scene.prompt)}`;
    return this.say(scene.prompt);
  }

  drawWaiting(status) {
    this.waiting.hidden = status !== 'waiting';
    if (status !== 'waiting') return;
    const invites = settings.get(`invites.${this.id}`, []);
    const free = this.seats.filter((s) => !s.taken);
    const open = free.map((s) => s.seat);
    const describe = (s) => `${this.seatName(s.seat)} (${s.open ? 'open to anyone in the lobby' : 'kept for an invited player'})`;
    this.waiting.replaceChildren(
      el('h2', {}, 'Waiting for players'),
      el('p', {}, free.length ? `Still to sit down: ${free.map(describe).join(', ')}. The match starts when every seat is taken.` : 'Every seat is taken.'),
      invites.filter((i) => open.includes(i.seat)).length
        ? el('ul', { class: 'invites' }, invites.filter((i) => open.includes(i.seat)).map((i) => {
          const url = new URL(i.invite, location.origin).href;
          return el('li', {}, `Invite for seat ${i.seat}: `, el('input', { type: 'text', readonly: true, value: url, 'aria-label': `Invite link for seat ${i.seat}`, class: 'invite-link' }), ' ', copyButton(url, 'Copy link'), ' ', navigator.share ? shareButton(url) : '');
        }))
        : el('p', {}, 'Friends can also join from the lobby.'));
  }

  drawResult() {
    const result = this.state.result;
    if (!result) {
      this.result.hidden = true;
      return;
    }
    this.result.hidden = false;
    if (!this.fairnessRevealed && this.state.status === 'finished') {
      this.fairnessRevealed = true;
      this.drawFairness();
    }
    const winners = result.winners.map((s) => this.seatName(s));
    const again = this.token ? el('button', { type: 'button', class: 'primary', onclick: () => this.rematch() }, 'Play again (rematch)') : null;
    const replay = el('a', { href: `/replay/${this.id}` }, 'Replay this match');
    const existing = this.result.querySelector('p.rematch-ready');
    this.result.replaceChildren(
      el('h2', {}, 'The match is over'),
      el('p', {}, `Won by ${winners.join(' and ')}.`),
      this.scoreTable({ ...this.state.scene.scores, deal: null, totals: result.totals }),
      el('p', { class: 'buttons' }, again, ' ', replay),
      existing ?? '');
  }

  hintCards() {
    if (!this.hint) return [];
    return this.state.actions.find((a) => a.notation === this.hint.action)?.cards ?? [];
  }

  myHand(scene) {
    const me = this.me();
    const seat = scene.seats.find((s) => s.seat === me);
    return seat?.hand.kind === 'shown' ? seat.hand.cards : [];
  }

  /** The actions that use every selected card (as a multiset); exact matches first. */
  matches(hand) {
    const chosen = multiset([...this.selected].map((i) => hand[i]));
    const exact = [];
    const wider = [];
    for (const action of this.state.actions) {
      if (!action.cards.length) continue;
      const uses = multiset(action.cards);
      if (!contains(uses, chosen)) continue;
      (sameMultiset(uses, chosen) ? exact : wider).push(action);
    }
    return { exact, wider };
  }

  clickCard(index, hand) {
    const code = hand[index];
    const users = this.state.actions.filter((a) => a.cards.includes(code));
    if (!users.length) {
      this.showNotice(`The ${code} cannot be used now.`);
      return;
    }
    // One card, one thing to do with it: a click does it (a trick game's play, a discard).
    if (!this.selected.size && users.length === 1 && users[0].cards.length === 1) {
      this.act(users[0].notation);
      return;
    }
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.draw();
  }

  drawHand(scene) {
    const me = this.me();
    const hand = this.myHand(scene);
    this.hand.hidden = me === null;
    if (me === null) return;
    const usable = new Set(this.state.actions.flatMap((a) => a.cards));
    const hinted = multiset(this.hintCards());
    const faces = hand.map((code, index) => {
      const hint = (hinted.get(code) ?? 0) > 0;
      if (hint) hinted.set(code, hinted.get(code) - 1);
      return cardFace(code, {
        key: `hand-${index}-${code}`,
        raised: usable.has(code),
        pressed: this.selected.has(index),
        hinted: hint,
        onclick: () => this.clickCard(index, hand),
      });
    });
    this.hand.replaceChildren(
      el('h2', { class: 'visually-hidden' }, 'Your hand'),
      faces.length ? el('div', { class: 'cards' }, faces) : el('p', { class: 'meta' }, 'No cards in your hand.'));
  }

  actionButton(action) {
    const help = this.welcome.kinds?.find((k) => k.name === action.kind)?.help;
    const hinted = this.hint?.action === action.notation;
    return el('button', {
      type: 'button',
      class: `action${hinted ? ' hinted' : ''}`,
      'data-key': `action-${action.notation}`,
      'data-notation': action.notation,
      title: help,
      onclick: () => this.act(action.notation),
    }, ...richText(this.say(action.label)));
  }

  /** The help sentences to show with these choices: kinds met for the first time, at a practice table. */
  teaching(actions) {
    if (!this.welcome.practice) return [];
    if (this.taught?.version !== this.state.version) {
      const key = `kindsSeen.${this.welcome.game}`;
      const seen = new Set(settings.get(key, []));
      const fresh = [...new Set(actions.map((a) => a.kind))].filter((k) => !seen.has(k));
      for (const kind of fresh) seen.add(kind);
      settings.set(key, [...seen]);
      const helps = fresh.map((kind) => this.welcome.kinds?.find((k) => k.name === kind)?.help).filter(Boolean);
      this.taught = { version: this.state.version, helps };
    }
    return this.taught.helps;
  }

  drawChoices() {
    const actions = this.state.actions;
    if (!actions.length) {
      this.choices.replaceChildren();
      return;
    }
    const hand = this.myHand(this.state.scene);
    const parts = [];
    if (this.selected.size) {
      const { exact, wider } = this.matches(hand);
      const shown = [...exact, ...wider].slice(0, MAX_MATCHES);
      const more = exact.length + wider.length - shown.length;
      parts.push(el('div', { class: 'selection', role: 'group', 'aria-labelledby': 'selection-title' },
        el('h2', { id: 'selection-title' }, `With the ${this.selected.size} card${this.selected.size > 1 ? 's' : ''} you picked`),
        shown.length
          ? el('div', { class: 'buttons' }, shown.map((a) => this.actionButton(a)))
          : el('p', {}, 'Nothing uses exactly these cards together: pick others.'),
        more > 0 ? el('p', { class: 'meta' }, `and ${more} more: pick more cards to narrow the list.`) : null,
        el('button', { type: 'button', 'data-key': 'clear-selection', onclick: () => { this.selected.clear(); this.draw(); } }, 'Clear the selection')));
    }
    // Actions that use no card of the hand: bids, passes, draws, bets.
    const groups = new Map();
    for (const action of actions) {
      if (action.cards.length) continue;
      if (!groups.has(action.group)) groups.set(action.group, []);
      groups.get(action.group).push(action);
    }
    for (const [group, list] of groups) {
      if (list.length > MAX_BUTTONS) {
        const select = el('select', { id: `choose-${group}`, 'data-key': `select-${group}`, 'aria-label': `Choose: ${group}` },
          list.map((a) => el('option', { value: a.notation }, this.say(a.label))));
        parts.push(el('div', { class: 'group', 'data-group': group }, el('label', { for: `choose-${group}` }, `${group[0].toUpperCase()}${group.slice(1)}: `), select, ' ',
          el('button', { type: 'button', class: 'primary', 'data-key': `go-${group}`, onclick: () => this.act(select.value) }, 'Go')));
      } else {
        parts.push(el('div', { class: 'group buttons', 'data-group': group, role: 'group', 'aria-label': group }, list.map((a) => this.actionButton(a))));
      }
    }
    const withCards = actions.filter((a) => a.cards.length);
    if (withCards.length && !this.selected.size) {
      const uses = new Map();
      for (const a of withCards) for (const c of new Set(a.cards)) uses.set(c, (uses.get(c) ?? 0) + 1);
      const single = withCards.every((a) => a.cards.length === 1) && [...uses.values()].every((n) => n === 1);
      parts.push(el('p', { class: 'meta' }, single
        ? 'Click a raised card to play it (or pick it with Enter).'
        : 'Pick cards (raised ones can be used), then choose what to do with them.'));
    }
    // At a practice table, the first time a kind of action comes up in this game (in this
    // browser), say what it does, and that a hint is one key away.
    const teach = this.teaching(actions);
    if (teach.length) {
      parts.unshift(el('div', { class: 'teach', id: 'teach', role: 'note' },
        el('strong', {}, 'New here: '), ...teach.map((t) => el('span', {}, `${t} `)),
        el('span', { class: 'meta' }, 'Press H for a hint.')));
    }
    // Every choice, labelled: for the keyboard, text mode and screen readers.
    const all = el('details', { class: 'all-choices', open: this.allOpen ?? settings.get('textMode', false) },
      el('summary', {}, `All ${actions.length} choices`),
      el('div', { class: 'buttons' }, actions.slice(0, 400).map((a) => this.actionButton(a))));
    all.addEventListener('toggle', () => { this.allOpen = all.open; });
    parts.push(all);
    this.choices.replaceChildren(...parts);
  }
}
