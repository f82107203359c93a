// A proxy URL may carry a user and password (`http://user:pass@proxy:3128`). Results files are
// uploaded as artifacts, reports are posted on pull requests and logs are public: every text made
// from such a URL (run.locations, reports, latency egress, messages quoting an input) goes through
// this one function, which leaves `http://***@proxy:3128`.

/**
 * Hides the user and password of every URL in `text` (a user alone too). The user information is
 * everything from `//` to the last `@` before the path, so a password holding `@` hides whole.
 */
export function hideCredentials(text: string): string {
  return text.replace(/(\/\/)[^/?#\s]*@/g, '$1***@');
}

/**
 * The secret parts of proxy URLs (country → URL), for the runner to mask in its log
 * (core.setSecret): each password as the URL holds it and decoded, and a user given without a
 * password (a token written as the user).
 */
export function proxyCredentials(proxies: Readonly<Record<string, string>>): string[] {
  const values = Object.values(proxies).flatMap((href) => {
    const url = URL.parse(href);
    const secret = url?.password || url?.username;
    return secret ? [secret, decoded(secret)] : [];
  });
  return [...new Set(values)];
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
