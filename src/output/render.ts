// How data is rendered for stdout (tables, CSV, coloured JSON, --fields, --jq), in one module that
// output.ts loads when it first prints data: `promo --help` and an error need none of it, and
// every start-up would pay for its code.
export { CsvSheet } from './csv.js';
export { runJq } from './jq.js';
export { colorJson } from './json-color.js';
export { pick, valueAt } from './shape.js';
export { renderKeyValue, renderTable } from './table.js';
