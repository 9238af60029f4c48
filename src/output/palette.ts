// Colours for stderr and tables: chalk's, loaded only when colour is on, else plain text.
import { loadChalk } from '../base/lazy.js';

export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  blue(text: string): string;
  magenta(text: string): string;
}

const plain: Palette = {
  bold: (t) => t,
  dim: (t) => t,
  red: (t) => t,
  green: (t) => t,
  yellow: (t) => t,
  cyan: (t) => t,
  blue: (t) => t,
  magenta: (t) => t,
};

export async function palette(enabled: boolean): Promise<Palette> {
  if (!enabled) return plain;
  const { Chalk } = await loadChalk();
  return new Chalk({ level: 1 });
}
