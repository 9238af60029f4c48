// `promo help <topic>`: what no single command's --help says. Built from the tables the code runs
// on (the exit codes, the bulk flags' help, the filter grammar, the output formats), so that the
// help cannot say one thing while promo does another.
import { EXIT_CODE_MEANINGS, ExitCode } from '../base/errors.js';
import { OUTPUT_FORMATS } from '../output/printing.js';
import { wrapHelp } from '../output/wrap.js';
import { CLUSTERS } from '../runtime/globals.js';

/** Every variable promo reads, with what it does; the root --help lists the names. */
export const ENVIRONMENT: readonly [string, string][] = [
  ['PROMO_PROFILE', 'profile to use (as --profile)'],
  ['PROMO_APP_ID, PROMO_APP_TOKEN', "credentials that replace the profile's (CI, containers)"],
  ['PROMO_CLUSTER', `as --cluster: ${CLUSTERS.slice(0, 3).join(', ')} ...`],
  ['PROMO_API_URL', 'base URL (as --api-url); plain http:// to loopback only'],
  ['PROMO_OUTPUT', `output format (as --output): ${OUTPUT_FORMATS.join(', ')}`],
  ['PROMO_LOG_FORMAT', 'errors and notices on stderr as text or json (as --log-format)'],
  ['PROMO_CSV_CRLF=1', 'CSV lines end with CRLF instead of LF (as --csv-crlf)'],
  ['PROMO_DEBUG=1', 'HTTP trace on stderr, secrets redacted (as --debug)'],
  ['PROMO_QUIET=1', 'no notices, warnings or progress on stderr; errors stay (as -q/--quiet; for cron)'],
  ['PROMO_CONFIG_DIR', 'one directory for profiles, cached tokens and sandbox data'],
  [
    'PROMO_LANDING_WINDOW',
    'seconds after its last send that a lost money write may still land (default --timeout + 300); see promo help bulk',
  ],
  [
    'PROMO_SECRET_STORE=auto|keychain|file',
    "where login and profile add keep app tokens: the system's keychain where it answers (auto), always (keychain), or the 0600 profile file",
  ],
  ['NO_COLOR, FORCE_COLOR', 'colour off, or on when not a terminal (never in JSON)'],
  ['CI', 'never prompt (as --no-input)'],
  ['COLUMNS', "a terminal's width, where the terminal does not say it (tables and cards fit it)"],
  ['HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY', 'proxy for requests to the service, as curl reads them'],
  ['NODE_EXTRA_CA_CERTS', 'extra CA certificates (a network that inspects TLS)'],
  ['XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_STATE_HOME', 'where the directories go on Linux (see below)'],
];

/** Two columns; a left cell wider than `cap` gets a line of its own, so that the right one stays readable. */
function columns(rows: readonly (readonly [string, string])[], cap = 30): string {
  const width = Math.min(cap, Math.max(...rows.map(([left]) => left.length)));
  return rows
    .map(([left, right]) =>
      left.length > width
        ? `  ${left}\n  ${' '.repeat(width)}  ${right}`
        : `  ${left.padEnd(width)}  ${right}`,
    )
    .join('\n');
}

const exitRows = () =>
  Object.values(ExitCode).map((code) => [String(code), EXIT_CODE_MEANINGS[code]] as const);

const ENVIRONMENT_TOPIC = () => `Environment variables

${columns(ENVIRONMENT)}

Precedence: a flag, then its variable, then the profile, then the default.

Where promo keeps its files (PROMO_CONFIG_DIR puts all three in one place):
  Linux    ~/.config/promo (profiles), ~/.cache/promo (tokens, code cache),
           ~/.local/state/promo (the built-in sandbox's data); XDG_* variables move them
  macOS    ~/Library/Preferences/promo, ~/Library/Caches/promo, ~/Library/Application Support/promo
  Windows  %APPDATA%\\promo\\Config, %LOCALAPPDATA%\\promo\\Cache, %LOCALAPPDATA%\\promo\\State
`;

const EXIT_CODES_TOPIC = () => `Exit codes

${columns(exitRows())}

A script can branch on them:
  promo voucher get CODE >/dev/null 2>&1; [ $? -eq 3 ] && echo missing

promo qualify exits 0 when nothing applies (it says so on stderr, [] with -o json): 9 is for codes
that were asked about by name (voucher validate, voucher redeem).
`;

const OUTPUT_TOPIC = () => `Output

-o, --output ${OUTPUT_FORMATS.join('|')} (or PROMO_OUTPUT; --json is -o json). Default: table on a terminal,
json when stdout is a pipe or a file, or when --jq or --fields is given.

  table   the columns that matter, dates readable, secrets masked, fitted to the terminal's width
          (columns of less use dropped first, ids shortened in the middle, text cut with …); the
          ids you copy (redemptions, codes, customers, jobs, exports) are never cut
  json    the service's own objects and field names; a list is one JSON array ([] when empty,
          every page with --all); --raw prints the service's whole list object (cursors, totals);
          indented and coloured on a terminal (NO_COLOR, --no-color: plain), plain when piped
  ndjson  one object a line, streamed as pages arrive, at the pace of the reader; with --all,
          | head stops the walk
  csv     RFC 4180 for spreadsheets and Unix tools: a header row (also when there are no rows),
          one row an object, lines ended with LF (--csv-crlf or PROMO_CSV_CRLF=1: CRLF), lists
          and a bulk run's records. Without --fields: the command's columns; a voucher's value
          is columns of its own (discount.type, discount.percent_off, gift.amount,
          loyalty_card.points, ...) and each metadata key one column (metadata.KEY). With --all
          the keys of the first page make the columns; a key first seen later is named on
          stderr (ask for it with --fields metadata.KEY). What is still nested is its JSON in
          one cell. Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab
          or a carriage return) gets a ' first; numbers stay numbers. On a terminal, control
          characters from the service are shown escaped; piped, the bytes are unchanged.

Money: in currency units wherever a person reads it, tables and csv alike (gift.amount 36.5,
discount.amount_off 10, a redemption's order.amount 100), as the service's own CSV exports
(promo export) have it; json and ndjson keep the service's objects, where money is in hundredths
(3650). A loyalty card's points are points everywhere. Money typed in options is in units (10.50).

--fields a,b.c keeps those fields (dots for nested ones) in json, ndjson and csv, or makes them the
columns of a table; a name the command does not print is refused with what it may have meant.
TAB completes the names.

--jq EXPR filters the JSON through jq (jq 1.7 itself, built in: nothing to install) before it is
printed, as gh's --jq does: strings print raw (on a terminal their control characters are shown
escaped). On a list it sees the array; with ndjson, each object, the stream filtered as it comes in
flat memory. jq runs beside promo, not in its way: as fast as the jq binary on large lists, and
Ctrl-C or SIGTERM stops it at once, whatever the expression (exit 130). A filter jq cannot compile
is exit 2, with jq's whole message; one that fails on the data exit 1, after what jq printed before
the error. --jq and --fields mean json on a terminal too, unless -o or PROMO_OUTPUT names a format.

stdout carries data only: notices, progress and warnings go to stderr. It is written whole: promo
exits once a slow reader has taken every byte. A reader that leaves early (| head) ends the run:
exit 0 where nothing was left undone (a list, a read), else as after Ctrl-C (a bulk run stops
sending, finishes what is in flight and exits 130 with the command that resumes it).

stderr is for people or for programs (--log-format text|json, or PROMO_LOG_FORMAT): by default
text whenever stderr is a terminal, even with stdout piped into jq; JSON lines only when stderr is
not a terminal and the output is json/ndjson. Text: "error: MESSAGE", the lines of a longer message
(every bad line of an input) under it, the hint on a line of its own. JSON: one object a line,
{"error": {"status", "key", "message", "details", "hint", "exit_code", ...}}, {"notice": ...},
{"warning": ...}, and a bulk run's {"summary": ...}.

130 on every path: Ctrl-C, SIGTERM and SIGHUP (a terminal closed, an SSH session dropped) alike,
a prompt whose terminal went away included. A bulk run lets the requests in flight finish first.

Text for people never carries control characters from the service or the input raw (the --debug
trace and a resume command included: a file name with them is quoted $'...'); JSON is left as it is.
The run's secrets (the app token, the access tokens it used) never reach stdout or stderr: each is
shown as [redacted] wherever it stands whole in what the service answered, in every format; the
exceptions are asked for (token issue prints its token, promo api --show-secrets the answer).

Recipes:
  promo voucher list --all --jq '.[] | select(.active) | .code'
  promo voucher list --all -o csv --fields code,discount.percent_off,expiration_date > vouchers.csv
  promo voucher create --type discount --percent-off 20 --json | jq -r .code
  promo voucher list --all -o ndjson | jq -r .code > codes.txt
  promo templates list --all --json | jq -r '.[].name'
  promo voucher delete --input codes.txt --yes -o ndjson | jq -c 'select(.status == "failed")'
`;

// The filter grammar and the bulk flags load with their topics, not with every `promo --help`.
const FILTERS_TOPIC = async () => `Filters
${(await import('../commands/shared/filters.js')).FILTER_GRAMMAR}

Quote a filter that holds spaces, ?, $ or ! for the shell: --filter 'code^=SUMMER'.
Which fields each list takes: promo voucher list --help, promo templates list --help.
A filter the grammar cannot say is refused (exit 2) before anything is sent, and so is a field
the list does not have (the service would match nothing, and the empty list would look like an
answer): the error names the field and what it may have meant. Metadata keys are the account's
own: metadata.KEY is always taken where the objects carry metadata (vouchers, campaigns).

  promo voucher list --filter 'code^=SUMMER' --filter 'active=true'
  promo templates list --filter 'campaign_type in discount_coupons,gift_vouchers' --junction or
`;

const BULK_TOPIC = async () => `Bulk runs

Commands that take --input FILE (or - for stdin): voucher create, update, delete, enable, disable,
event send, customer create and delete, publication create (one code of --campaign to each customer a line names),
voucher redeem, voucher balance (one change of a card's credits or points a line), loyalty points
(one change of a member's points a line, with its expiry) and redemption rollback. NDJSON has one request body a line; CSV has a header of option names (code, type,
percent-off ...); a list of codes has one code a line. Bulk options: --concurrency N (default 4),
--rate N/min (else paced by the service's rate-limit headers), --results FILE, --resume FILE,
--resend-unknown, --take-over, --accept-old-journal.
${(await import('../bulk/flags.js')).BULK_HELP}

Money is never moved twice, even when the service is slower than --timeout. A redemption (a
loyalty reward's too), a rollback, a balance change and a publication carry a mark of promo's (a
redemption's metadata promo_request_id, a source_id; a rollback's is its redemption's status). After a lost answer (a
timeout, a connection lost after the request went out, a 502 or 504, a 2xx whose body cannot be
read; in a bulk run a 500 too) promo looks the mark up: found once, it happened once (promo never sent it twice). Not found
proves nothing, as the request may still be on its way: it is not sent again. A single command
exits 6 naming the command that checks; a bulk run journals the line unknown, with "sent_at", and
exits 7. A --resume looks unknown lines up first (found: done) and sends one again only when its
last send is older than the landing window: --timeout plus 300 s by default (no proxy or load
balancer holds a request that long), PROMO_LANDING_WINDOW=SECONDS to change it. --resend-unknown
also respects the window; it only lets a line whose send time the journal lacks go. After a resend
promo looks again: a second write under one mark is said on stderr and undone where the service
allows it (an extra redemption rolled back), its record keeping both ("extra": id and undone_by);
a publication cannot be taken back, and is reported as such. A request that never went out (a
connection refused) is tried again by promo at once: it cannot land twice.

SIGTERM and SIGHUP (a terminal closed, an SSH session dropped) stop a run as Ctrl-C does: no new
requests, those in flight finished and journaled, the lock released, exit 130. A run that leaves
lines to do ends its journal with {"ended_at","interrupted","resume"}: the command that resumes it
is there even when stderr went with the terminal, and promo runs list shows the run as
interrupted (-o json: its resume command).

  promo voucher create --input vouchers.csv --results run.jsonl
  promo voucher create --input vouchers.csv --resume run.jsonl
  promo voucher import vouchers.csv --wait      (the service's own import: one request per chunk)
  promo product import catalogue.csv --wait     (the service's CSV import of products)
`;

export const TOPICS: Record<string, { summary: string; text: () => string | Promise<string> }> = {
  environment: { summary: 'variables promo reads, and where it keeps its files', text: ENVIRONMENT_TOPIC },
  'exit-codes': { summary: 'what each exit code means', text: EXIT_CODES_TOPIC },
  output: { summary: 'table, json, ndjson, csv; --fields, --jq; stderr', text: OUTPUT_TOPIC },
  filters: { summary: 'the --filter grammar of the list commands', text: FILTERS_TOPIC },
  bulk: { summary: '--input runs: journal, statuses, resume', text: BULK_TOPIC },
};

/**
 * The end of `promo --help`: the topics, exit codes and variables in brief, each line within 80
 * columns, so that at 80 and wider the help is written as it is (wrap.ts has nothing to redo).
 */
export function rootHelpAfter(): string {
  const topics = Object.entries(TOPICS).map(([name, t]) => [`promo help ${name}`, t.summary] as const);
  return `
Help topics:
${columns(topics)}

Exit codes:
${columns(exitRows().map(([code, meaning]) => [code, meaning.split(/[,;:(]/)[0]!.trim()] as const))}

${wrapHelp(`Environment (promo help environment): ${variableNames().join(', ')}.`, 80)}
`;
}

function variableNames(): string[] {
  return ENVIRONMENT.flatMap(([names]) => names.split(', '))
    .map((name) => name.replace(/=.*/, ''))
    .filter((name) => !name.startsWith('XDG_'));
}
