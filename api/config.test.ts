import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cfg-'));

function expectConfigError(env: Record<string, string>, variable: string) {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).variable).toBe(variable);
    expect((err as Error).message).toMatch(new RegExp(`^${variable}: `));
    return;
  }
  throw new Error(`expected a ConfigError naming ${variable}`);
}

describe('loadConfig', () => {
  it('runs with embedded defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.devMailbox).toBe(true);
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.cookieSecure).toBe(false);
  });

  it('keeps the generated development secret across starts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(loadConfig({ DATA_DIR: dir }).appSecret);
  });

  it('names the variable that is wrong', () => {
    expectConfigError({ PORT: 'abc' }, 'PORT');
    expectConfigError({ PORT: '70000' }, 'PORT');
    expectConfigError({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    expectConfigError({ TEMPORAL_ADDRESS: 'nohostport' }, 'TEMPORAL_ADDRESS');
    expectConfigError({ SMTP_URL: 'http://mail' }, 'SMTP_URL');
    expectConfigError({ MAINTENANCE: 'maybe' }, 'MAINTENANCE');
    expectConfigError({ APP_SECRET: 'short' }, 'APP_SECRET');
    expectConfigError({ NODE_ENV: 'production' }, 'APP_SECRET');
  });

  it('trusts no proxy by default; TRUST_PROXY takes true, a hop count or addresses and ranges', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 192.168.0.0/16,loopback, fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
    for (const wrong of ['proxy.example.edu', '10.0.0.0/33', '10.0.0.1/8/1', '11', '::1/129', 'yes']) {
      expectConfigError({ TRUST_PROXY: wrong }, 'TRUST_PROXY');
    }
  });

  it('turns the dev mailbox off when SMTP is configured and marks https cookies secure', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://localhost:2525', PUBLIC_URL: 'https://x.edu' });
    expect(config.devMailbox).toBe(false);
    expect(config.cookieSecure).toBe(true);
  });
});
