// The stylesheets parse as their authors meant: every rule's braces balance.
// A lost brace (a merge can drop one) makes the browser read every later rule
// as nested in the open block, silently: the rules then apply only inside that
// block (a media query) or not at all.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { ROOT } from './lib.mjs';

const SHEETS = ['web/style.css', ...fs.readdirSync(path.join(ROOT, 'web/app')).filter((f) => f.endsWith('.css')).map((f) => `web/app/${f}`)];

test('stylesheets: braces balance', () => {
  for (const sheet of SHEETS) {
    const text = fs.readFileSync(path.join(ROOT, sheet), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
    let depth = 0;
    text.split('\n').forEach((line, i) => {
      for (const ch of line) {
        if (ch === '{') depth++;
        else if (ch === '}') depth--;
        assert.ok(depth >= 0, `${sheet}:${i + 1}: a '}' closes nothing`);
      }
    });
    assert.equal(depth, 0, `${sheet}: ${depth} block(s) left open at the end`);
  }
});
