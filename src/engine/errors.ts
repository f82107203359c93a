// Error reasons, named as users of this format know them (docs/results.md). A reason is an error_dist
// key, so it never carries addresses or response contents: its cardinality stays small.

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_(VERIFY|GET)_|HOSTNAME_MISMATCH$)/;

/** The code of the error a request is aborted with when its step timeout ends before its last byte. */
export const DEADLINE_CODE = 'LOADGATE_REQUEST_DEADLINE';

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
}

function codeOf(err: ErrorLike): string {
  if (typeof err.code === 'string') return err.code;
  const cause = err.cause as ErrorLike | undefined;
  return cause && typeof cause === 'object' ? codeOf(cause) : '';
}

/** What `classifyError` decides on: the error's own fields, and how the request stood when it failed. */
interface Failure {
  code: string;
  name: string;
  message: string;
  viaProxy: boolean;
  responseStarted: boolean;
}

interface ReasonRule {
  matches: (failure: Failure) => boolean;
  reason: string | ((failure: Failure) => string);
}

const codeIn =
  (...codes: string[]) =>
  (failure: Failure): boolean =>
    codes.includes(failure.code);

/**
 * The first rule that matches names the reason, so a narrow case (an UND_ERR_SOCKET with
 * 'bad response', an UND_ERR_INVALID_ARG for a redirect loop) stands before the broad one it refines.
 */
const REASON_RULES: readonly ReasonRule[] = [
  { matches: codeIn('ECONNREFUSED'), reason: (f) => (f.viaProxy ? 'proxy connection refused' : 'connection refused') },
  { matches: codeIn('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'), reason: (f) => (f.viaProxy ? 'proxy timeout' : 'connection timeout') },
  { matches: codeIn('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', DEADLINE_CODE), reason: 'read timeout' },
  { matches: codeIn('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'), reason: 'dns' },
  { matches: (f) => TLS_CODES.test(f.code), reason: 'tls' },
  { matches: (f) => f.name === 'MaxRedirectsError' || f.code === 'UND_ERR_MAX_REDIRECTS', reason: 'too many redirects' },
  // undici's RedirectHandler refuses a URL it has already visited in the chain.
  { matches: (f) => f.code === 'UND_ERR_INVALID_ARG' && f.message.startsWith('Redirect loop'), reason: 'too many redirects' },
  { matches: (f) => f.name === 'ProxyConnectionError' || f.code === 'UND_ERR_PRX_TLS', reason: 'proxy connection refused' },
  { matches: codeIn('UND_ERR_HEADERS_OVERFLOW'), reason: 'headers too large' },
  // undici 8's HTTPParserError has no code; llhttp's own errors (HPE_*) have one.
  {
    matches: (f) => f.name === 'HTTPParserError' || f.code.startsWith('HPE_') || f.code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
    reason: 'invalid response',
  },
  // A 1xx where none was asked for (the engine never sends Expect), or an answer with no request out.
  { matches: (f) => f.code === 'UND_ERR_SOCKET' && f.message === 'bad response', reason: 'invalid response' },
  {
    matches: codeIn('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'),
    reason: (f) => (f.responseStarted ? 'incomplete body' : 'connection reset by peer'),
  },
  { matches: (f) => f.code === 'UND_ERR_ABORTED' || f.code === 'UND_ERR_DESTROYED' || f.name === 'AbortError', reason: 'cancelled' },
  // A header that passed validation but not undici after a per-iteration value was put in (a CSV cell with a line break).
  {
    matches: (f) =>
      (f.code === 'UND_ERR_INVALID_ARG' && /^invalid .* header$|^invalid header key$/.test(f.message)) ||
      f.code === 'UND_ERR_NOT_SUPPORTED',
    reason: 'invalid request header',
  },
];

/**
 * Maps an undici or socket error to its error_dist reason. `responseStarted`: the status line and
 * headers had arrived, so a connection lost now cut the body short.
 */
export function classifyError(error: unknown, viaProxy: boolean, responseStarted = false): string {
  const err = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const failure: Failure = {
    code: codeOf(err),
    name: typeof err.name === 'string' ? err.name : '',
    message: typeof err.message === 'string' ? err.message : '',
    viaProxy,
    responseStarted,
  };
  const rule = REASON_RULES.find((candidate) => candidate.matches(failure));
  if (rule) return typeof rule.reason === 'string' ? rule.reason : rule.reason(failure);
  return failure.code ? `other: ${failure.code}` : 'other';
}
