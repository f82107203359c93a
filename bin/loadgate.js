#!/usr/bin/env node
// The installed CLI runs the bundled build (Node 24 or later).
import '../dist/cli/index.js';
