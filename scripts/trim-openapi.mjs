#!/usr/bin/env node
// Trims the vendor's OpenAPI description to the operations named, with every component they
// reference (schemas, parameters, responses, request bodies), transitively, and its `info`: a file
// small enough to read when working on a few operations. The contract tests read the vendor's whole
// description beside the project (never in it). A data tool; it builds no code.
//
//   node scripts/trim-openapi.mjs VENDOR.json OUT.json 'POST /v1/campaigns' 'GET /v1/campaigns/{campaignId}' ...
//   node scripts/trim-openapi.mjs VENDOR.json OUT.json --campaigns    (the operations promo campaign uses)
import { readFileSync, writeFileSync } from 'node:fs';

const CAMPAIGN_OPERATIONS = [
  'POST /v1/campaigns',
  'GET /v1/campaigns',
  'GET /v1/campaigns/{campaignId}',
  'PUT /v1/campaigns/{campaignId}',
  'DELETE /v1/campaigns/{campaignId}',
  'POST /v1/campaigns/{campaignId}/enable',
  'POST /v1/campaigns/{campaignId}/disable',
  'POST /v1/campaigns/{campaignId}/vouchers',
  'POST /v1/campaigns/{campaignId}/vouchers/{code}',
  'POST /v1/campaigns/{campaignId}/import',
  'GET /v1/async-actions/{asyncActionId}',
];

const [source, target, ...rest] = process.argv.slice(2);
if (!source || !target || rest.length === 0) {
  console.error(
    'usage: node scripts/trim-openapi.mjs VENDOR.json OUT.json (--campaigns | "METHOD /path" ...)',
  );
  process.exit(2);
}
const wanted = rest.flatMap((arg) => (arg === '--campaigns' ? CAMPAIGN_OPERATIONS : [arg]));
const document = JSON.parse(readFileSync(source, 'utf8'));

const paths = {};
for (const operation of wanted) {
  const [method, path] = operation.split(' ');
  const item = document.paths?.[path];
  const op = item?.[method.toLowerCase()];
  if (!op) {
    console.error(`no operation ${operation} in ${source}`);
    process.exit(1);
  }
  paths[path] ??= item.parameters ? { parameters: item.parameters } : {};
  paths[path][method.toLowerCase()] = op;
}

// Every "#/components/<kind>/<name>" reachable from the kept paths.
const kept = {};
const queue = [paths];
while (queue.length > 0) {
  const node = queue.pop();
  if (Array.isArray(node)) queue.push(...node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
        const [, , kind, name] = value.split('/');
        kept[kind] ??= {};
        if (!kept[kind][name]) {
          kept[kind][name] = document.components[kind][name];
          queue.push(kept[kind][name]);
        }
      } else queue.push(value);
    }
  }
}

const trimmed = {
  openapi: document.openapi,
  info: document.info,
  servers: document.servers,
  paths,
  components: kept,
};
writeFileSync(target, `${JSON.stringify(trimmed, null, 2)}\n`);
const count = Object.values(kept).reduce((n, kind) => n + Object.keys(kind).length, 0);
console.log(`${target}: ${wanted.length} operations, ${count} components`);
