// The textbook trees' data (web/tree/abstract-tree.js) under node: the text
// form written from the tree, the edits (value, add, remove) and their
// limits, the seeded random tree, the link's tree field and the link.
//
//   node --test tests/web/abstract-tree-logic.test.mjs
import assert from 'node:assert/strict';
import test from 'node:test';
import { PRESETS, linkTree, nodeAt, randomTree, treeHash, treeText, withChild, withValue, withoutNode } from '../../web/tree/abstract-tree.js';

const leaf = (value) => ({ value, kids: [] });
const node = (...kids) => ({ value: 0, kids });
const textbook = node(node(leaf(3), leaf(12), leaf(8)), node(leaf(2), leaf(4), leaf(6)), node(leaf(14), leaf(5), leaf(2)));

test('the text form', () => {
  assert.equal(treeText(textbook), PRESETS.textbook.text);
  assert.equal(treeText(node(leaf(-5), node(leaf(1)))), '(-5,(1))');
  assert.equal(treeText(leaf(7)), '7');
  assert.equal(nodeAt(textbook, [1, 2]).value, 6);
  assert.equal(nodeAt(textbook, [3]), null);
});

test('edits leave the tree they start from alone', () => {
  assert.equal(treeText(withValue(textbook, [0, 0], 10)), '((10,12,8),(2,4,6),(14,5,2))');
  assert.equal(treeText(textbook), PRESETS.textbook.text);
  assert.equal(treeText(withChild(textbook, [2], 0).tree), '((3,12,8),(2,4,6),(14,5,2,0))');
  assert.equal(treeText(withChild(textbook, [0, 1], 0).tree), '((3,(12),8),(2,4,6),(14,5,2))', 'a leaf passes its value to its first child');
  assert.equal(treeText(withoutNode(textbook, [1]).tree), '((3,12,8),(14,5,2))');
  assert.equal(treeText(withoutNode(node(leaf(1), node(leaf(4))), [1, 0]).tree), '(1,4)', 'a parent left alone becomes the leaf');
  assert.match(withoutNode(textbook, []).error, /root/);
  const nine = node(...Array.from({ length: 9 }, (_, k) => leaf(k)));
  assert.match(withChild(nine, [], 0).error, /at most 9 children/);
  let deep = leaf(1);
  for (let i = 0; i < 10; i++) deep = node(deep);
  assert.match(withChild(deep, Array(10).fill(0), 0).error, /at most 10 plies/);
});

test('a random tree is the seed\'s', () => {
  const a = randomTree(3, 2, 7);
  assert.equal(treeText(a), treeText(randomTree(3, 2, 7)));
  assert.notEqual(treeText(a), treeText(randomTree(3, 2, 8)));
  assert.match(treeText(a), /^\(\(\(\d+,\d+\),\(\d+,\d+\)\),\(\(\d+,\d+\),\(\d+,\d+\)\)\)$/);
});

test('the link', () => {
  assert.deepEqual(linkTree(null), { text: PRESETS.textbook.text, preset: 'textbook' });
  assert.deepEqual(linkTree('deep'), { text: PRESETS.deep.text, preset: 'deep' });
  assert.deepEqual(linkTree('(1,2)'), { text: '(1,2)', preset: '' });
  assert.equal(treeHash({ text: PRESETS.textbook.text, algorithm: 'alphabeta', values: 'minimax' }), '#view=tree&tree=textbook');
  assert.equal(treeHash({ text: '(1,-2)', algorithm: 'minimax', values: 'negamax' }), '#view=tree&tree=(1,-2)&algo=minimax&values=negamax');
  assert.equal(new URLSearchParams(treeHash({ text: '(1,-2)', algorithm: 'alphabeta', values: 'minimax' }).slice(1)).get('tree'), '(1,-2)');
});
