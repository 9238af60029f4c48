// A stand-in for the promo binary in shell lines a test runs: it hands its argv and stdin to the
// test's process (PROMO_RUNNER, an HTTP URL), where promo runs in-process against the test's
// sandbox, and gives back what promo printed and its exit code. A Node start without the bundle:
// a few times cheaper than the built bin, for tests that run many lines.
const http = require('node:http');

const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const body = JSON.stringify({ argv: process.argv.slice(2), stdin: Buffer.concat(chunks).toString() });
  const req = http.request(process.env.PROMO_RUNNER, { method: 'POST' }, (res) => {
    const parts = [];
    res.on('data', (c) => parts.push(c));
    res.on('end', () => {
      const { code, stdout, stderr } = JSON.parse(Buffer.concat(parts).toString());
      process.stderr.write(stderr);
      // A reader that left (| head) is no failure of promo's.
      process.stdout.on('error', () => process.exit(code));
      process.stdout.write(stdout, () => process.exit(code));
    });
  });
  req.end(body);
});
