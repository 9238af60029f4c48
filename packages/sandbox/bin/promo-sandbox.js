#!/usr/bin/env node
// The promo-sandbox command: what it does is in src/cli/bin.ts, built to dist/cli/bin.js.
import '../dist/cli/bin.js';
