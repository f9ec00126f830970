import { ConfigError, loadConfig } from '../api/config';
import { migrateToLatest } from '../migrations/migrate';
import { createOperatorAccount, OperatorSetupError } from './operator/create-operator-account';
import { CREATE_OPERATOR_USAGE, parseOperatorArgs } from './operator/parse-operator-args';
import { lockDataDir } from './start/data-lock';
import { openDatabase } from './start/database';

/**
 * `npm run create-operator -- --email … --first-name … --last-name …` with OPERATOR_PASSWORD set: the first login of
 * a production install that runs without demo data. Uses the same DATABASE_URL (or DATA_DIR) as the app and brings
 * the schema up to date first, so it also works before the first start.
 */
async function main(): Promise<number> {
  const parsed = parseOperatorArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) {
    for (const problem of parsed.problems) console.error(`- ${problem}`);
    console.error(`\n${CREATE_OPERATOR_USAGE}`);
    return 2;
  }
  let config;
  let unlock = () => {};
  try {
    config = loadConfig(process.env);
    // The embedded database belongs to one process: refuse while `npm start` runs on the same DATA_DIR.
    if (!config.databaseUrl) unlock = lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase(config).catch((err: unknown) => {
    unlock();
    throw err;
  });
  try {
    await migrateToLatest(database.db);
    const result = await createOperatorAccount(database.db, parsed.input);
    const where = result.organisation.created ? 'the new provider organisation' : 'the provider organisation';
    console.log(`Created operator ${parsed.input.email} in ${where} "${result.organisation.name}".`);
    console.log(`Log in at ${config.publicUrl}/login to onboard schools.`);
    return 0;
  } catch (err) {
    if (err instanceof OperatorSetupError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
    unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
