import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOT_IN_ACTIONS, artifactName, uploadReportArtifact, uploadReportArtifactUniquely } from '../src/github/artifact.ts';
import {
  STANDIN_REPOSITORY,
  STANDIN_RUN_ID,
  TWIRP_PREFIX,
  firstZipEntry,
  startArtifactStandin,
  type ArtifactStandin,
  type ArtifactStandinOptions,
} from './helpers/artifact-standin.ts';
import { collectActionLog } from './helpers/action-log.ts';

const HTML = '<!doctype html><title>checkout</title><h1>p95 212 ms</h1>\n'.repeat(50);
const DAY_MS = 24 * 60 * 60 * 1000;

// @actions/artifact logs each request as ::debug:: lines; keep them out of the test output.
collectActionLog();

let dir = '';
let file = '';
let standin: ArtifactStandin | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'loadgate-artifact-'));
  file = join(dir, 'loadgate-report.html');
  writeFileSync(file, HTML);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function start(options: ArtifactStandinOptions = {}): Promise<ArtifactStandin> {
  standin = await startArtifactStandin(options);
  return standin;
}

function envOf(s: ArtifactStandin): NodeJS.ProcessEnv {
  return { ...s.env };
}

function paths(s: ArtifactStandin): string[] {
  return s.requests.map((r) => (r.path.startsWith(TWIRP_PREFIX) ? r.path.slice(TWIRP_PREFIX.length) : `blob ${r.query.comp}`));
}

describe('uploadReportArtifact against the artifact service stand-in', () => {
  it('uploads the report as a zip and links the run artifact', async () => {
    const s = await start({ firstArtifactId: 321 });
    const name = artifactName('checkout smoke');
    const result = await uploadReportArtifact({ file, name, env: envOf(s) });

    expect(result).toEqual({
      ok: true,
      id: 321,
      url: `https://github.com/${STANDIN_REPOSITORY}/actions/runs/${STANDIN_RUN_ID}/artifacts/321`,
    });
    expect(paths(s)).toEqual(['CreateArtifact', 'blob block', 'blob blocklist', 'FinalizeArtifact']);
    const [artifact] = s.artifacts;
    expect(artifact).toMatchObject({
      name: 'loadgate-report-checkout smoke',
      finalized: true,
      workflowRunBackendId: s.workflowRunBackendId,
      workflowJobRunBackendId: s.workflowJobRunBackendId,
    });
    const entry = firstZipEntry(artifact?.bytes ?? Buffer.alloc(0));
    expect(entry.name).toBe('loadgate-report.html');
    expect(entry.content.toString('utf8')).toBe(HTML);
    expect(artifact?.size).toBe(String(artifact?.bytes.length));
    expect(s.requests.filter((r) => r.path.startsWith(TWIRP_PREFIX)).map((r) => r.authorization)).toEqual([
      `Bearer ${s.runtimeToken}`,
      `Bearer ${s.runtimeToken}`,
    ]);
  });

  it('asks for the retention period and leaves process.env as it was', async () => {
    const s = await start();
    const tokenBefore = process.env.ACTIONS_RUNTIME_TOKEN;
    const result = await uploadReportArtifact({ file, name: 'loadgate-report-r', retentionDays: 5, env: envOf(s) });

    expect(result.ok).toBe(true);
    const expiresAt = Date.parse(s.artifacts[0]?.expiresAt ?? '');
    expect(Math.abs(expiresAt - (Date.now() + 5 * DAY_MS))).toBeLessThan(DAY_MS / 12);
    expect(process.env.ACTIONS_RUNTIME_TOKEN).toBe(tokenBefore);
  });

  it('uploads under a name built from a hostile test name', async () => {
    const s = await start();
    const result = await uploadReportArtifact({ file, name: artifactName('api: "v2" <eu>/*?|\\\r\n'), env: envOf(s) });

    expect(result.ok).toBe(true);
    expect(s.artifacts[0]?.finalized).toBe(true);
  });
});

describe('uploadReportArtifact failures are reasons, not exceptions', () => {
  it('outside Actions says so and sends nothing', async () => {
    const s = await start();
    const { ACTIONS_RUNTIME_TOKEN: _token, ...withoutToken } = s.env;

    expect(await uploadReportArtifact({ file, name: 'n', env: withoutToken })).toEqual({ ok: false, reason: NOT_IN_ACTIONS });
    expect(await uploadReportArtifact({ file, name: 'n', env: {} })).toEqual({ ok: false, reason: NOT_IN_ACTIONS });
    expect(s.requests).toEqual([]);
  });

  it('refuses to upload what it could not link', async () => {
    const s = await start();
    const { GITHUB_RUN_ID: _runId, ...withoutRunId } = s.env;
    const result = await uploadReportArtifact({ file, name: 'n', env: withoutRunId });

    expect(result).toEqual({ ok: false, reason: expect.stringContaining('GITHUB_RUN_ID') });
    expect(s.requests).toEqual([]);
  });

  it('rejects a retention period that is not a whole number of days', async () => {
    const s = await start();
    const result = await uploadReportArtifact({ file, name: 'n', retentionDays: 0.5, env: envOf(s) });

    expect(result).toEqual({ ok: false, reason: expect.stringContaining('retention days') });
  });

  it('reports a declined CreateArtifact and uploads no bytes', async () => {
    const s = await start({ notOk: 'CreateArtifact' });
    const result = await uploadReportArtifact({ file, name: 'loadgate-report-x', env: envOf(s) });

    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/artifact "loadgate-report-x" failed: .*CreateArtifact/) });
    expect(paths(s)).toEqual(['CreateArtifact']);
  });

  it('reports a FinalizeArtifact the service answers with an error', async () => {
    const s = await start({ failWith: { step: 'FinalizeArtifact', status: 403 } });
    const result = await uploadReportArtifact({ file, name: 'loadgate-report-x', env: envOf(s) });

    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/FinalizeArtifact.*403/) });
    expect(s.artifacts[0]?.finalized).toBe(false);
  });

  it('reports a name already taken in the workflow run', async () => {
    const s = await start();
    const first = await uploadReportArtifact({ file, name: 'loadgate-report-x', env: envOf(s) });
    const second = await uploadReportArtifact({ file, name: 'loadgate-report-x', env: envOf(s) });

    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, reason: expect.stringMatching(/CreateArtifact.*409.*already exists/) });
  });

  it('takes the next free name when matrix entries of one job share it', async () => {
    const s = await start();
    const names = [];
    for (let i = 0; i < 3; i++) {
      const uploaded = await uploadReportArtifactUniquely({ file, name: artifactName('checkout', 'load'), env: envOf(s) });
      expect(uploaded.ok).toBe(true);
      names.push(s.artifacts.at(-1)?.name);
    }
    expect(names).toEqual(['loadgate-report-checkout-load', 'loadgate-report-checkout-load-2', 'loadgate-report-checkout-load-3']);
  });

  it('reports blob storage refusing the upload and does not finalize', async () => {
    const s = await start({ failWith: { step: 'blob', status: 403 } });
    const result = await uploadReportArtifact({ file, name: 'loadgate-report-x', env: envOf(s) });

    expect(result).toEqual({ ok: false, reason: expect.stringContaining('AuthorizationFailure') });
    expect(paths(s)).toEqual(['CreateArtifact', 'blob block']);
  });

  it('reports a report file that does not exist', async () => {
    const s = await start();
    const missing = join(dir, 'missing.html');
    const result = await uploadReportArtifact({ file: missing, name: 'loadgate-report-x', env: envOf(s) });

    expect(result).toEqual({ ok: false, reason: expect.stringContaining(`File ${missing} does not exist`) });
    expect(s.requests).toEqual([]);
  });
});

describe('artifactName', () => {
  it('prefixes the test name and replaces what the service refuses', () => {
    expect(artifactName('checkout')).toBe('loadgate-report-checkout');
    expect(artifactName('checkout', 'load')).toBe('loadgate-report-checkout-load');
    expect(artifactName('a/b\\c:d"e<f>g|h*i?j\r\nk')).toBe('loadgate-report-a-b-c-d-e-f-g-h-i-j--k');
    expect(artifactName('')).toBe('loadgate-report');
    expect(artifactName(' / ')).toBe('loadgate-report--');
  });

  it('never yields a character the artifact service refuses, for any test name', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (testName) => {
        const name = artifactName(testName);
        expect(name).toMatch(/^loadgate-report/);
        expect(name).not.toMatch(/[":<>|*?\r\n\\/]/);
        expect(name.length).toBeLessThanOrEqual('loadgate-report-'.length + 100);
      }),
    );
  });
});
