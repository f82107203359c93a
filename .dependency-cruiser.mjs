// The layers of src/ and "no loops between files" (docs/development.md, "Layers, one way"),
// checked by dependency-cruiser in `npm run lint` and `npm test`. A folder imports its own layer
// or a lower one, never a higher one, not even for a type; only the shells import github/; no two
// files import each other, directly or around a loop, at run time or by types.

/** Each folder of src/ by layer, lowest first; src/'s own files are layer 0 with settings/ and results/. */
export const LAYERS = [
  // The settings table and its parsers, what a result holds, and the base modules: used by every floor.
  ['settings', 'results', 'patterns'],
  // The threshold grammar: parsing only (its evaluation is the verdict's), whose metrics the report's figures write.
  ['thresholds'],
  // The report model and its renderers.
  ['report'],
  // The judgement, and earlier results read as the verdict reads a run's figures.
  ['verdict', 'history'],
  // The run stage: what the pipeline runs.
  ['definition', 'variables', 'engine', 'hosted', 'merge', 'compare', 'capacity', 'latency'],
  ['pipeline'],
  // The shard pod's side and the protocol's wire types: above the pipeline the pod runs, below
  // server/, which imports the protocol (and which the pod must never load).
  ['shard'],
  // The sinks and the server.
  ['github', 'server'],
  // The shells, and `loadgate import`, a command beside them that uses the CLI's load flags.
  ['action', 'cli', 'import'],
];

/** server/'s folders, lowest first: the same rule inside server/ (its own files, app and queue among them, are free). */
export const SERVER_LAYERS = ['store', 'shards', 'executors', 'routes'];

const SHELLS = ['action', 'cli'];
const folders = (names) => `^src/(${names.join('|')})/`;

const layerRules = LAYERS.slice(0, -1).map((names, layer) => ({
  name: `layer-${names.join('-')}`,
  comment: `${names.join(', ')} (layer ${layer}) import their own layer or a lower one, never a higher one`,
  severity: 'error',
  from: { path: layer === 0 ? `^src/[^/]+$|${folders(names)}` : folders(names) },
  to: { path: folders(LAYERS.slice(layer + 1).flat()) },
}));

const serverRules = SERVER_LAYERS.slice(0, -1).map((name, layer) => ({
  name: `server-${name}`,
  comment: `server/${name}/ imports no folder of server/ above it (${SERVER_LAYERS.slice(layer + 1).join(', ')})`,
  severity: 'error',
  from: { path: `^src/server/${name}/` },
  to: { path: `^src/server/(${SERVER_LAYERS.slice(layer + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No two files import each other, directly or around a loop: a type both need lives below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    ...serverRules,
    {
      name: 'github-only-from-shells',
      comment: 'github/ is the edge to GitHub: only the shells (and github/ itself) import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: `^src/(${[...SHELLS, 'github'].join('|')})/` },
      to: { path: '^src/github/' },
    },
    {
      name: 'inputs-import-no-github',
      comment: "The action's inputs module reads and checks inputs: it imports nothing of github/, not even a type (main.ts wires the sinks).",
      severity: 'error',
      from: { path: '^src/action/inputs\\.ts$' },
      to: { path: '^src/github/' },
    },
    {
      name: 'shard-pod-loads-no-server',
      comment: "The shard pod's entry (`loadgate shard`) never loads server/, even through the pipeline.",
      severity: 'error',
      from: { path: '^src/shard/client\\.ts$' },
      to: { path: '^src/server/', reachable: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
