export type Region = 'domestic' | 'overseas';

export interface RegionRule {
  /** A host containing this marker is domestic (default `.cn`). */
  domesticMarker: string;
  /** Development ports: a host on one of them is domestic, whatever its name. */
  developmentPorts: readonly number[];
}

export const defaultRegionRule: RegionRule = {
  domesticMarker: '.cn',
  developmentPorts: [3000, 4173, 5173, 8080],
};

/**
 * The region a host selects (spec 01 §1): the domestic marker or a development port gives the
 * domestic build, anything else the overseas one. `host` is a Host header or `location.host`
 * (`name[:port]`, IPv6 in brackets).
 */
export function regionFromHost(host: string, rule: RegionRule = defaultRegionRule): Region {
  const { name, port } = splitHost(host);
  if (rule.domesticMarker && name.includes(rule.domesticMarker.toLowerCase())) return 'domestic';
  if (port !== null && rule.developmentPorts.includes(port)) return 'domestic';
  return 'overseas';
}

function splitHost(host: string): { name: string; port: number | null } {
  const value = host.trim().toLowerCase();
  const match = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(value);
  if (!match) return { name: value, port: null };
  return { name: match[1] ?? '', port: match[2] ? Number(match[2]) : null };
}
