// har-schema ships the HAR 1.2 JSON Schemas (draft-06, one per object, $id "<name>.json#") without types.
declare module 'har-schema' {
  const schemas: Record<string, Record<string, unknown>>;
  export default schemas;
}
