import net from 'node:net';

/**
 * The network a client address stands for, when counting listeners by address: an IPv4 address as
 * it is, an IPv6 address by its /64 (one household or phone gets a whole /64 and may rotate through
 * it at will, so a full address would let one listener count as many).
 */
export function listenerNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const headGroups = head ? head.split(':') : [];
    const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
    const groups = [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
    return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
  }
  return address;
}
