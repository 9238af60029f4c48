import type { CampaignRecord, SandboxState } from './types.js';

/**
 * Campaigns the demo project holds, so that vouchers can name one. One of each kind a voucher can
 * belong to, plus a STANDALONE one, which the service refuses to add vouchers to (400 invalid_campaign).
 */
export function demoCampaigns(): CampaignRecord[] {
  return [
    {
      id: 'camp_9NCrXEfRYWEo7iemANa5N9ZH',
      name: 'Loyalty Club',
      type: 'AUTO_UPDATE',
      campaign_type: 'LOYALTY_PROGRAM',
    },
    {
      id: 'camp_Qvxqkkgs0YKdUbKA8tLICtdS',
      name: 'Summer Sale',
      type: 'AUTO_UPDATE',
      campaign_type: 'DISCOUNT_COUPONS',
    },
    {
      id: 'camp_7dPFu7qRlimto1mIEpdtp5mI',
      name: 'Gift Cards',
      type: 'AUTO_UPDATE',
      campaign_type: 'GIFT_VOUCHERS',
    },
    {
      id: 'camp_NVzwso43Sknsi76dBjYbgMEH',
      name: 'Refer a Friend',
      type: 'AUTO_UPDATE',
      campaign_type: 'REFERRAL_PROGRAM',
    },
    {
      id: 'camp_vhljYAA60uGQ4AQUgVzfV3Wr',
      name: 'Black Friday Codes',
      type: 'STATIC',
      campaign_type: 'DISCOUNT_COUPONS',
    },
    {
      id: 'camp_xDFZZVdjoIT3rZLmiiNV8mId',
      name: 'Standalone Vouchers',
      type: 'STANDALONE',
      campaign_type: 'DISCOUNT_COUPONS',
    },
  ];
}

/** Categories a voucher can name; an unknown name creates a new one, as the service does. */
export function demoCategories(): SandboxState['categories'] {
  return [
    {
      id: 'cat_4210751972e3029c22',
      name: 'New Customers',
      hierarchy: 1,
      created_at: '2024-01-08T09:12:44.512Z',
    },
    { id: 'cat_252cca8dbbf1870a8a', name: 'Seasonal', hierarchy: 2, created_at: '2024-01-08T09:13:02.087Z' },
    { id: 'cat_cd03ca420b81032b0e', name: 'Partners', hierarchy: 3, created_at: '2024-02-19T15:40:31.930Z' },
  ];
}
