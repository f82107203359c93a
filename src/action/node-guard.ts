// Imported first by every entry that runs the action or the CLI from source or bundle (action/main.ts,
// action/index.ts, cli/entry.ts): on a Node older than loadgate needs, one line and exit 2 before
// any other module of the entry is evaluated (ES modules run in import order, so nothing the
// entry imports after this one runs). What the rest would do instead: fail with a raw SyntaxError
// or a screen of minified source (docs/development.md).
import { nodeVersionRefusal } from './node-version.ts';

const refusal = nodeVersionRefusal(process.version);
if (refusal !== undefined) {
  process.stderr.write(`${refusal}\n`);
  process.exit(2);
}
