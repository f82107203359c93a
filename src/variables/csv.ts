// CSV test data (docs/variables.md): parsed once with csv-parse's stream API, keeping only the tagged
// columns. A column is stored as a few large strings plus end offsets, not one string per
// cell: a million rows then cost about their bytes, not ~50 bytes of object header per cell.

import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { MAX_DATA_BYTES, openRegularFile, Utf8Check } from '../definition/text-file.ts';
import { failed, isProblem, type Parsed, parsed, type Problem } from '../errors.ts';
import type { FileConfig, TestDataSet } from '../types.ts';

export interface DataSet {
  readonly name: string;
  readonly order: FileConfig['order'];
  readonly rowCount: number;
  /** The tags, in the order of their CSV columns. A tag's position here is its `tagIndex`. */
  readonly tags: readonly string[];
  /** The position of `tag` in `tags`, -1 when the set has no such tag. */
  tagIndex(tag: string): number;
  /** The cell of row `row` (0-based, data rows only) in the column tagged `tags[tagIndex]`. */
  value(tagIndex: number, row: number): string;
}

/** Where a data set is declared: the definition file and the JSON path of its `test_data` entry. */
export interface DataSetSource {
  file?: string;
  /** e.g. `$.test_data[0]` */
  path: string;
}

interface TaggedColumn {
  tag: string;
  csvColumn: number;
  /** The key as written in `file_config.vars`, for problem paths. */
  key: string;
}

/**
 * Reads the CSV file `set.file` (a path the process can open: absolute, or relative to the
 * working directory) and keeps its tagged columns. Every problem names the data set's place in
 * the definition; problems inside the CSV also name the CSV file and line.
 *
 * `keepRows: false` reads and checks the whole file but keeps no cell (the set's `value` then
 * throws): a caller that only checks a test, and leaves running it to engine threads that read
 * the rows themselves, does not hold a copy of them (docs/engine.md).
 */
export async function loadDataSet(set: TestDataSet, where: DataSetSource, { keepRows = true } = {}): Promise<Parsed<DataSet>> {
  const config = set.file_config;
  const problems = [...delimiterProblems(config, where)];
  const columns = taggedColumns(config, where, problems);
  if (problems.length > 0) return failed(problems);

  const builders = columns.map(() => (keepRows ? new ColumnBuilder() : undefined));
  let rowCount = 0;
  let shortRow: Problem | undefined;
  const parser = parse({
    delimiter: config.delimiter,
    from: config.skip_first_line ? 2 : 1,
    skip_empty_lines: config.skip_empty_line,
    relax_quotes: config.allow_quota,
    // Rows may differ in length; only a tagged column missing from a row is an error.
    relax_column_count: true,
    bom: true,
    on_record: (record: string[], context: { lines: number }) => {
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        const cell = record[column.csvColumn];
        if (cell === undefined) {
          shortRow = shortRowProblem(set.file, context.lines, record.length, column, where);
          throw new Error(shortRow.message); // stops the parse; the problem is reported below
        }
        builders[i]?.push(cell);
      }
      rowCount++;
      return null;
    },
  });
  parser.resume();
  const file = await openRegularFile(set.file, MAX_DATA_BYTES);
  if (!file.ok)
    return failed([{ ...fileOf(where), path: `${where.path}.file`, message: `cannot read the data file ${set.file}: ${file.reason}` }]);
  let notUtf8: Problem | undefined;
  const check = utf8Checked((reason) => (notUtf8 = { ...fileOf(where), path: `${where.path}.file`, message: `${set.file} ${reason}` }));
  try {
    await pipeline(file.handle.createReadStream(), check, parser);
  } catch (err) {
    return failed([notUtf8 ?? shortRow ?? readProblem(set.file, config, err, where)]);
  }
  const data = finishDataSet(set, columns, builders, rowCount, where);
  return isProblem(data) ? failed([data]) : parsed(data);
}

/** Passes the bytes on while they are UTF-8; the first bad byte stops the parse (csv-parse would replace it). */
function utf8Checked(onInvalid: (reason: string) => void): Transform {
  const check = new Utf8Check();
  const fail = (reason: string | null): Error | null => {
    if (reason === null) return null;
    onInvalid(reason);
    return new Error(reason);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const error = fail(check.push(chunk));
      done(error, error ? undefined : chunk);
    },
    flush(done) {
      done(fail(check.end()));
    },
  });
}

function finishDataSet(
  set: TestDataSet,
  columns: TaggedColumn[],
  builders: (ColumnBuilder | undefined)[],
  rowCount: number,
  where: DataSetSource,
): DataSet | Problem {
  if (rowCount === 0) {
    return {
      ...fileOf(where),
      path: `${where.path}.file`,
      message: `${set.file} has no data rows${skippedNote(set.file_config)}; a data set needs at least one`,
    };
  }
  const tags = columns.map((c) => c.tag);
  return {
    name: set.name,
    order: set.file_config.order,
    rowCount,
    tags,
    tagIndex: (tag) => tags.indexOf(tag),
    value: valuesOf(set.name, builders),
  };
}

/** A cell by column and row; a set read without its rows has none to give. */
function valuesOf(name: string, builders: (ColumnBuilder | undefined)[]): DataSet['value'] {
  const stored = builders.map((b) => b?.finish());
  if (stored.some((column) => column === undefined)) {
    return () => {
      throw new Error(`loadgate: data set "${name}" was checked without keeping its rows`);
    };
  }
  return (tagIndex, row) => stored[tagIndex]!.value(row);
}

function delimiterProblems(config: FileConfig, where: DataSetSource): Problem[] {
  const d = config.delimiter;
  if (d.length === 1 && d !== '"' && d !== '\n' && d !== '\r') return [];
  return [
    {
      ...fileOf(where),
      path: `${where.path}.file_config.delimiter`,
      message: `the delimiter must be one character other than a quote or a line break (such as "," ";" "|" or "\\t"), got ${JSON.stringify(d)}`,
    },
  ];
}

/** The highest column index a data file's vars may name (six digits). */
const MAX_COLUMN_INDEX = 999_999;

function taggedColumns(config: FileConfig, where: DataSetSource, problems: Problem[]): TaggedColumn[] {
  const columns: TaggedColumn[] = [];
  const seen = new Set<string>();
  for (const [key, { tag }] of Object.entries(config.vars)) {
    const path = `${where.path}.file_config.vars[${JSON.stringify(key)}]`;
    if (!/^(0|[1-9][0-9]{0,5})$/.test(key)) {
      // Six digits at most: a row of a million columns is no CSV a test reads.
      const tooLarge = /^[1-9][0-9]*$/.test(key);
      problems.push({
        ...fileOf(where),
        path,
        message: tooLarge
          ? `a column index must be at most ${MAX_COLUMN_INDEX.toLocaleString('en-US')} (columns count from "0"), got ${JSON.stringify(key)}`
          : `a column index must be a whole number written in decimal, from "0", got ${JSON.stringify(key)}`,
      });
    } else if (!/^[A-Za-z0-9_-]+$/.test(tag)) {
      problems.push({
        ...fileOf(where),
        path: `${path}.tag`,
        message: `a tag must be letters, digits, "_" or "-" (it is written {{data.<set>.<tag>}}), got ${JSON.stringify(tag)}`,
      });
    } else if (seen.has(tag)) {
      problems.push({
        ...fileOf(where),
        path: `${path}.tag`,
        message: `the tag ${JSON.stringify(tag)} is given to two columns; each tag names one column`,
      });
    } else {
      seen.add(tag);
      columns.push({ tag, csvColumn: Number(key), key });
    }
  }
  return columns.sort((a, b) => a.csvColumn - b.csvColumn);
}

function shortRowProblem(file: string, line: number, cells: number, column: TaggedColumn, where: DataSetSource): Problem {
  return {
    ...fileOf(where),
    path: `${where.path}.file_config.vars[${JSON.stringify(column.key)}]`,
    message: `${file} line ${line} has ${cells} column${cells === 1 ? '' : 's'}, but the tag ${JSON.stringify(column.tag)} reads column ${column.csvColumn} (0-based); check the delimiter, the column index, or set "skip_empty_line": true if the line is empty`,
  };
}

function readProblem(file: string, config: FileConfig, err: unknown, where: DataSetSource): Problem {
  const path = `${where.path}.file`;
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    const at = line === undefined ? '' : ` line ${line}`;
    return { ...fileOf(where), path, message: `${file}${at}: ${csvErrorMessage(err, config)}` };
  }
  const reason = err instanceof Error ? err.message : String(err);
  return { ...fileOf(where), path, message: `cannot read the data file: ${reason}` };
}

function csvErrorMessage(err: CsvError, config: FileConfig): string {
  switch (err.code) {
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field; quote the whole field and double inner quotes (""), or set "allow_quota": true';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a quote inside a quoted field is not doubled (""), or a closing quote is not followed by the delimiter; fix the quoting or set "allow_quota": true';
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted field is never closed (its closing quote is missing)${config.allow_quota ? '' : '; "allow_quota": true does not help here'}`;
    default:
      return err.message;
  }
}

function skippedNote(config: FileConfig): string {
  const skipped = [config.skip_first_line && 'the first line', config.skip_empty_line && 'empty lines'].filter(Boolean);
  return skipped.length === 0 ? '' : ` (after skipping ${skipped.join(' and ')})`;
}

function fileOf(where: DataSetSource): { file?: string } {
  return where.file === undefined ? {} : { file: where.file };
}

const CHUNK_BITS = 10;
const CHUNK_ROWS = 1 << CHUNK_BITS;

/** Collects one column's cells into strings of CHUNK_ROWS cells each, plus each cell's end offset. */
class ColumnBuilder {
  private count = 0;
  private pending: string[] = [];
  private chunks: string[] = [];
  private ends = new Uint32Array(CHUNK_ROWS);
  private offset = 0;

  push(cell: string): void {
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.pending.push(cell);
    this.offset += cell.length;
    this.ends[this.count++] = this.offset;
    if (this.pending.length === CHUNK_ROWS) this.flush();
  }

  finish(): { value(row: number): string } {
    this.flush();
    const chunks = this.chunks;
    const ends = this.ends.slice(0, this.count);
    return {
      value(row: number): string {
        const start = (row & (CHUNK_ROWS - 1)) === 0 ? 0 : ends[row - 1]!;
        return chunks[row >>> CHUNK_BITS]!.slice(start, ends[row]);
      },
    };
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(this.pending.join(''));
    this.pending = [];
    this.offset = 0;
  }
}
