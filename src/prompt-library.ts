// The four prompts promo asks with, and nothing else of @inquirer/prompts: the lazy bundle built
// from this file (see lazy.ts) stays small.
export { confirm, input, password, select } from '@inquirer/prompts';
