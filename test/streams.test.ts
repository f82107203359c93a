// Streaming steps end to end (docs/streaming.md): the CLI runs a definition with an SSE step and a
// WebSocket step against real loopback servers (node:http, the `ws` package), and the results,
// the summary and the thresholds on first_event and gap say what the servers did.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runNode } from './helpers/process.ts';
import { startServerProcess, TEST_KEY } from './helpers/server-process.ts';
import { startStreamTarget, type StreamTarget } from './helpers/stream-targets.ts';
import type { LoadTestResult } from '../src/types.ts';

/** For runs that should pass: a saturated generator (this machine shared and busy) only warns. */
const BUSY_MACHINE = ['--on-saturated', 'warn'];

let target: StreamTarget;
let dir: string;

function write(name: string, definition: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(definition));
  return path;
}

function chatAndEcho(): unknown {
  return {
    name: 'streams',
    config_data: {
      steps: [
        {
          id: 1,
          name: 'chat',
          url: `${target.http}/sse?first=50&every=20&count=10&end=done`,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          payload: '{"prompt": "hi"}',
          stream: { type: 'sse', until_event: 'done', max_seconds: 20 },
          capture_env: { LAST: { from: 'body', json_path: 'token' } },
        },
        {
          id: 2,
          name: 'echo',
          url: `${target.ws}/echo?delay=30`,
          stream: { type: 'websocket', send: ['hello {{LAST}}'], receive: 1, max_seconds: 20 },
        },
      ],
      iteration_count: 20,
      duration: 2,
    },
  };
}

beforeAll(async () => {
  target = await startStreamTarget();
  dir = mkdtempSync(join(tmpdir(), 'loadgate-streams-'));
});
afterAll(async () => {
  await target.close();
});

describe('an SSE step and a WebSocket step', { timeout: 240_000 }, () => {
  let result: LoadTestResult;
  let summary: string;
  let definition: string;

  beforeAll(async () => {
    definition = write('streams.json', chatAndEcho());
    const resultsFile = join(dir, 'results.json');
    const summaryFile = join(dir, 'summary.md');
    // A busy machine's late event loop is the generator's, not the streams': it may warn, not fail (docs/verdict.md).
    const run = await runCli(['run', definition, '--results-file', resultsFile, '--summary-file', summaryFile, ...BUSY_MACHINE]);
    expect(run.code, run.out).toBe(0);
    result = JSON.parse(readFileSync(resultsFile, 'utf8'));
    summary = readFileSync(summaryFile, 'utf8');
  });

  it('counts every event before the end, times the first and the gaps', () => {
    const chat = result.results.steps[0]!;
    expect(chat.success_count).toBe(20);
    expect(chat.stream!.streams).toBe(20);
    expect(chat.stream!.events).toBe(200);
    expect(chat.stream!.first_event.median).toBeGreaterThanOrEqual(45);
    expect(chat.stream!.first_event.median).toBeLessThanOrEqual(150);
    expect(chat.stream!.gap.median).toBeGreaterThanOrEqual(15);
    expect(chat.stream!.gap.median).toBeLessThanOrEqual(60);
    // The whole exchange: ten events after the first, so at least the first event and nine gaps.
    expect(chat.response_times.median).toBeGreaterThanOrEqual(chat.stream!.first_event.median);
    expect(chat.location_dist.local!.stream!.events).toBe(200);
  });

  it('times the WebSocket from its send to the answer, and sends what the SSE step captured', () => {
    const echo = result.results.steps[1]!;
    expect(echo.success_count).toBe(20);
    expect(echo.stream!.streams).toBe(20);
    expect(echo.stream!.events).toBe(20);
    expect(echo.stream!.first_event.median).toBeGreaterThanOrEqual(28);
    expect(echo.stream!.first_event.median).toBeLessThanOrEqual(150);
    expect(echo.stream!.close_code_dist).toEqual({ '1000': 20 });
    expect(echo.status_code_dist).toEqual({ '101': 20 });
  });

  it('reached the targets: 20 streams, 20 sockets, 20 messages', () => {
    expect(target.seen.streams).toBe(20);
    expect(target.seen.sockets).toBe(20);
    expect(target.seen.messages).toBe(20);
    expect(target.seen.bodies.filter((b) => b === '{"prompt": "hi"}')).toHaveLength(20);
  });

  it('shows the first event in the summary and the web report, beside the response times', () => {
    expect(summary).toContain('#### Streams');
    expect(summary).toMatch(/\| 1 \| chat \| 20 \| 200 \| \d+ ms \|/);
    const html = readFileSync(join(dir, 'results.html'), 'utf8');
    expect(html).toContain('<h2>Streams</h2>');
    expect(html).toContain('First event p50');
  });

  it('fails on first_event thresholds the streams miss, passes on those they hold', async () => {
    const results = join(dir, 'gated.json');
    const step = await runCli([
      'run',
      definition,
      '--results-file',
      results,
      '--quiet',
      '--thresholds',
      'step[chat].first_event.p95 < 20ms',
    ]);
    expect(step.code).toBe(1);
    const all = await runCli(['run', definition, '--results-file', results, '--quiet', '--thresholds', 'first_event.p95 < 20ms']);
    expect(all.code).toBe(1);
    const holds = await runCli([
      'run',
      definition,
      '--results-file',
      results,
      ...BUSY_MACHINE,
      '--thresholds',
      'step[chat].gap.p99 < 1s',
      '--thresholds',
      'step[echo].first_event.p95 < 2s',
    ]);
    expect(holds.code, holds.out).toBe(0);
    // Relative to a baseline: the first run's results file holds the stream histograms it reads.
    const relative = await runCli([
      'run',
      definition,
      '--results-file',
      results,
      ...BUSY_MACHINE,
      '--baseline',
      join(dir, 'results.json'),
      '--thresholds',
      'step[chat].first_event.median < baseline + 500%',
      '--thresholds',
      'gap.p95 > baseline - 100%',
    ]);
    expect(relative.code, relative.out).toBe(0);
    expect(relative.out).toMatch(/first_event\.median < baseline \+ 500%/);
  });
});

describe('bad input, before any request', { timeout: 120_000 }, () => {
  it('validate names the JSON path of a stream the engine cannot use', async () => {
    const bad = write('bad.json', {
      name: 'bad',
      config_data: { steps: [{ id: 1, url: `${target.http}/echo`, stream: { type: 'websocket', receive: 0 } }] },
    });
    const run = await runCli(['validate', bad]);
    expect(run.code).toBe(2);
    expect(run.out).toContain('$.config_data.steps[0].url');
    expect(run.out).toContain('expected a ws:// or wss:// URL');
    expect(run.out).toContain('$.config_data.steps[0].stream.receive');
  });

  it('refuses a first_event threshold on a run without streaming steps, sending nothing', async () => {
    const before = target.seen.requests;
    const plain = write('plain.json', { name: 'plain', config_data: { steps: [{ id: 1, name: 'home', url: `${target.http}/plain` }] } });
    const run = await runCli(['run', plain, '--quiet', '--thresholds', 'step[home].first_event.p95 < 1s']);
    expect(run.code).toBe(2);
    expect(run.out).toContain('first_event is a figure of streaming steps, and step 1 (home) has no "stream"');
    expect(target.seen.requests).toBe(before);
  });
});

describe('through loadgate serve (hosted mode)', { timeout: 240_000 }, () => {
  it('answers the same stream fields, and judges first_event thresholds on them', async () => {
    const server = await startServerProcess();
    try {
      const definition = write('hosted.json', chatAndEcho());
      const resultsFile = join(dir, 'hosted-results.json');
      const run = await runNode(
        [
          'src/cli/entry.ts',
          'run',
          definition,
          '--api-url',
          server.url,
          '--results-file',
          resultsFile,
          ...BUSY_MACHINE,
          '--thresholds',
          'step[echo].first_event.p95 < 2s',
        ],
        { env: { ...process.env, LOADGATE_API_KEY: TEST_KEY } },
      );
      expect(run.code, run.out).toBe(0);
      const result = JSON.parse(readFileSync(resultsFile, 'utf8')) as LoadTestResult;
      expect(result.run.mode).toBe('hosted');
      const [chat, echo] = result.results.steps;
      expect(chat!.stream).toMatchObject({ streams: 20, events: 200 });
      expect(echo!.stream).toMatchObject({ streams: 20, events: 20 });
      expect(chat!.location_dist.local!.stream!.events).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});
