import { defineConfig, devices } from '@playwright/test';
process.env.E2E_BASE_URL = 'http://localhost:3461';
export default defineConfig({
  testDir: '../e2e',
  testMatch: '**/packets/*.spec.ts',
  outputDir: '/tmp/pw-out',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: { baseURL: 'http://localhost:3461', screenshot: 'only-on-failure' },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] } } }],
});
