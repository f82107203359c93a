#!/usr/bin/env node
// The installed CLI. Node is checked before the bundle loads: the bundle needs Node 24, and an
// older Node would fail inside it with a screen of minified source. The same rule as
// src/action/node-version.ts (this file runs as it is, so it cannot import TypeScript).
const MIN_NODE_MAJOR = 24;

if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) {
  await import('../dist/cli/index.js');
} else {
  process.stderr.write(`loadgate needs Node ${MIN_NODE_MAJOR} or later; this is ${process.version}\n`);
  process.exitCode = 2;
}
