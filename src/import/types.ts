// What every format adapter hands to the shared pieces (secrets, naming, assembly): requests in
// order, the variables they use, and what was kept and dropped on the way.

export interface ImportedRequest {
  /** The step's name as the source gives it (a Postman path, an operationId); unique names are made at assembly. */
  name?: string;
  /** Upper case, as written in the source. */
  method: string;
  /** Absolute URL; may hold `{{VAR}}` references. */
  url: string;
  /** In the source's order; duplicates are joined at assembly. */
  headers: [string, string][];
  body?: string;
  /** Think time after the request (HAR `--think-time`). */
  sleepMs?: number;
  /** Credentials whatever their names (auth blocks, API-key schemes): made secret variables. */
  secretHeaders?: string[];
  secretQuery?: string[];
  /** curl without --compressed asks for no compression. */
  disableCompression?: boolean;
  /** A recorded server-sent event stream (HAR text/event-stream): the step reads it as one (docs/streaming.md). */
  stream?: { type: 'sse'; until_event?: string };
}

export interface ImportedVariable {
  key: string;
  value: string;
  secret?: boolean;
}

export interface Imported {
  /** The default test name (`--name` replaces it). */
  title: string;
  requests: ImportedRequest[];
  /** The definition's environment (Postman variables, BASE_URL, values left to set). */
  variables: ImportedVariable[];
  notes: Notes;
}

/** The summary printed on stderr: lines under "kept", "dropped" and "to set". */
export interface Notes {
  kept: string[];
  dropped: string[];
  /** Variables the user has to give a value (with what they stand for). */
  toSet: string[];
}

export function emptyNotes(): Notes {
  return { kept: [], dropped: [], toSet: [] };
}

/** Where an input is, for problems: the file as the user named it ("-" is stdin). */
export interface Source {
  file: string;
  text: string;
}

/** What the command's flags tell an adapter; each format reads the ones it has (FORMATS in command.ts). */
export interface AdapterOptions {
  include: string[];
  exclude: string[];
  thinkTime: boolean;
  environment?: Source;
  operations: string[];
  tags: string[];
}
