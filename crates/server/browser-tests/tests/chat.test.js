// The table chat: people at a table talk in their browsers; a third mutes one of them; a
// spectator's chat stays with the spectators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, tableAndBrowser, watchedPage } from './harness.js';

const env = tableAndBrowser();

test('two people chat, a third mutes one, spectators talk apart', async () => {
  const table = await api(env.server, 'POST', '/api/tables', { game: 'hearts', seats: ['you', 'invite', 'invite', 'easy'] });
  const contexts = [];
  const pages = [];
  for (const seat of [0, 1, 2]) {
    const context = await env.browser.newContext();
    contexts.push(context);
    const page = await watchedPage(context);
    await page.addInitScript((name) => localStorage.setItem('cardroom.name', JSON.stringify(name)), ['Ana', 'Ben', 'Cy'][seat]);
    await page.goto(env.server.url + table.seats[seat].invite);
    await page.locator('#chat-title', { hasText: 'Chat at the table' }).waitFor();
    pages.push(page);
  }
  const say = async (page, text) => {
    await page.fill('#chat-input', text);
    await page.locator('.chat-form button').click();
  };
  await say(pages[0], 'Hello <b>all</b>');
  await say(pages[1], 'Hi Ana');
  for (const page of pages) {
    await page.locator('#chat-list .chat-item', { hasText: 'Hi Ana' }).waitFor();
    // Shown as text, never as markup.
    assert.equal(await page.locator('#chat-list b').count(), 0);
    await page.locator('#chat-list .chat-text', { hasText: 'Hello <b>all</b>' }).waitFor();
  }
  // Cy mutes Ana: Ana's words are hidden for Cy only, and stay hidden after a reload.
  await pages[2].locator('#chat-list .chat-item[data-author="seat:0"] button', { hasText: 'Mute Ana' }).click();
  await say(pages[0], 'Can you hear me?');
  await pages[1].locator('#chat-list .chat-text', { hasText: 'Can you hear me?' }).waitFor();
  await pages[2].locator('#chat-list .chat-item[data-author="seat:0"] button', { hasText: 'Unmute Ana' }).first().waitFor();
  assert.equal(await pages[2].locator('#chat-list .chat-text:visible', { hasText: 'Can you hear me?' }).count(), 0);
  await pages[2].reload();
  await pages[2].locator('#chat-list .chat-item', { hasText: 'Hi Ana' }).waitFor();
  assert.equal(await pages[2].locator('#chat-list .chat-text:visible', { hasText: 'Hello' }).count(), 0);
  // A spectator sees none of it, and talks with spectators only.
  const watcherContext = await env.browser.newContext();
  const watcher = await watchedPage(watcherContext);
  await watcher.goto(`${env.server.url}/play/${table.id}?watch`);
  await watcher.locator('#chat-title', { hasText: "Spectators' chat" }).waitFor();
  await say(watcher, 'Go Ben!');
  await watcher.locator('#chat-list .chat-text', { hasText: 'Go Ben!' }).waitFor();
  assert.equal(await watcher.locator('#chat-list .chat-item', { hasText: 'Hi Ana' }).count(), 0);
  await say(pages[1], 'Ready?');
  await pages[0].locator('#chat-list .chat-text', { hasText: 'Ready?' }).waitFor();
  assert.equal(await pages[0].locator('#chat-list .chat-item', { hasText: 'Go Ben!' }).count(), 0);
  for (const page of [...pages, watcher]) assert.deepEqual(page.problems, []);
  for (const c of [...contexts, watcherContext]) await c.close();
});
