// The action itself (dist/action/index.js), loaded by the entry point once Node is known to be
// recent enough: all work happens in run().
import { run } from './main.ts';

await run();
