// The definition's sharp edges (issue 30), through the surfaces a user meets: loadDefinition (what
// `validate`, `run` and the action read files with), the CLI's output, and `serve`, which checks a
// request body with the same code.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinition, loadEnvironmentFile } from '../src/definition/load.ts';
import { MAX_JSON_DEPTH } from '../src/definition/json-text.ts';
import { validateDefinition } from '../src/definition/validate.ts';
import { checkTest } from '../src/engine/prepare.ts';
import { clipped, InputError, MAX_PROBLEMS_SHOWN, type Problem } from '../src/errors.ts';
import { apiCaller } from './helpers/api-call.ts';
import { badStepsDefinition, PROBLEMS_PER_BAD_STEP } from './helpers/bad-definition.ts';
import { runCli } from './helpers/process.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { startTarget, type Target } from './helpers/targets.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadgate-edges-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const STEP = { id: 1, name: 'home', url: 'http://127.0.0.1:1/' };

async function written(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await mkdir(join(file, '..'), { recursive: true });
  await writeFile(file, text);
  return file;
}

async function problemsLoading(file: string, workspace?: string): Promise<Problem[]> {
  const error = await loadDefinition(file, workspace).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).problems;
}

/** `{"name": "deep", "config_data": [[[…]]]}`: `depth` arrays inside each other, on one line. */
function deeplyNested(depth: number): string {
  return `{"name": "deep", "config_data": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

describe('many problems (issue 30: 10,000 bad steps took longer than a CI job waits)', () => {
  // A safety net, not a race: on a 2-core machine shared by a load average of 30 each test took
  // 16–21 s; before the fix the same file took hours (a parse of the whole text per problem).
  const MANY_MS = 180_000;
  const steps = 10_000;
  const total = steps * PROBLEMS_PER_BAD_STEP + 1;

  it(
    'are all counted, the shown ones located, and shown capped',
    async () => {
      const text = badStepsDefinition(steps);
      const file = await written('many.json', text);
      const error = await loadDefinition(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InputError);
      const { problems, message } = error as InputError;
      expect(problems).toHaveLength(total);
      expect(problems[0]).toMatchObject({ path: '$.config_data.steps', message: 'expected at most 1000 items, got 10000 items' });
      // Each problem shown is on the line of its key; the rest are counted, never located.
      const lines = text.split('\n');
      const shown = problems.slice(1, MAX_PROBLEMS_SHOWN);
      for (const p of shown) expect(lines[p.line! - 1]).toContain(`"${p.path.split('.').at(-1)}"`);
      const lastShown = shown.at(-1)!;
      const stepIndex = Number(/steps\[(\d+)\]/.exec(lastShown.path)![1]);
      expect(lastShown.line).toBeGreaterThanOrEqual(lines.indexOf(`      "id": ${stepIndex + 2},`) + 1);
      expect(problems.slice(MAX_PROBLEMS_SHOWN).filter((p) => p.line !== undefined)).toEqual([]);
      expect(message.split('\n')).toHaveLength(MAX_PROBLEMS_SHOWN + 1);
      expect(message.split('\n').at(-1)).toBe(`… and ${total - MAX_PROBLEMS_SHOWN} more problems`);
    },
    MANY_MS,
  );

  it(
    'loadgate validate prints the first 50 and counts the rest',
    async () => {
      const file = await written('many-cli.json', badStepsDefinition(steps));
      const run = await runCli(['validate', file]);
      expect(run.code).toBe(2);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines[0]).toBe('loadgate: bad input');
      expect(lines.slice(1, -1)).toHaveLength(MAX_PROBLEMS_SHOWN);
      expect(lines.at(-1)).toBe(`  … and ${total - MAX_PROBLEMS_SHOWN} more problems`);
    },
    MANY_MS,
  );
});

describe('deep nesting (issue 30: 10^5 arrays overflowed the stack, naming no file)', () => {
  const path = `$.config_data${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`;

  it('is refused with the file, the JSON path and the place where the limit is passed', async () => {
    const file = await written('deep.json', deeplyNested(100_000));
    expect(await problemsLoading(file)).toEqual([
      {
        file,
        path,
        message: `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep; a test definition needs fewer than 10`,
        line: 1,
        column: '{"name": "deep", "config_data": '.length + MAX_JSON_DEPTH,
      },
    ]);
  });

  it('loadgate validate names it instead of crashing', async () => {
    const file = await written('deep-cli.json', deeplyNested(100_000));
    const run = await runCli(['validate', file]);
    expect(run.code).toBe(2);
    // The path is in the problem whole; the message quotes its first 200 characters.
    expect(run.stderr).toContain(`${file}: ${clipped(path)}: arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep`);
  });
});

describe('duplicate keys (issue 30: the last one won silently)', () => {
  it('are refused, naming the key, its JSON path and both places', async () => {
    const file = await written(
      'twice.json',
      `{\n  "name": "a",\n  "config_data": {"steps": [${JSON.stringify(STEP)}]},\n  "name": "b"\n}\n`,
    );
    expect(await problemsLoading(file)).toEqual([
      {
        file,
        path: '$.name',
        message: 'duplicate key "name": first at line 2, column 3, again at line 4, column 3; JSON keeps only one of them, so give it once',
        line: 4,
        column: 3,
      },
    ]);
  });

  it('are found at any depth, each repetition once', async () => {
    const step = '{"id": 1, "url": "http://127.0.0.1:1/", "method": "GET", "method": "POST", "method": "PUT"}';
    const text = `{"name": "a", "config_data": {"steps": [${step}]}}`;
    const file = await written('twice-deep.json', text);
    const problems = await problemsLoading(file);
    const columns = [...text.matchAll(/"method"/g)].map((m) => m.index + 1);
    expect(problems.map((p) => [p.path, p.column])).toEqual([
      ['$.config_data.steps[0].method', columns[1]],
      ['$.config_data.steps[0].method', columns[2]],
    ]);
    expect(problems[1]?.message).toMatch(
      new RegExp(`^duplicate key "method": first at line 1, column ${columns[0]}, again at line 1, column ${columns[2]};`),
    );
  });
});

describe('numbers past the largest double (issue 55: iteration_count 1e400 said "got null")', () => {
  it('are named as too large, with their JSON path and place', async () => {
    const text = `{"name": "big", "config_data": {"steps": [${JSON.stringify(STEP)}], "iteration_count": 1e400, "duration": -1e400}}`;
    const problems = await problemsLoading(await written('too-large.json', text));
    expect(problems.map((p) => [p.path, p.message, p.column])).toEqual([
      ['$.config_data.duration', 'expected an integer, got a negative number too large (under -1.8e308)', text.indexOf('"duration"') + 1],
      [
        '$.config_data.iteration_count',
        'expected an integer, got a number too large (above 1.8e308)',
        text.indexOf('"iteration_count"') + 1,
      ],
    ]);
  });
});

describe('test data outside the repository (issue 30: ../../../../etc/shadow was read and sent)', () => {
  let repo: string;
  let tests: string;
  beforeAll(async () => {
    repo = join(dir, 'repo');
    tests = join(repo, 'tests');
    await mkdir(join(repo, '.git'), { recursive: true });
    await mkdir(join(repo, 'data'), { recursive: true });
    await mkdir(tests, { recursive: true });
    await writeFile(join(repo, 'data', 'users.csv'), 'ada@example.com\n');
    await writeFile(join(dir, 'outside.csv'), 'secret\n');
    await symlink('/etc/passwd', join(tests, 'passwd.csv'));
    await symlink(join(repo, 'data', 'users.csv'), join(tests, 'users-link.csv'));
  });

  async function withData(name: string, file: string, folder = tests): Promise<string> {
    const definition = {
      name: 'data',
      config_data: { steps: [STEP] },
      test_data: [{ name: 'users', file, file_config: { vars: { '0': { tag: 'email' } } } }],
    };
    const path = join(folder, name);
    await writeFile(path, JSON.stringify(definition));
    return path;
  }

  it('refuses a path that climbs out of the git checkout, naming the file and the JSON path', async () => {
    const climb = `${'../'.repeat(relative('/', tests).split(sep).length)}etc/passwd`;
    const file = await withData('climb.json', climb);
    expect(await problemsLoading(file)).toEqual([
      {
        file,
        path: '$.test_data[0].file',
        message: `data file ${JSON.stringify(climb)} is outside ${repo}: test data must be inside the repository or workspace of the definition (looked for /etc/passwd)`,
      },
    ]);
  });

  it('refuses a symbolic link that points outside, and accepts one that stays inside', async () => {
    const file = await withData('link.json', 'passwd.csv');
    expect(await problemsLoading(file)).toEqual([
      {
        file,
        path: '$.test_data[0].file',
        message: `data file "passwd.csv" is outside ${repo} (a symbolic link to /etc/passwd): test data must be inside the repository or workspace of the definition (looked for ${join(tests, 'passwd.csv')})`,
      },
    ]);
    const inside = await loadDefinition(await withData('inside-link.json', 'users-link.csv'));
    expect(inside.definition.test_data[0]?.file).toBe(join(tests, 'users-link.csv'));
  });

  it('accepts any folder of the checkout, and refuses a file beside it', async () => {
    const loaded = await loadDefinition(await withData('up.json', '../data/users.csv'));
    expect(loaded.definition.test_data[0]?.file).toBe(join(repo, 'data', 'users.csv'));
    const problems = await problemsLoading(await withData('beside.json', '../../outside.csv'));
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringMatching(new RegExp(`^data file "../../outside.csv" is outside ${repo}: `)),
    ]);
  });

  it("takes the workspace as the root for a definition inside it; without git or a workspace, the definition's folder", async () => {
    const workspace = join(dir, 'workspace');
    await mkdir(join(workspace, 'tests'), { recursive: true });
    await writeFile(join(workspace, 'users.csv'), 'ada@example.com\n');
    const file = await withData('ws.json', '../users.csv', join(workspace, 'tests'));
    expect((await loadDefinition(file, workspace)).definition.test_data[0]?.file).toBe(join(workspace, 'users.csv'));
    const problems = await problemsLoading(file, undefined);
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining(`is outside ${join(workspace, 'tests')}: `)]);
  });
});

describe('.git and the environment file confined (issue 49: .git/config holds the job token; ../../x.json was read)', () => {
  const TOKEN = 'ghs_checkoutPersistedToken0123456789';
  const OUTSIDE = 'outside-secret-value-42';
  let repo: string;
  let tests: string;
  let target: Target;
  beforeAll(async () => {
    repo = join(dir, 'confined');
    tests = join(repo, 'tests');
    await mkdir(join(repo, '.git'), { recursive: true });
    await mkdir(tests, { recursive: true });
    await writeFile(join(repo, '.git', 'config'), `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${TOKEN}\n`);
    await writeFile(join(repo, '.git', 'env.json'), JSON.stringify({ name: 'git', vars: [{ key: 'K', value: TOKEN }] }));
    await writeFile(join(dir, 'x.json'), `{"name": "x", "vars": [{"key": "K", "value": "${OUTSIDE}"`);
    await writeFile(join(tests, 'broken-env.json'), `{"name": "e", "vars": [{"key": "K", "value": ${OUTSIDE}}]}`);
    await symlink(join(repo, '.git', 'config'), join(tests, 'creds.csv'));
    target = await startTarget();
  });
  afterAll(async () => {
    await target.close();
  });

  async function definition(name: string, extra: object): Promise<string> {
    const path = join(tests, name);
    await writeFile(path, JSON.stringify({ name: 'c', config_data: { steps: [{ ...STEP, url: `${target.url}/ok` }] }, ...extra }));
    return path;
  }
  const data = (file: string) => ({ test_data: [{ name: 'd', file, file_config: { vars: { '0': { tag: 'line' } } } }] });
  const GIT_RULE = "nothing under .git is read as test data or environment, as it holds the checkout's credentials";

  it('refuses test data under .git, as written or through a symbolic link', async () => {
    const written = await definition('git-data.json', data('../.git/config'));
    expect(await problemsLoading(written)).toEqual([
      {
        file: written,
        path: '$.test_data[0].file',
        message: `data file "../.git/config" is under a .git folder: ${GIT_RULE} (looked for ${join(repo, '.git', 'config')})`,
      },
    ]);
    const linked = await definition('git-link.json', data('creds.csv'));
    expect((await problemsLoading(linked)).map((p) => p.message)).toEqual([
      `data file "creds.csv" is under a .git folder (a symbolic link to ${join(repo, '.git', 'config')}): ${GIT_RULE} (looked for ${join(tests, 'creds.csv')})`,
    ]);
  });

  it('confines the environment file as test data is: outside the repository or under .git is refused', async () => {
    const outside = await definition('env-outside.json', { environment: '../../x.json' });
    expect(await problemsLoading(outside)).toEqual([
      {
        file: outside,
        path: '$.environment',
        message: `environment file "../../x.json" is outside ${repo}: an environment file must be inside the repository or workspace of the definition (looked for ${join(dir, 'x.json')})`,
      },
    ]);
    const absolute = await definition('env-absolute.json', { environment: join(dir, 'x.json') });
    expect((await problemsLoading(absolute)).map((p) => p.message)).toEqual([
      expect.stringMatching(/ is outside .*: an environment file must be inside /),
    ]);
    const git = await definition('env-git.json', { environment: '../.git/env.json' });
    expect((await problemsLoading(git)).map((p) => p.message)).toEqual([
      `environment file "../.git/env.json" is under a .git folder: ${GIT_RULE} (looked for ${join(repo, '.git', 'env.json')})`,
    ]);
  });

  it('never quotes an environment file in a syntax error, nor reads one under .git given on its own', async () => {
    const broken = await definition('env-broken.json', { environment: 'broken-env.json' });
    const problems = await problemsLoading(broken);
    const column = `{"name": "e", "vars": [{"key": "K", "value": `.length + 1;
    expect(problems).toEqual([
      {
        file: join(tests, 'broken-env.json'),
        path: `line 1, column ${column}`,
        message: 'JSON syntax error: expected a JSON value (a string in double quotes, a number, true, false, null, an object or an array)',
        line: 1,
        column,
      },
    ]);
    const error = await loadEnvironmentFile(join(repo, '.git', 'env.json')).catch((e: unknown) => e);
    expect((error as InputError).problems.map((p) => p.message)).toEqual([
      `cannot read the environment file: it is under a .git folder: ${GIT_RULE}`,
    ]);
  });

  it('is exit 2 from run with nothing sent, and no byte of either file in the output', async () => {
    const both = await definition('both.json', { environment: '../../x.json', ...data('../.git/config') });
    const run = await runCli(['run', both, '--results-file', join(dir, 'confined-results.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('$.environment: environment file "../../x.json" is outside');
    expect(run.stderr).toContain('$.test_data[0].file: data file "../.git/config" is under a .git folder');
    expect(run.out).not.toContain(TOKEN);
    expect(run.out).not.toContain(OUTSIDE);
    expect(target.received).toHaveLength(0);
  });
});

describe('header size (issue 30: a 100 KB header value passed validate)', () => {
  function withHeaders(headers: Record<string, string>, environment?: unknown): unknown {
    return { name: 'h', config_data: { steps: [{ ...STEP, headers }] }, ...(environment !== undefined && { environment }) };
  }

  it('refuses a header value over 8192 bytes at its JSON path', () => {
    const result = validateDefinition(withHeaders({ 'X-Big': 'a'.repeat(100_000), 'X-Ok': 'a'.repeat(8192) }), 'def.json');
    expect(result.ok ? [] : result.problems).toEqual([
      {
        file: 'def.json',
        path: '$.config_data.steps[0].headers["X-Big"]',
        message: `expected at most 8192 characters, got "${'a'.repeat(55)}…"`,
      },
    ]);
  });

  it('refuses headers that add up to more than 16384 bytes', () => {
    const headers = Object.fromEntries(['X-A', 'X-B', 'X-C'].map((name) => [name, 'a'.repeat(6000)]));
    const result = validateDefinition(withHeaders(headers), 'def.json');
    expect(result.ok ? [] : result.problems).toEqual([
      {
        file: 'def.json',
        path: '$.config_data.steps[0].headers',
        message:
          'the headers add up to 18021 bytes as sent ("Name: value" lines); at most 16384 are allowed (Node\'s HTTP server refuses a larger request header, and so do common proxies)',
      },
    ]);
  });

  it('checks a value again once its environment variables are resolved', async () => {
    const raw = withHeaders({ Authorization: 'Bearer {{TOKEN}}' }, { name: 'e', vars: [{ key: 'TOKEN', value: 'a'.repeat(10_000) }] });
    const checked = validateDefinition(raw, 'def.json');
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const error = await checkTest({ definition: checked.value.definition, file: 'def.json', dir }, {}).catch((e: unknown) => e);
    expect((error as InputError).problems).toEqual([
      expect.objectContaining({
        path: '$.config_data.steps[0].headers["Authorization"]',
        message:
          'after its variables are resolved: a header value of 10007 bytes: at most 8192 are allowed (servers commonly answer 431 to longer ones)',
      }),
    ]);
  });
});

describe('serve checks a request body as the CLI checks a file', () => {
  let server: ServerProcess;
  const call = apiCaller(() => server.url);
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('refuses duplicate keys, deep nesting and a long header value with 422 and the JSON path', async () => {
    const post = (body: string) => call('POST', '/v1/load/test/', { body, headers: { 'content-type': 'application/json' } });
    const body = `{"name": "a", "config_data": {"steps": [${JSON.stringify(STEP)}]}, "name": "b"}`;
    const twice = await post(body);
    expect(twice.status).toBe(422);
    expect(twice.body.error).toMatchObject({ code: 'invalid_request', field: '$.name' });
    const again = body.lastIndexOf('"name"') + 1;
    expect(twice.body.error.message).toBe(
      `$.name: duplicate key "name": first at line 1, column 2, again at line 1, column ${again}; JSON keeps only one of them, so give it once`,
    );
    const deep = await post(deeplyNested(100_000));
    expect(deep.status).toBe(422);
    expect(deep.body.error.field).toBe(`$.config_data${'[0]'.repeat(MAX_JSON_DEPTH - 1)}`);
    const long = await post(
      JSON.stringify({ name: 'h', config_data: { steps: [{ ...STEP, headers: { 'X-Big': 'a'.repeat(100_000) } }] } }),
    );
    expect(long.status).toBe(422);
    expect(long.body.error.field).toBe('$.config_data.steps[0].headers["X-Big"]');
  });

  it('lists the first 50 problems of a body and counts the rest', async () => {
    const many = await call('POST', '/v1/load/test/', { body: badStepsDefinition(100), headers: { 'content-type': 'application/json' } });
    expect(many.status).toBe(422);
    const parts = (many.body.error.message as string).split('; ');
    expect(parts).toHaveLength(MAX_PROBLEMS_SHOWN + 1);
    expect(parts.at(-1)).toBe(`… and ${100 * PROBLEMS_PER_BAD_STEP - MAX_PROBLEMS_SHOWN} more problems`);
  });
});

describe('paths the file system refuses (issue 49: 100,000 characters printed three times, raw ENAMETOOLONG)', () => {
  it('a path of 100,000 characters is quoted once, cut at 200, with the reason in words', async () => {
    const long = join(dir, `${'a'.repeat(100_000)}.json`);
    const run = await runCli(['validate', long]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'loadgate: bad input\n' +
        `  ${long.slice(0, 200)}…(${(long.length - 200).toLocaleString('en-US')} more characters): $: ` +
        'cannot read the test definition: the path, or a name in it, is longer than the file system allows\n',
    );
  });

  it('symbolic links in a loop, and a file taken for a folder, are sentences naming the file once', async () => {
    const loop = join(dir, 'loop-a');
    await symlink(join(dir, 'loop-b'), loop);
    await symlink(loop, join(dir, 'loop-b'));
    const looped = await runCli(['validate', loop]);
    expect(looped.stderr).toContain(
      `${loop}: $: cannot read the test definition: too many symbolic links on the way to it (links that lead back to each other?)\n`,
    );
    const file = await written('plain.json', '{}');
    const under = await runCli(['import', 'har', join(file, 'x.har')]);
    expect(under.stderr).toContain(
      `${join(file, 'x.har')}: $: cannot read the file to import: a part of its path is a file, not a directory\n`,
    );
    for (const run of [looped, under]) {
      expect(run.code).toBe(2);
      expect(run.stderr).not.toMatch(/ELOOP|ENOTDIR|, open '/);
    }
  });
});
