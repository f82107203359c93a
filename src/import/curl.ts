// curl command lines → requests: the words split by shlex (POSIX quoting, `$'…'` ANSI-C strings,
// backslash-newline continuations), then curl's options read into a request. An option this
// import does not know is an error naming its line, never silently dropped (docs/import.md).
import { split } from 'shlex';
import { eachParsed, failed, type Parsed, type Problem, parsed } from '../errors.ts';
import { emptyNotes, type Imported, type ImportedRequest, type Notes, type Source } from './types.ts';

interface Command {
  line: number;
  words: string[];
}

/** An option with its value, or a URL (no option). */
interface Word {
  option?: string;
  value?: string;
}

/** Options that take a value and what they set; the short and long spellings of each. */
const VALUE_OPTIONS: Record<string, string> = {
  '-X': 'method',
  '--request': 'method',
  '-H': 'header',
  '--header': 'header',
  '-d': 'data',
  '--data': 'data',
  '--data-ascii': 'data',
  '--data-binary': 'data',
  '--data-raw': 'data-raw',
  '--data-urlencode': 'data-urlencode',
  '--json': 'json',
  '-u': 'user',
  '--user': 'user',
  '-b': 'cookie',
  '--cookie': 'cookie',
  '-A': 'user-agent',
  '--user-agent': 'user-agent',
  '-e': 'referer',
  '--referer': 'referer',
  '--url': 'url',
  '-o': 'ignored',
  '--output': 'ignored',
  '-m': 'ignored',
  '--max-time': 'ignored',
  '--connect-timeout': 'ignored',
  '-w': 'ignored',
  '--write-out': 'ignored',
};
const FLAG_OPTIONS: Record<string, string> = {
  '-k': 'insecure',
  '--insecure': 'insecure',
  '--compressed': 'compressed',
  '-G': 'get',
  '--get': 'get',
  '-I': 'head',
  '--head': 'head',
  '-s': 'ignored',
  '--silent': 'ignored',
  '-S': 'ignored',
  '--show-error': 'ignored',
  '-v': 'ignored',
  '--verbose': 'ignored',
  '-i': 'ignored',
  '--include': 'ignored',
  '-L': 'ignored',
  '--location': 'ignored',
  '-f': 'ignored',
  '--fail': 'ignored',
  '--http1.1': 'ignored',
  '--http2': 'ignored',
  '-g': 'ignored',
  '--globoff': 'ignored',
  '-N': 'ignored',
  '--no-buffer': 'ignored',
};

export async function importCurl(source: Source): Promise<Parsed<Imported>> {
  const found = commands(source);
  if (!found.ok) return found;
  const notes = emptyNotes();
  const read = found.value.map((command): ImportedRequest[] | Problem => {
    const requests = requestsOf(command, notes);
    if (typeof requests !== 'string') return requests;
    return { file: source.file, path: `line ${command.line}`, line: command.line, message: requests };
  });
  const each = eachParsed(read);
  if (!each.ok) return each;
  const requests = each.value.flat();
  if (requests.length === 0)
    return failed([
      { file: source.file, path: '$', message: 'no curl command found: expected lines such as curl https://example.com/api' },
    ]);
  notes.kept.push(`${requests.length} curl ${requests.length === 1 ? 'command' : 'commands'}`);
  return parsed({ title: 'curl import', requests, variables: [], notes });
}

/**
 * Physical lines → commands. A command ends at a line end that is neither escaped (a trailing
 * backslash continues it) nor inside quotes (shlex then reports an unclosed quote, and the next
 * line is part of the same command). Blank lines and `#` comments between commands are skipped.
 */
function commands(source: Source): Parsed<Command[]> {
  const lines = source.text.replace(/\r\n?/g, '\n').split('\n');
  const found: Command[] = [];
  let buffer = '';
  let start = 0;
  lines.forEach((text, i) => {
    if (buffer === '' && (text.trim() === '' || text.trimStart().startsWith('#'))) return;
    if (buffer === '') start = i + 1;
    buffer += `${text}\n`;
    if (/(^|[^\\])(\\\\)*\\$/.test(text)) return;
    const words = splitWords(buffer);
    if (words === undefined) return;
    found.push({ line: start, words });
    buffer = '';
  });
  if (buffer !== '') {
    return failed([{ file: source.file, path: `line ${start}`, line: start, message: 'the command does not end: a quote is not closed' }]);
  }
  return parsed(found);
}

/** The words, or undefined while a quote is still open. */
function splitWords(text: string): string[] | undefined {
  try {
    return split(text);
  } catch (err) {
    if (/quoted|escape/i.test((err as Error).message)) return undefined;
    throw err;
  }
}

/** The requests of one command, or why it is refused (the caller names its line). */
function requestsOf({ words }: Command, notes: Notes): ImportedRequest[] | string {
  const [program, ...args] = words;
  if (!/(^|\/)curl(\.exe)?$/.test(program ?? '')) return `expected a curl command, found ${JSON.stringify(program)}`;
  const read = options(args);
  if (typeof read === 'string') return read;
  const parts = partsOf(read);
  if (typeof parts === 'string') return parts;
  if (parts.urls.length === 0) return 'no URL in the command';
  if (parts.flags.has('insecure')) notes.kept.push('-k: run the definition with loadgate run --insecure (certificates are a run setting)');
  return requestsFrom(parts);
}

/** What a command's options and URLs add up to. */
interface CommandParts {
  urls: string[];
  headers: [string, string][];
  data: string[];
  flags: Set<string>;
  method?: string;
  /** --json was given: the data joins without `&`, and JSON headers are the defaults. */
  json: boolean;
}

/** What a value option adds to the parts; a string returned is why the command is refused. */
type ValueEffect = (parts: CommandParts, value: string, option: string) => string | undefined;

/** The effect of each kind of value option in VALUE_OPTIONS. */
const VALUE_EFFECTS: Record<string, ValueEffect> = {
  method: (parts, value) => {
    parts.method = value.toUpperCase();
    return undefined;
  },
  header: (parts, value) => header(value, parts.headers),
  data: (parts, value, option) => (value.startsWith('@') ? fromFile(option, value) : pushed(parts.data, value)),
  'data-raw': (parts, value) => pushed(parts.data, value),
  'data-urlencode': (parts, value) => pushed(parts.data, urlencoded(value)),
  json: (parts, value, option) => {
    if (value.startsWith('@')) return fromFile(option, value);
    parts.json = true;
    return pushed(parts.data, value);
  },
  user: (parts, value) =>
    pushed(parts.headers, ['Authorization', `Basic ${Buffer.from(value.includes(':') ? value : `${value}:`).toString('base64')}`]),
  cookie: (parts, value, option) =>
    value.includes('=')
      ? pushed(parts.headers, ['Cookie', value])
      : `${option} ${value}: reading cookies from a file is not supported; give them as name=value`,
  'user-agent': (parts, value) => pushed(parts.headers, ['User-Agent', value]),
  referer: (parts, value) => pushed(parts.headers, ['Referer', value]),
  url: (parts, value) => pushed(parts.urls, value),
  ignored: () => undefined,
};

function pushed<T>(list: T[], item: T): undefined {
  list.push(item);
  return undefined;
}

/** The options and URLs of a command added up, in their order, or the first refusal. */
function partsOf(read: readonly Word[]): CommandParts | string {
  const parts: CommandParts = { urls: [], headers: [], data: [], flags: new Set(), json: false };
  for (const { option, value } of read) {
    if (option === undefined) {
      parts.urls.push(value!);
      continue;
    }
    const flag = FLAG_OPTIONS[option];
    if (flag !== undefined) {
      parts.flags.add(flag);
      continue;
    }
    if (value === undefined) return `${option} needs a value`;
    const refused = VALUE_EFFECTS[VALUE_OPTIONS[option]!]!(parts, value, option);
    if (refused !== undefined) return refused;
  }
  return parts;
}

/** One request per URL, with the method, body and headers curl would send. */
function requestsFrom({ urls, headers, data, flags, method, json }: CommandParts): ImportedRequest[] {
  const body = data.length > 0 ? data.join(json ? '' : '&') : undefined;
  if (json) {
    setDefault(headers, 'Content-Type', 'application/json');
    setDefault(headers, 'Accept', 'application/json');
  } else if (body !== undefined && !flags.has('get')) setDefault(headers, 'Content-Type', 'application/x-www-form-urlencoded');
  return urls.map((raw) => {
    const url = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(raw) ? raw : `http://${raw}`;
    const get = flags.has('get') && body !== undefined;
    return {
      method: method ?? (flags.has('head') ? 'HEAD' : body !== undefined && !get ? 'POST' : 'GET'),
      url: get ? `${url}${url.includes('?') ? '&' : '?'}${body}` : url,
      headers: [...headers],
      ...(body !== undefined && !get && { body }),
      ...(!flags.has('compressed') && { disableCompression: true }),
    };
  });
}

/**
 * The words as options with their values, and URLs (no option), or the first unknown option's
 * problem. Short options cluster as in curl: `-sSL` is -s -S -L, and a value option takes the
 * rest of its word or the next one (`-XPOST`).
 */
function options(args: readonly string[]): Word[] | string {
  const out: (Word | string)[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.startsWith('-') || word === '-') out.push({ value: word });
    else if (word.startsWith('--')) out.push(withValue(word, undefined, () => args[++i]));
    else {
      for (let c = 1; c < word.length; c++) {
        const option = `-${word[c]}`;
        const attached = word.slice(c + 1);
        if (VALUE_OPTIONS[option] === undefined) {
          out.push(withValue(option, undefined, () => undefined));
          continue;
        }
        out.push(withValue(option, attached === '' ? undefined : attached, () => args[++i]));
        break;
      }
    }
  }
  return out.find((word): word is string => typeof word === 'string') ?? out.filter((word): word is Word => typeof word !== 'string');
}

/** The option and its value, or the problem of an option this import does not know. */
function withValue(option: string, attached: string | undefined, next: () => string | undefined): Word | string {
  if (FLAG_OPTIONS[option] !== undefined) return { option };
  if (VALUE_OPTIONS[option] === undefined) return `unknown curl option ${option}: the import reads ${knownList()}`;
  const value = attached ?? next();
  return value === undefined ? { option } : { option, value };
}

/** Adds the header -H gives, or says why it cannot. */
function header(value: string, headers: [string, string][]): string | undefined {
  const colon = value.indexOf(':');
  if (colon > 0) {
    const rest = value.slice(colon + 1).trim();
    // curl: "Name:" with nothing after removes a header curl would send; nothing to send.
    if (rest !== '') headers.push([value.slice(0, colon).trim(), rest]);
    return undefined;
  }
  if (!value.endsWith(';')) return `-H ${JSON.stringify(value)}: expected "Name: value"`;
  headers.push([value.slice(0, -1).trim(), '']);
  return undefined;
}

/** `-d @file`: curl reads the body from a file, which an import does not follow. */
function fromFile(option: string, value: string): string {
  return `${option} ${value}: a body read from a file is not imported; paste the body itself (--data-raw '…')`;
}

/** --data-urlencode: "name=value" and "=value" encode the value, a bare "value" is encoded whole. */
function urlencoded(value: string): string {
  const eq = value.indexOf('=');
  if (eq < 0) return encodeURIComponent(value);
  return `${value.slice(0, eq)}${eq > 0 ? '=' : ''}${encodeURIComponent(value.slice(eq + 1))}`;
}

function setDefault(headers: [string, string][], name: string, value: string): void {
  if (!headers.some(([h]) => h.toLowerCase() === name.toLowerCase())) headers.push([name, value]);
}

function knownList(): string {
  return [...Object.keys(VALUE_OPTIONS), ...Object.keys(FLAG_OPTIONS)].filter((o) => o.startsWith('--')).join(' ');
}
