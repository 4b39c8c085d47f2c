// Request → the client's address as our HTTP server saw it (throttling, rate limits, audit log, visitor counts),
// and address → the key throttles count by (one IPv6 host holds a whole /64, so it counts as one address).
import { isIPv4, isIPv6 } from "node:net";

/** The header our HTTP server sets from the socket (overwriting any client value), so it can be trusted. */
export const CLIENT_IP_HEADER = "x-directory-client-ip";

export function getClientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "unknown";
}

/** The eight 16-bit groups of a valid IPv6 address (zone removed), an embedded IPv4 tail converted to two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * The address a throttle counts by: an IPv4 address as it is (also when written IPv4-mapped, `::ffff:1.2.3.4`),
 * an IPv6 address as its /64 prefix (`2001:db8:0:1::/64`), anything else as given (e.g. "unknown").
 * NOTE: an IPv6 host normally owns a whole /64 and can pick a new address in it for every request; counted one by
 * one, those would each get a fresh address's allowance.
 */
export function throttleAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address.split("%")[0] ?? "")) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
