// Reading a user's file as text, defensively: only a regular file (a FIFO would block forever and
// /dev/urandom never ends), no larger than a limit, and valid UTF-8 (a bad byte is an error naming
// its line and byte, never silently replaced with U+FFFD).
import { constants, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** The largest definition or environment file read (bytes). */
export const MAX_DEFINITION_BYTES = 16 * 1024 * 1024;
/** The largest CSV data file read (bytes): its tagged columns are held in memory. */
export const MAX_DATA_BYTES = 256 * 1024 * 1024;

export type TextRead = { ok: true; value: string } | { ok: false; reason: string };

/** Reads a regular file of at most `maxBytes` bytes as UTF-8. */
export async function readTextFile(path: string, maxBytes: number): Promise<TextRead> {
  const file = await openRegularFile(path, maxBytes);
  if (!file.ok) return file;
  try {
    const bytes = await file.handle.readFile();
    if (bytes.length > maxBytes) return { ok: false, reason: tooLarge(bytes.length, maxBytes) };
    const invalid = invalidUtf8(bytes);
    return invalid ? { ok: false, reason: invalid } : { ok: true, value: bytes.toString('utf8') };
  } catch (err) {
    return { ok: false, reason: readFailure(err) };
  } finally {
    await file.handle.close();
  }
}

export type OpenedFile = { ok: true; handle: FileHandle; size: number } | { ok: false; reason: string };

/**
 * Opens `path` for reading if it is a regular file within the size limit. O_NONBLOCK makes the
 * open of a FIFO without a writer return at once, so that fstat can refuse it.
 */
export async function openRegularFile(path: string, maxBytes: number): Promise<OpenedFile> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return { ok: false, reason: readFailure(err) };
  }
  const info = await handle.stat();
  const problem = info.isFile() ? (info.size > maxBytes ? tooLarge(info.size, maxBytes) : null) : notRegular(info);
  if (problem === null) return { ok: true, handle, size: info.size };
  await handle.close();
  return { ok: false, reason: problem };
}

function notRegular(info: Stats): string {
  const kind = info.isDirectory()
    ? 'a directory'
    : info.isFIFO()
      ? 'a named pipe (FIFO)'
      : info.isCharacterDevice() || info.isBlockDevice()
        ? 'a device'
        : info.isSocket()
          ? 'a socket'
          : 'not a regular file';
  return `is ${kind}, not a regular file`;
}

function tooLarge(size: number, maxBytes: number): string {
  return `is ${size} bytes, larger than the ${maxBytes / (1024 * 1024)} MiB allowed`;
}

/**
 * Why a file could not be read, in words. The problem names the file already, so the system's
 * message (which quotes the path again, maybe 100,000 characters of it) is not repeated.
 */
export function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'not found';
  if (code === 'EISDIR') return 'is a directory, not a file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENAMETOOLONG') return 'the path, or a name in it, is longer than the file system allows';
  if (code === 'ELOOP') return 'too many symbolic links on the way to it (links that lead back to each other?)';
  if (code === 'ENOTDIR') return 'a part of its path is a file, not a directory';
  // `ECODE: what happened, open '<path>'`: everything but the path.
  return (err as Error).message.replace(/, \w+ '[\s\S]*$/, '');
}

/** Where the first byte that is not UTF-8 is, as "line L, byte B": null when every byte is. */
export function invalidUtf8(bytes: Uint8Array, firstLine = 1, firstByte = 0): string | null {
  const at = invalidUtf8Offset(bytes);
  if (at < 0) return null;
  let line = firstLine;
  for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
  return `is not valid UTF-8: line ${line}, byte ${firstByte + at + 1} (0x${bytes[at]!.toString(16).padStart(2, '0')}); save the file as UTF-8`;
}

/**
 * The offset of the first byte of an invalid UTF-8 sequence, or -1. A sequence cut off by the end
 * of `bytes` counts as invalid: callers that stream pass whole files or keep the tail (see Utf8Check).
 */
export function invalidUtf8Offset(bytes: Uint8Array, end = bytes.length): number {
  let i = 0;
  while (i < end) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = SEQUENCE_LENGTH[b]!;
    if (length === 0 || i + length > end || !wellFormedSequence(bytes, i, length)) return i;
    i += length;
  }
  return -1;
}

/**
 * The length of the sequence a byte starts: 2 to 4 for a multi-byte lead, 0 for an ASCII byte, a
 * continuation byte, or a byte UTF-8 never uses (0xC0, 0xC1, 0xF5 and above).
 */
const SEQUENCE_LENGTH = new Uint8Array(256).fill(2, 0xc2, 0xe0).fill(3, 0xe0, 0xf0).fill(4, 0xf0, 0xf5);

/** Whether the `length` bytes at `i`, led by a multi-byte lead, encode one code point. */
function wellFormedSequence(bytes: Uint8Array, i: number, length: number): boolean {
  const lead = bytes[i]!;
  const second = bytes[i + 1]!;
  // The second byte's range rules out overlong forms, surrogates and code points above U+10FFFF.
  const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
  const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
  if (second < low || second > high) return false;
  for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return false;
  return true;
}

/** Checks a stream of chunks as one UTF-8 text, carrying a sequence split across chunks. */
export class Utf8Check {
  private line = 1;
  private offset = 0;
  private tail: Buffer = Buffer.alloc(0);

  /** The problem with this chunk (as "line L, byte B" of the whole file), or null. */
  push(chunk: Buffer): string | null {
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    const keep = incompleteTail(bytes);
    const problem = invalidUtf8(bytes.subarray(0, bytes.length - keep), this.line, this.offset);
    if (problem) return problem;
    const done = bytes.subarray(0, bytes.length - keep);
    for (const b of done) if (b === 0x0a) this.line++;
    this.offset += done.length;
    this.tail = Buffer.from(bytes.subarray(bytes.length - keep));
    return null;
  }

  /** The problem with a sequence left unfinished at the end of the file, or null. */
  end(): string | null {
    return this.tail.length > 0 ? invalidUtf8(this.tail, this.line, this.offset) : null;
  }
}

/** How many bytes at the end start a multi-byte sequence that the next chunk may finish (0–3). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const length = SEQUENCE_LENGTH[b] || 1;
    return length > back ? back : 0;
  }
  return 0;
}
