// The action's log is read by the runner as well as by people: a line that starts with `::` is a
// workflow command. Test names, URLs, service messages and error reasons are user text, so every
// log line goes through neutralise(): on one line, and never starting a command. (Annotations
// are safe already: @actions/core escapes their message and properties.)
import * as core from '@actions/core';

/** One line that the runner cannot take for a command (`::stop-commands::` included). */
export function neutralise(text: string): string {
  // A zero-width space between the colons: the line reads the same and is no command.
  return text.replace(/\r\n|\r|\n/g, ' ⏎ ').replace(/^(\s*):(?=:)/, '$1:\u200b');
}

export function logInfo(text: string): void {
  core.info(neutralise(text));
}
