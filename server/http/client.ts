import { isIPv6 } from "node:net";
import { macOf } from "../security/tokens.ts";

/**
 * The network a request comes from, as limits count it: an IPv4 address, or the /64 prefix of
 * an IPv6 one, since one household or phone is given a whole /64 and can change address within
 * it at will.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * A keyed hash of the client's network (see networkOf) for the database: the seats and messages
 * of one address are counted there without the address being kept.
 */
export function clientKey(secret: string, network: string): string {
  return macOf(secret, `client\n${network}`);
}
