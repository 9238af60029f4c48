// The commands the contract suite runs, a representative set of each noun's verbs and flags, single
// and bulk: each step is a command line (split at spaces; an array keeps a value with spaces), the
// text on stdin, and the exit code it must end with (0 unless told). `{job}` is the id of the job
// the step before last queued, `{redemption}` the last redemption made.

export interface Step {
  argv: string | string[];
  stdin?: string;
  exit?: number;
}

const PERCENT_5 = '{"type":"PERCENT","percent_off":5,"effect":"APPLY_TO_ORDER"}';
const AMOUNT_100 = { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 100 } };

export const VOUCHER_STEPS: Step[] = [
  { argv: 'voucher create --code CT-V1 --percent-off 10 --amount-limit 5' },
  { argv: 'voucher create --type gift --code CT-G1 --gift-amount 25' },
  { argv: 'voucher create --pattern CT-P-#### --fixed-amount 5' },
  { argv: 'voucher create --amount-off 5 --charset numbers --length 6' },
  {
    argv:
      'voucher create --unit prod_a:1 --unit prod_b:2:missing --category CT --start-date 2026-01-01 ' +
      '--expiration-date 2030-01-01 --validity-day mon-fri --validity-hours mon-fri@09:00-17:00 ' +
      '--validity-duration PT1H --validity-interval P2D --redemption-quantity 3 --metadata n:=1 ' +
      '--additional-info i --inactive',
  },
  { argv: 'voucher create --input - --unit-off 1 --unit-type prod_1', stdin: 'code\nCT-B1\nCT-B2\n' },
  { argv: 'voucher get CT-V1' },
  { argv: ['voucher', 'balance', 'CT-G1', '--add', '10.00', '--reason', 'late delivery'] },
  { argv: 'voucher balance CT-G1 --remove 2.50 --source-id ct-remove-1' },
  { argv: 'voucher transactions CT-G1 --all' },
  { argv: 'voucher list --limit 5 --filter code^=CT- --order code' },
  { argv: 'voucher list --created-after 2020-01-01 --category none --page 2' },
  { argv: 'voucher list --all --updated-before 2099-01-01 --junction or -f code=CT-V1' },
  { argv: 'voucher update CT-V1 --metadata a=1 --expiration-date 2031-01-01' },
  { argv: 'voucher update CT-G1 --gift-effect apply-to-items --validity-day 1' },
  { argv: 'voucher update --input -', stdin: '{"code":"CT-B1","additional_info":"x"}\n' },
  { argv: 'voucher disable CT-V1' },
  { argv: 'voucher enable CT-V1' },
  { argv: 'voucher disable --input -', stdin: 'CT-B1\nCT-B2\n' },
  { argv: 'voucher import -', stdin: `{"code":"CT-I1","discount":${PERCENT_5}}\n` },
  { argv: 'job get {job}' },
  { argv: 'job list --limit 3' },
  { argv: 'voucher delete CT-G1 --yes' },
  { argv: 'voucher delete --input - --force --yes', stdin: 'CT-B1\nCT-B2\n' },
];

export const CAMPAIGN_STEPS: Step[] = [
  { argv: 'campaign create CT-C1 --percent-off 10 --vouchers-count 3 --join-once' },
  {
    argv:
      'campaign create CT-C2 --type gift --gift-amount 25 --code-prefix G- --charset numbers ' +
      '--code-length 4 --vouchers-count 2 --category CT --start-date 2026-01-01 --validity-day sat,sun ' +
      '--validity-hours sat@10:00-14:00',
  },
  { argv: 'campaign create CT-C3 --type loyalty --points 0 --auto-join' },
  {
    argv: 'campaign create CT-C4 --body -',
    stdin: JSON.stringify({ campaign_type: 'DISCOUNT_COUPONS', vouchers_count: 2, voucher: AMOUNT_100 }),
  },
  { argv: 'campaign get CT-C1' },
  { argv: 'campaign list --all --order -created_at' },
  { argv: 'campaign list --type DISCOUNT_COUPONS --filter name^=CT- --limit 5' },
  { argv: 'campaign update CT-C1 --description d --expiration-date 2031-01-01' },
  { argv: 'campaign disable CT-C1' },
  { argv: 'campaign enable CT-C1' },
  { argv: 'campaign add-vouchers CT-C1 --count 1' },
  { argv: 'campaign add-vouchers CT-C1 --count 2 --metadata seat=1' },
  { argv: 'campaign add-vouchers CT-C1 --code CT-OWN-1 --code CT-OWN-2' },
  { argv: 'campaign import CT-C1 -', stdin: 'code\nCT-IMP-1\n' },
  { argv: 'campaign vouchers CT-C1 --limit 3' },
  { argv: 'publication create --campaign CT-C1 --customer ct-cust-1 --join-once --metadata a=1' },
  { argv: 'publication create --campaign CT-C1 --count 2 --customer ct-cust-2 --channel email' },
  { argv: 'publication create --campaign CT-C1 --input -', stdin: 'source_id,metadata.n\nct-cust-3,1\n' },
  { argv: 'publication list --campaign CT-C1 --all' },
  { argv: 'publication list --customer ct-cust-1 --limit 2' },
  { argv: 'voucher create --campaign CT-C1 --code CT-OWN-3' },
  { argv: 'voucher create --campaign CT-C3' },
  { argv: 'campaign delete CT-C2 --force --yes' },
  { argv: 'campaign delete CT-C4 --yes' },
];

export const OTHER_STEPS: Step[] = [
  { argv: 'status' },
  { argv: 'api GET /v1/vouchers?limit=1' },
  { argv: 'token issue --scope api vouchers' },
  { argv: ['token', 'inspect', '--scope', 'api vouchers'] },
  { argv: 'tiers list lts_0a1b2c3d4e5f --all --limit 2 --order name' },
  { argv: 'templates list --filter name^=S --include-total --limit 2 --all' },
  { argv: 'event send purchase_completed --customer-source-id c1 --metadata a=1' },
  { argv: 'event send purchase_completed --referral-code R1 --customer-email a@b.co' },
  { argv: 'event send purchase_completed --input -', stdin: '{"customer":{"source_id":"c2"}}\n' },
  { argv: 'customer create --source-id ct-cu-1 --email a@b.co --name Ann --phone 1 --metadata a=1' },
  { argv: 'customer create --input -', stdin: '{"source_id":"ct-cu-2","address":{"city":"Oslo"}}\n' },
  { argv: 'customer get ct-cu-1' },
  { argv: 'customer list --email a@b.co --created-after 2020-01-01 --order -source_id --limit 5' },
  { argv: 'customer list --all --city Oslo --updated-before 2099-01-01' },
  { argv: 'customer update ct-cu-1 --name Anna -m b:=2' },
  { argv: 'customer delete ct-cu-2 --yes' },
  { argv: 'customer delete ct-cu-1 --permanently --yes' },
  { argv: 'product create --name Shoe --source-id ct-shoe --price 49.90 --attribute size -m a=1' },
  { argv: 'product create --name Shoe --source-id ct-shoe --price 44.90' },
  { argv: 'product get ct-shoe' },
  { argv: 'product list --order created_at --created-after 2020-01-01 --limit 5' },
  { argv: 'product update ct-shoe --name Shoes -m b=2' },
  {
    argv: 'product import - --wait',
    stdin: 'name,source_id,price,attributes,metadata.a\nBoot,ct-boot,5,size,1\n',
  },
  { argv: 'sku create ct-shoe --sku Shoe-42 --source-id ct-shoe-42 --price 45 --attribute size=42' },
  { argv: 'sku get ct-shoe-42' },
  { argv: 'sku list ct-shoe --all' },
  { argv: 'sku update ct-shoe ct-shoe-42 --currency USD' },
  { argv: 'sku delete ct-shoe ct-shoe-42 --yes' },
  { argv: 'order create --source-id ct-ord-1 --item ct-shoe:2 --customer c1 -m a=1' },
  { argv: 'order create --source-id ct-ord-1 --status PAID' },
  { argv: 'order get ct-ord-1' },
  { argv: 'order list --order created_at --all --limit 5' },
  { argv: 'order update ct-ord-1 --status FULFILLED --amount 20' },
  { argv: 'product delete ct-shoe --yes' },
  { argv: 'voucher redeem CT-V1 --amount 20 --item prod_a:1:5 -m order_id=CT-O1 --customer c1' },
  { argv: 'voucher redeem CT-V1 --amount 20 --dry-run' },
  { argv: 'redemption list --voucher CT-V1 --result SUCCESS --created-after 2020-01-01 --limit 5' },
  { argv: 'redemption list --all --filter metadata.order_id=CT-O1 --customer c1' },
  { argv: 'redemption get {redemption}' },
  { argv: ['redemption', 'rollback', '{redemption}', '--yes', '--reason', 'order refunded'] },
  { argv: 'voucher redeem --input -', stdin: '{"code":"CT-V1","order":{"amount":2000},"customer":"c2"}\n' },
  { argv: 'redemption rollback --input - --yes', stdin: 'r_nosuchredemption0\n', exit: 7 },
  { argv: 'export redemptions --created-after 2020-01-01' },
  { argv: 'export vouchers --fields code,id --filter code^=CT- --wait' },
  { argv: 'export list --limit 3' },
  { argv: 'export get {export}' },
  { argv: 'export download {export}' },
  { argv: 'export delete {export} --yes' },
];

/** Commands the service refuses: promo's requests still conform, and so do the errors. */
export const REFUSED_STEPS: Step[] = [
  { argv: 'voucher get CT-NOPE', exit: 3 },
  { argv: 'voucher create --code CT-DUP --percent-off 5' },
  { argv: 'voucher create --code CT-DUP --percent-off 5', exit: 1 },
  { argv: 'campaign get CT-NO-SUCH-CAMPAIGN', exit: 3 },
  { argv: 'product get ct-no-such-product', exit: 3 },
  { argv: 'sku get ct-no-such-sku', exit: 3 },
  { argv: 'order get ct-no-such-order', exit: 3 },
  { argv: 'tiers list lts_nope', exit: 3 },
  { argv: 'voucher update CT-NOPE --category x', exit: 3 },
  { argv: 'customer get ct-cu-nope', exit: 3 },
  { argv: 'customer delete ct-cu-nope --permanently --yes', exit: 3 },
  { argv: 'voucher balance CT-V1 --add 1', exit: 2 },
  { argv: 'publication create --voucher CT-OWN-1 --customer ct-cust-4' },
  { argv: 'publication create --voucher CT-OWN-1 --customer ct-cust-5', exit: 1 },
];

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** Requests another client sends, refused: [method, path, body (a string is sent as it is), headers, status]. */
export type Probe = [
  string,
  string,
  unknown,
  'app' | 'none' | 'bad-keys' | 'bearer' | Record<string, string>,
  number,
];

export const REFUSED_PROBES: Probe[] = [
  ['GET', '/v1/vouchers', undefined, 'none', 401],
  ['GET', '/v1/campaigns', undefined, 'bad-keys', 401],
  ['GET', '/v1/campaigns', undefined, 'bearer', 403],
  ['POST', '/v1/vouchers', { discount: { type: 'AMOUNT' } }, 'app', 400],
  ['PUT', '/v1/campaigns/CT-NONE', { description: 'x' }, 'app', 404],
  ['POST', '/v1/campaigns', { name: 'CT-SDK', vouchers_count: 0 }, 'app', 409],
  ['GET', '/v1/vouchers?limit=1000', undefined, 'app', 400],
  ['POST', '/v1/oauth/token', 'grant_type=client_credentials&scope=nope', FORM, 400],
  ['POST', '/v1/oauth/introspect', '', FORM, 400],
  ['POST', '/v1/events', { customer: {} }, 'app', 400],
  ['POST', '/v1/customers', { email: 42 }, 'app', 400],
  ['GET', '/v1/customers?page=100', undefined, 'app', 400],
  ['GET', '/v1/templates/campaigns?filters[nope][conditions][$is]=x', undefined, 'app', 400],
  ['POST', '/v1/publications', { customer: { source_id: 'ct-probe' } }, 'app', 400],
  ['POST', '/v1/publications', { campaign: { name: 'CT-NONE' }, customer: { source_id: 'x' } }, 'app', 404],
  ['POST', '/v1/vouchers/CT-NOPE/balance', { amount: 100 }, 'app', 404],
  ['GET', '/v1/vouchers/CT-NOPE/transactions', undefined, 'app', 404],
  ['POST', '/v1/skus/importCSV', {}, 'app', 400],
];
