// The state one iteration carries while its steps render (template.ts, dynamic.ts, the engine's
// slots): a file below the template and its dynamic values, which both read it.

/** The per-iteration state every render reads. One object per in-flight iteration; reuse it with beginIteration. */
export interface IterationVars {
  /** The global iteration index (docs/scaling.md): `sequential` data uses row k mod rowCount. */
  k: number;
  /** The row drawn for each data set (same index as TemplateScope.dataSets); -1 = not drawn yet. */
  rows: Int32Array;
  /** Values captured by the earlier steps of this iteration, by capture name. */
  captured: Map<string, string>;
  /** Uniform in [0, 1): `random` row draws and the random dynamic values. */
  random: () => number;
}
