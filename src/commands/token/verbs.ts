import { defineVerbs } from '../../toolkit/define.js';
import inspect from './inspect.js';
import issue from './issue.js';

export default defineVerbs({
  examples: ['promo token issue --scope api vouchers', 'promo token inspect'],
  commands: [issue, inspect],
});
