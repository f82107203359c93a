// The action's entry point (dist/index.js): all work happens in run().
import { run } from './main.ts';

await run();
