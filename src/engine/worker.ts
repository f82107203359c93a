// The engine's worker thread, started by in-worker.ts: prepares the job's test, runs it, and posts
// each second's sample and then the result (or the error) to the thread that started it.
import { parentPort, workerData } from 'node:worker_threads';
import { InputError } from '../errors.ts';
import { prepareTest } from './prepare.ts';
import { runEmbedded } from './run.ts';
import type { EngineJob, FromWorker, ToWorker } from './in-worker.ts';

const port = parentPort!;
const job = workerData as EngineJob;
const controller = new AbortController();
const post = (message: FromWorker): void => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'stop') controller.abort();
});

async function outcome(): Promise<FromWorker> {
  try {
    const test = await prepareTest({ definition: job.definition, file: job.source.file, dir: job.source.dir }, {});
    const result = await runEmbedded(test, {
      ...job.options,
      signal: controller.signal,
      onSecond: (sample) => post({ type: 'second', sample }),
    });
    return { type: 'done', result };
  } catch (error) {
    if (error instanceof InputError) return { type: 'input-error', problems: error.problems };
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    return { type: 'error', message, ...(stack ? { stack } : {}) };
  }
}

post(await outcome());
port.unref();
