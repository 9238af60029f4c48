// The voucher fields that identify a voucher and describe it: type, code or code config,
// category, campaign, and the other fields (see fields.ts for what a row holds).
import { UsageError } from '../../../base/errors.js';
import { parseMetadata } from '../../../input/metadata.js';
import { parseCharset, parseVoucherType } from '../../shared/values.js';
import { ANY_TEXT, digits, fieldRows, QUANTITY, TEXT, whole } from './field-rules.js';

const KEEPS_CODE =
  'a voucher keeps its code: create one with the new code (promo voucher create) and delete the old one';
const CODE = 'Code:';
const OTHER = 'Other fields:';

export const IDENTITY_FIELDS = fieldRows([
  {
    flag: 'type',
    value: 'type',
    path: 'type',
    complete: ['discount', 'gift', 'loyalty'],
    parse: parseVoucherType,
    help: 'discount, gift or loyalty (or DISCOUNT_VOUCHER, GIFT_VOUCHER, LOYALTY_CARD)',
    group: OTHER,
  },
  {
    flag: 'code',
    value: 'code',
    path: 'code',
    parse: checkCode,
    rule: TEXT,
    help: 'the code; without it (or code config) the service generates one',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'length',
    value: 'n',
    path: 'code_config.length',
    parse: digits,
    rule: whole(1),
    help: 'code config: characters of the generated code, without prefix/postfix',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'charset',
    value: 'set',
    path: 'code_config.charset',
    parse: parseCharset,
    rule: TEXT,
    help: 'code config: alphanumeric, alphabetic, lowercase, uppercase, numbers, or your own characters',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'prefix',
    value: 'text',
    path: 'code_config.prefix',
    rule: ANY_TEXT,
    help: 'code config: text before the generated part',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'postfix',
    value: 'text',
    path: 'code_config.postfix',
    rule: ANY_TEXT,
    help: 'code config: text after the generated part',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'pattern',
    value: 'pattern',
    path: 'code_config.pattern',
    rule: TEXT,
    help: 'code config: each # becomes a random character (e.g. SALE-####)',
    group: CODE,
    notByUpdate: KEEPS_CODE,
  },
  {
    flag: 'category',
    value: 'name',
    path: 'category',
    rule: TEXT,
    help: 'category name (created if new)',
    group: OTHER,
  },
  { flag: 'category-id', value: 'id', path: 'category_id', rule: TEXT, help: 'category id', group: OTHER },
  {
    flag: 'campaign',
    value: 'name',
    path: 'campaign',
    rule: TEXT,
    help: "add it to this campaign (by name): the campaign's type and value",
    group: OTHER,
    notByUpdate:
      'a voucher stays in its campaign: create it in the other one (promo voucher create --campaign)',
  },
  {
    flag: 'campaign-id',
    value: 'id',
    path: 'campaign_id',
    rule: TEXT,
    help: 'add it to this campaign (by id)',
    group: OTHER,
    notByUpdate:
      'a voucher stays in its campaign: create it in the other one (promo voucher create --campaign-id)',
  },
]);

export const OTHER_FIELDS = fieldRows([
  {
    flag: 'additional-info',
    value: 'text',
    path: 'additional_info',
    rule: ANY_TEXT,
    help: 'free text about the code',
    group: OTHER,
  },
  {
    flag: 'redemption-quantity',
    value: 'n',
    path: 'redemption.quantity',
    parse: (text) => (/^\s*unlimited\s*$/i.test(text) ? null : digits(text)),
    rule: QUANTITY,
    help: 'how many times it can be redeemed, or unlimited',
    group: OTHER,
    notByUpdate: 'the service keeps the redemption quantity on update: it is set by promo voucher create',
  },
  {
    flag: 'metadata',
    value: 'key=text|key:=json',
    repeatable: true,
    path: 'metadata',
    parseAll: (texts, name) => parseMetadata(texts, name),
    help: 'repeatable; key=text sets a string as typed, key:=json a JSON value (42.5, true, ["a"])',
    group: OTHER,
  },
  {
    flag: 'validation-rule',
    value: 'id',
    repeatable: true,
    path: 'validation_rules',
    parseAll: (texts, name) => texts.map((rule) => ruleId(rule, name)),
    help: 'validation rule id, repeatable',
    group: OTHER,
    notByUpdate:
      'rules are assigned to a voucher by the service’s validation-rule assignments: promo rule assign RULE --voucher CODE',
  },
]);

function checkCode(code: string, name: string): string {
  if (/[\u0000-\u001f\u007f]/.test(code)) throw new UsageError(`${name} must not contain control characters`);
  return code;
}

function ruleId(rule: string, name: string): string {
  if (!/^\S+$/.test(rule)) throw new UsageError(`${name} must be a rule id, not '${rule}'`);
  return rule;
}
