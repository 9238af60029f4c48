// The types of scripts/large-sources.mjs, for its test.
export const LARGE_SOURCE: number;
export const PADDED_FROM: number;
export function padLargeSources(dir: string, options?: { skip?: string[] }): void;
