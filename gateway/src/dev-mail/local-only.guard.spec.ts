import { isLoopback } from './local-only.guard.js';

describe('the mail catcher inbox answers this machine only', () => {
  it('takes loopback addresses (IPv4, IPv6, IPv4-mapped) and nothing else', () => {
    for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(local)).toBe(true);
    for (const other of ['192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20', 'fe80::1', '1127.0.0.1', '', undefined])
      expect(isLoopback(other)).toBe(false);
  });
});
