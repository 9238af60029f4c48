// An export printed as the service's object. --fields of `promo export <object>` names the CSV's
// columns, not fields of this object, so the object is printed whole whatever it says.
import type { Export } from '../../api/exports.js';
import { Output } from '../../output/output.js';
import type { Runtime } from '../../runtime/runtime.js';
import { exportFields } from './view.js';

export async function printExport(exp: Export, rt: Runtime): Promise<void> {
  const { globals } = rt;
  const out = new Output(globals.output, rt.ctx, {
    colorStdout: globals.colorStdout,
    colorStderr: globals.colorStderr,
    stderrJson: globals.stderrJson,
    scrub: (text) => rt.secrets.scrub(text),
    jq: globals.jq,
  });
  await out.record(exp, exportFields);
}
