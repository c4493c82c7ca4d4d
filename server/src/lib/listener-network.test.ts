import { describe, expect, it } from 'vitest';
import { listenerNetwork } from './listener-network';

describe('listenerNetwork', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(listenerNetwork('197.248.10.4')).toBe('197.248.10.4');
    expect(listenerNetwork('::ffff:197.248.10.4')).toBe('197.248.10.4');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2c0f:fe38:2101:1a2b::/64';
    for (const address of ['2c0f:fe38:2101:1a2b::1', '2c0f:fe38:2101:1a2b:8d3:ffff:12:9', '2C0F:FE38:2101:1A2B:0:0:0:7', '2c0f:fe38:2101:1a2b::']) {
      expect(listenerNetwork(address), address).toBe(network);
    }
    expect(listenerNetwork('2c0f:fe38:2101:1a2c::1')).not.toBe(network);
    expect(listenerNetwork('::1')).toBe('0:0:0:0::/64');
    expect(listenerNetwork('2c0f::5')).toBe('2c0f:0:0:0::/64');
  });
});
