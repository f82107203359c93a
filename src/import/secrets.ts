// Secrets never land in the file: Authorization, cookies, API-key headers and token-like query
// parameters become `{{VAR}}` secret variables, whose values are left empty (set them with
// --env-var NAME or -e NAME=…) unless --keep-secrets asks for them. A value that is already a
// reference (`Bearer {{token}}` in a Postman collection) marks that variable secret instead.
import type { ImportedRequest, ImportedVariable } from './types.ts';

export interface SecretOutcome {
  requests: ImportedRequest[];
  variables: ImportedVariable[];
  /** One line per secret variable: its name and where it is used. */
  found: string[];
}

const API_KEY_HEADER = /api[-_]?key|apikey|auth[-_]?token|access[-_]?token|x-auth|secret|session|csrf|xsrf|(^|-)(token|key)$/i;
const SECRET_QUERY =
  /^(api[-_]?key|apikey|key|token|access[-_]?token|id[-_]?token|auth|sig|signature|secret|client[-_]?secret|password|passwd|pwd|session|session[-_]?id|sid|code)$/i;
/** A JWT, or a long run of letters mixed with digits: what an opaque token looks like. */
const TOKEN_VALUE = /^eyJ[\w-]+\.[\w-]+\.[\w-]*$|^(?=[\w.~+/=-]*\d)(?=[\w.~+/=-]*[A-Za-z])[\w.~+/=-]{32,}$/;
const WHOLE_REFERENCE = /^\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}$/;

export function extractSecrets(requests: readonly ImportedRequest[], variables: readonly ImportedVariable[], keep: boolean): SecretOutcome {
  const vault = new Vault(variables, keep);
  const out = requests.map((request, i) => {
    const where = `step ${i + 1}`;
    return {
      ...request,
      url: secretQuery(request.url, vault, where, new Set(request.secretQuery)),
      headers: request.headers.map(([name, value]): [string, string] => [
        name,
        secretHeader(name, value, vault, where, request.secretHeaders?.includes(name)),
      ]),
    };
  });
  return { requests: out, variables: vault.variables(), found: vault.summary() };
}

function secretHeader(name: string, value: string, vault: Vault, where: string, credential = false): string {
  const lower = name.toLowerCase();
  const at = `${name} header, ${where}`;
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const [, scheme, credentials] = /^(\S+)\s+(.+)$/.exec(value) ?? [];
    if (scheme === undefined || credentials === undefined)
      return vault.hide(lower === 'authorization' ? 'AUTHORIZATION' : 'PROXY_AUTHORIZATION', value, at);
    const key = /^bearer$/i.test(scheme) ? 'BEARER_TOKEN' : /^basic$/i.test(scheme) ? 'BASIC_AUTH' : `${upperSnake(scheme)}_CREDENTIALS`;
    return `${scheme} ${vault.hide(key, credentials, at)}`;
  }
  if (lower === 'cookie') return vault.hide('COOKIE', value, at);
  if (credential || API_KEY_HEADER.test(lower)) return vault.hide(upperSnake(name), value, at);
  return value;
}

function secretQuery(url: string, vault: Vault, where: string, credentials: ReadonlySet<string>): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const pairs = url
    .slice(q + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!credentials.has(safeDecode(name)) && !SECRET_QUERY.test(safeDecode(name)) && !TOKEN_VALUE.test(safeDecode(value))) return pair;
      return `${name}=${vault.hide(upperSnake(safeDecode(name)), value, `query parameter ${safeDecode(name)}, ${where}`)}`;
    });
  return `${url.slice(0, q + 1)}${pairs.join('&')}${url.slice(end)}`;
}

/** The secret variables: one per distinct value, named after where it was first seen. */
class Vault {
  private readonly vars = new Map<string, ImportedVariable>();
  private readonly byValue = new Map<string, string>();
  private readonly uses = new Map<string, string[]>();
  private readonly keep: boolean;

  constructor(variables: readonly ImportedVariable[], keep: boolean) {
    this.keep = keep;
    for (const v of variables) {
      this.vars.set(v.key, v.secret && !keep ? { ...v, value: '' } : { ...v });
      if (v.secret) this.use(v.key, 'marked secret in the source');
    }
  }

  /** The reference that replaces `value`: `{{KEY}}`, reusing the variable of an equal value. */
  hide(key: string, value: string, at: string): string {
    const referenced = WHOLE_REFERENCE.exec(value)?.[1];
    if (referenced !== undefined) return this.markSecret(referenced, value, at);
    if (value.includes('{{')) {
      // Credentials written around references (`sid={{SID}}`): the referenced variables are the secrets.
      for (const [, name] of value.matchAll(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g)) this.markSecret(name!, value, at);
      return value;
    }
    if (value === '') return value;
    let name = this.byValue.get(value);
    if (name === undefined) {
      name = this.freeName(key);
      this.byValue.set(value, name);
      this.vars.set(name, { key: name, value: this.keep ? value : '', secret: true });
    }
    this.use(name, at);
    return `{{${name}}}`;
  }

  private markSecret(name: string, reference: string, at: string): string {
    const existing = this.vars.get(name);
    this.vars.set(name, { key: name, value: this.keep ? (existing?.value ?? '') : '', secret: true });
    this.use(name, at);
    return reference;
  }

  private freeName(key: string): string {
    const base = /^[A-Za-z]/.test(key) ? key : `SECRET_${key}`;
    if (!this.vars.has(base)) return base;
    for (let n = 2; ; n++) if (!this.vars.has(`${base}_${n}`)) return `${base}_${n}`;
  }

  private use(name: string, at: string): void {
    this.uses.set(name, [...(this.uses.get(name) ?? []), at]);
  }

  variables(): ImportedVariable[] {
    return [...this.vars.values()];
  }

  summary(): string[] {
    return [...this.uses].map(([name, uses]) => `${name}: ${where(uses)}`);
  }
}

/** ["Cookie header, step 1", "Cookie header, step 2"] → "Cookie header (steps 1, 2)". */
function where(uses: readonly string[]): string {
  const steps = new Map<string, string[]>();
  for (const use of uses) {
    const [, what = use, step] = /^(.*), step (\d+)$/.exec(use) ?? [];
    steps.set(what, [...(steps.get(what) ?? []), ...(step === undefined ? [] : [step])]);
  }
  return [...steps]
    .map(([what, list]) =>
      list.length === 0 ? what : `${what} (${list.length === 1 ? 'step' : 'steps'} ${[...new Set(list)].join(', ')})`,
    )
    .join('; ');
}

/** "X-Api-Key" → "X_API_KEY": an environment variable name. */
function upperSnake(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'SECRET'
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
