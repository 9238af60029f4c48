// Certificates made with the machine's openssl for TLS tests on loopback: a test authority, and
// server certificates that are good, self-signed, expired, or for another host.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Pem {
  key: string;
  cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
}

export interface TestCertificates {
  ca: Pem;
  /** Signed by `ca`, for 127.0.0.1 and localhost. */
  good: Pem;
  /** Signed by itself, for 127.0.0.1. */
  selfSigned: Pem;
  /** Signed by `ca`, for 127.0.0.1, valid in 2020 only. */
  expired: Pem;
  /** Signed by `ca`, for other.test only. */
  otherHost: Pem;
}

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

function read(dir: string, name: string): Pem {
  return {
    key: readFileSync(join(dir, `${name}.key`), 'utf8'),
    cert: readFileSync(join(dir, `${name}.pem`), 'utf8'),
    certFile: join(dir, `${name}.pem`),
  };
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Writes the certificates into `dir` (a temporary directory the caller removes). */
export function makeCertificates(dir: string): TestCertificates {
  openssl(dir, ['req', '-x509', ...KEY, '-subj', '/CN=promo test CA', '-keyout', 'ca.key', '-out', 'ca.pem']);
  openssl(dir, [
    'req',
    '-x509',
    ...KEY,
    '-subj',
    '/CN=self-signed',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    'self.key',
    '-out',
    'self.pem',
    '-days',
    '2',
  ]);
  // `openssl ca` is the one way openssl 3.0 sets arbitrary validity dates (for the expired one).
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'serial = $dir/serial',
      'new_certs_dir = $dir',
      'default_md = sha256',
      'policy = any',
      'copy_extensions = copy',
      'unique_subject = no',
      '[any]',
      'commonName = supplied',
    ].join('\n'),
  );
  const issue = (name: string, san: string, dates: string[]) => {
    openssl(dir, [
      'req',
      '-new',
      ...KEY,
      '-subj',
      `/CN=${name}`,
      '-addext',
      `subjectAltName=${san}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
    ]);
    openssl(dir, [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-cert',
      'ca.pem',
      '-keyfile',
      'ca.key',
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.pem`,
      '-notext',
      ...dates,
    ]);
  };
  issue('good', 'IP:127.0.0.1,DNS:localhost', ['-days', '2']);
  issue('expired', 'IP:127.0.0.1', ['-startdate', '20200101000000Z', '-enddate', '20200102000000Z']);
  issue('other', 'DNS:other.test', ['-days', '2']);
  return {
    ca: read(dir, 'ca'),
    good: read(dir, 'good'),
    selfSigned: read(dir, 'self'),
    expired: read(dir, 'expired'),
    otherHost: read(dir, 'other'),
  };
}
