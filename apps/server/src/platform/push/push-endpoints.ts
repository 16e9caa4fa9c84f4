import { isIP } from 'node:net';

/**
 * Whether the server may post to this push endpoint. Members hand us the URL, so without a rule
 * the server would send requests wherever they say (its own network included): browsers' push
 * services are public https hosts, so only those are taken. `insecure` (PUSH_INSECURE_ENDPOINTS,
 * tests) also takes http and this machine, where the local push service runs.
 */
export function isAllowedPushEndpoint(endpoint: string, insecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (insecure) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(host) === 0 && host !== 'localhost' && !host.endsWith('.localhost') && host.includes('.');
}
