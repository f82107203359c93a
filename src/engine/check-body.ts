// What a step's checks read of a response body (docs/variables.md, "How much of the body checks
// read"): its first `check-body-limit` bytes, decoded. The slot keeps no more than that of what
// arrives (the rest is read and dropped), and a compressed body is decoded to at most that many
// bytes, so neither a large body nor a small one that decompresses to gigabytes is held whole.
import { brotliDecompressSync, constants, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
import type { Problem } from '../errors.ts';

/** What checks read of a body when the setting is not given: 1 MiB. */
export const DEFAULT_CHECK_BODY_BYTES = 1024 * 1024;
const MAX_CHECK_BODY_BYTES = 256 * 1024 * 1024;
const UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, kb: 1000, mib: 1024 * 1024, mb: 1000 * 1000 };

/** The setting `check-body-limit`: `1MiB`, `512KiB`, `200kB` or bytes; from 1 KiB to 256 MiB. */
export function parseCheckBodyLimit(text: string, name: string): number | Problem {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = UNITS[match?.[2]?.toLowerCase() ?? 'x'];
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!(bytes >= 1024 && bytes <= MAX_CHECK_BODY_BYTES))
    return { path: name, message: `expected a size from 1KiB to 256MiB, such as 1MiB, 512KiB or 65536 (bytes), got "${text}"` };
  return bytes;
}

type Decoder = (raw: Buffer, options: ZlibOptions) => Buffer;

function decoderOf(encoding: string | string[] | undefined): Decoder | null {
  switch (typeof encoding === 'string' ? encoding.trim().toLowerCase() : '') {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync;
    case 'deflate':
      return inflateSync;
    case 'br':
      return (raw, options) =>
        brotliDecompressSync(raw, { maxOutputLength: options.maxOutputLength, finishFlush: constants.BROTLI_OPERATION_FLUSH });
    default:
      return null;
  }
}

/**
 * The first `limit` bytes of the body as text. `raw` may be cut short at the limit: a compressed
 * body is decoded as far as it goes (a sync flush, not an error at its cut end). A decoded body
 * longer than the limit is decoded again from a shorter start until it fits: at most about
 * log2(compression ratio) passes, each bounded by the limit. Throws on a body that is not in its
 * declared encoding (the step's error: "invalid response").
 */
export function checkedBody(raw: Buffer, encoding: string | string[] | undefined, limit: number): string {
  const decode = decoderOf(encoding);
  if (decode === null) return raw.subarray(0, limit).toString('utf8');
  let input = raw;
  for (;;) {
    try {
      return decode(input, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE' || input.length <= 1) throw error;
      input = input.subarray(0, input.length >> 1);
    }
  }
}
