// The judge of --jq's engine: 18 expressions with the output jq 1.7.1 gives them (recorded from
// the jq-wasm package run as it was before promo ran it in a worker: the same jq, one call at a
// time). Whatever runs --jq must print these byte for byte.
import { describe, expect, it } from 'vitest';
import { JqFilter } from '../../src/output/jq.js';

const VOUCHERS = [
  {
    id: 'v_1',
    code: 'A-100',
    campaign: 'Launch',
    active: true,
    discount: {
      type: 'PERCENT',
      percent_off: 15,
    },
    metadata: {
      region: 'eu',
      n: 1,
    },
  },
  {
    id: 'v_2',
    code: 'B-200',
    campaign: 'Launch',
    active: false,
    discount: {
      type: 'AMOUNT',
      amount_off: 500,
    },
    metadata: {
      n: 2.5,
      tier: 'gold',
    },
  },
  {
    id: 'v_3',
    code: 'a-300',
    campaign: null,
    active: true,
    discount: {
      type: 'PERCENT',
      percent_off: 7.5,
    },
    metadata: {},
  },
  {
    id: 'v_4',
    code: 'C-400 é "q"',
    campaign: 'Spring',
    active: true,
    discount: null,
    metadata: {
      region: 'us',
      n: -3,
    },
  },
];

const CASES: Array<[filter: string, jq17: string]> = [
  [
    '.',
    '[\n  {\n    "id": "v_1",\n    "code": "A-100",\n    "campaign": "Launch",\n    "active": true,\n    "discount": {\n      "type": "PERCENT",\n      "percent_off": 15\n    },\n    "metadata": {\n      "region": "eu",\n      "n": 1\n    }\n  },\n  {\n    "id": "v_2",\n    "code": "B-200",\n    "campaign": "Launch",\n    "active": false,\n    "discount": {\n      "type": "AMOUNT",\n      "amount_off": 500\n    },\n    "metadata": {\n      "n": 2.5,\n      "tier": "gold"\n    }\n  },\n  {\n    "id": "v_3",\n    "code": "a-300",\n    "campaign": null,\n    "active": true,\n    "discount": {\n      "type": "PERCENT",\n      "percent_off": 7.5\n    },\n    "metadata": {}\n  },\n  {\n    "id": "v_4",\n    "code": "C-400 é \\"q\\"",\n    "campaign": "Spring",\n    "active": true,\n    "discount": null,\n    "metadata": {\n      "region": "us",\n      "n": -3\n    }\n  }\n]\n',
  ],
  ['length', '4\n'],
  ['.[] | .code', 'A-100\nB-200\na-300\nC-400 é "q"\n'],
  ['map(.code)', '[\n  "A-100",\n  "B-200",\n  "a-300",\n  "C-400 é \\"q\\""\n]\n'],
  ['.[0] | keys', '[\n  "active",\n  "campaign",\n  "code",\n  "discount",\n  "id",\n  "metadata"\n]\n'],
  ['map(select(.active)) | length', '3\n'],
  [
    'group_by(.campaign) | map({campaign: .[0].campaign, count: length})',
    '[\n  {\n    "campaign": null,\n    "count": 1\n  },\n  {\n    "campaign": "Launch",\n    "count": 2\n  },\n  {\n    "campaign": "Spring",\n    "count": 1\n  }\n]\n',
  ],
  ['sort_by(.code) | reverse | .[0].code', 'a-300\n'],
  [
    '.[] | "\\(.code)\\t\\(.discount.percent_off // "-")"',
    'A-100\t15\nB-200\t-\na-300\t7.5\nC-400 é "q"\t-\n',
  ],
  ['[.[] | .metadata | to_entries[] | .key] | unique', '[\n  "n",\n  "region",\n  "tier"\n]\n'],
  ['.[] | select(.code | test("^a"; "i")) | .id', 'v_1\nv_3\n'],
  ['map(.discount.percent_off // 0) | add / length', '5.625\n'],
  ['[limit(2; .[])] | map(.code) | @csv', '"A-100","B-200"\n'],
  ['.[] | [.code, .active] | @tsv', 'A-100\ttrue\nB-200\tfalse\na-300\ttrue\nC-400 é "q"\ttrue\n'],
  [
    'reduce .[] as $v ({}; .[$v.campaign // "none"] += 1)',
    '{\n  "Launch": 2,\n  "none": 1,\n  "Spring": 1\n}\n',
  ],
  ['[paths(type == "number")] | length', '6\n'],
  [
    '.[0] | pick(.code, .discount.type)',
    '{\n  "code": "A-100",\n  "discount": {\n    "type": "PERCENT"\n  }\n}\n',
  ],
  [
    '([.[] | .code | ascii_downcase | ltrimstr("a-")] | join(",")), (1e1000 | tostring), ([.[] | .metadata.n] | @json), ($__loc__ | .line), (try error("x") catch .), ([.[].discount | objects | .type] | unique | length)',
    '100,b-200,300,c-400 é "q"\n1E+1000\n[1,2.5,null,-3]\n1\nx\n2\n',
  ],
];

describe('--jq prints what jq 1.7 prints', () => {
  it.each(CASES)('%s', async (expression, jq17) => {
    const filter = new JqFilter(expression, { color: false, terminal: false });
    try {
      expect(await filter.run([JSON.stringify(VOUCHERS)])).toEqual({ text: jq17 });
    } finally {
      filter.close();
    }
  });
});

describe('--jq keeps every byte of a long output', () => {
  it('writes of every size (one byte to tens of kilobytes) come out whole and in order, past several MiB', async () => {
    // Codes of 1 to 40,000 characters, some not ASCII: jq writes each result on its own.
    const codes = Array.from(
      { length: 400 },
      (_, i) => `${'é'.repeat(i % 7)}${'x'.repeat((i * 997) % 40_000)}${i}`,
    );
    const filter = new JqFilter('.[] | .code', { color: false, terminal: false });
    try {
      const { text, error } = await filter.run([JSON.stringify(codes.map((code) => ({ code })))]);
      expect(error).toBeUndefined();
      expect(Buffer.byteLength(text)).toBeGreaterThan(7 * 2 ** 20);
      expect(text).toBe(codes.map((code) => `${code}\n`).join(''));
    } finally {
      filter.close();
    }
  });
});
