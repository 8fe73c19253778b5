import { BlockList, isIP } from 'node:net';

export interface ClientDescription {
  kind: 'browser' | 'app' | 'unknown';
  name: string | null;
  version: string | null;
  os: string | null;
}

/** Operating systems by a token of the user agent; the first match wins (iPadOS says "Mac OS X" too). */
const systems: [RegExp, string][] = [
  [/HarmonyOS/, 'HarmonyOS'],
  [/Windows NT|Windows Phone|Win64|WOW64/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/**
 * Browsers by their own token, most specific first: Edge, Opera, Samsung Internet and the
 * WeChat and QQ in-app browsers all carry "Chrome/" or "Safari/" as well.
 */
const browsers: [RegExp, string][] = [
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/\bQQ\/(\d+)|MQQBrowser\/(\d+)|QQBrowser\/(\d+)/, 'QQ Browser'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)|Opera\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

/**
 * What a user agent says about the client, for "where am I signed in": a browser by name and
 * major version, or an application by its product token ("MindMaster/12.2.15 …"). Only what
 * the agent states is reported; anything else stays null rather than guessed.
 */
export function describeClient(userAgent: string | null): ClientDescription {
  const agent = userAgent?.trim() ?? '';
  if (!agent) return { kind: 'unknown', name: null, version: null, os: null };
  const os = systems.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  if (agent.startsWith('Mozilla/')) {
    for (const [pattern, name] of browsers) {
      const match = pattern.exec(agent);
      if (match) return { kind: 'browser', name, version: match.slice(1).find(Boolean) ?? null, os };
    }
    return { kind: 'browser', name: null, version: null, os };
  }
  const product = /^([A-Za-z][\w .-]{0,39}?)\/(\d[\w.-]{0,31})/.exec(agent);
  if (product) return { kind: 'app', name: product[1] ?? null, version: product[2] ?? null, os };
  return { kind: 'unknown', name: null, version: null, os };
}

/** Loopback, private and link-local networks (RFC 1918, RFC 4193, RFC 3927/4291). */
const localNetworks = new BlockList();
localNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
localNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
localNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
localNetworks.addAddress('::1', 'ipv6');
localNetworks.addSubnet('fc00::', 7, 'ipv6');
localNetworks.addSubnet('fe80::', 10, 'ipv6');

/**
 * The approximate location of an address, as far as it is known: `local` for loopback and
 * private networks (the sign-in came from the server's own network). No geolocation database
 * ships with the service, so a public address gives null — the screen shows nothing rather
 * than a guess (docs/decisions/004).
 */
export function approximateLocation(ip: string | null): 'local' | null {
  if (!ip) return null;
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return null;
  return localNetworks.check(address, family === 4 ? 'ipv4' : 'ipv6') ? 'local' : null;
}
