// A project's time zone: an IANA name as Intl knows it. promo checks `--time-zone` with it before
// starting anything; the sandbox reads recurring validity windows in it.

/** The zone's canonical name, or an Error that says what a zone name looks like. */
export function checkTimeZone(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new Error(
      `Unknown time zone '${zone}': give an IANA zone name such as UTC, Europe/Warsaw or America/New_York`,
    );
  }
}
