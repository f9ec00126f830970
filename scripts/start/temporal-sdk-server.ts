import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../../domain/workflows';

/**
 * Last resort when no Temporal CLI can be found or installed: the SDK downloads and runs the same dev server
 * itself. Wrapped so the rest of `npm start` sees only an address and a stop function.
 */
export async function startSdkDevServer(options: {
  port: number;
  uiPort: number;
  dbFile: string;
  namespace: string;
}): Promise<{ address: string; stop(): Promise<void> }> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const { defineSearchAttributeKey, SearchAttributeType } = await import('@temporalio/common');
  mkdirSync(dirname(options.dbFile), { recursive: true });
  const types: Record<string, (typeof SearchAttributeType)[keyof typeof SearchAttributeType]> = {
    Keyword: SearchAttributeType.KEYWORD,
    KeywordList: SearchAttributeType.KEYWORD_LIST,
    Text: SearchAttributeType.TEXT,
    Int: SearchAttributeType.INT,
    Double: SearchAttributeType.DOUBLE,
    Bool: SearchAttributeType.BOOL,
    Datetime: SearchAttributeType.DATETIME,
  };
  const searchAttributes = Object.entries(SEARCH_ATTRIBUTES).map(([name, type]) =>
    defineSearchAttributeKey(name, types[type] ?? SearchAttributeType.KEYWORD),
  );
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: options.port,
      ui: true,
      uiPort: options.uiPort,
      dbFilename: options.dbFile,
      namespace: options.namespace,
      searchAttributes,
      log: { format: 'pretty', level: 'error' },
    },
  });
  return { address: env.address, stop: () => env.teardown() };
}
