// Where a `100 Continue` head ends at the start of what undici is about to read (src/engine/interim.ts);
// the engine skipping whole ones before a real 200 is in errors.test.ts, against a raw server.
import { describe, expect, it } from 'vitest';
import { continueHeadLength } from '../src/engine/interim.ts';

const bytes = (text: string) => Buffer.from(text, 'latin1');

describe('continueHeadLength', () => {
  it('measures a whole 100 head, headers and all, and nothing after it', () => {
    expect(continueHeadLength(bytes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n'))).toBe(25);
    expect(continueHeadLength(bytes('HTTP/1.0 100 Continue\r\nx-a: b\r\n\r\n'))).toBe(33);
    expect(continueHeadLength(bytes('HTTP/1.1 100\r\n\r\n'))).toBe(16);
  });

  it('waits for more when a 100 has begun but not ended, or might be beginning', () => {
    for (const start of ['H', 'HTTP/1.1 10', 'HTTP/1.1 100', 'HTTP/1.1 100 Continue\r\n']) {
      expect(continueHeadLength(bytes(start))).toBeUndefined();
    }
  });

  it('passes on anything else at once: other statuses, 1xx included, and a 100 head without end past 16 KiB', () => {
    for (const other of ['HTTP/1.1 200 OK\r\n', 'HTTP/1.1 103 Early Hints\r\n', 'HTTP/1.1 1000 x', 'garbage', 'HTTP/1.1 2', 'X']) {
      expect(continueHeadLength(bytes(other))).toBe(0);
    }
    expect(continueHeadLength(bytes(`HTTP/1.1 100 Continue\r\nx-a: ${'a'.repeat(16 * 1024)}`))).toBe(0);
  });
});
