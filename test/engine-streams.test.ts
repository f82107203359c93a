// The engine's streaming steps against real loopback servers (docs/streaming.md): how each kind of
// stream ends, what counts as an event, and bad servers (silent, huge events, cut mid-event,
// closing sockets) ending as errors in error_dist, never a hang.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest } from '../src/engine/prepare.ts';
import { runEmbeddedInWorkers } from '../src/engine/workers.ts';
import { mergeShards } from '../src/merge/results.ts';
import { decodeHistogram, initHistograms } from '../src/results/histogram.ts';
import { pollUntil } from './helpers/api-call.ts';
import { definition, runDefinition } from './helpers/run-definition.ts';
import { startStreamTarget, type StreamTarget } from './helpers/stream-targets.ts';
import type { StepResult } from '../src/types.ts';

let target: StreamTarget;

beforeAll(async () => {
  await initHistograms();
  target = await startStreamTarget();
});
afterAll(async () => {
  await target.close();
});

async function runSteps(steps: Parameters<typeof definition>[0], iterations = 4): Promise<StepResult[]> {
  const result = await runDefinition(definition(steps, { iteration_count: iterations, duration: 1 }));
  return result.results.steps;
}

describe('server-sent events', { timeout: 120_000 }, () => {
  it('ends at a [DONE] sentinel, which is not counted, and captures from the last event', async () => {
    const [chat, next] = await runSteps([
      {
        url: `${target.http}/sse?first=5&every=5&count=3&end=DONE`,
        method: 'POST',
        payload: '{}',
        stream: { type: 'sse' },
        capture_env: { TOKEN: { from: 'body', json_path: 'token' } },
        assertion: ['equals(status_code,200)'],
      },
      { url: `${target.http}/plain?last={{TOKEN}}` },
    ]);
    expect(chat!.stream).toMatchObject({ streams: 4, events: 12 });
    expect(chat!.error_dist).toEqual({});
    expect(next!.success_count).toBe(4);
  });

  it('keeps the connection when the body ends with the end marker, for the next stream of the slot', async () => {
    // The last event and the end of the body in one write, as a server's res.end(lastEvent) sends them.
    let connections = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"token": "a"}\n\ndata: [DONE]\n\n');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const result = await runDefinition(definition([{ url, stream: { type: 'sse' } }], { iteration_count: 4, duration: 1 }), {
        concurrency: 1,
      });
      expect(result.results.steps[0]!.stream).toMatchObject({ streams: 4, events: 4 });
      // One slot, one connection: no stream's end aborted it.
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('stops at max_events and when the server closes the stream', async () => {
    const [capped, closed] = await runSteps([
      { url: `${target.http}/sse?first=0&every=5&count=50`, stream: { type: 'sse', max_events: 2 } },
      { url: `${target.http}/sse?first=0&every=1&count=3&end=close`, stream: { type: 'sse', until_event: 'never' } },
    ]);
    expect(capped!.stream!.events).toBe(8);
    expect(closed!.stream!.events).toBe(12);
    expect(closed!.success_count).toBe(4);
  });

  it('turns a silent server into "stream ended by max_seconds", or a clean end with expect_open', async () => {
    const [silent, open] = await runSteps(
      [
        { url: `${target.http}/silent`, stream: { type: 'sse', max_seconds: 0.3, expect_open: true } },
        { url: `${target.http}/silent`, stream: { type: 'sse', max_seconds: 0.3 } },
      ],
      2,
    );
    expect(silent!.success_count).toBe(2);
    expect(silent!.stream).toMatchObject({ streams: 2, events: 0 });
    expect(open!.error_dist).toEqual({ 'stream ended by max_seconds after 0 events': 2 });
    expect(open!.fail_count).toBe(2);
  });

  it('fails an event too large to buffer, and a stream cut in the middle of an event', async () => {
    const [huge] = await runSteps([{ url: `${target.http}/huge`, stream: { type: 'sse' } }], 2);
    expect(huge!.error_dist).toEqual({ 'event larger than 1 MiB': 2 });
    const [cut] = await runSteps([{ url: `${target.http}/cut`, stream: { type: 'sse' } }], 2);
    expect(cut!.error_dist).toEqual({ 'incomplete body': 2 });
    expect(cut!.stream!.events).toBe(2);
  });

  it('fails a response that is not an event stream', async () => {
    const [plain] = await runSteps([{ url: `${target.http}/plain`, stream: { type: 'sse' } }], 2);
    expect(plain!.error_dist).toEqual({ 'response is not text/event-stream': 2 });
    expect(plain!.stream!.streams).toBe(0);
  });

  it('adds up the figures of several engine threads exactly', async () => {
    const raw = definition([{ url: `${target.http}/sse?first=0&every=2&count=5&end=DONE`, stream: { type: 'sse' } }], {
      iteration_count: 10,
      duration: 1,
    });
    const valid = validateDefinition(raw, 'streams.json');
    if (!valid.ok) throw new Error(JSON.stringify(valid.problems));
    const test = await checkTest({ definition: valid.value.definition, file: 'streams.json', dir: process.cwd() }, {});
    const options = { insecure: false, proxies: {}, testUrl: 'file://streams', startGraceMs: 60_000 };
    const result = await runEmbeddedInWorkers(test, options, 2);
    const chat = result.results.steps[0]!;
    expect(chat.stream).toMatchObject({ streams: 10, events: 50 });
    expect(chat.location_dist.local!.stream).toMatchObject({ streams: 10, events: 50 });
    // Four gaps and one first event in each of ten streams, from both threads' histograms.
    const count = (encoded: string): number => {
      const h = decodeHistogram(encoded);
      const n = h.totalCount;
      h.destroy();
      return n;
    };
    expect(count(result.histograms!.streams!.gap.overall)).toBe(40);
    expect(count(result.histograms!.streams!.first_event.steps['1']!)).toBe(10);
    // Each second of the series adds both threads' streams; only shard files keep the seconds' histograms.
    const seconds = result.run.series.flatMap((s) => (s.stream ? [s.stream] : []));
    expect(seconds.reduce((n, s) => n + s.events, 0)).toBe(50);
    expect(seconds.reduce((n, s) => n + s.streams, 0)).toBe(10);
    expect(seconds.every((s) => s.gap.histogram === undefined && s.first_event.histogram === undefined)).toBe(true);
  });
});

describe('WebSockets', { timeout: 120_000 }, () => {
  it('ends at a message matching until, with templates in what it sends', async () => {
    const [echo] = await runSteps([
      {
        url: `${target.ws}/echo?delay=1`,
        stream: { type: 'websocket', send: ['a', 'b', 'stop {{_randomInt}}'], until: '^echo: stop \\d+$' },
      },
    ]);
    expect(echo!.stream).toMatchObject({ streams: 4, events: 12, close_code_dist: { '1000': 4 } });
    expect(echo!.success_count).toBe(4);
  });

  it('records a close before the end as an error with its code and reason', async () => {
    const [closed] = await runSteps([{ url: `${target.ws}/close`, stream: { type: 'websocket', send: ['x'] } }], 2);
    expect(closed!.error_dist).toEqual({ 'websocket closed (code 1011 "overloaded") after 0 of 1 messages': 2 });
    expect(closed!.stream!.close_code_dist).toEqual({ '1011': 2 });
  });

  it('fails a message larger than 1 MiB, never buffering it whole', async () => {
    const [huge] = await runSteps([{ url: `${target.ws}/huge`, stream: { type: 'websocket' } }], 2);
    expect(huge!.fail_count).toBe(2);
    expect(huge!.stream!.events).toBe(0);
    expect(Object.keys(huge!.error_dist)).toEqual([expect.stringMatching(/^websocket closed \(code \d+.*\) after 0 of 1 messages$/)]);
  });

  it('bounds a socket that never answers by max_seconds', async () => {
    const [hang] = await runSteps(
      [{ url: `${target.ws}/hang`, stream: { type: 'websocket', send: ['x'], receive: 2, max_seconds: 0.3 } }],
      2,
    );
    expect(hang!.error_dist).toEqual({ 'stream ended by max_seconds after 0 of 2 messages': 2 });
  });

  it('tells a refused connection from a server that answers the handshake with another status', async () => {
    // A closed port: a port the system gave a server, closed again.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // A real server that refuses the upgrade: 403, as an authenticating proxy or gateway would.
    let upgrades = 0;
    const forbidding = createServer((_req, res) => res.writeHead(404).end());
    forbidding.on('upgrade', (_req, socket) => {
      upgrades++;
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
    await new Promise<void>((resolve) => forbidding.listen(0, '127.0.0.1', resolve));
    try {
      const forbiddingUrl = `ws://127.0.0.1:${(forbidding.address() as AddressInfo).port}/socket`;
      // A failed step ends its iteration: one run each.
      const [[refused], [forbidden]] = await Promise.all([
        runSteps([{ url: `ws://127.0.0.1:${closedPort}/`, stream: { type: 'websocket', send: ['x'] } }], 2),
        runSteps([{ url: forbiddingUrl, stream: { type: 'websocket', send: ['x'] } }], 2),
      ]);
      expect(refused!.fail_count).toBe(2);
      expect(refused!.error_dist).toEqual({ 'connection refused': 2 });
      expect(refused!.status_code_dist).toEqual({});
      expect(forbidden!.fail_count).toBe(2);
      expect(forbidden!.error_dist).toEqual({ 'websocket handshake failed: status 403': 2 });
      // The server answered: its status counts as any response's does.
      expect(forbidden!.status_code_dist).toEqual({ '403': 2 });
      expect(forbidden!.stream!.streams).toBe(0);
      expect(upgrades).toBe(2);
    } finally {
      forbidding.closeAllConnections();
      await new Promise<void>((resolve) => forbidding.close(() => resolve()));
    }
  });
});

describe('shards', { timeout: 120_000 }, () => {
  it('merge the stream figures exactly: counts summed, percentiles of the added histograms', async () => {
    const raw = definition(
      [
        { url: `${target.http}/sse?first=3&every=2&count=4&end=DONE`, stream: { type: 'sse' } },
        { url: `${target.ws}/echo?delay=2`, stream: { type: 'websocket', send: ['a', 'b'], receive: 2 } },
      ],
      { iteration_count: 12, duration: 1 },
    );
    const shards = await Promise.all([1, 2].map((index) => runDefinition(raw, { shard: { index, count: 2 } })));
    const merged = mergeShards(shards.map((content, i) => ({ file: `shard-${i + 1}.json`, content })));
    if (!merged.ok) throw new Error(JSON.stringify(merged.problems));
    const [sse, ws] = merged.value.result.results.steps;
    expect(sse!.stream).toMatchObject({ streams: 12, events: 48 });
    expect(ws!.stream).toMatchObject({ streams: 12, events: 24, close_code_dist: { '1000': 12 } });
    expect(ws!.location_dist.local!.stream!.events).toBe(24);
    // The oracle: both shards' step histograms added by hdr-histogram-js itself.
    for (const metric of ['first_event', 'gap'] as const) {
      const sum = decodeHistogram(shards[0]!.histograms!.streams![metric].steps['1']!);
      const other = decodeHistogram(shards[1]!.histograms!.streams![metric].steps['1']!);
      sum.add(other);
      expect(sse!.stream![metric].p95).toBe(Math.round(sum.getValueAtPercentile(95) / 1000));
      expect(sse!.stream![metric].median).toBe(Math.round(sum.getValueAtPercentile(50) / 1000));
      sum.destroy();
      other.destroy();
    }
  });
});

describe('a stop', { timeout: 120_000 }, () => {
  it('ends open SSE streams and WebSockets at once, as cancelled, with the results so far', async () => {
    const controller = new AbortController();
    const before = { streams: target.seen.streams, sockets: target.seen.sockets };
    const raw = definition([{ url: `${target.http}/silent`, stream: { type: 'sse', max_seconds: 600 } }, { url: `${target.http}/plain` }], {
      iteration_count: 4,
      duration: 1,
    });
    // Opened as the engine counts them (a closed second's figures): the target's own count comes
    // before the engine has read the answer's headers, which a busy machine can delay past the stop.
    let opened = 0;
    const running = runDefinition(raw, { signal: controller.signal, onSecond: (s) => (opened += s.stream?.streams ?? 0) });
    // Stop once every SSE stream is open and waiting: the run would otherwise last 600 s.
    await pollUntil(
      async () => opened,
      (n) => n >= 4,
      'four silent streams open',
    );
    expect(target.seen.streams - before.streams).toBe(4);
    controller.abort();
    const result = await running;
    expect(result.run.interrupted).toBe(true);
    const [sse] = result.results.steps;
    expect(sse!.error_dist).toEqual({ cancelled: 4 });
    expect(sse!.stream!.streams).toBe(4);

    const sockets = new AbortController();
    const hanging = definition([{ url: `${target.ws}/hang`, stream: { type: 'websocket', send: ['x'], max_seconds: 600 } }], {
      iteration_count: 4,
      duration: 1,
    });
    const open = runDefinition(hanging, { signal: sockets.signal });
    await pollUntil(
      async () => target.seen.sockets - before.sockets,
      (n) => n >= 4,
      'four sockets open',
    );
    sockets.abort();
    const cut = await open;
    expect(cut.run.interrupted).toBe(true);
    expect(cut.results.steps[0]!.error_dist).toEqual({ cancelled: 4 });
  });
});
