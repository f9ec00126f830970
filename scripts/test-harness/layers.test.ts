import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LAYER_OFFENDERS,
  LAYER_RULES,
  compareWithRatchet,
  findImportCycles,
  findLayerViolations,
  importedModules,
  type LayerRuleId,
  type LayerViolation,
} from '../layer-rules';

/**
 * The source scan behind ARCHITECTURE §2: every layer rule over the whole tree, against the list of files that break
 * it today (scripts/layer-rules.ts). A new offender fails; a listed file that has been fixed is only reported.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const LAYERED = ['api', 'activities', 'workflows', 'domain', 'form-engine', 'ui'];

function sourceFiles(folders: readonly string[] = LAYERED): string[] {
  return folders.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.split(/[\\/]/).includes('node_modules'))
      .map((file) => `${folder}/${file.split('\\').join('/')}`),
  );
}

function scanTree(): Map<LayerRuleId, Map<string, LayerViolation[]>> {
  const byRule = new Map<LayerRuleId, Map<string, LayerViolation[]>>(LAYER_RULES.map((rule) => [rule.id, new Map()]));
  for (const path of sourceFiles()) {
    for (const violation of findLayerViolations(path, readFileSync(join(ROOT, path), 'utf8'))) {
      const files = byRule.get(violation.rule)!;
      files.set(path, [...(files.get(path) ?? []), violation]);
    }
  }
  return byRule;
}

/** The tree's module graph (module → modules it imports), scripts, benchmarks and end-to-end tests included. */
function moduleGraph(): Map<string, string[]> {
  const files = sourceFiles([...LAYERED, 'scripts', 'bench', 'e2e']).filter((path) => !path.endsWith('.d.ts'));
  const modules = new Set(files.map((path) => path.replace(/\.tsx?$/, '')));
  // `./table` names the folder's index module.
  const moduleOf = (target: string) => (modules.has(target) ? target : `${target}/index`);
  return new Map(
    files.map((path) => [
      path.replace(/\.tsx?$/, ''),
      importedModules(path, readFileSync(join(ROOT, path), 'utf8')).map(moduleOf),
    ]),
  );
}

const rulesOf = (path: string, text: string) => findLayerViolations(path, text).map((v) => v.rule);

describe('layer rules over the tree', () => {
  const scan = scanTree();

  // It parses every source file of the tree (about 4 s alone, 12 s beside the lint and typecheck stages on two
  // cores), so it has the time of a whole-tree scan, not the unit default of 5 s.
  it('has no import cycles, type-only imports included (issue 37: zero circles)', () => {
    expect(findImportCycles(moduleGraph())).toEqual([]);
  }, 60_000);

  it.each(LAYER_RULES.map((rule) => [rule.id, rule.description] as const))('%s: %s', (id) => {
    const report = compareWithRatchet(scan.get(id)!, LAYER_OFFENDERS[id]);
    // A fixed file leaves the list in the same change, so the list never hides a file that breaks the rule again.
    expect(
      report.canLeave,
      `${id}: no longer breaking the rule, to take off the list in scripts/layer-rules.ts`,
    ).toEqual([]);
    const lines = report.newOffenders.flatMap(({ path, violations }) =>
      violations.map((v) => `${path}:${v.line} ${v.message}`),
    );
    expect(lines, `new ${id} offenders (fix them; do not add them to the list)`).toEqual([]);
  });
});

describe('the layer checker, on samples', () => {
  it('lets workflows import Temporal, domain, form-engine, sibling workflows and activity types only', () => {
    const good = [
      "import { proxyActivities } from '@temporalio/workflow';",
      "import { PACKET_LIMITS } from '../../domain/packets';",
      "import { compile } from '../../form-engine/compile';",
      "import { helper } from '../shared/helper';",
      "import type { PacketActivities } from '../../activities/packets/packet.activities';",
    ].join('\n');
    expect(rulesOf('workflows/packets/a.workflow.ts', good)).toEqual([]);
    expect(rulesOf('workflows/packets/a.workflow.ts', "import { Client } from '@temporalio/client';")).toEqual([
      'workflow-imports',
    ]);
    expect(rulesOf('workflows/packets/a.workflow.ts', "import { x } from '../../activities/packets/x';")).toEqual([
      'workflow-imports',
    ]);
    expect(rulesOf('workflows/packets/a.workflow.ts', "import { readFile } from 'node:fs';")).toEqual([
      'workflow-imports',
    ]);
  });

  it('keeps activities away from workflows and routes, type imports included', () => {
    const path = 'activities/packets/packet.activities.ts';
    expect(rulesOf(path, "import type { Input } from '../../workflows/packets/p.workflow';")).toEqual([
      'activity-imports',
    ]);
    expect(rulesOf(path, "import { x } from '../../api/packets/packets.routes';")).toEqual(['activity-imports']);
    expect(rulesOf(path, "import { sendPacket } from '../../api/packets/send-packet.service';")).toEqual([]);
  });

  it('keeps I/O out of domain/ and form-engine/', () => {
    for (const line of [
      "import { readFileSync } from 'node:fs';",
      "import pg from 'pg';",
      "import type { Kysely } from 'kysely';",
      "import { Client } from '@temporalio/client';",
      "import cookie from '@fastify/cookie';",
      "import { db } from '../api/db';",
    ]) {
      expect(rulesOf('domain/packets.ts', line), line).toEqual(['pure-core-imports']);
    }
    expect(rulesOf('form-engine/compile.ts', "import Ajv from 'ajv/dist/2020.js';")).toEqual([]);
    expect(rulesOf('form-engine/compile.ts', "const fs = await import('node:fs');")).toEqual(['pure-core-imports']);
  });

  it('keeps UI features apart', () => {
    const path = 'ui/src/features/calendar/CalendarPage.tsx';
    expect(rulesOf(path, "import { CaraWarningPanel } from '../cara/CaraWarningPanel';")).toEqual([
      'ui-feature-imports',
    ]);
    expect(rulesOf(path, "import type { Segment } from '../cara/cara.api';")).toEqual(['ui-feature-imports']);
    expect(rulesOf(path, "import { EventCard } from './EventCard';")).toEqual([]);
    expect(rulesOf(path, "import { ConfirmModal } from '../../shared/ConfirmModal';")).toEqual([]);
  });

  it('lets only routes, plugins and the server name Fastify types', () => {
    const service = "import type { FastifyRequest } from 'fastify';\nexport const f = (r: FastifyRequest) => r;";
    expect(rulesOf('api/cara/cara.service.ts', service)).toEqual(['fastify-types']);
    expect(rulesOf('api/cara/cara.routes.ts', service)).toEqual([]);
    expect(rulesOf('api/plugins/authenticate.ts', service)).toEqual([]);
    expect(rulesOf('api/types.ts', "declare module 'fastify' { interface FastifyRequest { auth: 1 } }")).toEqual([
      'fastify-types',
    ]);
    expect(rulesOf('api/cara/x.ts', "type R = import('fastify').FastifyReply;")).toEqual(['fastify-types']);
    expect(rulesOf('api/cara/x.ts', "import { Type } from 'typebox';")).toEqual([]);
  });

  it('finds SQL in routes files only', () => {
    const query = [
      "import { sql } from 'kysely';",
      "const rows = await db.selectFrom('psas').selectAll().execute();",
      'const names = sql`first_name || last_name`;',
      "await db.deleteFrom('psas').execute();",
    ].join('\n');
    expect(findLayerViolations('api/recruiting/psas.routes.ts', query).map((v) => [v.rule, v.line])).toEqual([
      ['sql-in-routes', 2],
      ['sql-in-routes', 3],
      ['sql-in-routes', 4],
    ]);
    expect(rulesOf('api/recruiting/psas.repository.ts', query)).toEqual([]);
  });

  it('keeps the api core from importing routes', () => {
    const line = "import { PsaSchema } from '../recruiting/psas.routes';";
    expect(rulesOf('api/questionnaires/q.service.ts', line)).toEqual(['core-imports-routes']);
    expect(rulesOf('api/server.ts', line)).toEqual([]);
    expect(rulesOf('api/recruiting/other.routes.ts', line)).toEqual([]);
  });

  it('leaves tests and test helpers alone', () => {
    expect(rulesOf('workflows/packets/a.workflow.test.ts', "import { TestWorkflowEnvironment } from 'x';")).toEqual([]);
    expect(rulesOf('workflows/testing/test-env.ts', "import { Worker } from '@temporalio/worker';")).toEqual([]);
  });
});

describe('the ratchet', () => {
  const violation = (path: string): LayerViolation[] => [{ rule: 'sql-in-routes', line: 1, message: path }];
  const found = new Map([
    ['api/a.routes.ts', violation('a')],
    ['api/new.routes.ts', violation('new')],
  ]);

  it('fails on a file that is not listed and reports listed files that have been fixed', () => {
    const report = compareWithRatchet(found, ['api/a.routes.ts', 'api/fixed.routes.ts']);
    expect(report.newOffenders.map((o) => o.path)).toEqual(['api/new.routes.ts']);
    expect(report.canLeave).toEqual(['api/fixed.routes.ts']);
  });

  it('passes when every offender is listed', () => {
    expect(compareWithRatchet(found, ['api/a.routes.ts', 'api/new.routes.ts']).newOffenders).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle of two, a longer one and a self-import, and nothing in a tree', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['a', 'c']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['f', 'outside']],
      ['g', ['a']],
    ]);
    expect(findImportCycles(graph)).toEqual(expect.arrayContaining([['a', 'b'], ['c', 'd', 'e'], ['f']]));
    expect(findImportCycles(graph)).toHaveLength(3);
    expect(
      findImportCycles(
        new Map([
          ['x', ['y']],
          ['y', ['z']],
          ['z', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads type-only imports and resolves them against the file', () => {
    expect(importedModules('api/a/b.ts', "import type { X } from '../c/d';\nimport { y } from './e.js';")).toEqual([
      'api/c/d',
      'api/a/e',
    ]);
  });
});
