// promo-sandbox [options]: serves the sandbox until SIGINT or SIGTERM, with the options of
// `promo sandbox` (promo-sandbox/options: one table, one reading). The URL goes to stdout, what to
// do with it to stderr; a bad option is exit 2, naming the flag.
import { parseArgs } from 'node:util';
import { startSandbox } from '../index.js';
import {
  DEFAULT_CREDENTIAL,
  isLoopback,
  SANDBOX_OPTIONS,
  type SandboxFlags,
  SandboxOptionError,
  serveSettings,
  startFailure,
} from '../options/index.js';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Spec = (typeof SANDBOX_OPTIONS)[keyof typeof SANDBOX_OPTIONS];
const specs = Object.entries(SANDBOX_OPTIONS) as Array<[keyof SandboxFlags, Spec]>;

function usage(): string {
  const lines = specs.map(([key, spec]) => {
    const flag = `--${kebab(key)}${spec.type === 'value' ? ` <${spec.value}>` : ''}`;
    return `  ${flag.padEnd(32)} ${spec.help}`;
  });
  return [
    'Usage: promo-sandbox [options]',
    '',
    'Serves a local imitation of the Voucherify promotion API until Ctrl-C, and prints its URL.',
    '',
    'Options:',
    ...lines,
    `  ${'--help'.padEnd(32)} show this help`,
    '',
  ].join('\n');
}

/** The flags of argv, as `promo sandbox` receives them (an unknown one refused). */
function readFlags(argv: string[]): SandboxFlags | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(
        specs.map(([key, spec]) => [
          kebab(key),
          {
            type: spec.type === 'switch' ? ('boolean' as const) : ('string' as const),
            ...('default' in spec ? { default: spec.default } : {}),
          },
        ]),
      ),
    },
  });
  if (values.help) return 'help';
  const given = values as Record<string, string | boolean | undefined>;
  return Object.fromEntries(
    specs.map(([key, spec]) => [key, given[kebab(key)] ?? (spec.type === 'switch' ? false : undefined)]),
  ) as SandboxFlags;
}

async function main(argv: string[]): Promise<number> {
  let flags: SandboxFlags | 'help';
  try {
    flags = readFlags(argv);
    if (flags === 'help') {
      process.stdout.write(usage());
      return 0;
    }
  } catch (error) {
    process.stderr.write(
      `promo-sandbox: ${(error as Error).message}\n(promo-sandbox --help lists the options)\n`,
    );
    return 2;
  }
  let settings: ReturnType<typeof serveSettings>;
  try {
    settings = serveSettings(flags);
  } catch (error) {
    if (!(error instanceof SandboxOptionError)) throw error;
    process.stderr.write(`promo-sandbox: ${error.message}\n`);
    return 2;
  }
  const log = settings.log ? (line: string) => process.stderr.write(`${line}\n`) : undefined;
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({ ...settings.start, log });
  } catch (error) {
    process.stderr.write(`promo-sandbox: ${startFailure(error, settings)}\n`);
    return 2;
  }
  if (!isLoopback(settings.host))
    process.stderr.write(
      `promo-sandbox: listening on ${settings.host}, beyond this machine: whoever reaches it can use the sandbox's credentials\n`,
    );
  process.stdout.write(`${sandbox.url}\n`);
  // The default credentials are public (they open nothing but this sandbox); a token given with
  // --app-token is the user's, never echoed.
  const token =
    settings.appToken === DEFAULT_CREDENTIAL
      ? `app token '${DEFAULT_CREDENTIAL}'`
      : 'the app token given with --app-token';
  process.stderr.write(
    `Sandbox listening on ${sandbox.url}: app id '${settings.appId}', ${token}. Stop with Ctrl-C.\n`,
  );
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
  process.stderr.write(`Sandbox stopped (${signal}).\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`promo-sandbox: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  },
);
