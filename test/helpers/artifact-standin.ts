// A local stand-in for the GitHub Actions artifact service as @actions/artifact (v2 and later)
// talks to it: the Twirp JSON RPCs CreateArtifact and FinalizeArtifact on the results service,
// and the Azure Blob block upload (stage blocks, commit the block list) to the signed URL that
// CreateArtifact hands out. It records every request and keeps the uploaded bytes, so tests can
// check that the report arrived. `env` holds what a runner would set for the action.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

export const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';
const BLOB_PREFIX = '/devstoreaccount1/actions-results/';
const SIGNATURE = 'standin-signature';

export type TwirpMethod = 'CreateArtifact' | 'FinalizeArtifact';

export interface ArtifactStandinOptions {
  /** This RPC answers 200 with `ok: false`, as the service does when it declines. */
  notOk?: TwirpMethod;
  /** This step answers with the status: a Twirp error for an RPC, a StorageError for the blob. */
  failWith?: { step: TwirpMethod | 'blob'; status: number };
  /** The first artifact id handed out; later ones count up. Default 4711. */
  firstArtifactId?: number;
}

export interface ArtifactRecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Buffer;
}

export interface StandinArtifact {
  id: number;
  name: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  /** As sent: an RFC 3339 timestamp, when the client asked for a retention period. */
  expiresAt?: string;
  /** The size and `sha256:<hex>` hash the client reported on finalize. */
  size?: string;
  hash?: string;
  finalized: boolean;
  /** The committed blob: for a normal upload, the zip archive the client built. */
  bytes: Buffer;
}

export interface ArtifactStandin {
  /** ACTIONS_RESULTS_URL: the results service and the blob store share this origin. */
  url: string;
  runtimeToken: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  /** Everything a runner sets that the upload and its link read. */
  env: Record<string, string>;
  requests: ArtifactRecordedRequest[];
  artifacts: StandinArtifact[];
  close(): Promise<void>;
}

export const STANDIN_REPOSITORY = 'acme/shop';
export const STANDIN_RUN_ID = '9001';

export async function startArtifactStandin(options: ArtifactStandinOptions = {}): Promise<ArtifactStandin> {
  const workflowRunBackendId = randomUUID();
  const workflowJobRunBackendId = randomUUID();
  const runtimeToken = runtimeTokenFor(workflowRunBackendId, workflowJobRunBackendId);
  const requests: ArtifactRecordedRequest[] = [];
  const artifacts: StandinArtifact[] = [];
  // Staged blocks per blob path, until the block list commits them.
  const staged = new Map<string, Map<string, Buffer>>();
  const artifactAt = new Map<string, StandinArtifact>();
  let nextId = options.firstArtifactId ?? 4711;
  let origin = '';

  const twirp = (method: string, body: Buffer, authorization: string | undefined, res: ServerResponse): void => {
    if (authorization !== `Bearer ${runtimeToken}`) return twirpError(res, 401, 'unauthenticated', 'invalid runtime token');
    if (options.failWith?.step === method) {
      return twirpError(res, options.failWith.status, twirpCode(options.failWith.status), 'stand-in failure');
    }
    const req = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    if (options.notOk === method) return sendJson(res, 200, { ok: false });
    if (method === 'CreateArtifact') {
      // Artifacts are immutable since v4: a name is taken once per workflow run.
      if (artifacts.some((a) => a.name === req.name && a.finalized)) {
        return twirpError(res, 409, 'already_exists', 'an artifact with this name already exists on the workflow run');
      }
      const artifact: StandinArtifact = {
        id: 0,
        name: String(req.name ?? ''),
        workflowRunBackendId: String(req.workflow_run_backend_id ?? ''),
        workflowJobRunBackendId: String(req.workflow_job_run_backend_id ?? ''),
        ...(typeof req.expires_at === 'string' ? { expiresAt: req.expires_at } : {}),
        finalized: false,
        bytes: Buffer.alloc(0),
      };
      artifacts.push(artifact);
      const blobPath = `${BLOB_PREFIX}${workflowRunBackendId}/artifact-${artifacts.length}.zip`;
      artifactAt.set(blobPath, artifact);
      const signedUploadUrl = `${origin}${blobPath}?sv=2023-11-03&sr=b&sp=cw&sig=${SIGNATURE}`;
      return sendJson(res, 200, { ok: true, signed_upload_url: signedUploadUrl });
    }
    if (method === 'FinalizeArtifact') {
      const found = artifacts.find((a) => a.name === req.name && !a.finalized);
      if (!found) return twirpError(res, 404, 'not_found', `no artifact named ${String(req.name)} to finalize`);
      Object.assign(found, { id: nextId++, finalized: true, size: String(req.size ?? '0') });
      const hash = req.hash;
      if (typeof hash === 'string') found.hash = hash;
      return sendJson(res, 200, { ok: true, artifact_id: String(found.id) });
    }
    twirpError(res, 404, 'bad_route', `no handler for ${method}`);
  };

  const blob = (method: string, url: URL, body: Buffer, res: ServerResponse): void => {
    if (url.searchParams.get('sig') !== SIGNATURE) return storageError(res, 403, 'AuthenticationFailed');
    const failure = options.failWith?.step === 'blob' ? options.failWith.status : undefined;
    if (failure !== undefined) return storageError(res, failure, storageCode(failure));
    if (method !== 'PUT') return storageError(res, 405, 'UnsupportedHttpVerb');
    const blocks = staged.get(url.pathname) ?? new Map<string, Buffer>();
    staged.set(url.pathname, blocks);
    const comp = url.searchParams.get('comp');
    if (comp === 'block') {
      blocks.set(url.searchParams.get('blockid') ?? '', body);
      return sendBlob(res);
    }
    const committed = comp === 'blocklist' ? blockIds(body.toString('utf8')).map((id) => blocks.get(id)) : [body];
    if (committed.some((b) => b === undefined)) return storageError(res, 400, 'InvalidBlockList');
    const artifact = artifactAt.get(url.pathname);
    if (artifact) artifact.bytes = Buffer.concat(committed as Buffer[]);
    sendBlob(res, { etag: `"0x${Date.now().toString(16).toUpperCase()}"`, 'last-modified': new Date().toUTCString() });
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    const method = req.method ?? '';
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method, path: url.pathname, query, authorization: req.headers.authorization, body });
    if (url.pathname.startsWith(TWIRP_PREFIX) && method === 'POST') {
      return twirp(url.pathname.slice(TWIRP_PREFIX.length), body, req.headers.authorization, res);
    }
    if (url.pathname.startsWith(BLOB_PREFIX)) return blob(method, url, body, res);
    sendJson(res, 404, { msg: 'not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/`,
    runtimeToken,
    workflowRunBackendId,
    workflowJobRunBackendId,
    env: {
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_RESULTS_URL: `${origin}/`,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: STANDIN_REPOSITORY,
      GITHUB_RUN_ID: STANDIN_RUN_ID,
    },
    requests,
    artifacts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * A well-formed but unsigned JWT (alg "none"). The client only decodes it: the `scp` claim's
 * `Actions.Results:<workflow run backend id>:<job run backend id>` scope names the run and job.
 */
export function runtimeTokenFor(workflowRunBackendId: string, workflowJobRunBackendId: string): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    scp: `Actions.ExampleScope Actions.Results:${workflowRunBackendId}:${workflowJobRunBackendId}`,
    iat: now,
    exp: now + 3600,
  };
  return `${part({ typ: 'JWT', alg: 'none' })}.${part(claims)}.`;
}

/**
 * The first entry of a zip archive: its name and its inflated content. Reads only the first
 * local file header (signature PK\x03\x04), which is where the client puts a single file.
 */
export function firstZipEntry(zip: Buffer): { name: string; content: Buffer } {
  if (zip.length < 30 || zip.readUInt32LE(0) !== 0x04034b50) {
    throw new Error('not a zip archive: no local file header at offset 0');
  }
  const method = zip.readUInt16LE(8);
  const nameLength = zip.readUInt16LE(26);
  const dataStart = 30 + nameLength + zip.readUInt16LE(28);
  const name = zip.subarray(30, 30 + nameLength).toString('utf8');
  // Streamed archives put the sizes after the data, so inflate until the deflate stream ends.
  if (method === 8) return { name, content: inflateRawSync(zip.subarray(dataStart)) };
  if (method === 0) return { name, content: zip.subarray(dataStart, dataStart + zip.readUInt32LE(18)) };
  throw new Error(`zip entry ${name} uses compression method ${method}, expected 0 or 8`);
}

function blockIds(xml: string): string[] {
  return [...xml.matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g)].map((m) => m[1] ?? '');
}

function twirpCode(status: number): string {
  const codes: Record<number, string> = { 401: 'unauthenticated', 403: 'permission_denied', 404: 'not_found', 429: 'resource_exhausted' };
  return codes[status] ?? 'internal';
}

function storageCode(status: number): string {
  if (status === 403) return 'AuthorizationFailure';
  if (status === 503) return 'ServerBusy';
  return status >= 500 ? 'InternalError' : 'InvalidInput';
}

function azureHeaders(): Record<string, string> {
  return { 'x-ms-request-id': randomUUID(), 'x-ms-version': '2025-11-05', date: new Date().toUTCString() };
}

function sendBlob(res: ServerResponse, extra: Record<string, string> = {}): void {
  res.writeHead(201, { ...azureHeaders(), 'x-ms-request-server-encrypted': 'true', ...extra });
  res.end();
}

function storageError(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { ...azureHeaders(), 'x-ms-error-code': code, 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>stand-in: ${code}</Message></Error>`);
}

function twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  sendJson(res, status, { code, msg });
}

function sendJson(res: ServerResponse, status: number, data: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(data));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
