// --public-url: the address people and clients reach this server at (a TLS proxy's
// https://loadgate.example.com, say), the base of every `test_url` it hands out.
import type { Problem } from '../errors.ts';

/** An absolute http(s) URL, path prefix allowed, as a base without its trailing slash; else the problem. */
export function parsePublicUrl(text: string, flag: string): string | Problem {
  const problem = (what: string): Problem => ({
    path: flag,
    message: `expected an absolute http:// or https:// URL such as https://loadgate.example.com, got "${text}": ${what}`,
  });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return problem('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem(`the scheme is ${url.protocol.slice(0, -1)}`);
  if (url.username !== '' || url.password !== '') return problem('it carries credentials, which every test_url would show');
  if (url.search !== '' || url.hash !== '') return problem('it has a query or a fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
