// A checked definition run on a service of the interface: its CSV files are read here (the
// I/O edge) and everything else is runHosted's.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createClient } from './client.ts';
import { runHosted } from './run-hosted.ts';
import type { CheckedTest } from '../engine/prepare.ts';
import type { LoadTestResult } from '../types.ts';

export interface HostedSettings {
  apiUrl: string;
  apiKey: string;
  resultPath?: string;
  signal?: AbortSignal;
  log: (message: string) => void;
}

/** The service gets the test's duration, plus room for queueing and set-up, to finish. */
export function hostedDeadlineMs(durationS: number): number {
  return (durationS * 3 + 300) * 1000;
}

export async function runHostedDefinition(test: CheckedTest, settings: HostedSettings): Promise<LoadTestResult> {
  const { definition } = test;
  const dataFiles = await Promise.all(
    definition.test_data.map(async (set) => ({
      name: set.name,
      fileName: basename(set.file),
      content: await readFile(set.file),
    })),
  );
  return runHosted({
    client: createClient({ baseUrl: settings.apiUrl, apiKey: settings.apiKey, log: settings.log }),
    definition,
    dataFiles,
    deadlineMs: hostedDeadlineMs(definition.config_data.duration),
    signal: settings.signal,
    resultPath: settings.resultPath || undefined,
    log: settings.log,
    runSteps: test.runSteps,
  });
}
