export const id = 1;
export const ids = [1];
export const modules = {

/***/ 8001:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  importCurl: () => (/* binding */ importCurl)
});

;// CONCATENATED MODULE: ./node_modules/shlex/shlex.js


/*
  Port of a subset of the features of CPython's shlex module, which provides a
  shell-like lexer. Original code by Eric S. Raymond and other contributors.
*/

class Shlexer {
  constructor (string) {
    this.i = 0
    this.string = string

    /**
     * Characters that will be considered whitespace and skipped. Whitespace
     * bounds tokens. By default, includes space, tab, linefeed and carriage
     * return.
     */
    this.whitespace = ' \t\r\n'

    /**
     * Characters that will be considered string quotes. The token accumulates
     * until the same quote is encountered again (thus, different quote types
     * protect each other as in the shell.) By default, includes ASCII single
     * and double quotes.
     */
    this.quotes = `'"`

    /**
     * Characters that will be considered as escape. Just `\` by default.
     */
    this.escapes = '\\'

    /**
     * The subset of quote types that allow escaped characters. Just `"` by default.
     */
    this.escapedQuotes = '"'

    /**
     * Whether to support ANSI C-style $'' quotes
     * https://www.gnu.org/software/bash/manual/html_node/ANSI_002dC-Quoting.html
     */
    this.ansiCQuotes = true

    /**
     * Whether to support localized $"" quotes
     * https://www.gnu.org/software/bash/manual/html_node/Locale-Translation.html
     *
     * The behavior is as if the current locale is set to C or POSIX, i.e., the
     * contents are not translated.
     */
    this.localeQuotes = true

    this.debug = false
  }

  readChar () {
    return this.string.charAt(this.i++)
  }

  processEscapes (string, quote, isAnsiCQuote) {
    if (!isAnsiCQuote && !this.escapedQuotes.includes(quote)) {
      // This quote type doesn't support escape sequences
      return string
    }

    // We need to form a regex that matches any of the escape characters,
    // without interpreting any of the characters as a regex special character.
    const anyEscape = '[' + this.escapes.replace(/(.)/g, '\\$1') + ']'

    // In regular quoted strings, we can only escape an escape character, and
    // the quote character itself.
    if (!isAnsiCQuote && this.escapedQuotes.includes(quote)) {
      const re = new RegExp(
        anyEscape + '(' + anyEscape + '|\\' + quote + ')', 'g')
      return string.replace(re, '$1')
    }

    // ANSI C quoted strings support a wide variety of escape sequences
    if (isAnsiCQuote) {
      const patterns = {
        // Literal characters
        '([\\\\\'"?])': (x) => x,

        // Non-printable ASCII characters
        'a': () => '\x07',
        'b': () => '\x08',
        'e|E': () => '\x1b',
        'f': () => '\x0c',
        'n': () => '\x0a',
        'r': () => '\x0d',
        't': () => '\x09',
        'v': () => '\x0b',

        // Octal bytes
        '([0-7]{1,3})': (x) => String.fromCharCode(parseInt(x, 8)),

        // Hexadecimal bytes
        'x([0-9a-fA-F]{1,2})': (x) => String.fromCharCode(parseInt(x, 16)),

        // Unicode code units
        'u([0-9a-fA-F]{1,4})': (x) => String.fromCharCode(parseInt(x, 16)),
        'U([0-9a-fA-F]{1,8})': (x) => String.fromCharCode(parseInt(x, 16)),

        // Control characters
        // https://en.wikipedia.org/wiki/Control_character#How_control_characters_map_to_keyboards
        'c(.)': (x) => {
          if (x === '?') {
            return '\x7f'
          } else if (x === '@') {
            return '\x00'
          } else {
            return String.fromCharCode(x.charCodeAt(0) & 31)
          }
        }
      }

      // Construct an uber-RegEx that catches all of the above pattern
      const re = new RegExp(
        anyEscape + '(' + Object.keys(patterns).join('|') + ')', 'g')

      // For each match, figure out which subpattern matched, and apply the
      // corresponding function
      return string.replace(re, function (m, p1) {
        for (const matched in patterns) {
          const mm = new RegExp('^' + matched + '$').exec(p1)
          if (mm === null) {
            continue
          }

          return patterns[matched].apply(null, mm.slice(1))
        }
      })
    }

    // Should not get here
    return undefined
  }

  * [Symbol.iterator] () {
    let inQuote = false
    let inDollarQuote = false
    let escaped = false
    let lastDollar = -2 // position of last dollar sign we saw
    let token

    if (this.debug) {
      console.log('full input:', '>' + this.string + '<')
    }

    while (true) {
      const pos = this.i
      const char = this.readChar()

      if (this.debug) {
        console.log(
          'position:', pos,
          'input:', '>' + char + '<',
          'accumulated:', token,
          'inQuote:', inQuote,
          'inDollarQuote:', inDollarQuote,
          'lastDollar:', lastDollar,
          'escaped:', escaped
        )
      }

      // Ran out of characters, we're done
      if (char === '') {
        if (inQuote) { throw new Error('Got EOF while in a quoted string') }
        if (escaped) { throw new Error('Got EOF while in an escape sequence') }
        if (token !== undefined) { yield token }
        return
      }

      // We were in an escape sequence, complete it
      if (escaped) {
        if (char === '\n') {
          // An escaped newline just means to continue the command on the next
          // line. We just need to ignore it.
        } else if (inQuote) {
          // If we are in a quote, just accumulate the whole escape sequence,
          // as we will interpret escape sequences later.
          token = (token || '') + escaped + char
        } else {
          // Just use the literal character
          token = (token || '') + char
        }

        escaped = false
        continue
      }

      if (this.escapes.includes(char)) {
        if (!inQuote || inDollarQuote !== false || this.escapedQuotes.includes(inQuote)) {
          // We encountered an escape character, which is going to affect how
          // we treat the next character.
          escaped = char
          continue
        } else {
          // This string type doesn't use escape characters. Ignore for now.
        }
      }

      // We were in a string
      if (inQuote !== false) {
        // String is finished. Don't grab the quote character.
        if (char === inQuote) {
          token = this.processEscapes(token, inQuote, inDollarQuote === '\'')
          inQuote = false
          inDollarQuote = false
          continue
        }

        // String isn't finished yet, accumulate the character
        token = (token || '') + char
        continue
      }

      // This is the start of a new string, don't accumulate the quotation mark
      if (this.quotes.includes(char)) {
        inQuote = char
        if (lastDollar === pos - 1) {
          if (char === '\'' && !this.ansiCQuotes) {
            // Feature not enabled
          } else if (char === '"' && !this.localeQuotes) {
            // Feature not enabled
          } else {
            inDollarQuote = char
          }
        }

        token = (token || '') // fixes blank string

        if (inDollarQuote !== false) {
          // Drop the opening $ we captured before
          token = token.slice(0, -1)
        }

        continue
      }

      // This is a dollar sign, record that we saw it in case it's the start of
      // an ANSI C or localized string
      if (inQuote === false && char === '$') {
        lastDollar = pos
      }

      // This is whitespace, so yield the token if we have one
      if (this.whitespace.includes(char)) {
        if (token !== undefined) { yield token }
        token = undefined
        continue
      }

      // Otherwise, accumulate the character
      token = (token || '') + char
    }
  }
}


/**
 * Splits a given string using shell-like syntax. This function is the inverse
 * of shlex.join().
 *
 * @param {String} s String to split.
 * @returns {String[]}
 */
function split (s) {
  return Array.from(new Shlexer(s))
}

/**
 * Escapes a potentially shell-unsafe string using quotes.
 *
 * @param {String} s String to quote
 * @returns {String}
 */
function quote (s) {
  if (s === '') { return '\'\'' }

  const unsafeRe = /[^\w@%\-+=:,./]/
  if (!unsafeRe.test(s)) { return s }

  return ('\'' + s.replace(/('+)/g, '\'"$1"\'') + '\'').replace(/^''|''$/g, '')
}


/**
 * Concatenate the tokens of the list args and return a string. This function
 * is the inverse of shlex.split().
 *
 * The returned value is shell-escaped to protect against injection
 * vulnerabilities (see shlex.quote()).
 *
 * @param {String[]} args List of args to join
 * @returns {String}
 */
function join (args) {
  if (!Array.isArray(args)) {
    throw new TypeError("args should be an array")
  }
  return args.map(quote).join(" ")
}

// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(83916);
// EXTERNAL MODULE: ./src/import/types.ts
var types = __webpack_require__(20984);
;// CONCATENATED MODULE: ./src/import/curl.ts
// curl command lines → requests: the words split by shlex (POSIX quoting, `$'…'` ANSI-C strings,
// backslash-newline continuations), then curl's options read into a request. An option this
// import does not know is an error naming its line, never silently dropped (docs/import.md).



/** Options that take a value and what they set; the short and long spellings of each. */
const VALUE_OPTIONS = {
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
const FLAG_OPTIONS = {
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
async function importCurl(source) {
    const found = commands(source);
    if (!found.ok)
        return found;
    const notes = (0,types/* emptyNotes */.$)();
    const read = found.value.map((command) => {
        const requests = requestsOf(command, notes);
        if (typeof requests !== 'string')
            return requests;
        return { file: source.file, path: `line ${command.line}`, line: command.line, message: requests };
    });
    const each = (0,errors/* eachParsed */.hw)(read);
    if (!each.ok)
        return each;
    const requests = each.value.flat();
    if (requests.length === 0)
        return (0,errors/* failed */.gz)([
            { file: source.file, path: '$', message: 'no curl command found: expected lines such as curl https://example.com/api' },
        ]);
    notes.kept.push(`${requests.length} curl ${requests.length === 1 ? 'command' : 'commands'}`);
    return (0,errors/* parsed */.Yz)({ title: 'curl import', requests, variables: [], notes });
}
/**
 * Physical lines → commands. A command ends at a line end that is neither escaped (a trailing
 * backslash continues it) nor inside quotes (shlex then reports an unclosed quote, and the next
 * line is part of the same command). Blank lines and `#` comments between commands are skipped.
 */
function commands(source) {
    const lines = source.text.replace(/\r\n?/g, '\n').split('\n');
    const found = [];
    let buffer = '';
    let start = 0;
    lines.forEach((text, i) => {
        if (buffer === '' && (text.trim() === '' || text.trimStart().startsWith('#')))
            return;
        if (buffer === '')
            start = i + 1;
        buffer += `${text}\n`;
        if (/(^|[^\\])(\\\\)*\\$/.test(text))
            return;
        const words = splitWords(buffer);
        if (words === undefined)
            return;
        found.push({ line: start, words });
        buffer = '';
    });
    if (buffer !== '') {
        return (0,errors/* failed */.gz)([{ file: source.file, path: `line ${start}`, line: start, message: 'the command does not end: a quote is not closed' }]);
    }
    return (0,errors/* parsed */.Yz)(found);
}
/** The words, or undefined while a quote is still open. */
function splitWords(text) {
    try {
        return split(text);
    }
    catch (err) {
        if (/quoted|escape/i.test(err.message))
            return undefined;
        throw err;
    }
}
/** The requests of one command, or why it is refused (the caller names its line). */
function requestsOf({ words }, notes) {
    const [program, ...args] = words;
    if (!/(^|\/)curl(\.exe)?$/.test(program ?? ''))
        return `expected a curl command, found ${JSON.stringify(program)}`;
    const read = options(args);
    if (typeof read === 'string')
        return read;
    const parts = partsOf(read);
    if (typeof parts === 'string')
        return parts;
    if (parts.urls.length === 0)
        return 'no URL in the command';
    if (parts.flags.has('insecure'))
        notes.kept.push('-k: run the definition with loadgate run --insecure (certificates are a run setting)');
    return requestsFrom(parts);
}
/** The effect of each kind of value option in VALUE_OPTIONS. */
const VALUE_EFFECTS = {
    method: (parts, value) => {
        parts.method = value.toUpperCase();
        return undefined;
    },
    header: (parts, value) => header(value, parts.headers),
    data: (parts, value, option) => (value.startsWith('@') ? fromFile(option, value) : pushed(parts.data, value)),
    'data-raw': (parts, value) => pushed(parts.data, value),
    'data-urlencode': (parts, value) => pushed(parts.data, urlencoded(value)),
    json: (parts, value, option) => {
        if (value.startsWith('@'))
            return fromFile(option, value);
        parts.json = true;
        return pushed(parts.data, value);
    },
    user: (parts, value) => pushed(parts.headers, ['Authorization', `Basic ${Buffer.from(value.includes(':') ? value : `${value}:`).toString('base64')}`]),
    cookie: (parts, value, option) => value.includes('=')
        ? pushed(parts.headers, ['Cookie', value])
        : `${option} ${value}: reading cookies from a file is not supported; give them as name=value`,
    'user-agent': (parts, value) => pushed(parts.headers, ['User-Agent', value]),
    referer: (parts, value) => pushed(parts.headers, ['Referer', value]),
    url: (parts, value) => pushed(parts.urls, value),
    ignored: () => undefined,
};
function pushed(list, item) {
    list.push(item);
    return undefined;
}
/** The options and URLs of a command added up, in their order, or the first refusal. */
function partsOf(read) {
    const parts = { urls: [], headers: [], data: [], flags: new Set(), json: false };
    for (const { option, value } of read) {
        if (option === undefined) {
            parts.urls.push(value);
            continue;
        }
        const flag = FLAG_OPTIONS[option];
        if (flag !== undefined) {
            parts.flags.add(flag);
            continue;
        }
        if (value === undefined)
            return `${option} needs a value`;
        const refused = VALUE_EFFECTS[VALUE_OPTIONS[option]](parts, value, option);
        if (refused !== undefined)
            return refused;
    }
    return parts;
}
/** One request per URL, with the method, body and headers curl would send. */
function requestsFrom({ urls, headers, data, flags, method, json }) {
    const body = data.length > 0 ? data.join(json ? '' : '&') : undefined;
    if (json) {
        setDefault(headers, 'Content-Type', 'application/json');
        setDefault(headers, 'Accept', 'application/json');
    }
    else if (body !== undefined && !flags.has('get'))
        setDefault(headers, 'Content-Type', 'application/x-www-form-urlencoded');
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
function options(args) {
    const out = [];
    for (let i = 0; i < args.length; i++) {
        const word = args[i];
        if (!word.startsWith('-') || word === '-')
            out.push({ value: word });
        else if (word.startsWith('--'))
            out.push(withValue(word, undefined, () => args[++i]));
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
    return out.find((word) => typeof word === 'string') ?? out.filter((word) => typeof word !== 'string');
}
/** The option and its value, or the problem of an option this import does not know. */
function withValue(option, attached, next) {
    if (FLAG_OPTIONS[option] !== undefined)
        return { option };
    if (VALUE_OPTIONS[option] === undefined)
        return `unknown curl option ${option}: the import reads ${knownList()}`;
    const value = attached ?? next();
    return value === undefined ? { option } : { option, value };
}
/** Adds the header -H gives, or says why it cannot. */
function header(value, headers) {
    const colon = value.indexOf(':');
    if (colon > 0) {
        const rest = value.slice(colon + 1).trim();
        // curl: "Name:" with nothing after removes a header curl would send; nothing to send.
        if (rest !== '')
            headers.push([value.slice(0, colon).trim(), rest]);
        return undefined;
    }
    if (!value.endsWith(';'))
        return `-H ${JSON.stringify(value)}: expected "Name: value"`;
    headers.push([value.slice(0, -1).trim(), '']);
    return undefined;
}
/** `-d @file`: curl reads the body from a file, which an import does not follow. */
function fromFile(option, value) {
    return `${option} ${value}: a body read from a file is not imported; paste the body itself (--data-raw '…')`;
}
/** --data-urlencode: "name=value" and "=value" encode the value, a bare "value" is encoded whole. */
function urlencoded(value) {
    const eq = value.indexOf('=');
    if (eq < 0)
        return encodeURIComponent(value);
    return `${value.slice(0, eq)}${eq > 0 ? '=' : ''}${encodeURIComponent(value.slice(eq + 1))}`;
}
function setDefault(headers, name, value) {
    if (!headers.some(([h]) => h.toLowerCase() === name.toLowerCase()))
        headers.push([name, value]);
}
function knownList() {
    return [...Object.keys(VALUE_OPTIONS), ...Object.keys(FLAG_OPTIONS)].filter((o) => o.startsWith('--')).join(' ');
}


/***/ }),

/***/ 20984:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ emptyNotes)
/* harmony export */ });
// What every format adapter hands to the shared pieces (secrets, naming, assembly): requests in
// order, the variables they use, and what was kept and dropped on the way.
function emptyNotes() {
    return { kept: [], dropped: [], toSet: [] };
}


/***/ })

};
