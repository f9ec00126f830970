import { join } from 'node:path';
import { ConfigError, loadConfig } from '../api/config';
import { migrateToLatest } from '../migrations/migrate';
import { loadDemoData } from './demo-data';
import { openDatabase } from './start/database';

/**
 * `npm run migrate`: brings DATABASE_URL (or the embedded database under DATA_DIR) to the latest migration, and
 * loads the demo data once when DEMO_DATA is on. The production compose file runs it before the API and workers.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config).catch((err: unknown) => {
    console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
    process.exit(1);
  });
  try {
    const applied = await migrateToLatest(database.db);
    const where = config.databaseUrl ? 'DATABASE_URL' : join(config.dataDir, 'pglite');
    console.log(applied.length ? `Applied ${applied.join(', ')} to ${where}.` : `${where} is up to date.`);
    const demo = await loadDemoData(database.db, config);
    if (demo.loaded) console.log('Loaded the demo data (DEMO_DATA is on).');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
