import { isIP } from 'node:net';

/**
 * Whether an address is this computer's own (127.0.0.0/8, ::1, or IPv4 loopback written as IPv6). The dev mailbox
 * shows every school's mail, invitation and reset links included, so it answers only such connections unless
 * DEV_MAILBOX_PUBLIC=1 (issue 36).
 */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.split('.')[0] === '127';
  return plain === '::1' || /^0{0,4}(:0{0,4}){6}:0{0,3}1$/.test(plain);
}

/**
 * The connection and, behind a trusted proxy, the client it forwards for, must both be loopback: a proxy on the same
 * machine would otherwise hand the mailbox to anyone on the network.
 */
export function isLoopbackRequest(peerAddress: string | undefined, clientAddress: string | undefined): boolean {
  return isLoopbackAddress(peerAddress) && isLoopbackAddress(clientAddress);
}
