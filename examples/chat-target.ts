/**
 * A demo chat-completion API that streams its answer as server-sent events, the way hosted
 * language-model APIs do (`npm run example:chat`).
 *
 *   npx node examples/chat-target.ts [--port N]
 *
 * POST /v1/chat/completions with a JSON body `{"messages": [...], "stream": true}` answers
 * `text/event-stream`: after a short "thinking" delay, one `data: {"choices": [{"delta":
 * {"content": "…"}}]}` event per token, a last event with `"finish_reason": "stop"`, then
 * `data: [DONE]`. Without `"stream": true` it answers the whole completion as JSON. Prints
 * `chat target listening on http://127.0.0.1:PORT` as its first line and stops on SIGINT/SIGTERM.
 * Only 127.0.0.1 is bound: this is a toy, not something to expose.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

export interface ChatTarget {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Time to the first token and between tokens (ms), a little jitter on each. */
const FIRST_TOKEN_MS = [30, 60] as const;
const TOKEN_MS = [8, 16] as const;
const ANSWER = 'Hello! This is a streamed answer from the loadgate demo, one token at a time.'.split(/(?<= )/);
const MAX_BODY_BYTES = 64 * 1024;

function jitter([min, max]: readonly [number, number]): number {
  return min + Math.random() * (max - min);
}

function chunk(id: string, delta: Record<string, string>, finish: string | null): string {
  return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function stream(res: ServerResponse, id: string, timers: Set<NodeJS.Timeout>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  const next = (i: number, ms: number): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (res.destroyed) return;
      if (i < ANSWER.length) {
        res.write(chunk(id, { content: ANSWER[i]! }, null));
        return next(i + 1, jitter(TOKEN_MS));
      }
      res.end(`${chunk(id, {}, 'stop')}data: [DONE]\n\n`);
    }, ms);
    timers.add(timer);
  };
  next(0, jitter(FIRST_TOKEN_MS));
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, body: string, timers: Set<NodeJS.Timeout>, ids: { next: number }): void {
  if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return reply(res, 404, { error: 'POST /v1/chat/completions' });
  let request: { messages?: unknown; stream?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return reply(res, 400, { error: 'expected a JSON body' });
  }
  if (!Array.isArray(request.messages) || request.messages.length === 0) return reply(res, 400, { error: 'expected "messages"' });
  const id = `chatcmpl-${ids.next++}`;
  if (request.stream === true) return stream(res, id, timers);
  reply(res, 200, { id, choices: [{ index: 0, message: { role: 'assistant', content: ANSWER.join('') }, finish_reason: 'stop' }] });
}

export async function startChatTarget(port = 0): Promise<ChatTarget> {
  const timers = new Set<NodeJS.Timeout>();
  const ids = { next: 1 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (data: Buffer) => {
      body += data.toString('utf8');
      if (body.length > MAX_BODY_BYTES) req.destroy();
    });
    req.on('end', () => handle(req, res, body, timers, ids));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
  const target = await startChatTarget(Number(values.port));
  console.log(`chat target listening on ${target.url}`);
  const stop = (): void => void target.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
