// Every error leaves the server as JSON `{"error": {"code", "message", "field"?}}` (docs/server.md):
// published clients decode the body before they look at the status, so even the router's 404
// and a body-limit 413 keep this shape. A stack trace never leaves the server.
import { problemLines, type Problem } from '../errors.ts';

export interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }

  get body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.field === undefined ? {} : { field: this.field }) } };
  }
}

/** Validation problems as one 422: every problem in the message, the first one's JSON path as `field`. */
/**
 * A JSON error answer written straight on a socket, for what never reaches a route (a malformed
 * request, a CONNECT, a connection over the cap); the connection closes after it.
 */
export function rawErrorAnswer(status: number, statusText: string, code: string, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  return (
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** 422 for one field of a request: `<field>: <message>`, with the field named for the client. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(422, 'invalid_request', `${field}: ${message}`, { field });
}

export function problemsError(problems: Problem[]): ApiError {
  const message = problemLines(problems, (p) => `${p.path}: ${p.message}`).join('; ');
  return new ApiError(422, 'invalid_request', message, problems[0] ? { field: problems[0].path } : {});
}

export interface Limits {
  /** Largest JSON request body, in bytes. */
  bodyBytes: number;
  /** Largest uploaded test data file, in bytes. */
  uploadBytes: number;
}

export function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** Errors of Fastify and @fastify/multipart by code, as this server's status, code and message. */
function knownError(code: string, limits: Limits): ApiError | undefined {
  const tooLarge = (what: string) => new ApiError(413, 'payload_too_large', what);
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge(`the request body is larger than the limit of ${describeBytes(limits.bodyBytes)}`);
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(`the uploaded file is larger than the limit of ${describeBytes(limits.uploadBytes)}`);
    case 'FST_FILES_LIMIT':
      return tooLarge('an upload carries one file part, named "file"');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooLarge('too many form parts: send name, type, file_config and file');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(
        415,
        'unsupported_media_type',
        'unsupported Content-Type: send application/json (multipart/form-data for /v1/testdata/)',
      );
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new ApiError(400, 'bad_request', 'a form part declared as application/json is not valid JSON');
    case 'FST_ERR_BAD_URL':
      return new ApiError(400, 'bad_request', 'the request path is not a valid URL path');
    default:
      return undefined;
  }
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

/**
 * Any thrown value as the error to send. `internal` marks the ones to log: their message is
 * replaced, since it may name files or carry a stack.
 */
export function toApiError(error: unknown, limits: Limits): { error: ApiError; internal: boolean } {
  if (error instanceof ApiError) return { error, internal: false };
  const { code, statusCode, message } = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  const known = typeof code === 'string' ? knownError(code, limits) : undefined;
  if (known) return { error: known, internal: false };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { error: new ApiError(statusCode, CODE_BY_STATUS[statusCode] ?? 'bad_request', String(message)), internal: false };
  }
  return { error: new ApiError(500, 'internal_error', 'internal server error; the server log has the details'), internal: true };
}
