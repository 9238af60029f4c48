// CSV headers of --input: each column names what it sets; an unknown one stops the run before
// anything is sent, naming it and the columns that are known.
import { UsageError } from '../base/errors.js';

/** `--Percent_Off` and `percent-off` are one column: option names, however they are typed. */
export function columnName(column: string): string {
  return column.replace(/^--/, '').toLowerCase().replace(/_/g, '-');
}

export function columnRoles<Role>(
  columns: string[],
  roleOf: (column: string) => Role | undefined,
  known: string,
  where = '--input',
): Map<string, Role> {
  const roles = new Map<string, Role>();
  for (const column of columns) {
    const role = roleOf(column);
    if (!role) throw new UsageError(`${where}: unknown CSV column '${column}'`, `Columns are ${known}`);
    roles.set(column, role);
  }
  return roles;
}
