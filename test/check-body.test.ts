// What a step's checks read of a body (src/engine/check-body.ts): at most check-body-limit bytes,
// decoded; a compressed body cut at the limit is decoded as far as it goes, and one that would
// decode to more than the limit (a "zip bomb") is decoded to at most the limit. End to end: a
// body larger than the limit is judged on its first bytes, and the setting moves the limit.
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedBody, DEFAULT_CHECK_BODY_BYTES, parseCheckBodyLimit } from '../src/engine/check-body.ts';
import { definition, runDefinition } from './helpers/run-definition.ts';
import { startTarget, type Target } from './helpers/targets.ts';

const MiB = 1024 * 1024;

describe('parseCheckBodyLimit', () => {
  it('reads bytes, KiB, kB, MiB and MB', () => {
    expect(parseCheckBodyLimit('1MiB', '--check-body-limit')).toBe(MiB);
    expect(parseCheckBodyLimit(' 512KiB ', 'x')).toBe(512 * 1024);
    expect(parseCheckBodyLimit('200kB', 'x')).toBe(200_000);
    expect(parseCheckBodyLimit('65536', 'x')).toBe(65_536);
    expect(parseCheckBodyLimit('1.5mib', 'x')).toBe(1.5 * MiB);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['', '1GiB', '100', 'lots', '1 TiB', '-1MiB']) {
      expect(parseCheckBodyLimit(bad, '--check-body-limit')).toMatchObject({ path: '--check-body-limit' });
    }
  });
});

describe('checkedBody', () => {
  const text = Array.from({ length: 300_000 }, (_, i) => `line ${i}\n`).join('');

  it('gives the first bytes of a plain body', () => {
    expect(checkedBody(Buffer.from(text), undefined, 1024)).toBe(text.slice(0, 1024));
  });

  it('decodes each encoding to at most the limit, from the start of the body', () => {
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', (input: string) => brotliCompressSync(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })],
    ] as const) {
      const decoded = checkedBody(compress(text), encoding, 64 * 1024);
      expect(decoded.length, encoding).toBeGreaterThan(0);
      expect(decoded.length, encoding).toBeLessThanOrEqual(64 * 1024);
      expect(text.startsWith(decoded), encoding).toBe(true);
    }
  });

  it('decodes a compressed body cut short at the limit as far as it goes', () => {
    const compressed = gzipSync(text);
    const cut = compressed.subarray(0, compressed.length >> 1);
    const decoded = checkedBody(cut, 'gzip', 16 * MiB);
    expect(decoded.length).toBeGreaterThan(0);
    expect(text.startsWith(decoded)).toBe(true);
  });

  it('decodes a body that would decompress to 64 MiB to at most the limit', () => {
    const bomb = gzipSync(Buffer.alloc(64 * MiB), { level: 1 });
    const decoded = checkedBody(bomb, 'gzip', DEFAULT_CHECK_BODY_BYTES);
    expect(decoded.length).toBeLessThanOrEqual(DEFAULT_CHECK_BODY_BYTES);
    expect(decoded.length).toBeGreaterThan(0);
  });

  it('throws on a body that is not in its declared encoding', () => {
    expect(() => checkedBody(Buffer.from('not gzip at all'), 'gzip', MiB)).toThrow();
  });
});

describe('a body longer than the limit', () => {
  let target: Target;
  beforeAll(async () => {
    // 3 MiB of "x", then "END".
    target = await startTarget({
      handler: (req, res) => {
        if (req.url !== '/tail') return false;
        res.end(`${'x'.repeat(3 * MiB)}END`);
        return true;
      },
    });
  });
  afterAll(async () => {
    await target.close();
  });

  const raw = () => definition([{ url: `${target.url}/tail`, assertion: ['contains(body,"END")'] }], { iteration_count: 2, duration: 1 });

  it('is judged on its first check-body-limit bytes; a larger limit reads further', async () => {
    const capped = await runDefinition(raw());
    expect(capped.results.steps[0]!.error_dist).toEqual({ 'assertion failed: contains(body,"END")': 2 });
    const wider = await runDefinition(raw(), { checkBodyBytes: 4 * MiB });
    expect(wider.results.steps[0]!.error_dist).toEqual({});
    expect(wider.results.steps[0]!.success_count).toBe(2);
  });
});
