import type { AppConfig } from '../../api/config';
import { DEMO_LOGINS, DEMO_PASSWORD } from '../demo/demo-people';
import { DEMO_QUESTIONNAIRE_PATH } from '../demo/demo-questionnaires';

export interface BannerFacts {
  config: AppConfig;
  temporalUiUrl: string;
  temporalOrigin: string;
  database: string;
  showLogins: boolean;
  viteUrl?: string | undefined;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, col) => cell.padEnd(widths[col]!))
      .join('   ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('   ');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)];
}

/** What a person needs after `npm start`: where the app is, how to log in, where to look behind the scenes. */
export function formatBanner(facts: BannerFacts): string {
  const { config } = facts;
  const out: string[] = ['', '  The platform is running.', ''];
  const links: string[][] = [
    ['App', facts.viteUrl ? `${facts.viteUrl}   (hot reload; API at ${config.publicUrl})` : config.publicUrl],
    ['API docs', `${config.publicUrl}/api/docs`],
    ['Temporal Web UI', facts.temporalUiUrl],
  ];
  if (config.devMailbox) links.push(['Dev mailbox', `${config.publicUrl}/dev/mailbox`]);
  links.push(['Database', facts.database], ['Temporal', facts.temporalOrigin]);
  out.push(...links.map(([name, value]) => `  ${name!.padEnd(16)} ${value}`), '');
  if (facts.showLogins) {
    out.push(`  Demo logins (password for all: ${DEMO_PASSWORD})`, '');
    const rows = [['E-mail', 'Role'], ...DEMO_LOGINS.map((login) => [login.email, login.label])];
    out.push(...table(rows).map((row) => `  ${row}`), '');
    out.push(`  Public recruiting questionnaire: ${config.publicUrl}${DEMO_QUESTIONNAIRE_PATH}`, '');
  }
  if (config.maintenance) out.push('  MAINTENANCE=1: the app shows the maintenance page and the API answers 503.', '');
  const kept = config.databaseUrl ? `the database above and ${config.dataDir}` : config.dataDir;
  out.push(`  Press Ctrl-C to stop; the next start keeps the data (in ${kept}).`, '');
  return out.join('\n');
}
