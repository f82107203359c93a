// Which Node runs loadgate. The entry points check it before loading anything else: the bundles
// fail on an older Node (undici 8 needs 22.19, node:sqlite and the action's runner 24) with a
// screen of minified source instead of a message.

/** The oldest major version loadgate runs on; package.json's "engines" says the same. */
export const MIN_NODE_MAJOR = 24;

/** The line to print instead of running, or undefined when this Node will do (`version` as in process.version). */
export function nodeVersionRefusal(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  return major >= MIN_NODE_MAJOR ? undefined : `loadgate needs Node ${MIN_NODE_MAJOR} or later; this is ${version}`;
}
