#!/usr/bin/env node
// The only place that exits the process. The code lives in dist/ (built by `npm ci`/`npm run build`).
import { runCli } from '../dist/cli.js';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
// Pipes on Linux are written synchronously, so nothing is lost; a stray handle must not keep a cron job alive.
setTimeout(() => process.exit(code), 50).unref();
