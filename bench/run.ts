import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { printTable, type BenchRow } from './measure';

/**
 * `npm run bench`: every benchmark of the project on this machine. Prints a table and writes bench/results.json.
 * Figures are reported, never asserted.
 */
interface Suite {
  name: string;
  load: () => Promise<() => Promise<BenchRow[]>>;
}

const SUITES: Suite[] = [
  { name: 'form engine', load: async () => (await import('./form-engine.bench')).runFormEngineBench },
  { name: 'api', load: async () => (await import('./api.bench')).runApiBench },
  { name: 'packet designer', load: async () => (await import('./packet-designer.bench')).runPacketDesignerBench },
  { name: 'packets', load: async () => (await import('./packets.bench')).runPacketsBench },
  { name: 'submission pdf', load: async () => (await import('./submission-pdf.bench')).runSubmissionPdfBench },
  {
    name: 'operator console',
    load: async () => (await import('./operator-console.bench')).runOperatorConsoleBench,
  },
  { name: 'disclosures', load: async () => (await import('./disclosures.bench')).runDisclosuresBench },
  { name: 'templates', load: async () => (await import('./templates.bench')).runTemplatesBench },
  { name: 'packet screens', load: async () => (await import('./packet-screens.bench')).runPacketScreensBench },
  { name: 'tasks', load: async () => (await import('./tasks.bench')).runTasksBench },
  { name: 'athletes upload', load: async () => (await import('./athletes-upload.bench')).runAthletesUploadBench },
  { name: 'calendar month', load: async () => (await import('./calendar-month.bench')).runCalendarMonthBench },
  { name: 'bylaw 17', load: async () => (await import('./bylaw17.bench')).runBylaw17Bench },
  { name: 'recruiting board', load: async () => (await import('./recruiting-board.bench')).runRecruitingBoardBench },
  { name: 'payments', load: async () => (await import('./payments.bench')).runPaymentsBench },
  { name: 'fmv', load: async () => (await import('./fmv.bench')).runFmvBench },
];

const only = process.argv.slice(2);
const results: Record<string, BenchRow[]> = {};
for (const suite of SUITES) {
  if (only.length && !only.some((o) => suite.name.includes(o))) continue;
  console.log(`\n## ${suite.name}`);
  const run = await suite.load();
  const rows = await run();
  printTable(rows);
  results[suite.name] = rows;
}
const file = join(import.meta.dirname, 'results.json');
writeFileSync(
  file,
  JSON.stringify(
    {
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      at: new Date().toISOString(),
      results,
    },
    null,
    2,
  ) + '\n',
);
console.log(`\nWrote ${file}`);
process.exit(0);
