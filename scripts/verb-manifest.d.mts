// The types of scripts/verb-manifest.mjs, for its test.
export interface NounManifest {
  description?: string;
  examples: string[];
  commands: unknown[];
  /** Per verb, the module its `load` imports and the export it takes. */
  modules: { file: string; name: string }[];
}
/** A command of one word as its manifest holds it: its definition's data, and the module its `load` imports. */
export type CommandManifest = Record<string, unknown> & { module: { file: string; name: string } };
export function definitionData(def: unknown): unknown;
export function verbManifests(options?: object): Promise<{
  manifests: Map<string, string>;
  verbModules: Set<string>;
  data: Map<string, NounManifest>;
  commandData: Map<string, CommandManifest>;
}>;
export function verbManifestPlugin(manifests: Map<string, string>): object;
