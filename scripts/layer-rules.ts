/**
 * The import directions of ARCHITECTURE §2 as data and one checker. Two callers share it: the `layers/*` ESLint rules
 * (eslint.config.js, so an editor underlines a wrong import) and the source-scan unit test
 * (scripts/test-harness/layers.test.ts, so breaking a rule fails `npm test` even where nobody runs the linter).
 * The checker reads a file's text with the TypeScript parser and needs no type information, so a scan stays fast.
 *
 * Node loads this file straight from eslint.config.js (type stripping), so it keeps to erasable TypeScript: no enums,
 * no parameter properties, and only package imports.
 */
import { dirname, posix } from 'node:path';
import ts from 'typescript';

export type LayerRuleId =
  | 'workflow-imports'
  | 'activity-imports'
  | 'pure-core-imports'
  | 'ui-feature-imports'
  | 'fastify-types'
  | 'sql-in-routes'
  | 'core-imports-routes';

export interface LayerViolation {
  rule: LayerRuleId;
  /** 1-based line of the offending import or query. */
  line: number;
  message: string;
}

/** One import, export-from, dynamic import or `declare module` found in a file. */
interface ModuleReference {
  specifier: string;
  /** The specifier resolved against the repository root (`api/cara/cara.service`), or null for a package. */
  target: string | null;
  typeOnly: boolean;
  names: string[];
  declaration: boolean;
  line: number;
}

export interface LayerRule {
  id: LayerRuleId;
  /** What the rule says, as the test and the linter print it. */
  description: string;
  /** Whether the rule speaks of this file (a repository-relative posix path). */
  appliesTo(path: string): boolean;
}

/** Tests and their helpers (`test-support/`, `test-harness/`, `testing/`) wire the layers together on purpose. */
const isTest = (path: string) => /\.test\.tsx?$/.test(path) || /(^|\/)(test-support|test-harness|testing)\//.test(path);
const isRoutes = (path: string) => /\.routes(\.tsx?)?$/.test(path);
const under = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(`${folder}/`));
const isSource = (path: string) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts');
const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

/** Packages that reach a disk, a socket, a database, a process or Temporal's server: none of them in the pure core. */
const IO_PACKAGES = new Set([
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'dns',
  'tls',
  'worker_threads',
  'cluster',
  'pg',
  'kysely',
  'fastify',
  'nodemailer',
  'argon2',
  '@electric-sql/pglite',
  '@temporalio/client',
  '@temporalio/worker',
  '@temporalio/activity',
  '@temporalio/testing',
  'pino',
]);
const isIoPackage = (specifier: string) =>
  IO_PACKAGES.has(specifier.replace(/^node:/, '')) ||
  IO_PACKAGES.has(packageName(specifier)) ||
  packageName(specifier).startsWith('@fastify/');

/** The folders whose code has I/O, by the table: importing them from the pure core brings their I/O along. */
const IO_FOLDERS = ['api', 'activities', 'workflows', 'migrations', 'scripts', 'bench', 'ui', 'e2e'];

const FASTIFY_TYPES = new Set(['FastifyRequest', 'FastifyReply', 'FastifyInstance']);
const SQL_BUILDERS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom']);

/** The feature folder of a UI path (`ui/src/features/cara/x.tsx` → `cara`), or null outside the features. */
const uiFeature = (path: string | null) => path?.match(/^ui\/src\/features\/([^/]+)\//)?.[1] ?? null;

export const LAYER_RULES: readonly LayerRule[] = [
  {
    id: 'workflow-imports',
    description:
      'workflows/ import only @temporalio/workflow, domain/, form-engine/, other workflows and `import type` of activities/',
    appliesTo: (path) => under(path, 'workflows') && !isTest(path),
  },
  {
    id: 'activity-imports',
    description: 'activities/ never import workflows/ (shared types go to domain/<feature>.ts) or a *.routes.ts file',
    appliesTo: (path) => under(path, 'activities') && !isTest(path),
  },
  {
    id: 'pure-core-imports',
    description: 'domain/ and form-engine/ import no I/O (node:fs, pg, kysely, fastify, @temporalio/client, api/ …)',
    appliesTo: (path) => under(path, 'domain', 'form-engine') && !isTest(path),
  },
  {
    id: 'ui-feature-imports',
    description:
      'ui/src/features/<a> never imports ui/src/features/<b>; what two features share goes to ui/src/shared/',
    appliesTo: (path) => uiFeature(path) !== null,
  },
  {
    id: 'fastify-types',
    description:
      'only *.routes.ts, api/plugins/ and api/server.ts name FastifyRequest, FastifyReply or FastifyInstance',
    appliesTo: (path) =>
      under(path, 'api', 'activities', 'workflows', 'domain', 'form-engine', 'ui') &&
      !isTest(path) &&
      !isRoutes(path) &&
      !under(path, 'api/plugins') &&
      path !== 'api/server.ts',
  },
  {
    id: 'sql-in-routes',
    description: 'no SQL (selectFrom, insertInto, updateTable, deleteFrom, sql``) in a *.routes.ts file',
    appliesTo: (path) => isRoutes(path) && !isTest(path),
  },
  {
    id: 'core-imports-routes',
    description: 'the core of api/ never imports a *.routes.ts file (only api/server.ts registers routes)',
    appliesTo: (path) => under(path, 'api') && !isTest(path) && !isRoutes(path) && path !== 'api/server.ts',
  },
];

function lineOf(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function resolveTarget(path: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return posix.normalize(posix.join(dirname(path), specifier));
}

function collectReferences(path: string, source: ts.SourceFile): ModuleReference[] {
  const found: ModuleReference[] = [];
  const add = (specifier: string, node: ts.Node, typeOnly: boolean, names: string[], declaration = false) =>
    found.push({
      specifier,
      target: resolveTarget(path, specifier),
      typeOnly,
      names,
      declaration,
      line: lineOf(source, node),
    });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
      const allTypes = named.length > 0 && named.every((element) => element.isTypeOnly) && !clause?.name;
      add(
        node.moduleSpecifier.text,
        node,
        Boolean(clause?.isTypeOnly) || allTypes,
        named.map((element) => (element.propertyName ?? element.name).text),
      );
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : [];
      add(
        node.moduleSpecifier.text,
        node,
        node.isTypeOnly,
        named.map((element) => (element.propertyName ?? element.name).text),
      );
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      // `declare module 'fastify' { interface FastifyRequest … }` augments the types it names.
      const names: string[] = [];
      node.body?.forEachChild((child) => {
        if (ts.isInterfaceDeclaration(child)) names.push(child.name.text);
      });
      add(node.name.text, node, true, names, true);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, node, false, []);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, node, true, node.qualifier ? [qualifierHead(node)] : []);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function qualifierHead(node: ts.ImportTypeNode): string {
  let qualifier = node.qualifier!;
  while (ts.isQualifiedName(qualifier)) qualifier = qualifier.left;
  return qualifier.text;
}

/** The query-builder calls and `sql` templates in a file, with their lines. */
function collectSql(source: ts.SourceFile): { line: number; what: string }[] {
  const found: { line: number; what: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SQL_BUILDERS.has(node.expression.name.text)
    ) {
      found.push({ line: lineOf(source, node.expression.name), what: `${node.expression.name.text}()` });
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      found.push({ line: lineOf(source, node), what: 'sql``' });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'sql'
    ) {
      found.push({ line: lineOf(source, node), what: `sql.${node.expression.name.text}()` });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

const inFolder = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`);

function checkReference(rule: LayerRuleId, path: string, ref: ModuleReference): string | null {
  const { specifier, target } = ref;
  switch (rule) {
    case 'workflow-imports': {
      if (ref.declaration) return null;
      if (target === null) {
        return specifier === '@temporalio/workflow' ? null : `workflows/ may not import '${specifier}'`;
      }
      if (['domain', 'form-engine', 'workflows'].some((folder) => inFolder(target, folder))) return null;
      if (inFolder(target, 'activities') && ref.typeOnly) return null;
      return inFolder(target, 'activities')
        ? `workflows/ may import activities/ only with \`import type\` ('${specifier}')`
        : `workflows/ may not import '${specifier}' (${target})`;
    }
    case 'activity-imports':
      if (target !== null && inFolder(target, 'workflows')) {
        return `activities/ may not import workflows/ ('${specifier}'); move the shared types to domain/<feature>.ts`;
      }
      return target !== null && isRoutes(target) ? `activities/ may not import a routes file ('${specifier}')` : null;
    case 'pure-core-imports':
      if (ref.declaration) return null;
      if (target === null)
        return isIoPackage(specifier) ? `${path.split('/')[0]}/ may not import '${specifier}'` : null;
      return IO_FOLDERS.some((folder) => inFolder(target, folder))
        ? `${path.split('/')[0]}/ may not import '${specifier}' (${target}), which has I/O`
        : null;
    case 'ui-feature-imports': {
      const own = uiFeature(path);
      const other = uiFeature(target === null ? null : `${target}/`);
      return other !== null && other !== own
        ? `ui feature '${own}' may not import feature '${other}' ('${specifier}'); share it from ui/src/shared/`
        : null;
    }
    case 'fastify-types': {
      if (specifier !== 'fastify') return null;
      const named = ref.names.filter((name) => FASTIFY_TYPES.has(name));
      if (named.length === 0) return null;
      return ref.declaration
        ? `only routes and api/plugins/ may augment ${named.join(', ')} (declare module 'fastify')`
        : `only routes and api/plugins/ may name ${named.join(', ')}; take plain arguments and an actor instead`;
    }
    case 'core-imports-routes':
      return target !== null && isRoutes(target) ? `the api core may not import a routes file ('${specifier}')` : null;
    case 'sql-in-routes':
      return null;
  }
}

/**
 * Every layer rule this file breaks. `rules` narrows the check (the linter asks one rule at a time); a rule that does
 * not apply to `path` finds nothing.
 */
export function findLayerViolations(
  path: string,
  text: string,
  rules: readonly LayerRuleId[] = LAYER_RULES.map((rule) => rule.id),
): LayerViolation[] {
  const applicable = LAYER_RULES.filter((rule) => rules.includes(rule.id) && rule.appliesTo(path));
  if (applicable.length === 0 || !isSource(path)) return [];
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const violations: LayerViolation[] = [];
  const references = collectReferences(path, source);
  for (const rule of applicable) {
    if (rule.id === 'sql-in-routes') {
      for (const query of collectSql(source)) {
        violations.push({
          rule: rule.id,
          line: query.line,
          message: `${query.what} in a routes file; move the query to the feature's repository`,
        });
      }
      continue;
    }
    for (const ref of references) {
      const message = checkReference(rule.id, path, ref);
      if (message) violations.push({ rule: rule.id, line: ref.line, message });
    }
  }
  return violations;
}

/**
 * The repository modules a file imports, resolved and without extension (`api/cara/cara.service`), type-only imports
 * included: a cycle of types alone still ties two modules together (madge counts them too).
 */
export function importedModules(path: string, text: string): string[] {
  if (!isSource(path)) return [];
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  return collectReferences(path, source)
    .filter((ref) => ref.target && !ref.declaration)
    .map((ref) => ref.target!.replace(/\.(js|ts|tsx)$/, ''));
}

/**
 * The import cycles of a module graph (module → modules it imports; targets outside the graph are ignored): each
 * strongly connected component of more than one module, or a module importing itself, by Tarjan's algorithm.
 */
export function findImportCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (module: string): void => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || (graph.get(module) ?? []).includes(module)) cycles.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

/**
 * The files that break each rule today, while other work removes them (a ratchet): a file not listed here fails the
 * scan, and so does a listed file that no longer breaks the rule, until it leaves the list. The linter ignores
 * the same files for the same rule. Paths are repository-relative.
 */
export const LAYER_OFFENDERS: Record<LayerRuleId, readonly string[]> = {
  'workflow-imports': [
    // Ajv for the form engine's validators, registered for the workflow bundle.
    'workflows/shared/shared-modules.ts',
  ],
  'activity-imports': [],
  'pure-core-imports': [],
  'ui-feature-imports': [],
  // No service takes a FastifyRequest or FastifyReply any more: only routes and plugins touch Fastify.
  'fastify-types': [],
  // No route file queries any more: a new one that does fails the scan.
  'sql-in-routes': [],
  // No core file imports a routes file any more.
  'core-imports-routes': [],
};

export interface RatchetReport {
  /** Files that break the rule and are not on its list: these fail the scan. */
  newOffenders: { path: string; violations: LayerViolation[] }[];
  /** Listed files that no longer break the rule (or are gone): they can leave the list. */
  canLeave: string[];
}

/** Compares what a scan found for one rule with that rule's list of today's offenders. */
export function compareWithRatchet(
  found: ReadonlyMap<string, LayerViolation[]>,
  listed: readonly string[],
): RatchetReport {
  const known = new Set(listed);
  return {
    newOffenders: [...found]
      .filter(([path]) => !known.has(path))
      .map(([path, violations]) => ({ path, violations }))
      .sort((a, b) => a.path.localeCompare(b.path)),
    canLeave: listed.filter((path) => !found.has(path)),
  };
}
