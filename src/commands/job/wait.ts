// promo job wait <id>...: follow jobs to their end (polling with backoff, progress on a terminal).
import { failuresOf, JOB_FIELDS } from '../../api/async-actions.js';
import { ExitCode } from '../../base/errors.js';
import { defineCommand } from '../../toolkit/define.js';
import { followJobs, jobOutcome } from '../shared/job-follow.js';
import { checkJobId } from './ids.js';
import { jobColumns } from './job-view.js';

export default defineCommand({
  path: ['job', 'wait'],
  fields: JOB_FIELDS,
  summary: 'Wait for jobs to end; exit 7 when one failed or some of its records did',
  description: `Polls each job with backoff (0.5 s, then up to every 5 s) until it is DONE or FAILED, showing
progress on a terminal, then prints the jobs (-o json: the service's objects, with their results).
Exit 0 when every job is DONE with no failed record, 7 otherwise. Ctrl-C stops waiting (exit
130); the jobs go on.`,
  examples: [
    'promo job wait aa_0adad13d6f057f088e',
    'promo job wait aa_1 aa_2 -o json | jq "[.[].result.failed_count] | add"',
  ],
  args: { ids: { help: 'job ids (aa_...)', variadic: true, required: true, parse: checkJobId } },
  run: async ({ ids }, rt) => {
    const finals = await followJobs(ids, rt, 'waiting');
    await rt.out.list(finals, jobColumns);
    for (const action of finals) rt.out.notice(jobOutcome(action));
    const clean = finals.every(
      (a) => a.status === 'DONE' && failuresOf(a).length === 0 && !a.result?.failed_count,
    );
    return clean ? ExitCode.ok : ExitCode.partial;
  },
});
