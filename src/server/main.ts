// `loadgate serve`: settings from the command line and the environment, the server's start
// (store → queue → HTTP) and its graceful shutdown (stop accepting, stop the running test
// keeping its partial result, close the database).
import { readdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { InputError, formatProblem, isProblem, orThrow } from '../errors.ts';
import { parseWorkers, type WorkersSetting } from '../engine/worker-count.ts';
import { readProxies } from '../pipeline/sources.ts';
import { DEFAULT_LATENCY_LOCATIONS, parseLocationConfig } from '../latency/locations.ts';
import type { LatencyLocation } from '../types.ts';
import { buildApp } from './app.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connections.ts';
import type { ServerContext } from './context.ts';
import {
  type ApiKey,
  createKeyChecker,
  createRateLimiter,
  parseKeyFile,
  parseKeyList,
  parseRateLimit,
  type RateLimits,
  tenantKeys,
} from './auth.ts';
import { PRIVATE_FOLDER, privateDatabaseFiles, privateFolder, tightenFilesIn } from './private-files.ts';
import { createSealer } from './seal.ts';
import { SECRET_KEY_ENV, type SecretKey, secretKey } from './secret-key.ts';
import { SEALED_SINCE } from './store/migrations.ts';
import type { Limits } from './errors.ts';
import { escapeLogLine } from './log-line.ts';
import { parsePublicUrl } from './public-url.ts';
import type { Executor } from './executors/executor.ts';
import { kubernetesExecutor } from './executors/kubernetes/executor.ts';
import { offeredLocations } from './executors/kubernetes/locations.ts';
import { localExecutor } from './executors/local.ts';
import { parseStopDeadline } from '../engine/stop-deadline.ts';
import { parseCheckBodyLimit } from '../engine/check-body.ts';
import { EXECUTOR_FLAGS, readExecutor, type ExecutorChoice } from './executors/settings.ts';
import { ShardRegistry } from './shards/registry.ts';
import { TestQueue } from './queue.ts';
import { type CommandArgs, parseCommandArgs, UsageError } from '../settings/argv.ts';
import { DEFAULT_API_KEY_ENV } from '../settings/table.ts';
import { wholeNumber as parseWholeNumber } from '../settings/values.ts';
import { UPLOAD_PREFIX } from './routes/testdata.ts';
import { DatabaseInUseError, DatabaseTooNewError, SecretKeyError, Store } from './store/store.ts';

/**
 * Retries per shard index, the grace after a stop, how often the start barrier's deadline is
 * checked, and the pause before a Job watch that ended is listed and watched again.
 */
const KUBERNETES_TIMING = { backoffLimitPerIndex: 3, stopGraceMs: 30_000, tickMs: 1000, resyncMs: 1000 };

export const DEFAULT_LIMITS: Limits = { bodyBytes: 1024 * 1024, uploadBytes: 50 * 1024 * 1024 };

export interface ServerOptions {
  port: number;
  host: string;
  /** The SQLite file; created when missing. */
  dbPath: string;
  /** Where uploaded test data files are kept; created when missing. */
  dataDir: string;
  /** `TENANT:KEY` entries read (auth.ts tenantKeys), or bare keys (tenant `default`). */
  apiKeys: (ApiKey | string)[];
  /** The key sealing secret values; default the data folder's key file (made when missing). */
  secretKey?: SecretKey;
  /** Finished tests older than this many days are deleted (--retention); absent: kept. */
  retentionDays?: number;
  /** Requests per second per key and method class; absent: no limit. */
  rateLimit?: RateLimits;
  /** Country code → proxy URL. */
  proxies: Record<string, string>;
  /** Where latency tests measure from; default DEFAULT_LATENCY_LOCATIONS. */
  latencyLocations?: readonly LatencyLocation[];
  log: (line: string) => void;
  limits?: Limits;
  /** Timeouts and the per-address connection cap; default DEFAULT_CONNECTION_LIMITS. */
  connections?: ConnectionLimits;
  /** The base of every test_url; default the listening address. */
  publicUrl?: string;
  concurrency?: number;
  /** Engine threads per test (docs/engine.md); default auto. */
  workers?: WorkersSetting;
  /** How long a stop or the shutdown waits for the engine's threads before it ends them (ms); default STOP_DEADLINE_MS. */
  stopDeadlineMs?: number;
  /** What a step's checks read of a body, at most (bytes); default DEFAULT_CHECK_BODY_BYTES. */
  checkBodyBytes?: number;
  /** Where tests run; default local (this process's engine). */
  executor?: ExecutorChoice;
}

export interface RunningServer {
  /** http://HOST:PORT */
  url: string;
  close(): Promise<void>;
}

export interface ServeIo {
  out(text: string): void;
  err(text: string): void;
  signal?: AbortSignal;
}

function urlOf(host: string, address: AddressInfo): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Uploads cut short by a crash leave their temporary files (see routes/testdata.ts). */
async function removeUnfinishedUploads(dataDir: string): Promise<void> {
  const names = await readdir(dataDir);
  await Promise.all(names.filter((n) => n.startsWith(UPLOAD_PREFIX)).map((n) => rm(join(dataDir, n), { force: true })));
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.apiKeys.length === 0) {
    throw new InputError([
      { path: '--api-key-file', message: `no API keys: give --api-key-file FILE (one key per line) or set ${DEFAULT_API_KEY_ENV}` },
    ]);
  }
  const limits = options.limits ?? DEFAULT_LIMITS;
  const store = await openStore(options);
  try {
    await removeUnfinishedUploads(options.dataDir);
  } catch (error) {
    store.close();
    throw error;
  }
  let url = '';
  const publicUrl = () => options.publicUrl ?? url;
  const shards = new ShardRegistry();
  const choice = options.executor ?? { kind: 'local' };
  let executor: Executor;
  try {
    executor =
      choice.kind === 'kubernetes'
        ? kubernetesExecutor({
            ...choice.kubernetes,
            callbackUrl: () => choice.kubernetes.callbackUrl ?? publicUrl(),
            ...KUBERNETES_TIMING,
            store,
            registry: shards,
            log: options.log,
          })
        : localExecutor({
            concurrency: options.concurrency,
            ...(options.workers && { workers: options.workers }),
            ...(options.stopDeadlineMs !== undefined && { stopDeadlineMs: options.stopDeadlineMs }),
            ...(options.checkBodyBytes !== undefined && { checkBodyBytes: options.checkBodyBytes }),
            proxies: options.proxies,
            log: options.log,
          });
  } catch (error) {
    store.close();
    throw error;
  }
  const queue = new TestQueue(store, {
    dataDir: options.dataDir,
    executor,
    log: options.log,
    ...(choice.kind === 'kubernetes' && {
      shutdownGraceMs: choice.kubernetes.shutdownGraceMs,
      clusterWaitMs: choice.kubernetes.clusterWaitMs,
    }),
  });
  const ctx: ServerContext = {
    store,
    queue,
    shards,
    dataDir: options.dataDir,
    proxies: options.proxies,
    ...(choice.kind === 'kubernetes' && { kubernetesLocations: offeredLocations(choice.kubernetes.locations) }),
    latencyLocations: options.latencyLocations ?? DEFAULT_LATENCY_LOCATIONS,
    ...(executor.latency && { remoteLatency: executor.latency }),
    limits,
    publicUrl,
    log: options.log,
  };
  const access = {
    checkKey: createKeyChecker(options.apiKeys),
    ...(options.rateLimit === undefined ? {} : { rateLimit: createRateLimiter(options.rateLimit) }),
  };
  queue.recover();
  void executor.sweep?.();
  let app: FastifyInstance;
  try {
    app = await buildApp(ctx, access, options.connections);
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    store.close();
    throw error;
  }
  url = urlOf(options.host, app.server.address() as AddressInfo);
  if (options.publicUrl === undefined && (options.host === '0.0.0.0' || options.host === '::')) {
    options.log(`test_url links will start with ${url}, which no other machine can open: give --public-url (docs/server.md)`);
  }
  // Queued tests (from before a restart) run once the server is up.
  queue.kick();
  const retention = options.retentionDays === undefined ? undefined : keepFor(store, options.retentionDays, options.log);
  return {
    url,
    close: async () => {
      clearInterval(retention);
      // The queue first: while a running test's shards are given the shutdown grace, the listener
      // stays open for their uploads (docs/kubernetes.md, "Rollouts").
      await queue.close();
      await app.close();
      store.close();
    },
  };
}

/**
 * The database and the data folder, private (private-files.ts), the store opened with its secret
 * key; every line worth telling (modes tightened, a key file made, a migration's notes) logged.
 */
async function openStore(options: ServerOptions): Promise<Store> {
  const dbPath = resolve(options.dbPath);
  // Folders made here are 0700; a folder the database is put in (the working directory, say) is left as it is.
  await mkdir(dirname(dbPath), { recursive: true, mode: PRIVATE_FOLDER });
  const lines = [...privateDatabaseFiles(dbPath), await privateFolder(options.dataDir), tightenFilesIn(options.dataDir)];
  const key = options.secretKey ?? (await secretKey({ dataDir: options.dataDir }));
  // The database's lock first: a second server on the same files stops before it changes any.
  const { store, notes } = await Store.open(dbPath, {
    dataDir: options.dataDir,
    sealer: createSealer(key.key),
    keySource: key.source,
    ...(key.persist && { keyAccepted: key.persist }),
  });
  for (const line of [...lines, ...notes, ...olderCopies(dbPath)]) if (line) options.log(line);
  return store;
}

/** Copies that upgrades before sealing left beside the database: they may hold secret values in plain text. */
function olderCopies(dbPath: string): string[] {
  const prefix = `${basename(dbPath)}.v`;
  return readdirSync(dirname(dbPath))
    .filter((name) => name.startsWith(prefix) && name.endsWith('.bak') && Number(name.slice(prefix.length, -4)) < SEALED_SINCE)
    .map(
      (name) =>
        `${join(dirname(dbPath), name)} is a copy of the database from before secret values were sealed, and may hold them in plain text: delete it once you no longer need it to downgrade`,
    );
}

const DAY_MS = 86_400_000;
/** How often --retention looks for tests to delete (and once at start). */
const RETENTION_SWEEP_MS = 3_600_000;

/** Deletes the tests that ended more than `days` ago, now and every hour; the timer to clear on close. */
function keepFor(store: Store, days: number, log: (line: string) => void): NodeJS.Timeout {
  const sweep = () => {
    const ids = store.testsFinishedBefore(new Date(Date.now() - days * DAY_MS).toISOString());
    for (const id of ids) store.deleteTest(id);
    if (ids.length > 0)
      log(`--retention ${days}: deleted ${ids.length} test(s) that ended more than ${days} day(s) ago, with their results`);
  };
  sweep();
  return setInterval(sweep, RETENTION_SWEEP_MS).unref();
}

function wholeNumber(text: string, flag: string, min: number, max: number): number {
  const n = parseWholeNumber(text, flag, { min, max });
  if (isProblem(n)) throw new InputError([n]);
  return n;
}

/** Whole seconds, as milliseconds. */
function seconds(text: string | undefined, flag: string, fallbackMs: number): number {
  return text === undefined ? fallbackMs : wholeNumber(text, flag, 1, 86_400) * 1000;
}

function connectionLimits(flags: CommandArgs): ConnectionLimits {
  const cap = flags.text('max-connections-per-address');
  const defaults = DEFAULT_CONNECTION_LIMITS;
  const limits = {
    headersTimeoutMs: seconds(flags.text('headers-timeout'), '--headers-timeout', defaults.headersTimeoutMs),
    requestTimeoutMs: seconds(flags.text('request-timeout'), '--request-timeout', defaults.requestTimeoutMs),
    idleTimeoutMs: seconds(flags.text('idle-timeout'), '--idle-timeout', defaults.idleTimeoutMs),
    maxConnectionsPerAddress:
      cap === undefined ? defaults.maxConnectionsPerAddress : wholeNumber(cap, '--max-connections-per-address', 0, 1_000_000),
    linger: defaults.linger,
  };
  // The headers are part of the request: their time cannot be the longer one.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    const [headers, request] = [limits.headersTimeoutMs / 1000, limits.requestTimeoutMs / 1000];
    throw new InputError([{ path: '--headers-timeout', message: `expected at most --request-timeout (${request} s), got ${headers} s` }]);
  }
  return limits;
}

function publicUrlOption(text: string | undefined): { publicUrl?: string } {
  if (text === undefined) return {};
  const parsed = parsePublicUrl(text, '--public-url');
  if (typeof parsed !== 'string') throw new InputError([parsed]);
  return { publicUrl: parsed };
}

async function readKeys(file: string | undefined, envList: string | undefined): Promise<ApiKey[]> {
  const keys = parseKeyList(envList);
  if (file === undefined) return tenantKeys(keys, DEFAULT_API_KEY_ENV);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new InputError([{ file, path: '--api-key-file', message: `cannot read the API key file: ${(error as Error).message}` }]);
  }
  return tenantKeys([...parseKeyFile(text), ...keys], `--api-key-file and ${DEFAULT_API_KEY_ENV}`);
}

/**
 * The keys in the environment: the variable the client reads its key from (comma-separated for
 * several), so that one name serves both ends; LOADGATE_API_KEYS is its older name.
 */
function keysFromEnv(env: NodeJS.ProcessEnv, io: ServeIo): string | undefined {
  const older = env.LOADGATE_API_KEYS;
  if (older === undefined) return env[DEFAULT_API_KEY_ENV];
  io.err(`note: LOADGATE_API_KEYS is now ${DEFAULT_API_KEY_ENV} (the old name still works)`);
  return [env[DEFAULT_API_KEY_ENV], older].filter(Boolean).join(',');
}

/** The data directory beside the database: ./loadgate.db → ./loadgate-data. */
export function defaultDataDir(dbPath: string): string {
  const db = resolve(dbPath);
  return join(dirname(db), `${basename(db, extname(db))}-data`);
}

async function serveOptions(args: string[], io: ServeIo, log: (line: string) => void): Promise<ServerOptions> {
  const flags = parseCommandArgs('serve', args);
  for (const notice of flags.notices) io.err(notice);
  const rateLimit = flags.text('rate-limit');
  const executor = readExecutor(
    Object.fromEntries(EXECUTOR_FLAGS.map((name) => [name, flags.given(name) ? flags.value(name) : undefined])),
  );
  if (!executor.ok) throw new InputError(executor.problems);
  const latency = latencyLocations(flags.list('latency-locations-config'), executor.value);
  const db = flags.text('db')!;
  const dataDir = flags.text('data-dir') ?? defaultDataDir(db);
  const retention = flags.text('retention');
  const keyFile = flags.text('secret-key-file');
  return {
    port: wholeNumber(flags.text('port')!, '--port', 0, 65535),
    host: flags.text('host')!,
    dbPath: db,
    dataDir,
    apiKeys: await readKeys(flags.text('api-key-file'), keysFromEnv(process.env, io)),
    secretKey: await secretKey({ env: process.env[SECRET_KEY_ENV], ...(keyFile !== undefined && { file: keyFile }), dataDir }),
    ...(retention !== undefined && { retentionDays: wholeNumber(retention, '--retention', 1, 36_500) }),
    ...(rateLimit === undefined ? {} : { rateLimit: orThrow(parseRateLimit(rateLimit, '--rate-limit')) }),
    proxies: await readProxies(flags.list('proxies'), flags.text('proxies-file')),
    latencyLocations: latency,
    connections: connectionLimits(flags),
    ...publicUrlOption(flags.text('public-url')),
    workers: orThrow(parseWorkers(flags.text('workers')!, '--workers')),
    stopDeadlineMs: orThrow(parseStopDeadline(flags.text('stop-deadline')!, '--stop-deadline')),
    checkBodyBytes: orThrow(parseCheckBodyLimit(flags.text('check-body-limit')!, '--check-body-limit')),
    executor: executor.value,
    log,
  };
}

/** `--latency-locations-config`; an `@kube:CC` one needs the Kubernetes executor and its location CC. */
function latencyLocations(entries: string[], executor: ExecutorChoice): LatencyLocation[] {
  const flag = '--latency-locations-config';
  const latency = parseLocationConfig(entries, flag, { kube: executor.kind === 'kubernetes' });
  if (!latency.ok) throw new InputError(latency.problems);
  if (executor.kind !== 'kubernetes') return latency.value;
  const offered = offeredLocations(executor.kubernetes.locations);
  const problems = latency.value
    .filter((l) => l.kube !== undefined && !offered.includes(l.kube))
    .map((l) => ({
      path: flag,
      message: `${l.code} is measured from ${l.kube}, which is no --location (there are ${offered.join(', ')})`,
    }));
  if (problems.length > 0) throw new InputError(problems);
  return latency.value;
}

/**
 * `--rotate-secret-key FILE`: every sealed value opened with the server's key and sealed again
 * under the key in FILE, in one transaction; the server does not start. Then start it with FILE.
 */
async function rotateSecretKey(options: ServerOptions, file: string): Promise<void> {
  const next = await secretKey({ file, dataDir: options.dataDir });
  const store = await openStore(options);
  try {
    const changed = store.rotateKey(createSealer(next.key));
    options.log(
      `sealed the secret values of ${changed} record(s) again under the key in ${file}: start serve with it (--secret-key-file ${file} or ${SECRET_KEY_ENV})`,
    );
  } finally {
    store.close();
  }
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) resolve();
    signal?.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * `loadgate serve …`: 0 after a graceful shutdown, 2 for bad settings or a database that another
 * server holds or a newer loadgate wrote, 1 when it cannot start.
 */
export async function serveCommand(args: string[], io: ServeIo): Promise<number> {
  const log = (line: string) => io.err(`${new Date().toISOString()} ${escapeLogLine(line)}`);
  let server: RunningServer;
  try {
    const options = await serveOptions(args, io, log);
    const rotateTo = parseCommandArgs('serve', args).text('rotate-secret-key');
    if (rotateTo !== undefined) {
      await rotateSecretKey(options, rotateTo);
      return 0;
    }
    server = await startServer(options);
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof DatabaseTooNewError || error instanceof SecretKeyError) {
      io.err(`loadgate serve: ${error.message}`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(`loadgate serve: bad input\n${error.problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.err(error.message);
      return 2;
    }
    // The address is taken, the database cannot be opened, …: nothing the server can serve around.
    io.err(`loadgate serve: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  io.out(`loadgate serve listening on ${server.url}`);
  await untilAborted(io.signal);
  log('shutting down: no new tests; the running test is stopped, or (Kubernetes) given the shutdown grace to end');
  await server.close();
  log('stopped');
  return 0;
}
