import { describe, expect, it } from 'vitest';
import { classifyError } from '../src/engine/errors.ts';
import { egressOf } from '../src/engine/engine.ts';

const err = (code: string, name = 'Error') => Object.assign(new Error(code), { code, name });

describe('classifyError', () => {
  it.each([
    [err('ECONNREFUSED'), false, 'connection refused'],
    [err('ECONNREFUSED'), true, 'proxy connection refused'],
    [err('UND_ERR_CONNECT_TIMEOUT'), false, 'connection timeout'],
    [err('UND_ERR_CONNECT_TIMEOUT'), true, 'proxy timeout'],
    [err('UND_ERR_HEADERS_TIMEOUT'), false, 'read timeout'],
    [err('UND_ERR_BODY_TIMEOUT'), false, 'read timeout'],
    [err('ECONNRESET'), false, 'connection reset by peer'],
    [err('UND_ERR_SOCKET'), false, 'connection reset by peer'],
    [err('ENOTFOUND'), false, 'dns'],
    [err('DEPTH_ZERO_SELF_SIGNED_CERT'), false, 'tls'],
    [err('ERR_TLS_CERT_ALTNAME_INVALID'), false, 'tls'],
    [err('X', 'MaxRedirectsError'), false, 'too many redirects'],
    [err('HPE_INVALID_CONSTANT'), false, 'invalid response'],
    [err('EWHATEVER'), false, 'other: EWHATEVER'],
    [{ cause: { code: 'ECONNREFUSED' } }, false, 'connection refused'],
    [null, false, 'other'],
  ])('%o via proxy %s → %s', (error, viaProxy, reason) => {
    expect(classifyError(error, viaProxy)).toBe(reason);
  });
});

describe('egressOf', () => {
  it('keeps countries with a proxy and merges the rest into local', () => {
    const egress = egressOf(['DE', 'FR', 'US'], { US: 'http://p:1' });
    expect(egress.names).toEqual(['local', 'US']);
    expect([...egress.map]).toEqual([0, 0, 1]);
    expect(egress.proxyOf).toEqual([null, 'http://p:1']);
  });
});
