#!/usr/bin/env bash
# The promo-sandbox package as a stranger installs it: `npm pack` of packages/sandbox (its prepack
# builds dist/), the tarball installed into an empty folder (its dependencies from the registry, no
# build tools), then checked from there: its bin serves the service's routes with the keys it was
# given (200), and refuses a request without them (401); a plain Node script imports startSandbox
# from 'promo-sandbox', starts one, is answered, and closes it. Run by .ci/run after the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=$(mktemp -d "${TMPDIR:-/tmp}/promo-sandbox-pack.XXXXXX")
server=
cleanup() {
  if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

echo "== npm pack of packages/sandbox"
tarball=$(cd packages/sandbox && npm pack --silent --pack-destination "$scratch" | tail -1)
mkdir "$scratch/app"
cd "$scratch/app"
echo '{ "name": "sandbox-user", "private": true, "type": "module" }' >package.json
echo "== npm install $tarball into an empty folder"
npm install --no-audit --no-fund --loglevel=error "$scratch/$tarball"

fail() {
  echo "FAIL promo-sandbox pack check: $*" >&2
  exit 1
}

echo "== its bin, with keys of our own"
./node_modules/.bin/promo-sandbox --app-id pack-check-id --app-token pack-check-token \
  >"$scratch/url" 2>"$scratch/stderr" &
server=$!
for _ in $(seq 1 100); do
  [[ -s "$scratch/url" ]] && break
  kill -0 "$server" 2>/dev/null || fail "the bin exited: $(cat "$scratch/stderr")"
  sleep 0.1
done
url=$(head -1 "$scratch/url")
[[ "$url" == http://127.0.0.1:* ]] || fail "the bin printed no URL: $(cat "$scratch/stderr")"
# The status of GET /v1/vouchers with these app keys (none when empty), by Node's own fetch.
status() {
  node -e 'const [url, id, token] = process.argv.slice(1);
    const headers = id ? { "X-App-Id": id, "X-App-Token": token } : {};
    fetch(`${url}/v1/vouchers?limit=1`, { headers }).then((res) => console.log(res.status));' "$url" "$@"
}
with_keys=$(status pack-check-id pack-check-token)
without=$(status)
wrong=$(status sandbox sandbox)
[[ "$with_keys $without $wrong" == "200 401 401" ]] ||
  fail "GET /v1/vouchers answered $with_keys with the keys, $without without, $wrong with others (want 200 401 401)"
kill -INT "$server"
wait "$server" || fail "the bin did not stop cleanly on SIGINT: $(cat "$scratch/stderr")"
server=
echo "   200 with its keys, 401 without them or with others, stopped by SIGINT"

echo "== a plain Node script: import { startSandbox } from 'promo-sandbox'"
cat >check.mjs <<'SCRIPT'
import { startSandbox } from 'promo-sandbox';
const sandbox = await startSandbox({ appId: 'script-id', appToken: 'script-token' });
const res = await fetch(`${sandbox.url}/v1/vouchers`, {
  method: 'POST',
  headers: { 'X-App-Id': sandbox.appId, 'X-App-Token': sandbox.appToken, 'Content-Type': 'application/json' },
  body: JSON.stringify({ code: 'PACK-CHECK', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }),
});
const voucher = await res.json();
await sandbox.close();
if (res.status !== 200 || voucher.code !== 'PACK-CHECK' || sandbox.requests.length !== 1) {
  console.error(`unexpected: ${res.status} ${JSON.stringify(voucher)}`);
  process.exit(1);
}
console.log(`   created ${voucher.code} on ${sandbox.url}, then closed it`);
SCRIPT
node check.mjs || fail "the script could not start, use and close a sandbox"
echo "== promo-sandbox pack check passed"
