// The run's secrets: the runner masks them in the log (core.setSecret); text sent to the API
// instead, such as an error's message on the check, the runner never sees: redact() hides them there.
import * as core from '@actions/core';
import { redactSecrets } from '../variables/environment.ts';

export class Secrets {
  private readonly values: string[] = [];

  add(values: readonly string[]): void {
    for (const value of values.filter((v) => v !== '')) {
      core.setSecret(value);
      this.values.push(value);
    }
  }

  redact(text: string): string {
    // Longest first, so a secret inside another is not left half hidden.
    return redactSecrets(
      text,
      [...this.values].sort((a, b) => b.length - a.length),
    );
  }
}
