// Test data sets (docs/interface.md 2.4): a multipart form with the parts name, type, file_config (JSON
// text) and file. The form is checked with the CLI's schema for a `test_data` entry, the file is
// read once with the CLI's CSV loader (its row count is part of the answer), then kept in the
// data directory as <id>.csv, with its SHA-256 (clients compare it to reuse an upload).
// An update (PATCH) takes the same parts, each optional, as a form or as JSON.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parseJsonText } from '../../definition/json-text.ts';
import { validateDefinition } from '../../definition/validate.ts';
import type { Problem } from '../../errors.ts';
import type { TestDataSet } from '../../types.ts';
import { loadDataSet } from '../../variables/csv.ts';
import { isRecord } from '../../json.ts';
import { jsonBody, type RouteTable, type ServerContext } from '../context.ts';
import { countBody } from '../body-limit.ts';
import { ApiError, describeBytes, problemsError } from '../errors.ts';
import type { TestDataRecord } from '../../hosted/service-records.ts';
import type { StoredTestData, TenantStore } from '../store/store.ts';
import { crudRoutes } from './crud.ts';
import { PRIVATE_FILE } from '../private-files.ts';

interface UploadedFile {
  tmpPath: string;
  /** The file name the client sent. */
  name: string;
}

interface Upload {
  fields: Record<string, unknown>;
  file?: UploadedFile;
}

/** Temporary files of uploads in progress, in the data directory. */
export const UPLOAD_PREFIX = '.upload-';

const FORM = 'a multipart form with the parts name, type, file_config and file (docs/interface.md 2.4)';

/**
 * Reads the form; the file part goes straight to a temporary file in the data directory. The
 * whole body is counted as well (countBody): whatever the form's shape, past the file's limit and
 * the form around it the answer is a 413 and nothing more is read.
 */
async function receiveUpload(req: FastifyRequest, ctx: ServerContext): Promise<Upload> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', `expected ${FORM} (Content-Type: multipart/form-data)`);
  const limit = ctx.limits.uploadBytes + ctx.limits.bodyBytes;
  const body = countBody(req.raw, limit, (received) => {
    // How much was read before the refusal: what a client could make the server take.
    ctx.log(`${req.method} ${req.url}: upload refused at its limit of ${describeBytes(limit)}, ${received} bytes read`);
    return new ApiError(
      413,
      'payload_too_large',
      `the upload is larger than the limit of ${describeBytes(limit)} (a file of ${describeBytes(ctx.limits.uploadBytes)} and the form around it)`,
    );
  });
  const upload: Upload = { fields: {} };
  try {
    const reading = readParts(req, ctx, upload).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    const failure = await Promise.race([reading, body.passed]);
    // What follows a malformed part, or the last part (an epilogue), is read and counted too, so
    // that a client still sending gets the answer rather than a reset, and never past the limit.
    if (!isTooLarge(failure)) await Promise.race([body.drain(), body.passed]);
    if (failure !== undefined) throw failure;
    return upload;
  } catch (error) {
    if (upload.file) await rm(upload.file.tmpPath, { force: true });
    throw error;
  } finally {
    body.stop();
  }
}

function isTooLarge(error: unknown): boolean {
  return error instanceof ApiError && error.status === 413;
}

/** The form's parts, in order, into `upload`; a malformed form is a 400. */
async function readParts(req: FastifyRequest, ctx: ServerContext, upload: Upload): Promise<void> {
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file') {
        upload.file = { tmpPath: join(ctx.dataDir, `${UPLOAD_PREFIX}${randomUUID()}`), name: part.filename || 'upload.csv' };
        const tooLarge = new ApiError(
          413,
          'payload_too_large',
          `the uploaded file is larger than the limit of ${describeBytes(ctx.limits.uploadBytes)}`,
        );
        // Past the limit the parser would skip the rest of the part, maybe a gigabyte, before the
        // stream ends: stop there (the 413 then closes the connection, docs/security.md).
        part.file.once('limit', () => part.file.destroy(tooLarge));
        await pipeline(part.file, createWriteStream(upload.file.tmpPath, { mode: PRIVATE_FILE }));
      } else {
        // `curl -F file_config=@config.json` sends a text part as a file.
        upload.fields[part.fieldname] = (await part.toBuffer()).toString('utf8');
      }
    }
  } catch (error) {
    if (upload.file) await rm(upload.file.tmpPath, { force: true });
    throw isFormSyntaxError(error) ? new ApiError(400, 'bad_request', `malformed multipart form: ${error.message}`) : error;
  }
}

/**
 * The multipart parser (busboy) reports a malformed form as a plain Error, without the `code`
 * of a file system error or the `statusCode` of the plugin's own errors.
 */
function isFormSyntaxError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof ApiError) && !('code' in error) && !('statusCode' in error);
}

/**
 * `file_config` as a form sends it (JSON text, read as strictly as a request body: a key given
 * twice is refused) or as a JSON body does (an object). Problems name the part: `$.file_config.x`.
 */
function parseFileConfig(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = parseJsonText(value);
  if (parsed.ok) return parsed.value.json;
  throw problemsError(
    parsed.problems.map((p) =>
      p.path.startsWith('$')
        ? { path: `$.file_config${p.path.slice(1)}`, message: p.message }
        : { path: '$.file_config', message: `${p.path}: ${p.message}` },
    ),
  );
}

/** The form as a `test_data` entry, checked by the definition schema; problem paths relative to the form. */
function checkForm(upload: Upload): { set: TestDataSet; file: UploadedFile } {
  const raw: Record<string, unknown> = { ...upload.fields };
  if (raw.file_config !== undefined) raw.file_config = parseFileConfig(raw.file_config);
  const problems: Problem[] = [];
  // The schema's own "missing key" would repeat the problem below, in less helpful words.
  raw.file = upload.file?.name ?? 'missing';
  if (!upload.file) problems.push({ path: '$.file', message: 'missing the file part: send the CSV file as a form part named "file"' });
  const holder = { name: 'upload', config_data: { steps: [{ id: 1, name: 'upload', url: 'http://upload.invalid/' }] }, test_data: [raw] };
  const checked = validateDefinition(holder, 'upload');
  if (!checked.ok) {
    problems.push(...checked.problems.map((p) => ({ path: p.path.replace(/^\$\.test_data\[0\]/, '$'), message: p.message })));
  }
  if (!checked.ok || !upload.file || problems.length > 0) throw problemsError(problems);
  return { set: checked.value.definition.test_data[0]!, file: upload.file };
}

/** The rows of the file as `set` reads it; 422 naming the client's file name otherwise. */
async function countRows(path: string, shownName: string, set: TestDataSet): Promise<number> {
  const data = await loadDataSet({ ...set, file: path }, { path: '$' });
  if (data.ok) return data.value.rowCount;
  throw problemsError(data.problems.map((p) => ({ path: p.path, message: p.message.replaceAll(path, shownName) })));
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

async function createTestData(file: UploadedFile, set: TestDataSet, ctx: ServerContext, records: TenantStore): Promise<StoredTestData> {
  const id = randomUUID();
  const filePath = join(ctx.dataDir, `${id}.csv`);
  await rename(file.tmpPath, filePath);
  let rowCount: number;
  try {
    rowCount = await countRows(filePath, file.name, set);
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  const record: StoredTestData = {
    id,
    name: set.name,
    type: set.type,
    file_config: set.file_config,
    file_name: file.name,
    row_count: rowCount,
    created_at: new Date().toISOString(),
    file_path: filePath,
  };
  records.createTestData(record);
  records.setTestDataHash(id, await fileSha256(filePath));
  return record;
}

/**
 * The record with the parts the update gives: file_config keys replace the stored ones one by
 * one; a new file replaces the stored file only once it has been read without a problem.
 */
async function updateTestData(record: StoredTestData, upload: Upload, records: TenantStore): Promise<StoredTestData> {
  const given = upload.fields;
  const fileConfig = given.file_config === undefined ? {} : parseFileConfig(given.file_config);
  const fields = {
    name: given.name ?? record.name,
    type: given.type ?? record.type,
    file_config: isRecord(fileConfig) ? { ...record.file_config, ...fileConfig } : fileConfig,
  };
  const stored: UploadedFile = { tmpPath: record.file_path, name: record.file_name };
  const { set, file } = checkForm({ fields, file: upload.file ?? stored });
  const rowCount = await countRows(file.tmpPath, file.name, set);
  if (upload.file) {
    await rename(upload.file.tmpPath, record.file_path);
    records.setTestDataHash(record.id, await fileSha256(record.file_path));
  }
  const updated: StoredTestData = {
    ...record,
    name: set.name,
    type: set.type,
    file_config: set.file_config,
    file_name: file.name,
    row_count: rowCount,
  };
  records.updateTestData(updated);
  return updated;
}

/** A record as clients see it: without the server's file path, with the file's SHA-256 when known. */
function view(record: StoredTestData, hashes: Map<string, string>): TestDataRecord {
  const { file_path: _, ...shown } = record;
  const sha256 = hashes.get(record.id);
  return sha256 === undefined ? shown : { ...shown, sha256 };
}

export function testDataRoutes(ctx: ServerContext): RouteTable {
  return crudRoutes<StoredTestData>(ctx, {
    path: '/v1/testdata/',
    noun: 'test data set',
    get: (records, id) => records.getTestData(id),
    list: (records) => records.listTestData(),
    create: async (req, records) => {
      const upload = await receiveUpload(req, ctx);
      let checked: ReturnType<typeof checkForm>;
      try {
        checked = checkForm(upload);
      } catch (error) {
        if (upload.file) await rm(upload.file.tmpPath, { force: true });
        throw error;
      }
      return createTestData(checked.file, checked.set, ctx, records);
    },
    update: async (record, req, records) => {
      const upload = req.isMultipart()
        ? await receiveUpload(req, ctx)
        : { fields: jsonBody(req, 'any of name, type, file_config and file') };
      try {
        return await updateTestData(record, upload, records);
      } finally {
        if (upload.file) await rm(upload.file.tmpPath, { force: true });
      }
    },
    remove: async (record, records) => {
      records.deleteTestData(record.id);
      await rm(record.file_path, { force: true });
    },
    viewer: (records) => {
      const hashes = records.testDataHashes();
      return (record) => view(record, hashes);
    },
  });
}
