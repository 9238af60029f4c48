// promo job get <id>: one async action (an import job): status, progress, result.
import { getAsyncAction, JOB_FIELDS } from '../../api/async-actions.js';
import { defineCommand } from '../../toolkit/define.js';
import { checkJobId } from './ids.js';
import { jobFields } from './job-view.js';

export default defineCommand({
  path: ['job', 'get'],
  fields: JOB_FIELDS,
  aliases: ['show'],
  summary: 'Show one job (async action): status, progress, result',
  description:
    "With -o json: the service's async action object, its result (failed codes and reasons) included.",
  examples: [
    'promo job get aa_0adad13d6f057f088e',
    'promo job get aa_0adad13d6f057f088e -o json | jq .result.failed',
  ],
  args: { id: { help: 'job id (aa_...)', required: true, parse: checkJobId } },
  run: async ({ id }, rt) => {
    const action = await getAsyncAction(await rt.client(), id);
    await rt.out.record(action, jobFields);
  },
});
