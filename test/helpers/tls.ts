import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyAndCert {
  key: string;
  cert: string;
}

let cached: KeyAndCert | undefined;

/**
 * A self-signed certificate for 127.0.0.1 and localhost. The certificate is its own CA: pass it as
 * `ca` to trust it. Generated once per process because RSA key generation takes a noticeable
 * fraction of a second.
 */
export function selfSignedCert(): KeyAndCert {
  cached ??= generateWithOpenssl();
  return cached;
}

function generateWithOpenssl(): KeyAndCert {
  const dir = mkdtempSync(join(tmpdir(), 'loadgate-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
  } catch (error) {
    throw new Error(
      `Could not generate a self-signed certificate with the system openssl binary (${String(error)}). ` +
        'The TLS tests need openssl on PATH.',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
