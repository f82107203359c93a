// The action's entry point (dist/index.js): checks Node before anything else is loaded, since the
// action's bundle fails on an older Node with a screen of minified source. The bundle is
// action.ts, built beside this file (dist/action/) and imported at run time, not bundled here.
import { nodeVersionRefusal } from './node-version.ts';

const ACTION_BUNDLE = './action/index.js';

const refusal = nodeVersionRefusal(process.version);
if (refusal === undefined) {
  await import(/* webpackIgnore: true */ ACTION_BUNDLE);
} else {
  process.stderr.write(`${refusal}\n`);
  process.exitCode = 2;
}
