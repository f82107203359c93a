// Secret values at rest (docs/security.md, "Secrets at rest"): AES-256-GCM from node:crypto, a
// random 96-bit nonce per value, and the record's id with the variable's key as associated data,
// so a sealed value copied into another record or under another key does not open. SQLite only
// ever sees `lgs1.<nonce>.<ciphertext+tag>` (base64url).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Environment, EnvValue, EnvVar } from '../types.ts';

const PREFIX = 'lgs1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** The key does not open a sealed value: another key sealed it, or the text was changed. */
export class SealError extends Error {
  constructor(what: string) {
    super(`${what} does not open with this secret key`);
    this.name = 'SealError';
  }
}

export interface Sealer {
  seal(plain: string, context: string): string;
  /** Throws SealError when the key is not the one that sealed it. */
  open(sealed: string, context: string): string;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`a secret key is ${SECRET_KEY_BYTES} bytes, got ${key.length}`);
  return {
    seal(plain, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
    },
    open(sealed, context) {
      const [prefix, nonceText, bodyText] = sealed.split('.');
      const nonce = Buffer.from(nonceText ?? '', 'base64url');
      const body = Buffer.from(bodyText ?? '', 'base64url');
      if (prefix !== PREFIX || nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SealError('a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, nonce);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SealError('a sealed value');
      }
    },
  };
}

/** A variable as stored: a secret's value sealed (`sealed`), every other value as it is. */
export interface StoredVar {
  key: string;
  value?: EnvValue;
  secret?: boolean;
  sealed?: string;
}

function context(recordId: string, key: string): string {
  return `${recordId}\u0000${key}`;
}

/** The variables as stored for the record `recordId`: each secret value sealed. */
export function sealVars(sealer: Sealer, recordId: string, vars: readonly EnvVar[]): StoredVar[] {
  return vars.map((v) =>
    v.secret ? { key: v.key, secret: true, sealed: sealer.seal(JSON.stringify(v.value), context(recordId, v.key)) } : v,
  );
}

/** The variables of the record `recordId` as stored, opened; a value stored before sealing is taken as it is. */
export function openVars(sealer: Sealer, recordId: string, stored: readonly StoredVar[]): EnvVar[] {
  return stored.map(({ sealed, ...v }) =>
    sealed === undefined ? (v as EnvVar) : { ...v, value: JSON.parse(sealer.open(sealed, context(recordId, v.key))) as EnvValue },
  );
}

export function sealEnvironment(sealer: Sealer, recordId: string, environment: Environment): string {
  return JSON.stringify({ ...environment, vars: sealVars(sealer, recordId, environment.vars) });
}

export function openEnvironment(sealer: Sealer, recordId: string, text: string): Environment {
  const stored = JSON.parse(text) as { name: string; vars: StoredVar[] };
  return { ...stored, vars: openVars(sealer, recordId, stored.vars) };
}

/** Whether any variable of the stored text holds a secret value in plain (written before sealing). */
export function holdsPlainSecret(text: string): boolean {
  const stored = JSON.parse(text) as { vars?: StoredVar[] } | StoredVar[];
  const vars = Array.isArray(stored) ? stored : (stored.vars ?? []);
  return vars.some((v) => v.secret === true && v.sealed === undefined);
}
