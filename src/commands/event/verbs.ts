import { defineVerbs } from '../../toolkit/define.js';
import send from './send.js';

export default defineVerbs({
  examples: [
    'promo event send purchase_completed --customer-source-id customer-42 -m order_id=ORD-1',
    'promo event send newsletter_signup --input signups.csv',
  ],
  commands: [send],
});
