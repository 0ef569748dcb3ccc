// Reads the Firestore emulator's rule coverage report for a project,
// GET http://<emulator>/emulator/v1/projects/<project>:ruleCoverage (the same data drives its
// :ruleCoverage.html page), which counts what each expression of the loaded rules evaluated to
// since those rules were loaded:
//
//   { rules: { files: [{ content }] },
//     report: [ExpressionNode, ...] }          top level: each function body and allow condition
//   ExpressionNode = { sourcePosition: { line, column, currentOffset, endOffset },   1-based line and column
//                      values?: [{ value: { boolValue: true } | { stringValue } | ... | { undefined: {...} } | {}, count }],
//                      children?: [ExpressionNode, ...] }
//
// Every expression of the rules is in the tree, with no `values` until it is evaluated; a value
// `{}` means short-circuited, `{ undefined: ... }` an error (which denies). The rule table's runner
// (firestore.rules.test.ts) prints the share of expressions evaluated and fails when an allow
// statement was not evaluated both true and false: a condition never seen true has no allowed
// case, one never seen false no denied case. The allow statements come from the rules' text
// (comments and strings left out); `if true` / `if false` conditions cannot go both ways and are
// listed apart.

export interface CoverageValue {
  value: Record<string, unknown>;
  count: number;
}

export interface CoverageNode {
  sourcePosition: { line: number; column: number; currentOffset?: number; endOffset?: number };
  values?: CoverageValue[];
  children?: CoverageNode[];
}

export interface CoverageReport {
  rules?: { files?: { name?: string; content?: string }[] };
  report?: CoverageNode[];
}

export interface AllowStatement {
  /** 1-based line and column of the condition (of `allow` itself when it has no condition). */
  line: number;
  column: number;
  methods: string[];
  /** The condition as written, on one line; '' for an `allow` without `if`. */
  condition: string;
  /** `if true`, `if false` or no condition: it cannot evaluate both ways. */
  constant: boolean;
}

export interface AllowCoverage {
  statement: AllowStatement;
  trueCount: number;
  falseCount: number;
  errorCount: number;
  /** False when the report has no expression at the condition's position. */
  inReport: boolean;
}

export interface CoverageSummary {
  expressions: number;
  /** Expressions evaluated at least once (to a value or an error). */
  evaluated: number;
  /** Expressions reached only as short-circuited operands. */
  shortCircuitedOnly: number;
  allows: AllowCoverage[];
  constantAllows: AllowStatement[];
}

/** The text with comments and string literals blanked out (same length, newlines kept). */
function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') {
        out += ' ';
        i += 1;
      }
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) j += source[j] === '\\' ? 2 : 1;
      out += c + source.slice(i + 1, j).replace(/[^\n]/g, ' ') + (j < source.length ? c : '');
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Every `allow <methods>[: if <condition>];` of a rules file, in order. */
export function allowStatements(source: string): AllowStatement[] {
  const code = codeOnly(source);
  const statements: AllowStatement[] = [];
  const allow = /\ballow\s+([a-z]+(?:\s*,\s*[a-z]+)*)\s*(:\s*if\b\s*)?/g;
  for (let match = allow.exec(code); match; match = allow.exec(code)) {
    const methods = match[1]!.split(',').map((method) => method.trim());
    const start = match.index + match[0].length;
    if (!match[2]) {
      statements.push({ ...positionOf(source, match.index), methods, condition: '', constant: true });
      continue;
    }
    // The condition runs to the first ';' outside brackets.
    let depth = 0;
    let end = start;
    while (end < code.length && !(code[end] === ';' && depth === 0)) {
      if ('([{'.includes(code[end]!)) depth += 1;
      if (')]}'.includes(code[end]!)) depth -= 1;
      end += 1;
    }
    const condition = source.slice(start, end).replace(/\s+/g, ' ').trim();
    statements.push({
      ...positionOf(source, start),
      methods,
      condition,
      constant: condition === 'true' || condition === 'false',
    });
  }
  return statements;
}

function countNodes(
  nodes: CoverageNode[],
  totals: { expressions: number; evaluated: number; shortCircuitedOnly: number },
): void {
  for (const node of nodes) {
    totals.expressions += 1;
    const values = node.values ?? [];
    if (values.some(({ value }) => Object.keys(value).length > 0)) totals.evaluated += 1;
    else if (values.length > 0) totals.shortCircuitedOnly += 1;
    countNodes(node.children ?? [], totals);
  }
}

/** The rules text the report is about: its own copy, else `fallbackSource`. */
export function reportSource(report: CoverageReport, fallbackSource = ''): string {
  return report.rules?.files?.[0]?.content ?? fallbackSource;
}

export function summarizeCoverage(report: CoverageReport, fallbackSource = ''): CoverageSummary {
  const nodes = report.report ?? [];
  const totals = { expressions: 0, evaluated: 0, shortCircuitedOnly: 0 };
  countNodes(nodes, totals);
  const byPosition = new Map(nodes.map((node) => [`${node.sourcePosition.line}:${node.sourcePosition.column}`, node]));
  const statements = allowStatements(reportSource(report, fallbackSource));
  const allows = statements
    .filter((statement) => !statement.constant)
    .map((statement): AllowCoverage => {
      const node = byPosition.get(`${statement.line}:${statement.column}`);
      const coverage = { statement, trueCount: 0, falseCount: 0, errorCount: 0, inReport: node !== undefined };
      for (const { value, count } of node?.values ?? []) {
        if (value.boolValue === true) coverage.trueCount += count;
        else if (value.boolValue === false) coverage.falseCount += count;
        else if ('undefined' in value) coverage.errorCount += count;
      }
      return coverage;
    });
  return { ...totals, allows, constantAllows: statements.filter((statement) => statement.constant) };
}

const percent = (part: number, whole: number) => (whole === 0 ? '0' : ((100 * part) / whole).toFixed(1));

function label(statement: AllowStatement): string {
  const condition = statement.condition.length > 90 ? `${statement.condition.slice(0, 87)}...` : statement.condition;
  return `L${statement.line} allow ${statement.methods.join(', ')}${condition ? `: if ${condition}` : ''}`;
}

/** One line per allow statement not evaluated both true and false: what it never was. */
export function allowProblems(summary: CoverageSummary): string[] {
  return summary.allows
    .filter((allow) => !allow.inReport || allow.trueCount === 0 || allow.falseCount === 0)
    .map((allow) => {
      if (!allow.inReport)
        return `${label(allow.statement)}: not in the coverage report (no expression at line ${allow.statement.line}, column ${allow.statement.column})`;
      const never = [allow.trueCount === 0 ? 'true' : null, allow.falseCount === 0 ? 'false' : null]
        .filter(Boolean)
        .join(' or ');
      const errors = allow.errorCount ? `, ${allow.errorCount} error${allow.errorCount === 1 ? '' : 's'}` : '';
      return `${label(allow.statement)}: never ${never} (true ${allow.trueCount}, false ${allow.falseCount}${errors})`;
    });
}

/** The printed summary: the share of expressions evaluated and of allow statements seen both ways. */
export function describeCoverage(summary: CoverageSummary): string {
  const bothWays = summary.allows.length - allowProblems(summary).length;
  const lines = [
    `Rule coverage: ${summary.evaluated} of ${summary.expressions} rule expressions evaluated (${percent(summary.evaluated, summary.expressions)}%)` +
      (summary.shortCircuitedOnly ? `, ${summary.shortCircuitedOnly} more only short-circuited` : ''),
    `${bothWays} of ${summary.allows.length} allow conditions evaluated both true and false (${percent(bothWays, summary.allows.length)}%)` +
      (summary.constantAllows.length
        ? `; ${summary.constantAllows.length} constant (if true / if false) not counted`
        : ''),
  ];
  return lines.join('\n');
}
