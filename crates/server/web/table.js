// The table page: one WebSocket to the table, and everything drawn from what it sends (the
// scene for this viewer, the legal actions described, the feed). Nothing here knows a game's
// rules: a card is playable when an action uses it, and an action is sent by its notation.
//
// States are presented one at a time by a single loop (`pump`): others' moves at the pace
// chosen, cards flying from where they were to where they land, a finished trick held in the
// centre before it is gathered to its winner. The person's hand and choices sit in the dock at
// the bottom of the screen, always in view.
import {
  api, applyDisplaySettings, cardFace, cardName, cardShort, copyButton, el, errorBox, gameList, plural, renderText, richText, settings, shareButton,
} from './common.js';
import { drawFelt, playersList, seatNamer } from './board.js';
import { arrangeHand, handKeys, nextCard } from './hand.js';
import { finishAll, fly, gather, measure, timings } from './motion.js';
import { rulesArticle } from './rules.js';
import { scoreSheet, standings } from './scoresheet.js';

/** At most this many matching actions are listed for a selection; pick more cards to narrow. */
const MAX_MATCHES = 24;
/** Card-less actions of one group beyond this many (fewer on a phone) become a list box and Go. */
const MAX_BUTTONS = 8;
const MAX_BUTTONS_PHONE = 5;
/** More states than this waiting: show them at once (a reconnection's backlog). */
const BACKLOG = 8;

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

const RANK_ORDER = '23456789TJQKA';

/** What a card counts as for an action: its rank where any suit will do, else the card. */
function unit(action, code) {
  return action.any_suit && code !== 'JK' ? code[0] : code;
}

/** The action's cards, and the picked ones, as multisets of what counts for it. */
function usesOf(action, cards = action.cards) {
  return multiset(cards.map((c) => unit(action, c)));
}

/** What a person reads for each refusal the server can send: never the code, never JSON. */
function refusalText(code, reason, say) {
  switch (code) {
    case 'illegal': return `You can't do that now: ${say(reason.replace(/^illegal action[^:]*: /i, ''))}.`;
    case 'stale': return 'The table moved on before your move arrived. Choose again.';
    case 'not-your-turn': return "It's not your turn yet.";
    case 'waiting': return 'The match starts when every seat is taken.';
    case 'over': return 'The match is over.';
    case 'spectator': return 'You are watching this table.';
    case 'rate': return 'Too many moves at once: wait a moment.';
    default: return "Your move didn't go through. Try again.";
  }
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
    /** The state drawn now (others may wait in `queue`). */
    this.state = null;
    this.seats = [];
    /** Picked hand cards, by key ("QS#0"). */
    this.selected = new Set();
    this.hint = null;
    this.retries = 0;
    this.socket = null;
    this.queue = [];
    this.pumping = false;
    this.pending = null;
    this.pickQueue = [];
    this.pendingBreakdown = [];
    this.feedItems = [];
    this.live = false;
    this.tab = 'log';
    this.lastTrickOpen = false;
    this.trickOverride = null;
    this.build();
  }

  me() {
    return this.welcome?.viewer.kind === 'seat' ? this.welcome.viewer.seat : null;
  }

  players() {
    return this.welcome?.players ?? this.state?.scene.seats.length ?? this.seats.length;
  }

  seatName = (seat) => seatNamer(this.seats, this.players())(seat);

  say(text, subject = null) {
    return renderText(text, subject, this.me(), this.seatName);
  }

  phone() {
    return window.matchMedia('(max-width: 760px)').matches;
  }

  // Building the page.

  build() {
    document.body.classList.add('at-table');
    this.title = el('h1', { class: 'table-title' }, this.game ? `${this.game.name} table` : 'Table');
    this.turnLine = el('p', { class: 'turn-line', id: 'turn-line' });
    this.connection = el('p', { class: 'connection', role: 'status' }, 'Connecting…');
    this.who = el('p', { class: 'who visually-hidden', id: 'who' });
    const topButton = (label, id, onclick, extra = {}) => el('button', { type: 'button', class: 'top-button', id, onclick, ...extra }, label);
    this.rulesButton = topButton('Rules', 'rules-button', () => this.toggleRules(), { 'aria-expanded': 'false', 'aria-controls': 'rules-drawer' });
    this.settingsButton = topButton('Settings', 'settings-button', () => this.toggleSettings(), { 'aria-expanded': 'false', 'aria-controls': 'settings-panel' });
    this.tabButtons = {};
    const tabs = [['log', 'Log'], ['scores', 'Scores'], ['players', 'Players']];
    const topTabs = tabs.map(([key, label]) => topButton(label, `open-${key}`, () => this.openTab(key, true), { 'data-tab': key }));
    this.top = el('div', { class: 'topbar' },
      el('a', { class: 'brand', href: '/', 'aria-label': 'cardroom: back to the lobby' }, 'cardroom'),
      el('div', { class: 'top-title' }, this.title, this.turnLine),
      this.connection,
      el('nav', { class: 'top-buttons', 'aria-label': 'Table menu' }, topTabs, this.rulesButton, this.settingsButton,
        topButton('?', 'help-button', () => this.showHelp(), { 'aria-label': 'Keyboard shortcuts and help' })),
      this.who);
    this.settingsPanel = this.buildSettings();

    this.felt = el('div', { class: 'felt' });
    this.feltArea = el('section', { class: 'felt-area', role: 'region', 'aria-label': 'Table' }, this.felt);
    this.feltArea.addEventListener('click', (event) => {
      if (this.pumping && !event.target.closest('button, a, input, select')) this.skip();
    });
    this.waiting = el('section', { class: 'waiting', hidden: true });
    this.result = el('section', { class: 'result', hidden: true });
    this.feltArea.append(this.waiting, this.result);

    // The side panel: the log with the chat, the score sheet, the players in full.
    this.feedList = el('ol', { class: 'feed-list', 'aria-label': 'What happened', tabindex: '0' });
    this.chatList = el('ol', { class: 'chat-list', id: 'chat-list', 'aria-live': 'polite', 'aria-label': 'Chat messages', tabindex: '0' });
    this.chatTitle = el('h2', { id: 'chat-title' }, 'Chat');
    const chatInput = el('input', { type: 'text', id: 'chat-input', maxlength: 200, autocomplete: 'off', 'aria-labelledby': 'chat-title', placeholder: 'Say something' });
    const chatForm = el('form', { class: 'chat-form' }, chatInput, ' ', el('button', { type: 'submit' }, 'Send'));
    chatForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = chatInput.value.trim();
      if (text && this.send({ type: 'chat', text })) chatInput.value = '';
    });
    this.chat = el('div', { class: 'chat', id: 'chat' }, this.chatTitle, this.chatList, chatForm);
    this.fairness = el('details', { class: 'fairness', id: 'fairness', hidden: true });
    this.sheet = el('div', { class: 'sheet-holder' });
    this.playersPanel = el('div', { class: 'players-holder' });
    this.panels = {
      log: el('div', { class: 'tab-panel log-panel', id: 'panel-log', role: 'tabpanel', 'aria-labelledby': 'tab-log' }, this.fairness, el('h2', { class: 'visually-hidden' }, 'What happened'), this.feedList, this.chat),
      scores: el('div', { class: 'tab-panel', id: 'panel-scores', role: 'tabpanel', 'aria-labelledby': 'tab-scores', hidden: true }, this.sheet),
      players: el('div', { class: 'tab-panel', id: 'panel-players', role: 'tabpanel', 'aria-labelledby': 'tab-players', hidden: true }, this.playersPanel),
    };
    const tablist = el('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Side panel' }, tabs.map(([key, label]) => {
      const b = el('button', { type: 'button', role: 'tab', id: `tab-${key}`, 'aria-controls': `panel-${key}`, 'aria-selected': String(key === 'log'), tabindex: key === 'log' ? '0' : '-1', onclick: () => this.openTab(key) }, label);
      b.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        const keys = tabs.map(([k]) => k);
        const next = keys[(keys.indexOf(key) + (event.key === 'ArrowRight' ? 1 : keys.length - 1)) % keys.length];
        this.openTab(next);
        this.tabButtons[next].focus();
        event.preventDefault();
      });
      this.tabButtons[key] = b;
      return b;
    }));
    this.side = el('aside', { class: 'side', 'aria-label': 'Log, scores and players' },
      el('div', { class: 'side-head' }, tablist, el('button', { type: 'button', class: 'side-close', 'aria-label': 'Close the panel', onclick: () => this.closeSide() }, 'Close')),
      Object.values(this.panels));

    // The dock: the viewer, the prompt, the choices and the hand.
    this.pill = el('div', { class: 'me-pill' });
    this.prompt = el('p', { class: 'prompt', id: 'prompt' });
    this.clock = el('p', { class: 'clock', id: 'clock', hidden: true });
    this.notice = el('div', { class: 'notice', role: 'status' });
    this.alert = el('div', { class: 'alert', role: 'alert' });
    this.choiceBar = el('div', { class: 'choice-bar', role: 'toolbar', 'aria-label': 'Moves' });
    this.choices = el('section', { class: 'choices', role: 'region', 'aria-label': 'Your choices' }, this.choiceBar);
    this.handRows = el('div', { class: 'hand-rows', role: 'toolbar', 'aria-label': 'Cards in your hand', 'aria-describedby': 'hand-help' });
    this.handHelp = el('p', { class: 'visually-hidden', id: 'hand-help' });
    this.hand = el('section', { class: 'hand', role: 'region', 'aria-label': 'Your hand', tabindex: '-1' }, this.handHelp, this.handRows);
    this.dock = el('section', { class: 'dock', 'aria-label': 'Your place' },
      el('div', { class: 'dock-head' }, this.pill, this.prompt, this.clock),
      this.notice, this.alert, this.choices, this.hand);
    // Read to screen readers: moves as they happen, never the backlog.
    this.announcer = el('div', { class: 'announcer visually-hidden', role: 'log', 'aria-label': 'Announcements' });
    this.drawer = el('aside', { class: 'drawer', id: 'rules-drawer', hidden: true, 'aria-label': 'Rules' });
    this.page = el('div', { class: `table-page${settings.get('sidePanel', true) ? '' : ' side-closed'}` },
      this.top, this.settingsPanel, this.feltArea, this.side, this.dock, this.announcer);
    this.main.replaceChildren(this.page, this.drawer);
    document.addEventListener('keydown', (event) => this.onKey(event));
    let resizing = null;
    window.addEventListener('resize', () => {
      clearTimeout(resizing);
      resizing = setTimeout(() => this.draw(), 80);
    });
    document.addEventListener('visibilitychange', () => this.drawTitle());
  }

  buildSettings() {
    const toggle = (key, label, fallback = false, after = () => {}) => {
      const box = el('input', { type: 'checkbox', id: `opt-${key}`, checked: settings.get(key, fallback) });
      box.addEventListener('change', () => {
        settings.set(key, box.checked);
        applyDisplaySettings();
        after();
        this.draw();
      });
      return el('label', { class: 'toggle', for: `opt-${key}` }, box, ` ${label}`);
    };
    const choice = (key, label, options, fallback) => {
      const select = el('select', { id: `opt-${key}` }, options.map(([value, text]) => el('option', { value, selected: String(settings.get(key, fallback)) === value }, text)));
      select.addEventListener('change', () => {
        settings.set(key, /^\d+$/.test(select.value) ? Number(select.value) : select.value);
        applyDisplaySettings();
        this.draw();
      });
      return el('label', { class: 'toggle', for: `opt-${key}` }, `${label} `, select);
    };
    this.hintLevel = el('select', { id: 'hint-level' },
      (this.game?.bots ?? ['medium']).filter((b) => ['easy', 'medium', 'hard'].includes(b)).map((b) => el('option', { value: b, selected: b === settings.get('hintLevel', 'medium') }, `Bot (${b})`)));
    this.hintLevel.addEventListener('change', () => settings.set('hintLevel', this.hintLevel.value));
    return el('div', { class: 'settings', id: 'settings-panel', hidden: true, role: 'group', 'aria-label': 'Settings' },
      el('h2', {}, 'Settings'),
      choice('pace', 'Others play', [['0', 'at once'], ['250', 'quickly'], ['450', 'at a steady pace'], ['1000', 'slowly']], 450),
      toggle('autoplay', 'Play forced moves by themselves', true),
      toggle('confirmPlays', 'Confirm card plays (tap twice)'),
      choice('sort', 'Sort the hand', [['melds', 'melds first, then by suit'], ['game', 'by suit'], ['rank', 'by rank']], 'melds'),
      choice('motion', 'Card movement', [['system', "as the system asks"], ['full', 'full'], ['reduced', 'reduced']], 'system'),
      toggle('fourColour', 'Four colours'),
      toggle('textMode', 'Text mode (cards in words)'),
      toggle('sounds', 'Sounds'),
      toggle('shortcuts', 'Single-key shortcuts', true),
      el('label', { class: 'toggle', for: 'hint-level' }, 'Hints from ', this.hintLevel),
      el('p', {}, el('button', { type: 'button', onclick: () => this.toggleSettings() }, 'Close the settings')));
  }

  toggleSettings() {
    const open = this.settingsPanel.hidden;
    this.settingsPanel.hidden = !open;
    this.settingsButton.setAttribute('aria-expanded', String(open));
    if (open) this.settingsPanel.querySelector('select, input')?.focus();
    else this.settingsButton.focus();
  }

  openTab(key, fromTop = false) {
    this.tab = key;
    for (const [k, panel] of Object.entries(this.panels)) {
      panel.hidden = k !== key;
      this.tabButtons[k].setAttribute('aria-selected', String(k === key));
      this.tabButtons[k].tabIndex = k === key ? 0 : -1;
    }
    if (this.page.classList.contains('side-closed')) {
      this.page.classList.remove('side-closed');
      settings.set('sidePanel', true);
    }
    if (fromTop && this.phone()) {
      this.page.classList.add('sheet-open');
      this.tabButtons[key].focus();
    } else if (fromTop && window.innerWidth < 1100) {
      this.page.classList.add('sheet-open');
      this.tabButtons[key].focus();
    }
    this.drawSide();
  }

  closeSide() {
    if (this.page.classList.contains('sheet-open')) {
      this.page.classList.remove('sheet-open');
    } else {
      this.page.classList.add('side-closed');
      settings.set('sidePanel', false);
    }
    this.draw();
    document.getElementById(`open-${this.tab}`)?.focus();
  }

  start() {
    this.connect();
    window.cardroom = this; // for the browser tests and for curious players' consoles
  }

  // The connection.

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
      const back = this.retries > 0;
      this.retries = 0;
      this.connection.textContent = back ? 'Back at the table' : 'Connected';
      this.connection.className = 'connection ok';
    });
    socket.addEventListener('message', (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.pending = null;
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
        this.live = false;
        this.feedList.replaceChildren();
        this.feedItems = [];
        this.pendingBreakdown = [];
        this.chatTitle.textContent = message.viewer.kind === 'seat' ? 'Chat at the table' : "Spectators' chat";
        this.drawFairness();
        break;
      case 'state':
        this.queue.push(message);
        this.cancelAutoplay();
        this.pump();
        break;
      case 'seats':
        this.seats = message.seats;
        // Names may have changed (a player sat down): the log is written again with them.
        this.renderFeed();
        this.draw();
        break;
      case 'ack':
        break;
      case 'hint':
        if (message.version === this.state?.version) {
          this.hint = message;
          this.draw();
          this.showNotice(`The ${this.botLabel(message.bot)} suggests: ${this.say(message.label ?? message.action)}.`);
        }
        break;
      case 'error':
        // Refused at the door: the socket closes next, and the page says why instead of
        // reconnecting for ever.
        if (!this.welcome && (message.code === 'bad-token' || message.code === 'no-table')) {
          this.refusal = message;
          break;
        }
        console.debug('refused', message.code, message.reason);
        this.pending = null;
        this.pickQueue = [];
        this.showAlert(refusalText(message.code, message.reason ?? '', (t) => this.say(t)));
        this.draw();
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

  botLabel(bot) {
    return ['easy', 'medium', 'hard'].includes(bot) ? `bot (${bot})` : `${bot} bot`;
  }

  // Presenting states, one at a time.

  pace() {
    return Number(settings.get('pace', 450));
  }

  /** Waits `ms`, or less if the person skips ahead. */
  wait(ms) {
    if (ms <= 0 || this.skipping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.skipWait = done;
    });
  }

  /** Shows everything waiting at once: a click on the felt, the '.' key, or one's own move. */
  skip() {
    finishAll();
    if (!this.pumping) return;
    this.skipping = true;
    this.skipWait?.();
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length) {
        const message = this.queue.shift();
        const fast = this.skipping || !this.live || this.queue.length > BACKLOG || document.hidden;
        await this.present(message, fast);
        if (this.queue.length && !fast) await this.wait(timings(this.pace()).gap);
      }
    } finally {
      this.pumping = false;
      this.skipping = false;
    }
    this.afterPresent();
  }

  async present(message, fast) {
    const old = this.state;
    const t = timings(fast ? 0 : this.pace());
    const before = t.flight > 0 ? measure(this.page) : null;
    const actor = old?.scene.to_act ?? null;
    const versionChanged = old?.version !== message.version;
    const oldLast = JSON.stringify(old?.scene.centre.last_trick ?? null);
    const newLast = message.scene.centre.last_trick;
    const trickDone = old && newLast && JSON.stringify(newLast) !== oldLast;
    this.state = message;
    this.page.dataset.version = String(message.version);
    if (this.pending !== null && message.version > this.pending) this.pending = null;
    if (versionChanged) {
      this.selected.clear();
      this.hint = null;
    }
    this.addFeed(message.feed);
    this.startClock(message.clock);
    if (trickDone && t.hold > 0) {
      // The last card lands in the trick, which stays to be read, then goes to its winner.
      this.trickOverride = newLast;
      this.draw();
      await this.flights(before, actor, t.flight);
      await this.wait(t.hold);
      const winner = newLast.winner;
      const target = winner === this.me() ? this.hand.getBoundingClientRect() : this.felt.querySelector(`.seat[data-seat="${winner}"]`)?.getBoundingClientRect();
      if (!this.skipping) await Promise.all([...this.felt.querySelectorAll('.trick .card')].map((c) => gather(c, target, t.gather)));
      this.trickOverride = null;
      this.draw();
    } else {
      this.trickOverride = null;
      this.draw();
      await this.flights(before, actor, t.flight);
    }
    if (!this.live) {
      this.live = true;
      const earlier = this.feedList.childElementCount;
      if (earlier) this.announce(`${plural(earlier, 'earlier events')} are in the log.`);
    }
  }

  /** Flies every card that appeared since `before` from where it came from. */
  flights(before, actor, duration) {
    if (!before || duration <= 0) return Promise.resolve();
    const gone = [...before.keys()].filter((k) => k.startsWith('hand:') && !this.handRows.querySelector(`[data-key="${CSS.escape(k)}"]`));
    const moves = [];
    for (const node of this.page.querySelectorAll('.felt [data-key], .hand [data-key]')) {
      const key = node.dataset.key;
      if (before.has(key)) continue;
      const code = node.dataset.card;
      let from = null;
      const mine = gone.find((k) => k.startsWith(`hand:${code}#`));
      if (mine) {
        from = before.get(mine);
        gone.splice(gone.indexOf(mine), 1);
      } else if (key.startsWith('hand:')) {
        from = this.felt.querySelector('.pile')?.getBoundingClientRect() ?? null;
      } else {
        const seat = key.startsWith('trick:') ? Number(key.split(':')[1]) : actor;
        from = seat === null ? null : before.get(`seat:${seat}`) ?? (seat === this.me() ? this.hand.getBoundingClientRect() : null);
      }
      if (from) moves.push(fly(node, from, duration));
    }
    return Promise.all(moves);
  }

  /** After the last state is drawn: send picks still queued, play a forced move, or take focus. */
  afterPresent() {
    const state = this.state;
    if (!state || this.pending !== null) return;
    const mine = state.actions.length > 0;
    this.drawTitle();
    if (!mine) return;
    if (this.pickQueue.length) {
      const next = this.pickQueue[0];
      const action = state.actions.find((a) => a.kind === next.kind && a.cards.length === 1 && a.cards[0] === next.card);
      if (action) {
        this.pickQueue.shift();
        this.act(action.notation, { keepPicks: true });
        return;
      }
      this.pickQueue = [];
      this.showAlert('Your picks could not all be sent: choose again.');
    }
    if (this.turnStarted !== state.version) {
      this.turnStarted = state.version;
      this.announce(`Your turn: ${this.say(state.scene.prompt)}`);
      if (settings.get('sounds', false)) this.beep();
      const focus = document.activeElement;
      if (!focus || focus === document.body || this.dock.contains(focus)) this.focusTurn();
    }
    if (state.actions.length === 1 && settings.get('autoplay', true) && !document.querySelector('dialog[open]')) this.scheduleAutoplay(state);
  }

  /** A decision with one legal action is taken after a short visible pause, unless stopped. */
  scheduleAutoplay(state) {
    const action = state.actions[0];
    const pause = timings(this.pace()).forced;
    this.autoplay = { version: state.version };
    const stop = el('button', { type: 'button', class: 'stop-auto', 'data-key': 'stop-auto', onclick: () => this.cancelAutoplay(true) }, 'Stop');
    const bar = el('span', { class: 'auto-bar', style: `--pause:${pause}ms` });
    this.choiceBar.prepend(el('p', { class: 'auto-note', id: 'auto-note' }, `Your only choice: ${this.say(action.label)}. Playing it by itself… `, bar, ' ', stop));
    this.autoplay.timer = setTimeout(() => {
      if (this.state?.version !== state.version || this.pending !== null) return;
      this.autoplay = null;
      this.addNote(`Played automatically: ${this.say(action.label)} (your only choice).`);
      this.act(action.notation);
    }, pause);
  }

  cancelAutoplay(byPerson = false) {
    if (!this.autoplay) return false;
    clearTimeout(this.autoplay.timer);
    this.autoplay = null;
    document.getElementById('auto-note')?.remove();
    if (byPerson) this.showNotice('Stopped: make your move when you are ready.');
    return true;
  }

  beep() {
    try {
      const audio = (this.audio ??= new AudioContext());
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.05;
      tone.frequency.value = 660;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.08);
    } catch {
      // No sound here: the turn is shown anyway.
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

  // Messages to the person.

  showNotice(text) {
    this.notice.replaceChildren(el('p', { class: 'info' }, ...richText(text)));
  }

  showAlert(text) {
    this.alert.replaceChildren(el('p', { class: 'error' }, ...richText(text)));
    clearTimeout(this.alertTimer);
    this.alertTimer = setTimeout(() => this.alert.replaceChildren(), 8000);
  }

  announce(text) {
    this.announcer.append(el('p', {}, text));
    while (this.announcer.childElementCount > 20) this.announcer.firstChild.remove();
  }

  /** A line of the page's own in the log (not from the server): automatic moves. */
  addNote(text) {
    const item = { event: { kind: 'auto', text } };
    this.feedItems.push(item);
    this.feedList.append(this.feedLine(item));
    this.feedList.scrollTop = this.feedList.scrollHeight;
    this.announce(text);
  }

  feedLine(item) {
    const event = item.event;
    if (event.kind === 'auto') return el('li', { class: 'feed-item kind-auto' }, ...richText(event.text));
    const text = this.say(event.text, event.seat);
    return el('li', { class: `feed-item kind-${event.kind}${event.breakdown ? ' breakdown' : ''}`, 'data-index': item.index, 'data-seat': event.seat ?? undefined }, ...richText(text));
  }

  renderFeed() {
    this.feedList.replaceChildren(...this.feedItems.map((item) => this.feedLine(item)));
    this.feedList.scrollTop = this.feedList.scrollHeight;
  }

  addFeed(items) {
    for (const item of items) {
      const event = item.event;
      const text = this.say(event.text, event.seat);
      this.feedItems.push(item);
      this.feedList.append(this.feedLine(item));
      if (this.live) this.announce(text);
      if (event.kind === 'deal-start') this.pendingBreakdown = [];
      if (event.breakdown) this.pendingBreakdown.push(text);
      if (event.kind === 'deal-end') {
        // A deal thrown in has no breakdown: it is said in the log, and play moves on.
        if (this.live && this.pendingBreakdown.length) this.showBreakdown(text, this.pendingBreakdown);
        this.pendingBreakdown = [];
      }
    }
    this.feedList.scrollTop = this.feedList.scrollHeight;
  }

  /** The end of a deal: why the scores moved, and the sheet with this deal's row marked. */
  showBreakdown(heading, lines) {
    document.querySelector('dialog.breakdown')?.remove();
    const scores = this.state?.scene.scores;
    const returnTo = document.activeElement;
    const close = el('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Continue');
    const dialog = el('dialog', { class: 'breakdown', 'aria-labelledby': 'breakdown-title' },
      el('h2', { id: 'breakdown-title' }, ...richText(heading)),
      el('ul', {}, lines.filter((line) => line !== heading).map((line) => el('li', {}, ...richText(line)))),
      scores ? scoreSheet(scores, { me: this.me(), name: this.seatName, players: this.players(), highlight: true, target: scores.target ? this.say(scores.target) : '' }) : null,
      el('p', { class: 'buttons' }, close));
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (this.state?.result) document.getElementById('result-title')?.focus();
      else if (returnTo?.isConnected && returnTo !== document.body) returnTo.focus();
      else this.focusTurn();
      this.afterPresent();
    });
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }

  showHelp() {
    document.querySelector('dialog.help')?.remove();
    const rows = [
      ['← →', 'Move between the cards you can use'], ['Shift + ← →', 'Move through every card'], ['Home, End', 'First or last usable card'],
      ['Enter, Space', 'Play the card (or pick it, when a move takes several)'], ['Shift + Enter', 'Confirm: press the main choice'],
      ['Escape', 'Stop a forced move, clear your picks, or close a panel'], ['H', 'Ask the bot for a hint'], ['L', 'The log'], ['S', 'The score sheet'],
      ['R', 'The rules'], ['.', 'Skip the animation: show the latest at once'], ['T', 'Read the trick aloud'], ['W', 'Read whose turn it is'], ['?', 'This list'],
    ];
    const close = el('button', { type: 'button', class: 'primary', onclick: () => dialog.close() }, 'Close');
    const dialog = el('dialog', { class: 'help', 'aria-labelledby': 'help-title' },
      el('h2', { id: 'help-title' }, 'Keyboard shortcuts'),
      el('table', { class: 'shortcuts' }, el('tbody', {}, rows.map(([k, what]) => el('tr', {}, el('th', { scope: 'row' }, el('kbd', {}, k)), el('td', {}, what))))),
      el('p', {}, 'Single-key shortcuts can be turned off in the settings. Click the table to skip an animation.'),
      el('p', { class: 'buttons' }, close));
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    close.focus();
  }

  // Acting.

  act(notation, { keepPicks = false, cards = null } = {}) {
    if (!this.state || this.pending !== null) return;
    this.cancelAutoplay();
    if (!keepPicks) this.pickQueue = [];
    // An action whose cards stand for any suits of their ranks is sent with the cards picked,
    // when they are not the ones it lists: the server plays those.
    const action = this.state.actions.find((a) => a.notation === notation);
    const picked = cards ?? this.pickedCards();
    const message = { type: 'act', action: notation, version: this.state.version };
    if (action?.any_suit && picked.length && !sameMultiset(multiset(picked), multiset(action.cards))) message.cards = picked;
    this.selected.clear();
    this.alert.replaceChildren();
    if (this.send(message)) {
      this.pending = this.state.version;
      this.skip();
      const focus = document.activeElement;
      this.refocus = focus && this.hand.contains(focus) ? { index: [...this.handRows.querySelectorAll('button.card')].indexOf(focus) } : null;
      this.draw();
    }
  }

  askHint() {
    if (!this.state?.actions.length) {
      this.showNotice('A hint is for your turn.');
      return;
    }
    const level = this.hintLevel.value;
    if (this.send({ type: 'hint', level })) this.showNotice(`Asking the ${this.botLabel(level)}…`);
  }

  myHand(scene) {
    const me = this.me();
    const seat = scene.seats.find((s) => s.seat === me);
    const cards = seat?.hand.kind === 'shown' ? [...seat.hand.cards] : [];
    this.meldOf = cards.map(() => null);
    const sort = settings.get('sort', 'melds');
    if (sort === 'rank') {
      return cards.sort((a, b) => RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]) || a.localeCompare(b));
    }
    const melds = seat?.hand_melds ?? [];
    if (sort !== 'melds' || !melds.length) return cards;
    // Where the game keeps melds in the hand: each meld of the best arrangement together, first.
    const left = [...cards];
    const ordered = [];
    const meldOf = [];
    melds.forEach((meld, m) => {
      for (const card of meld) {
        const at = left.indexOf(card);
        if (at < 0) continue;
        left.splice(at, 1);
        ordered.push(card);
        meldOf.push(m);
      }
    });
    this.meldOf = [...meldOf, ...left.map(() => null)];
    return [...ordered, ...left];
  }

  pickedCards() {
    return [...this.selected].map((k) => k.split('#')[0]);
  }

  /** Whether this turn plays a card with one click: every card action uses one card, no card two. */
  oneClick() {
    const withCards = this.state.actions.filter((a) => a.cards.length);
    if (this.state.scene.pick || !withCards.length) return false;
    const units = withCards.map((a) => a.cards.map((c) => unit(a, c)));
    return units.every((c) => c.length === 1) && new Set(units.map((c) => c[0])).size === units.length;
  }

  /** The actions that use every picked card (as a multiset); exact matches first. */
  matches() {
    const picked = this.pickedCards();
    const exact = [];
    const wider = [];
    for (const action of this.state.actions) {
      if (!action.cards.length) continue;
      const uses = usesOf(action);
      const chosen = usesOf(action, picked);
      if (!contains(uses, chosen)) continue;
      (sameMultiset(uses, chosen) ? exact : wider).push(action);
    }
    return { exact, wider };
  }

  /** Whether the card `key` can be used now, given what is picked. */
  usable(code, key) {
    const actions = this.state.actions;
    const pick = this.state.scene.pick;
    if (pick) return actions.some((a) => a.kind === pick.kind && a.cards.includes(code));
    if (this.selected.has(key)) return true;
    const cards = [...this.pickedCards(), code];
    return actions.some((a) => a.cards.length && contains(usesOf(a), usesOf(a, cards)));
  }

  clickCard(key, code) {
    if (!this.state || this.pending !== null) return;
    if (!this.state.actions.length) {
      this.showNotice(this.state.status === 'playing' ? "It's not your turn yet." : 'There is nothing to play now.');
      return;
    }
    if (!this.usable(code, key)) {
      this.showNotice(this.selected.size ? `The ${cardName(code)} makes no move with the cards you picked.` : `The ${cardName(code)} can't be played now.`);
      return;
    }
    this.notice.replaceChildren();
    const pick = this.state.scene.pick;
    if (!pick && this.oneClick()) {
      const action = this.state.actions.find((a) => a.cards.length === 1 && unit(a, a.cards[0]) === unit(a, code));
      if (!settings.get('confirmPlays', false) || this.selected.has(key)) {
        this.act(action.notation, { cards: [code] });
        return;
      }
      this.selected.clear();
      this.selected.add(key);
      this.draw();
      return;
    }
    if (this.selected.has(key)) this.selected.delete(key);
    else if (pick && this.selected.size >= pick.count) {
      this.showNotice(`You have picked ${plural(pick.count, 'cards')}: unpick one first, or confirm.`);
      return;
    } else this.selected.add(key);
    this.draw();
  }

  /** Sends a picked set: the first now, the others as the table asks for them. */
  confirmPicks() {
    const pick = this.state.scene.pick;
    const cards = this.pickedCards();
    if (!pick || cards.length !== pick.count) return;
    const first = this.state.actions.find((a) => a.kind === pick.kind && a.cards[0] === cards[0]);
    if (!first) return;
    this.pickQueue = cards.slice(1).map((card) => ({ kind: pick.kind, card }));
    this.act(first.notation, { keepPicks: true });
  }

  // Drawing.

  draw() {
    if (!this.state || !this.welcome) return;
    const focusKey = document.activeElement?.dataset?.key;
    const focusInHand = this.hand.contains(document.activeElement);
    const { scene, status } = this.state;
    const me = this.me();
    this.title.replaceChildren(...richText(this.say(scene.title)));
    this.who.textContent = me === null ? 'You are watching.' : `You are ${this.seatName(me)}.${this.welcome.practice ? ' Practice table: you against bots.' : ''}`;
    this.drawTurnLine();
    this.drawWaiting(status);
    drawFelt(this.felt, scene, {
      me,
      seats: this.seats,
      say: (t, s) => this.say(t, s),
      trickOverride: this.trickOverride,
      lastTrickOpen: this.lastTrickOpen,
      onLastTrick: () => {
        this.lastTrickOpen = !this.lastTrickOpen;
        this.draw();
        this.felt.querySelector('.last-trick-button')?.focus();
      },
    });
    this.drawPill();
    this.prompt.replaceChildren(...richText(this.promptText()));
    this.drawHand();
    this.drawChoices();
    this.drawSide();
    this.drawResult();
    this.dock.setAttribute('aria-busy', String(this.pending !== null));
    // Focus is never lost to the page: by key, else by place in the hand.
    if (focusKey) {
      const again = this.page.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
      else if (focusInHand || this.refocus) this.focusHand();
    } else if (this.refocus) this.focusHand();
  }

  focusHand() {
    const cards = [...this.handRows.querySelectorAll('button.card')];
    const at = this.refocus?.index ?? 0;
    this.refocus = null;
    const card = cards[Math.min(at, cards.length - 1)];
    if (card) {
      this.rove(card);
      card.focus();
    } else {
      (this.choiceBar.querySelector('button.primary') ?? this.hand).focus();
    }
  }

  /** At the start of one's turn: the first usable card, or the main choice. */
  focusTurn() {
    const card = nextCard([...this.handRows.querySelectorAll('button.card')], null, 'first');
    if (card && card.getAttribute('aria-disabled') !== 'true') {
      this.rove(card);
      card.focus();
      return;
    }
    const primary = this.choiceBar.querySelector('button.primary, button.action');
    if (primary) primary.focus();
  }

  drawTitle() {
    const mine = Boolean(this.state?.actions.length);
    const base = `${this.welcome?.name ?? 'Table'} · cardroom`;
    document.title = mine && document.hidden ? `• Your turn · ${base}` : base;
  }

  drawTurnLine() {
    const { scene, status } = this.state;
    let text = '';
    if (status === 'waiting') text = 'Waiting for players';
    else if (status === 'finished') text = 'The match is over';
    else if (scene.to_act === this.me() && this.state.actions.length) text = 'Your turn';
    else if (scene.to_act !== null && scene.to_act !== undefined) text = `${this.seatName(scene.to_act)} is playing`;
    this.turnLine.textContent = text;
  }

  drawPill() {
    const me = this.me();
    if (me === null) {
      this.pill.replaceChildren(el('span', { class: 'pill-name' }, 'Watching'));
      return;
    }
    const seat = this.state.scene.seats.find((s) => s.seat === me);
    const scores = this.state.scene.scores;
    this.pill.replaceChildren(...[
      el('span', { class: 'pill-name' }, `You (${this.seatName(me)})`),
      el('span', { class: 'pill-total' }, plural(scores.totals[me] ?? 0, scores.unit)),
      seat?.marks.map((m) => el('span', { class: 'mark' }, this.say(m))),
      seat?.tricks !== null && seat?.tricks !== undefined ? el('span', {}, plural(seat.tricks, 'tricks')) : null,
      seat?.bid ? el('span', {}, 'Bid ', ...richText(this.say(seat.bid))) : null,
      seat?.status ? el('span', {}, ...richText(this.say(seat.status))) : null].flat().filter(Boolean));
    this.pill.classList.toggle('to-act', Boolean(seat?.to_act));
  }

  promptText() {
    const { scene, status, actions } = this.state;
    if (status === 'waiting') return 'Waiting for every seat to be taken.';
    if (status === 'finished') return 'The match is over.';
    if (this.pending !== null) return this.pickQueue.length ? 'Sending your picks…' : 'Sending your move…';
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
          const label = `Invite link for seat ${i.seat + 1}`;
          return el('li', {}, `${label}: `, el('input', { type: 'text', readonly: true, value: url, 'aria-label': label, class: 'invite-link' }), ' ', copyButton(url, 'Copy link'), ' ', navigator.share ? shareButton(url) : '');
        }))
        : el('p', {}, 'Friends can also join from the lobby.'));
  }

  drawResult() {
    const result = this.state.result;
    if (!result) {
      this.result.hidden = true;
      return;
    }
    const first = this.result.hidden;
    this.result.hidden = false;
    if (!this.fairnessRevealed && this.state.status === 'finished') {
      this.fairnessRevealed = true;
      this.drawFairness();
    }
    const winners = result.winners.map((s) => (s === this.me() ? 'you' : this.seatName(s)));
    const again = this.token ? el('button', { type: 'button', class: 'primary', onclick: () => this.rematch() }, 'Play again (rematch)') : null;
    const existing = this.result.querySelector('p.rematch-ready');
    const heading = el('h2', { tabindex: '-1', id: 'result-title' }, 'The match is over');
    const scores = { ...this.state.scene.scores, totals: result.totals };
    this.result.replaceChildren(
      heading,
      el('p', {}, `Won by ${winners.join(' and ')}.`),
      standings(scores, result.winners, { me: this.me(), name: this.seatName, players: this.players() }),
      el('p', { class: 'buttons' }, again, ' ', el('a', { href: `/replay/${this.id}`, class: 'button-link' }, 'Replay this match'), ' ', el('a', { href: '/', class: 'button-link' }, 'Back to the lobby')),
      existing ?? '');
    if (first && !document.querySelector('dialog[open]')) heading.focus();
  }

  drawSide() {
    if (!this.state) return;
    const { scene } = this.state;
    const scores = scene.scores;
    if (this.tab === 'scores' || !this.panels.scores.hidden) {
      this.sheet.replaceChildren(
        scoreSheet(scores, { me: this.me(), name: this.seatName, players: this.players(), target: scores.target ? this.say(scores.target) : '' }),
        scores.deal ? el('p', { class: 'meta' }, `${this.say(scores.deal.label)} this deal: `,
          scores.deal.values.map((v, s) => `${s === this.me() ? 'you' : this.seatName(s)} ${v}`).join(', ')) : null);
    }
    if (!this.panels.players.hidden) this.playersPanel.replaceChildren(playersList(scene, { me: this.me(), seats: this.seats, say: (t, s) => this.say(t, s) }));
  }

  hintCards() {
    if (!this.hint) return [];
    return this.state.actions.find((a) => a.notation === this.hint.action)?.cards ?? [];
  }

  /** Makes `card` the hand's one Tab stop (a roving tabindex). */
  rove(card) {
    for (const c of this.handRows.querySelectorAll('button.card')) c.tabIndex = c === card ? 0 : -1;
  }

  drawHand() {
    const me = this.me();
    this.hand.hidden = me === null;
    if (me === null) return;
    const hand = this.myHand(this.state.scene);
    const keys = handKeys(hand);
    const mine = this.state.actions.length > 0 && this.pending === null;
    const hinted = multiset(this.hintCards());
    const focused = document.activeElement?.dataset?.key;
    let stop = null;
    const faces = hand.map((code, i) => {
      const key = keys[i];
      const hint = (hinted.get(code) ?? 0) > 0;
      if (hint) hinted.set(code, hinted.get(code) - 1);
      const usable = mine && this.usable(code, key);
      // Never `disabled` (a disabled button drops focus to the page): `aria-disabled`, and a
      // click on it is answered in words.
      const face = cardFace(code, {
        key: `hand:${key}`,
        raised: usable,
        pressed: this.selected.has(key),
        hinted: hint,
        disabled: !usable,
        onclick: () => this.clickCard(key, code),
      });
      const meld = this.meldOf?.[i];
      if (meld !== null && meld !== undefined) {
        face.classList.add('in-meld', `meld-${meld % 2}`);
        face.setAttribute('aria-description', `in meld ${meld + 1}`);
      }
      if (`hand:${key}` === focused) stop = face;
      return face;
    });
    stop ??= faces.find((f) => f.getAttribute('aria-disabled') !== 'true') ?? faces[0];
    for (const f of faces) f.tabIndex = f === stop ? 0 : -1;
    const usableCount = faces.filter((f) => f.getAttribute('aria-disabled') !== 'true').length;
    this.handHelp.textContent = mine
      ? `${usableCount} of ${plural(hand.length, 'cards')} usable. ${this.oneClick() ? 'Enter plays a card.' : 'Enter or Space picks a card; Shift and Enter confirms.'}`
      : plural(hand.length, 'cards');
    if (!faces.length) {
      this.handRows.replaceChildren(el('p', { class: 'meta' }, 'No cards in your hand.'));
      return;
    }
    arrangeHand(this.handRows, faces);
  }

  actionButton(action, { primary = false } = {}) {
    const help = this.welcome.kinds?.find((k) => k.name === action.kind)?.help;
    const hinted = this.hint?.action === action.notation;
    const busy = this.pending !== null;
    return el('button', {
      type: 'button',
      class: `action${hinted ? ' hinted' : ''}${primary ? ' primary' : ''}`,
      'data-key': `action:${action.notation}`,
      'data-notation': action.notation,
      'aria-disabled': busy ? 'true' : undefined,
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

  /** The pick-then-confirm part: the main button says what confirming does, or what is missing. */
  pickingParts() {
    const pick = this.state.scene.pick;
    const cards = this.pickedCards();
    const parts = [];
    if (pick) {
      const missing = pick.count - cards.length;
      const shown = cards.map(cardShort).join(' ');
      const label = missing === 0
        ? this.say(pick.label.replace('{cards}', shown))
        : `Pick ${plural(missing, 'cards').replace(/^1 card/, '1 more card').replace(/^(\d+) cards/, '$1 more cards')} to ${pick.kind}`;
      parts.push(el('button', {
        type: 'button',
        class: 'primary confirm',
        'data-key': 'confirm',
        'aria-disabled': missing === 0 && this.pending === null ? undefined : 'true',
        onclick: () => (missing === 0 ? this.confirmPicks() : this.showNotice(`${label}.`)),
      }, label));
    } else if (this.selected.size) {
      const { exact, wider } = this.matches();
      const shown = [...exact, ...wider].slice(0, MAX_MATCHES);
      const more = exact.length + wider.length - shown.length;
      if (!shown.length) parts.push(el('button', { type: 'button', class: 'primary', 'aria-disabled': 'true', 'data-key': 'no-match' }, 'These cards make no move together'));
      parts.push(el('div', { class: 'selection', role: 'group', 'aria-label': `With the ${plural(this.selected.size, 'cards')} you picked` },
        shown.map((a, i) => this.actionButton(a, { primary: exact.length === 1 && i === 0 })),
        more > 0 ? el('span', { class: 'meta' }, `and ${more} more: pick more cards to narrow the list.`) : null));
    }
    if (this.selected.size) {
      parts.push(el('button', { type: 'button', class: 'clear', 'data-key': 'clear-selection', onclick: () => { this.selected.clear(); this.draw(); } }, 'Clear'));
    }
    return parts;
  }

  drawChoices() {
    const actions = this.state.actions;
    this.choices.hidden = this.me() === null && !actions.length;
    if (!actions.length) {
      this.choiceBar.replaceChildren();
      return;
    }
    const parts = [];
    const teach = this.teaching(actions);
    if (teach.length) {
      // Open on a wide screen; on a phone one line that opens, so the hand keeps its room.
      parts.push(el('details', { class: 'teach', id: 'teach', role: 'note', open: !this.phone() },
        el('summary', {}, el('strong', {}, 'New here? '), 'What these moves do (H asks for a hint)'),
        ...teach.map((t) => el('span', {}, `${t} `))));
    }
    parts.push(...this.pickingParts());
    // Actions that use no card of the hand: bids, passes, draws, bets.
    const groups = new Map();
    for (const action of actions) {
      if (action.cards.length) continue;
      if (!groups.has(action.group)) groups.set(action.group, []);
      groups.get(action.group).push(action);
    }
    const limit = this.phone() ? MAX_BUTTONS_PHONE : MAX_BUTTONS;
    for (const [group, list] of groups) {
      if (list.length > limit) {
        const select = el('select', { id: `choose-${group}`, 'data-key': `select:${group}`, 'aria-label': `Choose: ${group}` },
          list.map((a) => el('option', { value: a.notation }, this.say(a.label))));
        parts.push(el('div', { class: 'group', 'data-group': group }, select, ' ',
          el('button', { type: 'button', class: 'primary', 'data-key': `go:${group}`, onclick: () => this.act(select.value) }, 'Go')));
      } else {
        parts.push(el('div', { class: 'group', 'data-group': group, role: 'group', 'aria-label': group }, list.map((a) => this.actionButton(a, { primary: list.length === 1 && actions.length === 1 }))));
      }
    }
    if (!this.selected.size && actions.some((a) => a.cards.length)) {
      parts.push(el('p', { class: 'meta how' }, this.state.scene.pick
        ? `Pick ${plural(this.state.scene.pick.count, 'cards')}, then confirm.`
        : this.oneClick() ? (settings.get('confirmPlays', false) ? 'Tap a raised card, then tap it again to use it.' : 'Click a raised card to use it.') : 'Pick cards, then choose what to do with them.'));
    }
    parts.push(el('span', { class: 'more-choices' },
      el('button', { type: 'button', id: 'hint', 'data-key': 'hint', onclick: () => this.askHint() }, 'Hint'),
      el('button', { type: 'button', 'data-key': 'all-choices', onclick: () => this.showAllChoices() }, actions.length === 1 ? 'All choices (1)' : `All ${actions.length} choices`)));
    this.choiceBar.replaceChildren(...parts);
    if (this.autoplay && this.autoplay.version === this.state.version) {
      // Redrawn while a forced move waits: keep saying so.
      const pause = timings(this.pace()).forced;
      this.choiceBar.prepend(el('p', { class: 'auto-note', id: 'auto-note' }, `Your only choice: ${this.say(actions[0].label)}. Playing it by itself… `,
        el('span', { class: 'auto-bar', style: `--pause:${pause}ms` }), ' ', el('button', { type: 'button', class: 'stop-auto', 'data-key': 'stop-auto', onclick: () => this.cancelAutoplay(true) }, 'Stop')));
    }
  }

  /** Every choice, labelled, in a dialog: for the keyboard, text mode and screen readers. */
  showAllChoices() {
    document.querySelector('dialog.all-choices')?.remove();
    const close = el('button', { type: 'button', onclick: () => dialog.close() }, 'Close');
    const dialog = el('dialog', { class: 'all-choices', 'aria-labelledby': 'all-choices-title' },
      el('h2', { id: 'all-choices-title' }, 'All your choices'),
      el('div', { class: 'buttons' }, this.state.actions.slice(0, 400).map((a) => {
        const b = this.actionButton(a);
        b.addEventListener('click', () => dialog.close());
        return b;
      })),
      el('p', { class: 'buttons' }, close));
    dialog.addEventListener('close', () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector('button.action')?.focus();
  }

  // Keys.

  onKey(event) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const inHand = target.closest?.('.hand');
    if (inHand && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      const cards = [...this.handRows.querySelectorAll('button.card')];
      const direction = { ArrowLeft: -1, ArrowRight: 1, Home: 'first', End: 'last' }[event.key];
      const next = nextCard(cards, target, direction, { everyCard: event.shiftKey });
      if (next) {
        this.rove(next);
        next.focus();
      }
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && event.shiftKey) {
      const primary = this.choiceBar.querySelector('button.primary:not([aria-disabled="true"])');
      if (primary) {
        primary.click();
        event.preventDefault();
      }
      return;
    }
    if (event.key === 'Escape') {
      if (this.cancelAutoplay(true)) return;
      if (this.selected.size) {
        this.selected.clear();
        this.draw();
      } else if (!this.drawer.hidden) this.toggleRules();
      else if (!this.settingsPanel.hidden) this.toggleSettings();
      else if (this.page.classList.contains('sheet-open')) this.closeSide();
      return;
    }
    if (!settings.get('shortcuts', true) || event.shiftKey && event.key !== '?') return;
    switch (event.key) {
      case '?': this.showHelp(); break;
      case 'r': this.toggleRules(); break;
      case 'h': this.askHint(); break;
      case 'l': this.openTab('log', true); break;
      case 's': this.openTab('scores', true); break;
      case '.': this.skip(); break;
      case 't': this.announce(this.trickWords()); break;
      case 'w': this.announce(`${this.turnLine.textContent}. ${this.promptText()}`); break;
      default: return;
    }
    event.preventDefault();
  }

  trickWords() {
    const trick = this.state?.scene.centre.trick;
    if (!trick?.plays.length) return 'No card in the trick.';
    return trick.plays.map(([s, c]) => `${s === this.me() ? 'You' : this.seatName(s)}: ${cardName(c)}`).join('; ');
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

  // Chat.

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

  // Refusals, fairness, rematches.

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
            check = hex === w.seed_commitment ? 'This browser checked: they open the commitment. \u2714\uFE0E' : 'They do NOT open the commitment published at the start.';
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
    this.result.append(el('p', { class: 'rematch-ready' }, 'A rematch table is ready. ', el('a', { href: `/play/${table}`, onclick: () => this.keepSeatFor(table) }, 'Go to the rematch')));
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
      this.showAlert(`No rematch: ${e.message}`);
    }
  }
}
