// An export printed as the service's object. --fields of `promo export <object>` names the CSV's
// columns, not fields of this object, so the object is printed whole whatever it says.
import type { Export } from '../../api/exports.js';
import { Output } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { exportFields } from './view.js';

export async function printExport(exp: Export, rt: Runtime): Promise<void> {
  const { globals } = rt;
  const out = new Output(globals, rt.ctx, {
    scrub: (text) => rt.secrets.scrub(text),
    hasSecrets: () => rt.secrets.size > 0,
    jq: globals.jq,
    signal: () => rt.ctx.signal,
  });
  try {
    await out.record(exp, exportFields);
    // What --jq still holds is written before the command returns (this is not the run's Output).
    await out.finish();
  } finally {
    out.close();
  }
}
