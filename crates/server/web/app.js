// The page router: every path gets the same shell, and this picks what to draw.
import { applyDisplaySettings, el } from './common.js';
import { showLobby } from './lobby.js';
import { showTable } from './table.js';
import { showReplay } from './replay.js';
import { showRules } from './rules.js';

function route() {
  applyDisplaySettings();
  const main = document.getElementById('app');
  const path = location.pathname;
  let match;
  if (path === '/' || path === '') return showLobby(main);
  if ((match = path.match(/^\/play\/([0-9a-f]{20})\/?$/))) return showTable(main, match[1]);
  if ((match = path.match(/^\/replay\/([0-9a-f]{20})\/?$/))) return showReplay(main, match[1]);
  if ((match = path.match(/^\/rules\/([a-z0-9-]+)\/?$/))) return showRules(main, match[1]);
  main.replaceChildren(el('h1', {}, 'Not found'), el('p', {}, 'There is no page here. ', el('a', { href: '/' }, 'Back to the lobby.')));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', route);
else route();
