import { ConfigError, loadConfig, type AppConfig } from '../api/config';
import { migrateToLatest } from '../migrations/migrate';
import { loadDemoData } from './demo-data';
import { runDemoProcesses } from './demo/demo-processes';
import { formatBanner } from './start/banner';
import { lockDataDir } from './start/data-lock';
import { openDatabase, redactUrl } from './start/database';
import { assertPortFree } from './start/ports';
import { createShutdown, exitOnSignals, StartInterrupted } from './start/shutdown';
import { BoundPassed } from './start/within-bound';
import { readStartOptions, type StartOptions } from './start/start-options';
import { provideTemporal } from './start/temporal';
import { installTemporalRuntime } from './start/temporal-runtime';
import { buildUiIfStale } from './start/ui-build';
import { runApi } from './start/run-api';
import { runWorker } from './start/run-worker';
import { runViteDevServer } from './start/vite-dev';

/**
 * `npm start`: everything a person needs on one machine, in one process — the Temporal dev server (unless
 * TEMPORAL_ADDRESS names one), the database (DATABASE_URL or embedded PGlite), migrations, demo data, the UI
 * build, the worker and the API. Ctrl-C stops it all in order; the next start keeps the data.
 */
const log = (line: string) => console.log(line);

function failConfiguration(err: unknown): never {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else console.error(err);
  process.exit(1);
}

function readSettings(): { config: AppConfig; options: StartOptions } {
  try {
    // Request logs would bury the banner; `LOG_LEVEL=info npm start` brings them back.
    const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'warn' });
    return { config, options: readStartOptions(process.env, process.argv.slice(2), config.port) };
  } catch (err) {
    failConfiguration(err);
  }
}

/** The platform targets Node 22 LTS; an older node still starts, with a pointer to the project's own installer. */
function warnOldNode(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) return;
  console.warn(
    `Node.js ${process.versions.node} is past its end of life; the platform targets Node 22 LTS. ` +
      'Run `eval "$(bash scripts/install-node.sh --env)"` to use Node 22 from .tools/node in this shell.',
  );
}

async function main(): Promise<void> {
  warnOldNode();
  const started = Date.now();
  const settings = readSettings();
  const options = settings.options;
  let config = settings.config;
  const debug = config.logLevel === 'debug' || config.logLevel === 'trace';
  installTemporalRuntime(config.logLevel);
  const shutdown = createShutdown(log);
  exitOnSignals(shutdown, log);
  const step = () => {
    if (shutdown.stopping) throw new StartInterrupted();
  };
  try {
    shutdown.add('data folder lock', lockDataDir(config.dataDir));
    await assertPortFree('PORT', config.port, config.host);
    if (options.dev) await assertPortFree('VITE_PORT', options.vitePort);

    const temporal = await provideTemporal(config, options, process.env, log);
    shutdown.add('Temporal server', () => temporal.stop());
    shutdown.onForce(() => temporal.kill());
    config = { ...config, temporalAddress: temporal.address, temporalUiUrl: temporal.uiUrl };
    step();

    log(`Opening the database (${config.databaseUrl ? redactUrl(config.databaseUrl) : 'embedded PGlite'})…`);
    const database = await openDatabase(config);
    shutdown.add('database', () => database.close());
    const applied = await migrateToLatest(database.db);
    if (applied.length) log(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}.`);
    if (applied.length && debug) log(`  ${applied.join(', ')}`);
    const demo = await loadDemoData(database.db, config);
    if (demo.loaded) log('Loaded the demo data.');
    step();

    await buildUiIfStale(log, debug);
    step();

    log('Starting the worker and the API…');
    const worker = await runWorker({
      config,
      database,
      address: temporal.address,
      onFailure(err) {
        console.error('The worker stopped unexpectedly:', err);
        void shutdown.run('worker failure').then(() => process.exit(1));
      },
    });
    shutdown.add('worker', () => worker.stop());
    step();
    const api = await runApi({
      config,
      database,
      address: temporal.address,
      // The demo's sends, submissions and disclosures are made by the real workflows through the API's routes, so
      // they run once the worker and the API are built, before the API listens.
      async beforeListen(app) {
        const begun = Date.now();
        const processes = await runDemoProcesses(app, {
          bounds: { stepMs: options.demoStepMs, loadMs: options.demoLoadMs, signal: shutdown.signal },
          report: log,
        });
        if (processes.ran) log(`Ran the demo processes in ${((Date.now() - begun) / 1000).toFixed(1)} s.`);
      },
    });
    shutdown.add('API', () => api.stop());
    step();

    const vite = options.dev ? await runViteDevServer(options.vitePort, config.port, config.publicUrl) : undefined;
    if (vite) shutdown.add('Vite dev server', () => vite.stop());

    log(
      formatBanner({
        config,
        temporalUiUrl: temporal.uiUrl,
        temporalOrigin: `${temporal.address} (${temporal.origin})`,
        database: config.databaseUrl ? redactUrl(config.databaseUrl) : `embedded PGlite in ${config.dataDir}/pglite`,
        showLogins: config.loadDemoData,
        viteUrl: vite?.url,
      }),
    );
    log(`  Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    shutdown.startupFinished();
  } catch (err) {
    shutdown.startupFinished();
    if (err instanceof StartInterrupted) return; // the signal handler finishes the stop and exits
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else if (err instanceof BoundPassed) {
      // The wait's name says where it stuck; its stack would only show the bound's own timer.
      console.error(`The start failed: ${err.message}.`);
      console.error(
        '  The demo load stopped part-way: to load it again, start on an empty DATA_DIR (and database). ' +
          'LOG_LEVEL=debug shows every request and activity.',
      );
    } else console.error('The start failed:', err);
    await shutdown.run('start failed');
    process.exit(1);
  }
}

void main();
