// The engine's worker thread, driven by EngineWorker (in-worker.ts): runs one job at a time,
// preparing its test and posting each second's sample and then the result (or the error).
import { parentPort } from 'node:worker_threads';
import { InputError } from '../errors.ts';
import { prepareTest } from './prepare.ts';
import { runEmbedded } from './run.ts';
import type { EngineJob, FromWorker, ToWorker } from './in-worker.ts';

const port = parentPort!;
let running: { id: number; controller: AbortController; force: AbortController } | null = null;

port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') {
    if (running?.id === message.id) (message.now ? running.force : running.controller).abort();
    return;
  }
  const controller = new AbortController();
  const force = new AbortController();
  running = { id: message.id, controller, force };
  void outcome(message.id, message.job, controller.signal, force.signal).then((answer) => {
    running = null;
    port.postMessage(answer);
  });
});

async function outcome(id: number, job: EngineJob, signal: AbortSignal, forceSignal: AbortSignal): Promise<FromWorker> {
  try {
    const test = await prepareTest({ definition: job.definition, file: job.source.file, dir: job.source.dir }, {});
    const result = await runEmbedded(test, {
      ...job.options,
      signal,
      forceSignal,
      onSecond: (sample) => port.postMessage({ id, type: 'second', sample } satisfies FromWorker),
    });
    return { id, type: 'done', result };
  } catch (error) {
    if (error instanceof InputError) return { id, type: 'input-error', problems: error.problems };
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    return { id, type: 'error', message, ...(stack ? { stack } : {}) };
  }
}
