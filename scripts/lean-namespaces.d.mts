// The types of scripts/lean-namespaces.mjs, for its test.
export type Edits = [column: number, oldLength: number, newLength: number][];
export function leanNamespaces(
  code: string,
  options?: { chunk?: boolean },
): { code: string; editsByLine: Map<number, Edits> };
export function moveMappings(mappings: string, editsByLine: Map<number, Edits>): string;
export function leanNamespacesOf(file: string, options?: { chunk?: boolean }): void;
