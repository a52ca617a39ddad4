import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the portal may send a webhook (docs/webhooks.md, "Address guard"). A URL is an invitation
 * to make the server call any address it reaches, its own network included (SSRF): private,
 * loopback, link-local, unique-local, multicast and unspecified addresses are refused unless the
 * operator lists them in WEBHOOK_ALLOWED_HOSTS. The check runs when an endpoint is saved and again
 * on every delivery, against the addresses the name resolves to then; the request then connects to
 * the address checked, so a DNS answer that changes in between (rebinding) cannot redirect it.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address it has; injected so tests can answer as they like. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: may reach any IPv4 address
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (chunk: string | undefined) => (chunk ? chunk.split(':').map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) stands for; else null. */
function mappedIPv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (groups.length !== 8 || groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An address with its family, IPv4-mapped IPv6 read as the IPv4 address it is. */
function normalise(address: string): { address: string; type: 'ipv4' | 'ipv6' } | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return { address: bare, type: 'ipv4' };
  if (family !== 6) return null;
  const v4 = mappedIPv4(bare);
  return v4 ? { address: v4, type: 'ipv4' } : { address: bare, type: 'ipv6' };
}

/** What the operator allows beyond public addresses: host names, and addresses or CIDR ranges. */
export type AllowList = { hosts: ReadonlySet<string>; addresses: BlockList; text: string };

/** Reads WEBHOOK_ALLOWED_HOSTS: `hooks.internal, 10.1.2.0/24, 127.0.0.1, fd00::/8`. */
export function parseAllowList(text: string | undefined): AllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const parsed = normalise(address);
    if (!parsed) {
      hosts.add(entry);
      continue;
    }
    const max = parsed.type === 'ipv4' ? 32 : 128;
    const bits = prefix === undefined ? max : Number(prefix);
    if (!Number.isInteger(bits) || bits < 0 || bits > max)
      throw new Error(`WEBHOOK_ALLOWED_HOSTS: ${entry} is not an address or CIDR range`);
    addresses.addSubnet(parsed.address, bits, parsed.type);
  }
  return { hosts, addresses, text: text ?? '' };
}

/** Whether an address is one the portal may connect to: public, or allowed by the operator. */
export function isAddressAllowed(address: string, allow: AllowList): boolean {
  const parsed = normalise(address);
  if (!parsed) return false;
  if (allow.addresses.check(parsed.address, parsed.type)) return true;
  return !FORBIDDEN.check(parsed.address, parsed.type);
}

export class RefusedAddressError extends Error {}

/** The URL's host as written (no brackets), and whether the operator allows it by name or address. */
function hostOf(url: URL, allow: AllowList) {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = normalise(host);
  const allowed = allow.hosts.has(host) || (literal !== null && allow.addresses.check(literal.address, literal.type));
  return { host, literal, allowed };
}

/**
 * The address to connect to for this URL, now: every address the host resolves to must pass (one
 * private answer among public ones is refused too), and the first is used. Plain http only for an
 * allowed host. Throws RefusedAddressError with a message fit for the owner.
 */
export async function resolveDeliveryAddress(
  rawUrl: string,
  allow: AllowList,
  resolve: Resolver,
): Promise<ResolvedAddress> {
  const url = new URL(rawUrl);
  const { host, literal, allowed } = hostOf(url, allow);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) {
    throw new RefusedAddressError('Webhooks are sent over HTTPS only; use an https:// address');
  }
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: literal.address, family: literal.type === 'ipv4' ? 4 : 6 }];
  } else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedAddressError(`The host name ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new RefusedAddressError(`The host name ${host} does not resolve`);
  const refused = addresses.find((candidate) => !allow.hosts.has(host) && !isAddressAllowed(candidate.address, allow));
  if (refused) {
    throw new RefusedAddressError(
      `${host} points to ${refused.address}, a private, loopback or otherwise internal address the portal does not send to`,
    );
  }
  return addresses[0]!;
}
