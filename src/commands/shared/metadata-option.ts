// `--metadata key=text|key:=json` (short -m), as every command that sends metadata takes it; the
// text is read by input/metadata.ts (parseMetadata), the same for all of them.
import type { ListOption } from '../../base/options.js';

const SAYS = 'repeatable; key=text sets a string as typed, key:=json a JSON value (42.5, true, ["a"])';

/** The option, with what it sets when that is more than the object's own metadata. */
export function metadataOption(help: string = SAYS) {
  return { type: 'list', short: 'm', value: 'key=text|key:=json', help } as const satisfies ListOption;
}
