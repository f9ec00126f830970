import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Configuration comes from environment variables only. Each is validated at start; a wrong value stops the start
 * with a message naming the variable (ConfigError).
 */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalUiUrl: string;
  temporalCli: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string;
  maintenance: boolean;
  logLevel: string;
  sessionTtlHours: number;
  loadDemoData: boolean;
  cookieSecure: boolean;
  /** Serve the dev mailbox (outbox viewer) — on when no SMTP_URL is set and not in production. */
  devMailbox: boolean;
  /** DEV_MAILBOX_PUBLIC=1: the dev mailbox answers on every interface, not only to loopback connections. */
  devMailboxPublic: boolean;
  /**
   * Which proxies may say who the client is (X-Forwarded-For), as Fastify's `trustProxy`: false (nobody, the
   * default), true (anyone: only behind a proxy that overwrites the header), a hop count, or addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function str(env: Env, name: string, fallback?: string): string | undefined {
  const v = env[name];
  if (v === undefined || v.trim() === '') return fallback;
  return v.trim();
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be 1 or 0 (true or false), got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[], fallback?: string): string | undefined {
  const raw = str(env, name, fallback);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function hostPort(env: Env, name: string): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  if (!/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/.test(raw)) throw new ConfigError(name, `must be host:port, got "${raw}"`);
  return raw;
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 0/false trusts nobody; true, a hop count (1-10) or a comma-separated list of addresses. */
function trustProxy(env: Env): AppConfig['trustProxy'] {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === undefined || /^(0|false)$/i.test(raw)) return false;
  if (/^true$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', `a hop count must be between 1 and 10, got ${hops}`);
    return hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `"${wrong}" is not an IP address, a CIDR range (10.0.0.0/8), loopback, linklocal or uniquelocal`,
    );
  }
  return entries;
}

/** A development secret is generated once and kept in the data folder so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnvRaw = str(env, 'NODE_ENV', 'development')!;
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError('NODE_ENV', `must be development, production or test, got "${nodeEnvRaw}"`);
  }
  const nodeEnv = nodeEnvRaw as AppConfig['nodeEnv'];
  const port = int(env, 'PORT', 3000, 1, 65535);
  const dataDir = resolve(str(env, 'DATA_DIR', '.data')!);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:'], `http://localhost:${port}`)!.replace(/\/$/, '');
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  const secretRaw = str(env, 'APP_SECRET');
  if (secretRaw !== undefined && secretRaw.length < 32) {
    throw new ConfigError('APP_SECRET', 'must be at least 32 characters');
  }
  if (secretRaw === undefined && nodeEnv === 'production') {
    throw new ConfigError('APP_SECRET', 'is required in production (at least 32 random characters)');
  }
  const mailFrom = str(env, 'MAIL_FROM', 'Athletics Compliance <no-reply@localhost>')!;
  if (!/<?[^\s<>@]+@[^\s<>@]+>?$/.test(mailFrom)) throw new ConfigError('MAIL_FROM', 'must contain an e-mail address');
  const logLevel = str(env, 'LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info')!;
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    nodeEnv,
    host: str(env, 'HOST', '0.0.0.0')!,
    port,
    publicUrl,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    temporalAddress: hostPort(env, 'TEMPORAL_ADDRESS'),
    temporalNamespace: str(env, 'TEMPORAL_NAMESPACE', 'default')!,
    temporalUiUrl: url(env, 'TEMPORAL_UI_URL', ['http:', 'https:'], 'http://localhost:8233')!.replace(/\/$/, ''),
    temporalCli: str(env, 'TEMPORAL_CLI'),
    smtpUrl,
    mailFrom,
    appSecret: secretRaw ?? devSecret(dataDir),
    maintenance: bool(env, 'MAINTENANCE', false),
    logLevel,
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 12, 1, 24 * 30),
    loadDemoData: bool(env, 'DEMO_DATA', nodeEnv !== 'production'),
    cookieSecure: publicUrl.startsWith('https:'),
    devMailbox: !smtpUrl && nodeEnv !== 'production',
    devMailboxPublic: bool(env, 'DEV_MAILBOX_PUBLIC', false),
    trustProxy: trustProxy(env),
  };
}
