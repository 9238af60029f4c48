// The knobs of the import jobs, set through the sandbox's options or its control API and kept in the
// state, so that every process sharing a state file processes jobs at the same speed.
import type { ImportSettings } from './import-jobs.js';
import { SandboxError, type SandboxState } from './types.js';

function invalidSettings(details: string): SandboxError {
  return new SandboxError(400, 'invalid_import_settings', 'Invalid import settings', details);
}

/** Throws a SandboxError naming the setting that is wrong; unknown settings are refused too. */
export function checkImportSettings(settings: unknown): Partial<ImportSettings> {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw invalidSettings('Send a JSON object: {"records_per_second": 100, "fail": false}');
  }
  const {
    records_per_second: speed,
    generate_per_second: generating,
    fail,
    ...rest
  } = settings as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw invalidSettings(
      `Unknown import setting ${unknown.join(', ')}; known: records_per_second, generate_per_second, fail`,
    );
  }
  for (const [name, value] of [
    ['records_per_second', speed],
    ['generate_per_second', generating],
  ] as const) {
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
      throw invalidSettings(`${name} must be a number above 0, got ${JSON.stringify(value)}`);
    }
  }
  if (fail !== undefined && typeof fail !== 'boolean') {
    throw invalidSettings(`fail must be true or false, got ${JSON.stringify(fail)}`);
  }
  return settings as Partial<ImportSettings>;
}

/** Jobs already queued keep the speed they were queued with. */
export function applyImportSettings(state: SandboxState, settings: Partial<ImportSettings>): ImportSettings {
  if (settings.records_per_second !== undefined) {
    state.importSettings.records_per_second = settings.records_per_second;
  }
  if (settings.generate_per_second !== undefined) {
    state.importSettings.generate_per_second = settings.generate_per_second;
  }
  if (settings.fail !== undefined) state.importSettings.fail = settings.fail;
  return { ...state.importSettings };
}
