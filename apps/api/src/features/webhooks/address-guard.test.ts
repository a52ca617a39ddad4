import { describe, expect, it } from 'vitest';
import { isAddressAllowed, parseAllowList, resolveDeliveryAddress, type Resolver } from './address-guard';

const none = parseAllowList(undefined);
const answering =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('address guard', () => {
  it('refuses private, loopback, link-local, unique-local, multicast and unspecified addresses, IPv4-mapped ones too', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
    ]) {
      expect(isAddressAllowed(address, none), address).toBe(false);
    }
  });

  it('lets public addresses through, IPv4-mapped public ones included', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:8.8.8.8',
      '172.32.0.1',
    ]) {
      expect(isAddressAllowed(address, none), address).toBe(true);
    }
  });

  it('lets the operator allow host names, addresses and CIDR ranges, and nothing else', () => {
    const allow = parseAllowList('hooks.internal, 10.1.2.0/24, 127.0.0.1, fd00::/8');
    expect(isAddressAllowed('10.1.2.200', allow)).toBe(true);
    expect(isAddressAllowed('10.1.3.1', allow)).toBe(false);
    expect(isAddressAllowed('127.0.0.1', allow)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', allow)).toBe(true);
    expect(isAddressAllowed('127.0.0.2', allow)).toBe(false);
    expect(isAddressAllowed('fd00::5', allow)).toBe(true);
    expect(allow.hosts.has('hooks.internal')).toBe(true);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
  });

  it('checks every address a name resolves to, and plain http only for allowed hosts', async () => {
    await expect(
      resolveDeliveryAddress('https://crm.example.com/h', none, answering('93.184.216.34')),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    await expect(
      resolveDeliveryAddress('https://crm.example.com/h', none, answering('93.184.216.34', '10.0.0.7')),
    ).rejects.toThrow(/10\.0\.0\.7/);
    await expect(resolveDeliveryAddress('https://crm.example.com/h', none, answering('::1'))).rejects.toThrow(/::1/);
    await expect(resolveDeliveryAddress('http://crm.example.com/h', none, answering('93.184.216.34'))).rejects.toThrow(
      /HTTPS/,
    );
    const failing: Resolver = () => Promise.reject(new Error('ENOTFOUND'));
    await expect(resolveDeliveryAddress('https://nowhere.example/h', none, failing)).rejects.toThrow(
      /does not resolve/,
    );
    const allow = parseAllowList('hooks.internal');
    await expect(
      resolveDeliveryAddress('http://hooks.internal:8080/h', allow, answering('10.9.9.9')),
    ).resolves.toMatchObject({ address: '10.9.9.9' });
  });
});
