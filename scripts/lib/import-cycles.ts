import { dirname, relative } from 'node:path';
import ts from 'typescript';

/*
 * Import cycles among the repository's own TypeScript files (`npm run lint`, scripts/no-cycles.ts).
 * A cycle makes the load order decide what is still undefined at import time, and means two
 * modules can only change together. The rule is eslint-plugin-import's `no-cycle` (which this
 * replaces: it re-parsed every dependency of every file and took three quarters of the lint's
 * time): an edge is any import, re-export (`export … from`), side-effect import, `import()` or
 * `require()` of a file of the projects, except one that brings types only (`import type`,
 * `export type`, or every named specifier marked `type`); packages are not followed. Modules are
 * resolved by TypeScript with each file's own tsconfig (the web app's `@/` alias, the API's
 * `.js` specifiers, the workspace packages).
 */

/** The files of `tsconfigs` (absolute paths), each with the compiler options of the first project listing it. */
export function projectFiles(tsconfigs: readonly string[]): Map<string, ts.CompilerOptions> {
  const files = new Map<string, ts.CompilerOptions>();
  for (const path of tsconfigs) {
    const read = ts.readConfigFile(path, (file) => ts.sys.readFile(file));
    if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path), undefined, path);
    for (const file of parsed.fileNames) {
      if (/\.d\.ts$/.test(file) || !/\.tsx?$/.test(file)) continue;
      if (!files.has(file)) files.set(file, parsed.options);
    }
  }
  return files;
}

const typesOnly = (specifiers: readonly { isTypeOnly: boolean }[]) =>
  specifiers.length > 0 && specifiers.every((s) => s.isTypeOnly);

/** The module specifiers of `source` that load code at run time (see the rule above). */
export function valueImports(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            typesOnly(bindings.elements)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && typesOnly(clause.elements));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
      return;
    }
    if (
      ts.isImportEqualsDeclaration(node) &&
      !node.isTypeOnly &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
      return;
    }
    if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      const [first] = node.arguments;
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((dynamic || required) && first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each file's value imports among `files`, resolved. */
export function importGraph(files: Map<string, ts.CompilerOptions>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, options] of files) {
    const text = ts.sys.readFile(file) ?? '';
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    const targets = new Set<string>();
    for (const specifier of valueImports(source)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
      // A workspace package (`@b2b/shared`) resolves to its source here; other packages to files outside the projects.
      if (!resolved) continue;
      const target = resolved.resolvedFileName;
      if (target !== file && files.has(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan's algorithm): each holds a cycle. */
export function cyclicGroups(graph: Map<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++] as string;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One cycle through `group`'s first file, as a path that ends where it starts. */
export function cycleThrough(graph: Map<string, readonly string[]>, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at))
          path.unshift(at);
        return [start, ...path];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...group];
}

/** The cycles among `tsconfigs`' files, each as a line of repository-relative paths. */
export function describeCycles(root: string, tsconfigs: readonly string[]): string[] {
  const graph = importGraph(projectFiles(tsconfigs));
  return cyclicGroups(graph).map((group) =>
    cycleThrough(graph, group)
      .map((file) => relative(root, file))
      .join(' → '),
  );
}
