// The page's sentence renderer against the cases in docs/render-cases.json, which the engine's
// renderer is checked against too (crates/cli/tests/render_cases.rs). A plain unit test: no
// server, no browser.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { renderText } from '../../web/common.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = JSON.parse(readFileSync(path.resolve(here, '../../../../docs/render-cases.json'), 'utf8'));

function rendered(c) {
  const names = c.names ?? file.names;
  return renderText(c.sentence, c.subject, c.reader, (seat) => names[seat] ?? `seat ${seat}`);
}

test('the page renders every shared case', () => {
  assert.ok(file.cases.length >= 10, 'the file holds the cases');
  for (const c of file.cases) {
    assert.equal(rendered(c), c.expected, JSON.stringify(c));
  }
});

test('the known differences from the engine are still what the file says', () => {
  for (const c of file.differences) {
    const now = rendered(c);
    assert.equal(now, c.js, `the page renders this differently now: if it agrees with the engine, move it to the cases: ${JSON.stringify(c)}`);
    assert.notEqual(now, c.rust, JSON.stringify(c));
  }
});
