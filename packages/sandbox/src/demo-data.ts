// The demo project a new sandbox starts with. Everything is fixed so that tests and screenshots
// see the same ids, names and dates on every run.
import type { SandboxState } from './types.js';

type Template = Record<string, unknown>;
type CampaignType = 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS';

/** One template; the description and updated_at are optional, as they are in the service's answers. */
function template(
  hex: string,
  name: string,
  campaignType: CampaignType,
  createdAt: string,
  description?: string,
  updatedAt?: string,
): Template {
  const record: Template = { id: `camptpl_${hex}`, name, campaign_type: campaignType };
  if (description !== undefined) record.description = description;
  record.created_at = createdAt;
  if (updatedAt !== undefined) record.updated_at = updatedAt;
  record.object = 'campaign_template';
  return record;
}

const D = 'DISCOUNT_COUPONS';
const G = 'GIFT_VOUCHERS';

/** 25 templates, listed in creation order; their ids are deliberately not in that order. */
export function demoTemplates(): SandboxState['templates'] {
  return [
    template(
      'a22a36927b00d397',
      'Summer Sale 20% off',
      D,
      '2026-01-03T09:12:00.000Z',
      '20% off the whole order.',
    ),
    template(
      'c627ad81502c287a',
      'Winter Clearance 30%',
      D,
      '2026-01-06T14:40:10.000Z',
      'End-of-season stock.',
    ),
    template(
      '4c7d9fc8ff30556a',
      'Gift card 50',
      G,
      '2026-01-09T08:00:00.000Z',
      'A 50 EUR digital gift card.',
    ),
    template('3ad5bae1efcc920e', 'Welcome discount 10%', D, '2026-01-12T11:25:42.000Z'),
    template(
      '075b2afb28b0deac',
      'Black Friday Doorbusters',
      D,
      '2026-01-15T16:05:00.000Z',
      'Deep, time-boxed discounts on a short list of hero products. Codes are single use, valid for ' +
        'the Friday only, and limited to one per customer so that the stock reaches as many shoppers ' +
        'as possible; pair it with the Black Friday Early Access template for loyalty members.',
      '2026-02-20T10:00:00.000Z',
    ),
    template(
      '9627e06b2d41c6f6',
      'Gift card 100',
      G,
      '2026-01-18T09:30:00.000Z',
      'A 100 EUR digital gift card.',
    ),
    template('08d75488dc7adf47', 'Summer Free Shipping', D, '2026-01-21T07:45:00.000Z', 'Free delivery.'),
    template('86721f63e0c1a144', 'Birthday treat', D, '2026-01-24T12:00:00.000Z'),
    template('9239cfff748ed901', 'Black Friday Early Access', D, '2026-01-27T18:20:00.000Z', 'Members only.'),
    template(
      '3b47604e1a4e733a',
      'Gift card 25',
      G,
      '2026-01-30T10:10:10.000Z',
      'A 25 EUR digital gift card.',
    ),
    template(
      '808f6e1b34a789c1',
      'Win-back 25% off',
      D,
      '2026-02-02T15:00:00.000Z',
      'Sent to customers who have not ordered for six months.',
      '2026-03-01T08:00:00.000Z',
    ),
    template(
      '169c3645c440cf7b',
      'Winter Warmers Bundle',
      D,
      '2026-02-05T09:00:00.000Z',
      'Buy two, get one free.',
    ),
    template('d4b8c52c081f9c8c', 'Holiday gift voucher', G, '2026-02-08T13:37:00.000Z'),
    template('6f0392a329eedf5d', 'Cyber Monday 15%', D, '2026-02-11T06:00:00.000Z', '15% off electronics.'),
    template(
      '4d6def7ed1a09687',
      'Summer Flash Weekend',
      D,
      '2026-02-14T17:30:00.000Z',
      'Forty-eight hours of flash prices.',
      '2026-02-15T09:00:00.000Z',
    ),
    template(
      '82511b0621f9c17d',
      'Employee gift allowance',
      G,
      '2026-02-17T08:15:00.000Z',
      'Yearly staff gift.',
    ),
    template(
      '3fc2bb809c7ba53c',
      'Spring Refresh 15%',
      D,
      '2026-02-20T10:45:00.000Z',
      '15% off the spring range.',
    ),
    template('05aae31df7d6b1b8', 'Corporate gift card', G, '2026-02-23T11:11:00.000Z'),
    template('4e13dab9a33eece7', 'Back to School', D, '2026-02-26T07:00:00.000Z', 'Stationery and bags.'),
    template(
      '6d905bb4999234e5',
      "Mother's Day gift card",
      G,
      '2026-03-01T09:00:00.000Z',
      'A gift card with a printable greeting; the amount is chosen by the buyer at checkout.',
    ),
    template(
      'f49853641471344c',
      'Student discount',
      D,
      '2026-03-04T12:30:00.000Z',
      'With a valid student ID.',
    ),
    template(
      'bf0916f74bd8ee69',
      'Summer gift card',
      G,
      '2026-03-07T14:00:00.000Z',
      'Summer-themed gift card.',
    ),
    template(
      '8e100b0ef399f89a',
      'Winter Holidays Gift card 50',
      G,
      '2026-03-10T16:45:00.000Z',
      'Seasonal design.',
      '2026-03-12T09:00:00.000Z',
    ),
    template('07185ae73aade953', 'Anniversary 5 EUR off', D, '2026-03-13T08:00:00.000Z'),
    template(
      '82d5a0ab9e590370',
      'Summer Loyalty Boost',
      D,
      '2026-03-16T10:00:00.000Z',
      'Double points in July.',
    ),
  ];
}

const STRUCTURE_ID = 'lts_0a1b2c3d4e5f';

/**
 * The five tiers of the demo loyalty programme, shaped like the vendor's Tier schema (ids `lt_` + hex,
 * point thresholds under `qualification_rules.points`, a segment only with `POINTS_AND_SEGMENT`).
 * Creation order (Bronze first) differs from name order, so the four sort orders give four lists.
 */
export function demoTierStructures(): SandboxState['tierStructures'] {
  // Keys in the service's order; updated_at is null until a tier is edited.
  const tier = ({ id, name, updated_at = null, ...rest }: Record<string, unknown>) => ({
    id,
    tier_structure_id: STRUCTURE_ID,
    name,
    qualification_rules: rest.qualification_rules,
    downgrade: rest.downgrade,
    metadata: rest.metadata,
    created_at: rest.created_at,
    updated_at,
    object: 'tier',
  });
  return {
    [STRUCTURE_ID]: [
      tier({
        id: 'lt_47bae76edebd',
        name: 'Bronze',
        qualification_rules: { type: 'POINTS', points: { min_value: 0, max_value: 999 } },
        // The lowest tier has nowhere to fall: the service returns an empty downgrade object then.
        downgrade: {},
        metadata: { color: '#cd7f32', perks: ['birthday_bonus'] },
        created_at: '2026-01-05T09:00:00.000Z',
      }),
      tier({
        id: 'lt_5b669dd3286d',
        name: 'Silver',
        qualification_rules: { type: 'POINTS', points: { min_value: 1000, max_value: 4999 } },
        downgrade: { type: 'INHERIT' },
        metadata: { color: '#c0c0c0', perks: ['birthday_bonus', 'free_shipping'] },
        created_at: '2026-01-05T09:04:30.000Z',
      }),
      tier({
        id: 'lt_51472081ee7d',
        name: 'Gold',
        qualification_rules: {
          type: 'POINTS_AND_SEGMENT',
          points: { min_value: 5000, max_value: 14999 },
          segment: { id: 'seg_5dc9553bef0c' },
        },
        downgrade: { type: 'INHERIT' },
        metadata: { color: '#ffd700', perks: ['free_shipping', 'early_access'] },
        created_at: '2026-01-05T09:11:02.000Z',
        updated_at: '2026-02-01T12:00:00.000Z',
      }),
      tier({
        id: 'lt_4d5de3048bf3',
        name: 'Platinum',
        qualification_rules: { type: 'POINTS', points: { min_value: 15000, max_value: 49999 } },
        downgrade: { type: 'NO_DOWNGRADE' },
        metadata: { color: '#e5e4e2', perks: ['free_shipping', 'early_access', 'concierge'] },
        created_at: '2026-01-12T15:20:00.000Z',
      }),
      tier({
        id: 'lt_efa0a7b1d92c',
        name: 'Diamond',
        // The top tier has no upper bound, so max_value is omitted as the schema allows.
        qualification_rules: {
          type: 'POINTS_AND_SEGMENT',
          points: { min_value: 50000 },
          segment: { id: 'seg_e71f2be7f1ad' },
        },
        downgrade: { type: 'NO_DOWNGRADE' },
        metadata: { color: '#b9f2ff', perks: ['free_shipping', 'early_access', 'concierge', 'invite_only'] },
        created_at: '2026-02-03T08:45:00.000Z',
        updated_at: '2026-03-02T16:30:00.000Z',
      }),
    ],
  };
}

/** Custom events defined in the demo project's event schema. */
export function demoEventSchemas(): SandboxState['eventSchemas'] {
  return [
    'purchase_completed',
    'newsletter_signup',
    'referral_conversion',
    'cart_abandoned',
    'review_submitted',
    'app_installed',
  ];
}
