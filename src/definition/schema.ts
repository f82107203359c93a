// The test definition file format (docs/interface.md 2.1 and the README), described once. This schema validates files
// (ajv), is published as schema/loadtest.schema.json for editors, and its `default`s are the
// values normalisation applies. It describes the *raw* file: fields users may leave out are
// optional here and filled in by validate.ts.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { HTTP_METHODS, LOAD_TYPES, type HttpMethod, type LoadType } from '../types.ts';

/**
 * Where editors fetch the schema from: the file in the repository at the major version's tag, so
 * `"$schema": "<this URL>"` in a definition keeps working through the releases of v0.
 */
export const LOADTEST_SCHEMA_ID = 'https://raw.githubusercontent.com/loadgate/loadgate/v0/schema/loadtest.schema.json';
/** ajv's default dialect, which editors support best. */
export const JSON_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/** The longest warm-up period (seconds): a warm-up, not a second test. */
export const MAX_WARM_UP_S = 600;

/**
 * Bounds that keep whatever validate accepts runnable (docs/security.md): the plan holds one
 * entry per second, and every timer the run sets must fit Node's 32-bit setTimeout (24.8 days).
 */
export const LIMITS = {
  /** The longest test: a day, so the plan's per-second arrays stay small. */
  durationS: 86_400,
  /** The most iterations of one test: beyond any one generator, still exact in the plan's integer maths. */
  iterations: 1_000_000_000,
  /** The longest per-request timeout (seconds); shorter than a millisecond would turn it off. */
  timeoutMinS: 0.001,
  timeoutMaxS: 3600,
  /** The longest think time (ms). */
  sleepMs: 3_600_000,
  /** Steps of one iteration. */
  steps: 1000,
  /** A country's share in proxy_config: a weight, not a count. */
  proxyShare: 1_000_000,
  /**
   * The longest header value (bytes; a valid value has one byte per character): common servers
   * refuse a longer header line with 431 (Apache's 8190-byte field, nginx's 8 KiB buffer), so every
   * request of the test would fail.
   */
  headerValueBytes: 8192,
  /** All of a step's headers together, as `Name: value` lines: Node's default limit for a request's header. */
  headerBytes: 16_384,
  /** The longest a stream may stay open (seconds): an hour, as the per-request timeout. */
  streamMaxS: 3600,
  /** Events or messages one stream may wait for. */
  streamEvents: 1_000_000,
  /** Messages a WebSocket step sends. */
  streamSends: 1000,
} as const;

/** How long a stream stays open at most when its step does not say (seconds). */
export const DEFAULT_STREAM_MAX_S = 60;

/**
 * Request headers a definition may not set, with why: the engine frames the request and manages
 * its connections, and HTTP/2 forbids connection-specific headers. Any of these would make every
 * request fail (or frame it wrongly), so validate refuses them.
 */
export const FORBIDDEN_HEADERS: Readonly<Record<string, string>> = {
  'content-length': 'the engine computes it from the payload (a wrong one would break the framing)',
  'transfer-encoding': 'the engine frames the body itself',
  connection: "the engine keeps its connections open; connection options are not the test's to set",
  'keep-alive': 'the engine keeps its connections open',
  'proxy-connection': 'a connection-specific header (forbidden in HTTP/2)',
  upgrade: 'the engine does not switch protocols (WebSocket, h2c)',
  te: 'a connection-specific header (forbidden in HTTP/2)',
  expect: 'the engine does not wait for 100 Continue',
};

export const DEFAULTS = {
  method: 'GET' as HttpMethod,
  timeout: 5,
  iteration_count: 100,
  duration: 10,
  load_type: 'linear' as LoadType,
  others: { h2: false, 'disable-redirect': false, 'disable-compression': false },
  test_data_type: 'csv' as const,
  file_config: {
    delimiter: ',',
    allow_quota: false,
    order: 'random' as const,
    skip_first_line: false,
    skip_empty_line: true,
  },
};

/**
 * Every pattern of the schema with what it means in plain words, so that a mismatch is
 * reported as an expectation rather than as a regular expression.
 */
export const PATTERNS = {
  variableName: {
    pattern: '^[A-Za-z][A-Za-z0-9_]*$',
    expected:
      'a name of letters, digits and "_" that starts with a letter (names starting with "_" are reserved for dynamic values such as _randomInt)',
  },
  dataSetName: {
    pattern: '^[A-Za-z_][A-Za-z0-9_-]*$',
    expected: 'a name of letters, digits, "_" and "-" that does not start with a digit or "-"',
  },
  countryCode: {
    pattern: '^[A-Z]{2}$',
    expected: 'a two-letter upper-case country code such as US or DE',
  },
  columnIndex: {
    pattern: '^(0|[1-9][0-9]*)$',
    expected: 'a column index written as a decimal number, starting at 0',
  },
  sleep: {
    pattern: '^[0-9]+(-[0-9]+)?$',
    expected: 'milliseconds as "N" or "N-M", such as "1000" or "300-500"',
  },
} as const;

function stringEnum<T extends string>(values: readonly T[], options: Record<string, unknown>) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

function patternString(p: { pattern: string }, options: Record<string, unknown> = {}) {
  return Type.String({ pattern: p.pattern, ...options });
}

/** An object keyed by pattern-matching names; other keys are rejected. */
function patternRecord<V extends TSchema>(p: { pattern: string }, value: V, options: Record<string, unknown>) {
  return Type.Record(Type.String({ pattern: p.pattern }), value, { additionalProperties: false, ...options });
}

const Others = Type.Object(
  {
    h2: Type.Optional(Type.Boolean({ default: false, description: 'Send the request over HTTP/2 (ALPN).' })),
    'disable-redirect': Type.Optional(
      Type.Boolean({ default: false, description: 'Return a 3xx response as is instead of following up to 10 redirects.' }),
    ),
    'disable-compression': Type.Optional(
      Type.Boolean({ default: false, description: 'Send no Accept-Encoding and leave the response body undecoded.' }),
    ),
  },
  { additionalProperties: false, description: 'Protocol switches of the step; each defaults to false.', default: DEFAULTS.others },
);

const RegexpCapture = Type.Object(
  {
    exp: Type.String({ minLength: 1, description: 'A JavaScript regular expression; its first group is captured, else the whole match.' }),
    matchNo: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Which match to take, counting from 0.' })),
  },
  { additionalProperties: false },
);

const CaptureSpec = Type.Union(
  [
    Type.Object(
      {
        from: Type.Literal('body'),
        json_path: Type.String({ minLength: 1, description: 'Path into the JSON response body, such as "data.token".' }),
      },
      { additionalProperties: false, title: 'a JSON body capture {"from": "body", "json_path": …}' },
    ),
    Type.Object(
      { from: Type.Literal('body'), regexp: RegexpCapture },
      { additionalProperties: false, title: 'a body regexp capture {"from": "body", "regexp": {"exp": …}}' },
    ),
    Type.Object(
      {
        from: Type.Literal('header'),
        header_key: Type.String({ minLength: 1, description: 'Response header name.' }),
        regexp: Type.Optional(RegexpCapture),
      },
      { additionalProperties: false, title: 'a header capture {"from": "header", "header_key": …}' },
    ),
  ],
  { description: 'Where the captured value comes from in the response.' },
);

const MaxSeconds = Type.Number({
  exclusiveMinimum: 0,
  maximum: LIMITS.streamMaxS,
  default: DEFAULT_STREAM_MAX_S,
  description: 'The longest the stream may stay open, in seconds (at most 3600).',
});

const SseStreamSchema = Type.Object(
  {
    type: Type.Literal('sse'),
    until_event: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'The event type that ends the stream (not counted). Absent: a "data: [DONE]" event ends it.',
      }),
    ),
    max_events: Type.Optional(
      Type.Integer({ minimum: 1, maximum: LIMITS.streamEvents, description: 'The stream ends after this many events.' }),
    ),
    max_seconds: Type.Optional(MaxSeconds),
    expect_open: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'A subscription meant to be cut: reaching max_seconds ends the stream without an error.',
      }),
    ),
  },
  { additionalProperties: false, title: 'a server-sent event stream {"type": "sse", …}' },
);

const WebSocketStreamSchema = Type.Object(
  {
    type: Type.Literal('websocket'),
    send: Type.Optional(
      Type.Array(Type.String(), {
        maxItems: LIMITS.streamSends,
        default: [],
        description: 'Text messages sent in order once the socket is open; may hold templates.',
      }),
    ),
    receive: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIMITS.streamEvents,
        description: 'The exchange ends after this many messages (default 1 when "until" is absent).',
      }),
    ),
    until: Type.Optional(
      Type.String({ minLength: 1, description: 'The exchange ends at a message matching this pattern (RE2 syntax, linear time).' }),
    ),
    max_seconds: Type.Optional(MaxSeconds),
  },
  { additionalProperties: false, title: 'a WebSocket exchange {"type": "websocket", "send": […], …}' },
);

const StreamSchema = Type.Union([SseStreamSchema, WebSocketStreamSchema], {
  description:
    'Makes the step a stream: server-sent events read from the response body, or a WebSocket exchange (a ws:// or wss:// URL). See docs/streaming.md.',
});

export const StepSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Step number: the steps are numbered 1..n in order.' }),
    name: Type.Optional(Type.String({ minLength: 1, description: 'Label of the step in reports and thresholds; default "step <id>".' })),
    url: Type.String({
      minLength: 1,
      description:
        'Absolute http(s) URL (ws:// or wss:// for a WebSocket stream); may hold {{VARIABLE}}, {{data.<set>.<tag>}} and {{_randomInt}}-style templates.',
    }),
    method: Type.Optional(stringEnum(HTTP_METHODS, { default: DEFAULTS.method, description: 'HTTP method, upper case.' })),
    headers: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string', maxLength: LIMITS.headerValueBytes },
        default: {},
        description:
          "Request headers; names and values may hold templates. Values may not hold line breaks or control characters, and are at most 8192 characters (16384 bytes for all of a step's headers); Content-Length, Transfer-Encoding, Connection, Keep-Alive, Proxy-Connection, Upgrade, TE and Expect are set by the engine and refused.",
      }),
    ),
    payload: Type.Optional(Type.String({ description: 'Request body as text; may hold templates.' })),
    timeout: Type.Optional(
      Type.Number({
        minimum: LIMITS.timeoutMinS,
        maximum: LIMITS.timeoutMaxS,
        default: DEFAULTS.timeout,
        description: 'Per-request timeout in seconds: connect, headers and the whole body (at most an hour).',
      }),
    ),
    others: Type.Optional(Others),
    sleep: Type.Optional(
      patternString(PATTERNS.sleep, {
        description:
          'Think time before the next step, in milliseconds: "1000", or "300-500" for a random time in a range (at most 3600000, an hour).',
      }),
    ),
    capture_env: Type.Optional(
      patternRecord(PATTERNS.variableName, CaptureSpec, {
        description: 'Variables taken from the response for the later steps of the same iteration.',
      }),
    ),
    assertion: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        description: 'Checks that fail the step when they do not hold, such as "equals(status_code,200)".',
      }),
    ),
    stream: Type.Optional(StreamSchema),
  },
  { additionalProperties: false, description: 'One request of an iteration.' },
);

const ManualStage = Type.Object(
  {
    duration: Type.Integer({ minimum: 1, maximum: LIMITS.durationS, description: 'Length of the stage in seconds.' }),
    count: Type.Integer({ minimum: 0, maximum: LIMITS.iterations, description: 'Iterations started over the stage.' }),
  },
  { additionalProperties: false },
);

export const ConfigDataSchema = Type.Object(
  {
    steps: Type.Array(StepSchema, { minItems: 1, maxItems: LIMITS.steps, description: 'The requests of one iteration, in order.' }),
    proxy_config: Type.Optional(
      patternRecord(PATTERNS.countryCode, Type.Integer({ minimum: 0, maximum: LIMITS.proxyShare }), {
        description: 'Share of the iterations per country (two-letter code → integer share). Absent: one location.',
      }),
    ),
    iteration_count: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIMITS.iterations,
        default: DEFAULTS.iteration_count,
        description: 'Total number of iterations (at most 1,000,000,000).',
      }),
    ),
    request_count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: LIMITS.iterations, description: 'Older name of iteration_count; give one of them, not both.' }),
    ),
    load_type: Type.Optional(
      stringEnum(LOAD_TYPES, { default: DEFAULTS.load_type, description: 'How iteration starts are spread over the duration.' }),
    ),
    duration: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIMITS.durationS,
        default: DEFAULTS.duration,
        description: 'Length of the test in seconds (at most 86400, a day).',
      }),
    ),
    manual_load: Type.Optional(
      Type.Array(ManualStage, {
        minItems: 1,
        description:
          'Explicit stages; replaces load_type, and the stages add up to the duration and iteration count (at most a day and 1,000,000,000 iterations in all).',
      }),
    ),
  },
  { additionalProperties: false, description: 'What to send and how much of it.' },
);

const EnvValue = Type.Union(
  [
    Type.Boolean({ title: 'a boolean' }),
    Type.String({ title: 'a string' }),
    Type.Number({ title: 'a number' }),
    Type.Array(Type.Integer(), { title: 'an array of integers' }),
  ],
  { description: 'The value substituted for {{key}}; an array is written as JSON.' },
);

export const EnvironmentSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, description: 'Name of the environment.' }),
    vars: Type.Array(
      Type.Object(
        {
          key: patternString(PATTERNS.variableName, { description: 'Variable name, used as {{key}}.' }),
          value: EnvValue,
          secret: Type.Optional(
            Type.Boolean({
              default: false,
              description:
                'A secret (an API key, a token): its value is masked in the action log and never written to results, reports or logs.',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'The variables of the environment.' },
    ),
  },
  { title: 'an environment object {"name": …, "vars": […]}', description: 'Named variables for {{KEY}} templates.' },
);

const FileConfig = Type.Object(
  {
    delimiter: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1, default: DEFAULTS.file_config.delimiter, description: 'Column delimiter, one character.' }),
    ),
    vars: patternRecord(
      PATTERNS.columnIndex,
      Type.Object(
        { tag: patternString(PATTERNS.dataSetName, { description: 'Used as {{data.<set>.<tag>}}.' }) },
        { additionalProperties: false },
      ),
      { description: 'Columns to use: column index ("0" is the first) → {"tag": name}. Other columns are ignored.' },
    ),
    allow_quota: Type.Optional(
      Type.Boolean({
        default: DEFAULTS.file_config.allow_quota,
        description: 'Lenient quoting: a quote may appear inside an unquoted field and a lone quote inside a quoted one.',
      }),
    ),
    order: Type.Optional(
      stringEnum(['random', 'sequential'] as const, {
        default: DEFAULTS.file_config.order,
        description: 'Row order: a uniform random draw per iteration, or one row after the other (wrapping around).',
      }),
    ),
    skip_first_line: Type.Optional(
      Type.Boolean({ default: DEFAULTS.file_config.skip_first_line, description: 'Skip the first line (a header row).' }),
    ),
    skip_empty_line: Type.Optional(Type.Boolean({ default: DEFAULTS.file_config.skip_empty_line, description: 'Skip empty lines.' })),
  },
  { additionalProperties: false, description: 'How the file is read.' },
);

export const TestDataSetSchema = Type.Object(
  {
    name: patternString(PATTERNS.dataSetName, { description: 'Name of the set, used as {{data.<name>.<tag>}}.' }),
    file: Type.String({ minLength: 1, description: 'Path of the data file, relative to this definition file.' }),
    type: Type.Optional(Type.Literal('csv', { default: DEFAULTS.test_data_type, description: 'File type.' })),
    file_config: FileConfig,
  },
  { additionalProperties: false, description: 'A delimited data file whose tagged columns feed {{data.<set>.<tag>}}.' },
);

export const LoadTestSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String({ description: 'The JSON Schema of this file, for editors.' })),
    name: Type.String({ minLength: 1, description: 'Name of the test.' }),
    config_data: ConfigDataSchema,
    environment: Type.Optional(
      Type.Union([EnvironmentSchema, Type.String({ minLength: 1, title: 'a path to an environment file' })], {
        description: 'Variables for {{KEY}}: inline, or the path of a JSON file holding one (relative to this file).',
      }),
    ),
    test_data: Type.Optional(Type.Array(TestDataSetSchema, { default: [], description: 'Data sets for {{data.<set>.<tag>}}.' })),
    warm_up: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_WARM_UP_S,
        default: 0,
        description:
          "Seconds of unrecorded load against the target before the recorded schedule, rising to the first second's rate; 0: none.",
      }),
    ),
  },
  {
    $id: LOADTEST_SCHEMA_ID,
    title: 'loadgate test definition',
    description:
      'A loadgate load test: the steps of one iteration and the load to apply. Format: https://github.com/loadgate/loadgate#the-test-definition',
    additionalProperties: false,
  },
);

export type RawLoadTest = Static<typeof LoadTestSchema>;
export type RawEnvironment = Static<typeof EnvironmentSchema>;

/** The text of schema/loadtest.schema.json. */
export function schemaFileText(): string {
  return `${JSON.stringify({ $schema: JSON_SCHEMA_DIALECT, ...LoadTestSchema }, null, 2)}\n`;
}
