// What `npm run example` and `npm run example:chat` share: a demo target started on loopback is
// load-tested through the CLI, written to the terminal as `loadgate` writes it (lineStreams), with
// the target's address as the environment's BASE; Ctrl-C stops the run and keeps what ran.
import { fileURLToPath } from 'node:url';
import { cli, lineStreams } from '../src/cli/cli.ts';

export interface ExampleTarget {
  url: string;
  close(): Promise<void>;
}

export interface Example {
  /** `demo target`: how the first line names the target. */
  label: string;
  /** The definition, in examples/. */
  definition: string;
  /** Variables beside BASE. */
  vars?: { key: string; value: string | number }[];
  thresholds: string[];
}

export async function runExample(target: ExampleTarget, example: Example): Promise<void> {
  console.log(`${example.label}: ${target.url}`);
  const environment = JSON.stringify({ name: 'demo', vars: [{ key: 'BASE', value: target.url }, ...(example.vars ?? [])] });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const args = [
    'run',
    fileURLToPath(new URL(`../examples/${example.definition}`, import.meta.url)),
    '--environment',
    environment,
    '--results-file',
    'loadgate-results.json',
    ...example.thresholds.flatMap((threshold) => ['--thresholds', threshold]),
  ];
  try {
    process.exitCode = await cli(args, {
      ...lineStreams(process.stdout, process.stderr),
      isTTY: Boolean(process.stdout.isTTY),
      errIsTTY: Boolean(process.stderr.isTTY),
      signal: controller.signal,
    });
  } finally {
    await target.close();
  }
}
