// Test helper: finds the English messages a member may be shown, in source files, so a test can check
// that each has its Kiswahili (messages-sw.unit.test.ts). Uses the TypeScript parser only.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A message as written: a plain text, or a template whose `${…}` parts stand for any text. */
export interface FoundMessage {
  file: string;
  line: number;
  /** The static parts of the text; a template has one more part than holes. */
  parts: string[];
}

/** zod's methods whose text argument is the message of the issue they raise. */
const ZOD_MESSAGE_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'email',
  'url',
  'uuid',
  'startsWith',
  'endsWith',
  'includes',
  'nonempty',
  'trim',
]);

/** The server's helpers whose text argument is the answer's `message` (apps/server/src/platform/errors.ts). */
const SERVER_MESSAGE_CALLS: Record<string, (args: readonly ts.Expression[]) => ts.Expression[]> = {
  forbidden: (args) => args.slice(0, 1),
  unauthorized: (args) => args.slice(0, 1),
  conflict: (args) => args.slice(1, 2),
  validationError: (args) => [...objectValues(args[0]), ...args.slice(1, 2)],
  // Request limits: `byAccount('uploads', 'Too many uploads…')`, `limit('send', 'You are sending…')`.
  byAccount: (args) => args.slice(1, 2),
  limit: (args) => args.slice(1, 2),
};

function objectValues(node: ts.Expression | undefined): ts.Expression[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : []));
}

/** The text of a literal, or of a template with its holes; undefined for anything else. */
function textParts(node: ts.Node): string[] | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return textParts(node.expression);
  return undefined;
}

/** The texts an expression may give: both sides of a `?:`, either side of a `??` or `||`. */
function texts(node: ts.Expression): string[][] {
  const parts = textParts(node);
  if (parts) return [parts];
  if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return [...texts(node.left), ...texts(node.right)];
  }
  return [];
}

const isMessageName = (name: string) => /message|^error$/i.test(name);

/** Messages in one file: in zod calls, `error:`/`message:` fields, `*_MESSAGE(S)` constants, and (server) errors. */
export function scanMessages(file: string, source: string, { server = false } = {}): FoundMessage[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: FoundMessage[] = [];
  const add = (node: ts.Expression | undefined, wrap: (parts: string[]) => string[] = (p) => p) => {
    if (!node) return;
    for (const parts of texts(node)) {
      // A word in lower case is a name ('message', 'post'), not a sentence.
      if (parts.length === 1 && /^[a-z_]+$/.test(parts[0]!)) continue;
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
      found.push({ file, line, parts: wrap(parts) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (ts.isPropertyAccessExpression(callee) && ZOD_MESSAGE_METHODS.has(name)) {
        for (const arg of node.arguments.slice(name === 'trim' || name === 'int' ? 0 : 1)) add(arg);
      }
      if (server && name === 'notFound') {
        if (node.arguments[0])
          add(node.arguments[0], (parts) => [...parts.slice(0, -1), `${parts.at(-1)} not found`]);
      }
      if (server && SERVER_MESSAGE_CALLS[name])
        for (const arg of SERVER_MESSAGE_CALLS[name](node.arguments)) add(arg);
    }
    if (
      ts.isNewExpression(node) &&
      server &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'AppError'
    ) {
      add(node.arguments?.[2]);
      for (const value of objectValues(node.arguments?.[3])) add(value);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && isMessageName(node.name.text)) {
      add(node.initializer);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const name = node.name.text;
      const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      // `const X_MESSAGE = '…'`, and any constant in capitals holding a sentence ('Invalid username or password').
      if (/MESSAGE/.test(name)) add(value);
      else if (
        /^[A-Z][A-Z0-9_]*$/.test(name) &&
        texts(value).some((parts) => /^\*?[A-Z]\S* \S/.test(parts[0]!))
      ) {
        add(value);
      }
      // A table of messages: `const CV_MESSAGES = { notPdf: '…' }`.
      if (/MESSAGE/.test(name) && ts.isObjectLiteralExpression(value))
        for (const v of objectValues(value)) add(v);
      // A message made by a function: `const suspendedMessage = (reason) => \`…\``.
      if (/message$/i.test(name) && ts.isArrowFunction(value) && !ts.isBlock(value.body)) add(value.body);
    }
    // A function that answers a message: `function offerAboveMaxMessage(…) { return … ? \`…\` : undefined; }`.
    if (ts.isFunctionDeclaration(node) && node.name && /message$/i.test(node.name.text) && node.body) {
      const returns = (inner: ts.Node): void => {
        if (ts.isReturnStatement(inner)) add(inner.expression);
        else if (!ts.isFunctionLike(inner)) ts.forEachChild(inner, returns);
      };
      ts.forEachChild(node.body, returns);
    }
    // A default message of a helper: `(message = 'You are not allowed to do this') =>`.
    if (ts.isParameter(node) && ts.isIdentifier(node.name) && isMessageName(node.name.text))
      add(node.initializer);
    if (ts.isStringLiteral(node) && node.text.startsWith('*')) add(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // The same node may be found twice (a '*' literal inside a zod call): keep one of each.
  const seen = new Set<string>();
  return found.filter((m) => {
    const key = `${m.line}\u0000${m.parts.join('\u0001')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every non-test TypeScript file under a folder. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

export function scanFolder(dir: string, options: { server?: boolean } = {}): FoundMessage[] {
  return sourceFiles(dir).flatMap((file: string) =>
    scanMessages(path.relative(dir, file), readFileSync(file, 'utf8'), options),
  );
}
