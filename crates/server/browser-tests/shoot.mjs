// Dev helper: screenshots of a game's table at given sizes (not part of the test suite).
import { startServer, launch, api, watchedPage, nextTurn, offered, perform } from './tests/harness.js';
const [game = 'hearts', players, moves = '3'] = process.argv.slice(2);
const server = await startServer();
const browser = await launch();
try {
  const games = await api(server, 'GET', '/api/games');
  const g = games.find((x) => x.id === game);
  const n = Number(players ?? g.default_players);
  const seats = Array.from({ length: n }, (_, s) => (s === 0 ? 'human' : 'medium'));
  const table = await api(server, 'POST', '/api/tables', { game, seats, players: n, seed: 5 });
  for (const [w, h] of [[1280, 720], [375, 667]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await watchedPage(context);
    await page.addInitScript(() => localStorage.setItem('cardroom.autoplay', 'false'));
    await page.goto(server.url + table.seats[0].invite);
    if (w === 1280) for (let i = 0; i < Number(moves); i++) {
      if ((await nextTurn(page)) === 'over') break;
      const { actions } = await offered(page);
      const keep = actions.filter((a) => a.kind !== 'retire');
      await perform(page, keep.find((a) => a.cards.length) ?? keep[0]);
    }
    await nextTurn(page);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/${game}-${w}.png` });
    console.log(w, JSON.stringify(page.problems));
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
