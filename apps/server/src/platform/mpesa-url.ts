import { isIP } from 'node:net';

/** Daraja's own hosts, by MPESA_URL's `env`. */
export const DARAJA_HOSTS = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
} as const;

/** A live Daraja account: the STK Push paybill and the B2C shortcode with its initiator. */
export interface DarajaAccount {
  shortcode: string;
  consumerKey: string;
  consumerSecret: string;
  passkey: string;
  b2cShortcode: string;
  initiator: string;
  securityCredential: string;
  env: keyof typeof DARAJA_HOSTS;
  /** Daraja's host for `env`, or the `endpoint` of a stand-in. */
  baseUrl: string;
}

/** Unset: test mode, against the stand-in built into the product. */
export type MpesaSettings = { testMode: true } | ({ testMode: false } & DarajaAccount);

const REQUIRED = [
  'consumerKey',
  'consumerSecret',
  'passkey',
  'b2cShortcode',
  'initiator',
  'securityCredential',
] as const;
const KNOWN = new Set<string>([...REQUIRED, 'env', 'endpoint']);
const EXAMPLE =
  'daraja://SHORTCODE?consumerKey=…&consumerSecret=…&passkey=…&b2cShortcode=…&initiator=…&securityCredential=…&env=sandbox';

/** MPESA_URL → the settings, or the problems found (each a sentence). */
export function parseMpesaUrl(value: string | undefined): MpesaSettings | { problems: string[] } {
  if (!value) return { testMode: true };
  if (!value.startsWith('daraja://')) return { problems: [`must look like ${EXAMPLE} (or be unset)`] };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problems: [`must look like ${EXAMPLE}`] };
  }
  const problems: string[] = [];
  const shortcode = url.hostname;
  if (!/^\d{5,7}$/.test(shortcode)) problems.push(`"${shortcode}" is not a shortcode (5 to 7 digits)`);
  const get = (name: string) => url.searchParams.get(name) ?? '';
  for (const name of url.searchParams.keys())
    if (!KNOWN.has(name)) problems.push(`unknown parameter "${name}" (known: ${[...KNOWN].join(', ')})`);
  for (const name of REQUIRED) if (!get(name)) problems.push(`needs ${name}`);
  if (get('b2cShortcode') && !/^\d{5,7}$/.test(get('b2cShortcode')))
    problems.push('b2cShortcode must be 5 to 7 digits');
  const env = get('env') || 'sandbox';
  if (env !== 'sandbox' && env !== 'production') problems.push('env must be sandbox or production');
  const endpoint = get('endpoint');
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    problems.push('endpoint must be an http:// or https:// address');
  if (problems.length > 0) return { problems };
  return {
    testMode: false,
    shortcode,
    consumerKey: get('consumerKey'),
    consumerSecret: get('consumerSecret'),
    passkey: get('passkey'),
    b2cShortcode: get('b2cShortcode'),
    initiator: get('initiator'),
    securityCredential: get('securityCredential'),
    env: env as DarajaAccount['env'],
    baseUrl: (endpoint || DARAJA_HOSTS[env as DarajaAccount['env']]).replace(/\/$/, ''),
  };
}

/** MPESA_ALLOWED_IPS: addresses or CIDRs; the entries that are neither. */
export function wrongAddressEntries(entries: string[]): string[] {
  return entries.filter((entry) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    return prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
}
