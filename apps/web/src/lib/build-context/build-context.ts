import {
  BIND_LINK_PARAM,
  type Region,
  type RegionRule,
  defaultRegionRule,
  regionFromHost,
} from '@account-centre/contract';

export type Tend = 'max' | 'mindmaster' | 'project';
export type Platform = 'tablet' | 'mobile' | 'mas';
/**
 * - `browser`: a normal browser tab;
 * - `desktop`: the embedded browser of a desktop client (`from=…`): no header, the client's
 *   theme colour, messages to the client;
 * - `frame`: the tablet or mobile frame of the diagram product (`platform=tablet|mobile`).
 */
export type HostMode = 'browser' | 'desktop' | 'frame';
export type ThemeChoice = 0 | 1 | 2;

/** What the address the app was opened with says about this build (spec 01 §2). */
export interface BuildContext {
  region: Region;
  tend: Tend | null;
  platform: Platform | null;
  /** The desktop client type (`maxPC`, `projectPC`, `mindmaster` or another one). */
  from: string | null;
  hostMode: HostMode;
  /** `banhref=1`: the build that may not link out (fewer menu entries). */
  banhref: boolean;
  pid: number | null;
  theme: ThemeChoice | null;
  /** The desktop client's version, for features that need a minimum client version. */
  clientVersion: string | null;
}

/** The one-time and per-screen values of the address, kept from the first load. */
export interface LaunchParams {
  /** `lang` as written (resolved by the i18n setup). */
  lang: string | null;
  /** `to`: the screen to open once. */
  to: string | null;
  /** `custom`: a base64 credential payload. */
  custom: string | null;
  /** `pcID`: the user id the desktop client is signed in as. */
  pcId: string | null;
  /** `openWXBind`: open WeChat binding on the account screen. */
  openWxBind: boolean;
  /** `form_name`: the exchange-code lookup of the account screen. */
  formName: string | null;
  /** `bind_link`: a one-time phone-binding link opened on a phone (docs/decisions/009). */
  bindLink: string | null;
}

type LocationLike = Pick<Location, 'host' | 'search'>;

/** The part of `window` the build context reads besides the address. */
export interface HostEnvironment {
  /** The desktop client's host object, when it is there (see lib/host-bridge). */
  desktopHost?: { version?: unknown } | undefined;
}

function parseList(value: string | undefined): number[] | null {
  if (value === undefined || value.trim() === '') return null;
  const ports = value.split(',').map((part) => Number(part.trim()));
  return ports.every((port) => Number.isInteger(port) && port > 0 && port < 65536) ? ports : null;
}

/**
 * The region rule of this build: the domestic marker and development ports can be changed per
 * deployment through Vite's env (`VITE_DOMESTIC_MARKER`, `VITE_DEV_PORTS=3000,5173`), as the
 * server's DOMESTIC_HOST_MARKER and DEV_PORTS do, so both sides agree.
 */
export function regionRuleFromEnv(env: Record<string, string | undefined>): RegionRule {
  return {
    domesticMarker: env.VITE_DOMESTIC_MARKER?.trim() || defaultRegionRule.domesticMarker,
    developmentPorts: parseList(env.VITE_DEV_PORTS) ?? defaultRegionRule.developmentPorts,
  };
}

const envRule = (): RegionRule => regionRuleFromEnv(import.meta.env as Record<string, string | undefined>);

function parseTend(value: string | null): Tend | null {
  switch (value?.trim().toLowerCase()) {
    case 'max':
      return 'max';
    // spec 01 §2: "mind maps to mindmaster"
    case 'mind':
    case 'mindmaster':
      return 'mindmaster';
    case 'project':
      return 'project';
    default:
      return null;
  }
}

function parsePlatform(value: string | null): Platform | null {
  const platform = value?.trim().toLowerCase();
  return platform === 'tablet' || platform === 'mobile' || platform === 'mas' ? platform : null;
}

function parseTheme(value: string | null): ThemeChoice | null {
  if (value === null || !/^\s*[0-2]\s*$/.test(value)) return null;
  return Number(value) as ThemeChoice;
}

function parsePid(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,15}\s*$/.test(value)) return null;
  return Number(value);
}

function nonEmpty(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Reads the build context from an address. Pure: the same address gives the same answer. */
export function readBuildContext(
  location: LocationLike,
  environment: HostEnvironment = {},
  rule: RegionRule = envRule(),
): BuildContext {
  const query = new URLSearchParams(location.search);
  const from = nonEmpty(query.get('from'));
  const platform = parsePlatform(query.get('platform'));
  // A desktop client says which one it is with `from`; the tablet and mobile frames of the
  // diagram product with `platform`. The Mac store build is a desktop platform, not a frame.
  const hostMode: HostMode = from ? 'desktop' : platform === 'tablet' || platform === 'mobile' ? 'frame' : 'browser';
  const hostVersion = environment.desktopHost?.version;
  return {
    region: regionFromHost(location.host, rule),
    tend: parseTend(query.get('tend')),
    platform,
    from,
    hostMode,
    banhref: query.get('banhref')?.trim() === '1',
    pid: parsePid(query.get('pid')),
    theme: parseTheme(query.get('theme')),
    clientVersion:
      typeof hostVersion === 'string' && hostVersion.trim() ? hostVersion.trim() : nonEmpty(query.get('version')),
  };
}

/** Reads the one-time values of an address (see LaunchParams). */
export function readLaunchParams(location: Pick<Location, 'search'>): LaunchParams {
  const query = new URLSearchParams(location.search);
  return {
    lang: nonEmpty(query.get('lang')),
    to: nonEmpty(query.get('to')),
    custom: nonEmpty(query.get('custom')),
    pcId: nonEmpty(query.get('pcID')),
    openWxBind: ['1', 'true'].includes(query.get('openWXBind')?.trim().toLowerCase() ?? ''),
    formName: nonEmpty(query.get('form_name')),
    bindLink: nonEmpty(query.get(BIND_LINK_PARAM)),
  };
}
