import { clientKey } from './client-address.js';

/** Issue 37 item 1: one IPv6 household or host has a /64 of its own, so the limits count the /64, not the address. */
describe('clientKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, however it is written', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives the addresses of one /64 one key, written in any form, and another /64 another', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKey('2001:db8:1:2:0:0:0:0')).toBe(key);
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('2001:db8::1:2:0:0:1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves out the zone of a link-local address', () => {
    expect(clientKey('fe80::1%eth0')).toBe(clientKey('fe80::2'));
  });

  it('keeps what is not an IP address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
