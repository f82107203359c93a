// Test data sets (docs/interface.md 2.4): a multipart form with the parts name, type, file_config (JSON
// text) and file. The form is checked with the CLI's schema for a `test_data` entry, the file is
// read once with the CLI's CSV loader (its row count is part of the answer), then kept in the
// data directory as <id>.csv.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { validateDefinition } from '../../definition/validate.ts';
import type { Problem } from '../../errors.ts';
import type { TestDataSet } from '../../types.ts';
import { loadDataSet } from '../../variables/csv.ts';
import { notFound, param, type RouteTable, type ServerContext } from '../context.ts';
import { ApiError, describeBytes, problemsError } from '../errors.ts';
import type { TestDataRecord } from '../store.ts';

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

/** Reads the form; the file part goes straight to a temporary file in the data directory. */
async function receiveUpload(req: FastifyRequest, ctx: ServerContext): Promise<Upload> {
  if (!req.isMultipart()) throw new ApiError(415, 'unsupported_media_type', `expected ${FORM} (Content-Type: multipart/form-data)`);
  const upload: Upload = { fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file') {
        upload.file = { tmpPath: join(ctx.dataDir, `${UPLOAD_PREFIX}${randomUUID()}`), name: part.filename || 'upload.csv' };
        const tooLarge = new ApiError(413, 'payload_too_large', `the uploaded file is larger than the limit of ${describeBytes(ctx.limits.uploadBytes)}`);
        // Past the limit the parser would skip the rest of the part, maybe a gigabyte, before the
        // stream ends: stop there (the 413 then closes the connection, docs/security.md).
        part.file.once('limit', () => part.file.destroy(tooLarge));
        await pipeline(part.file, createWriteStream(upload.file.tmpPath));
      } else {
        // `curl -F file_config=@config.json` sends a text part as a file.
        upload.fields[part.fieldname] = (await part.toBuffer()).toString('utf8');
      }
    }
  } catch (error) {
    if (upload.file) await rm(upload.file.tmpPath, { force: true });
    throw isFormSyntaxError(error) ? new ApiError(400, 'bad_request', `malformed multipart form: ${error.message}`) : error;
  }
  return upload;
}

/**
 * The multipart parser (busboy) reports a malformed form as a plain Error, without the `code`
 * of a file system error or the `statusCode` of the plugin's own errors.
 */
function isFormSyntaxError(error: unknown): error is Error {
  return error instanceof Error && !(error instanceof ApiError) && !('code' in error) && !('statusCode' in error);
}

/** The form as a `test_data` entry, checked by the definition schema; problem paths relative to the form. */
function checkForm(upload: Upload): { set: TestDataSet; file: UploadedFile } {
  const raw: Record<string, unknown> = { ...upload.fields };
  if (typeof raw.file_config === 'string') {
    try {
      raw.file_config = JSON.parse(raw.file_config);
    } catch (error) {
      throw problemsError([{ path: '$.file_config', message: `expected JSON text, got invalid JSON: ${(error as Error).message}` }]);
    }
  }
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
  return { set: checked.definition.test_data[0]!, file: upload.file };
}

async function createTestData(file: UploadedFile, set: TestDataSet, ctx: ServerContext): Promise<TestDataRecord> {
  const id = randomUUID();
  const filePath = join(ctx.dataDir, `${id}.csv`);
  await rename(file.tmpPath, filePath);
  const data = await loadDataSet({ ...set, file: filePath }, { path: '$' });
  if (Array.isArray(data)) {
    await rm(filePath, { force: true });
    throw problemsError(data.map((p) => ({ path: p.path, message: p.message.replaceAll(filePath, file.name) })));
  }
  const record: TestDataRecord = {
    id,
    name: set.name,
    type: set.type,
    file_config: set.file_config,
    file_name: file.name,
    row_count: data.rowCount,
    created_at: new Date().toISOString(),
    file_path: filePath,
  };
  ctx.store.createTestData(record);
  return record;
}

/** A record as clients see it: without the server's file path. */
function view(record: TestDataRecord): Omit<TestDataRecord, 'file_path'> {
  const { file_path: _, ...shown } = record;
  return shown;
}

export function testDataRoutes(ctx: ServerContext): RouteTable {
  const find = (id: string): TestDataRecord => {
    const record = ctx.store.getTestData(id);
    if (!record) throw notFound('test data set', id);
    return record;
  };
  return {
    '/v1/testdata/': {
      POST: async (req, reply) => {
        const upload = await receiveUpload(req, ctx);
        let checked: ReturnType<typeof checkForm>;
        try {
          checked = checkForm(upload);
        } catch (error) {
          if (upload.file) await rm(upload.file.tmpPath, { force: true });
          throw error;
        }
        const record = await createTestData(checked.file, checked.set, ctx);
        reply.code(201);
        return view(record);
      },
      GET: async () => ctx.store.listTestData().map(view),
    },
    '/v1/testdata/:id/': {
      GET: async (req) => view(find(param(req, 'id'))),
      DELETE: async (req) => {
        const record = find(param(req, 'id'));
        ctx.store.deleteTestData(record.id);
        await rm(record.file_path, { force: true });
        return view(record);
      },
    },
  };
}
