import { defineNoun } from '../../registry/define.js';
import inspect from './inspect.js';
import issue from './issue.js';

export default defineNoun({
  name: 'token',
  summary: 'Issue and inspect OAuth tokens (cached per profile and scope set)',
  examples: ['promo token issue --scope api vouchers', 'promo token inspect'],
  commands: [issue, inspect],
});
