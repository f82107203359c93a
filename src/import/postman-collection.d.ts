// The part of Postman's SDK that the Postman import uses. The package's own types/index.d.ts is
// not named in its package.json and lacks forEachItem and RequestAuth.type, so these are declared here.
declare module 'postman-collection' {
  interface PropertyListOf<T> {
    all(): T[];
  }
  interface KeyValue {
    key?: string;
    value?: unknown;
    disabled?: boolean;
  }
  interface Parent {
    name?: string;
    parent(): Parent | undefined;
  }
  interface RequestBody {
    mode?: string;
    disabled?: boolean;
    raw?: string;
    urlencoded?: PropertyListOf<KeyValue>;
    graphql?: unknown;
    options?: unknown;
  }
  interface RequestAuth {
    type: string;
    parameters(): { toObject(): Record<string, unknown> };
  }
  class Item implements Parent {
    name: string;
    request: { method: string; url: { toString(): string }; headers: PropertyListOf<KeyValue>; body?: RequestBody };
    parent(): Parent | undefined;
    getAuth(): RequestAuth | undefined;
  }
  // biome-ignore lint/complexity/noStaticOnlyClass: declares the shape of postman-collection's class, which is not ours to change
  class ItemGroup {
    static isItemGroup(value: unknown): boolean;
  }
  class Collection {
    constructor(definition: unknown);
    name: string;
    forEachItem(callback: (item: Item) => void): void;
    static isCollection(value: unknown): boolean;
  }
  const sdk: { Collection: typeof Collection; ItemGroup: typeof ItemGroup; Item: typeof Item };
  export default sdk;
}
