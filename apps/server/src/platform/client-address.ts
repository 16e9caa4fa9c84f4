import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * Fastify's `trustProxy` for the TRUST_PROXY setting. A hop count becomes a trust function: Fastify
 * given a plain number trusts no hop at all (it cannot tell a proxy from a client that writes enough
 * entries), while the operator who sets `1` says the connection always comes from their proxy, so
 * the client is the entry that proxy appended (the rightmost), never the leftmost one, which the
 * client writes. A list of addresses or CIDRs trusts those peers only (proxy-addr, Fastify's own).
 */
export function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting.proxies;
}
