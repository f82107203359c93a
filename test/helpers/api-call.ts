// Requests to a running `loadgate serve`: with fetch() (JSON or form bodies, the test key by default,
// the answer's JSON body decoded), or written by hand on a socket for methods fetch() will not send.
import { once } from 'node:events';
import { connect } from 'node:net';
import { expect } from 'vitest';
import { EVENT_WAIT_MS } from './process.ts';
import { TEST_KEY } from './server-process.ts';

export interface Answer {
  status: number;
  headers: Headers;
  // Test code reads answers by their documented shape.
  body: any;
}

export interface CallOptions {
  json?: unknown;
  form?: FormData;
  /** A body sent as it is (with its own Content-Type in `headers`). */
  body?: string;
  headers?: Record<string, string>;
  /** null: no X-API-KEY header. */
  key?: string | null;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Answer>;

export function apiCaller(baseUrl: () => string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== null) headers['x-api-key'] = options.key ?? TEST_KEY;
    let body: string | FormData | undefined = options.form ?? options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.startsWith('application/json');
    return { status: response.status, headers: response.headers, body: isJson ? JSON.parse(text) : text };
  };
}

/** Polls `read` until `done`; bounded by a generous deadline, never by a guess at how long work takes. */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = EVENT_WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One request written by hand on a socket, for methods fetch() will not send. */
export async function rawRequest(port: number, request: string): Promise<{ status: number; head: string; body: string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(request);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  return { status: Number(text.split(' ')[1]), head: text.slice(0, split), body: text.slice(split + 4) };
}

/** A JSON error answer of the server: its status and code, a message, and no stack trace in it. */
export function expectError(answer: Answer, status: number, code: string): void {
  expect({ status: answer.status, code: answer.body?.error?.code }).toEqual({ status, code });
  expect(typeof answer.body.error.message).toBe('string');
  expect(answer.body.error.message).not.toMatch(/\n\s+at /);
}
