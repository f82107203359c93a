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

/**
 * Maps an undici or socket error to its error_dist reason. `responseStarted`: the status line and
 * headers had arrived, so a connection lost now cut the body short.
 */
export function classifyError(error: unknown, viaProxy: boolean, responseStarted = false): string {
  const err = (error && typeof error === 'object' ? error : {}) as ErrorLike;
  const code = codeOf(err);
  const name = typeof err.name === 'string' ? err.name : '';
  const message = typeof err.message === 'string' ? err.message : '';
  if (code === 'ECONNREFUSED') return viaProxy ? 'proxy connection refused' : 'connection refused';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return viaProxy ? 'proxy timeout' : 'connection timeout';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === DEADLINE_CODE) return 'read timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (TLS_CODES.test(code)) return 'tls';
  if (name === 'MaxRedirectsError' || code === 'UND_ERR_MAX_REDIRECTS') return 'too many redirects';
  // undici's RedirectHandler refuses a URL it has already visited in the chain.
  if (code === 'UND_ERR_INVALID_ARG' && message.startsWith('Redirect loop')) return 'too many redirects';
  if (name === 'ProxyConnectionError' || code === 'UND_ERR_PRX_TLS') return 'proxy connection refused';
  if (code === 'UND_ERR_HEADERS_OVERFLOW') return 'headers too large';
  // undici 8's HTTPParserError has no code; llhttp's own errors (HPE_*) have one.
  if (name === 'HTTPParserError' || code.startsWith('HPE_') || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') return 'invalid response';
  // A 1xx where none was asked for (the engine never sends Expect), or an answer with no request out.
  if (code === 'UND_ERR_SOCKET' && message === 'bad response') return 'invalid response';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return responseStarted ? 'incomplete body' : 'connection reset by peer';
  }
  if (code === 'UND_ERR_ABORTED' || code === 'UND_ERR_DESTROYED' || name === 'AbortError') return 'cancelled';
  // A header that passed validation but not undici after a per-iteration value was put in (a CSV cell with a line break).
  if ((code === 'UND_ERR_INVALID_ARG' && /^invalid .* header$|^invalid header key$/.test(message)) || code === 'UND_ERR_NOT_SUPPORTED') {
    return 'invalid request header';
  }
  return code ? `other: ${code}` : 'other';
}
