// The coverage check on a small rules file and a report shaped like the emulator's
// (GET /emulator/v1/projects/{project}:ruleCoverage); firestore.rules.test.ts runs it on the real one.
import { allowProblems, allowStatements, describeCoverage, summarizeCoverage } from './ruleCoverage';
import type { CoverageNode, CoverageValue } from './ruleCoverage';

const RULES = [
  "rules_version = '2';",
  'service cloud.firestore {',
  '  match /databases/{database}/documents {',
  '    function authed() { return request.auth != null; }',
  '    // allow write: if commented out;',
  '    match /notes/{id} {',
  "      allow get: if authed() && resource.data.text != 'allow delete: if x;';",
  '      allow create, update: if authed()',
  "        && request.resource.data.keys().hasOnly(['text']);",
  '      allow delete: if false;',
  '      allow list: if authed();',
  '    }',
  '  }',
  '}',
].join('\n');

const bool = (value: boolean, count: number): CoverageValue => ({ value: { boolValue: value }, count });
const node = (line: number, column: number, values?: CoverageValue[], children?: CoverageNode[]): CoverageNode => ({
  sourcePosition: { line, column },
  ...(values ? { values } : {}),
  ...(children ? { children } : {}),
});

describe('allowStatements', () => {
  it('finds each allow with its methods and where its condition starts, past comments and strings', () => {
    expect(
      allowStatements(RULES).map(({ line, column, methods, constant }) => ({ line, column, methods, constant })),
    ).toEqual([
      { line: 7, column: 21, methods: ['get'], constant: false },
      { line: 8, column: 32, methods: ['create', 'update'], constant: false },
      { line: 10, column: 24, methods: ['delete'], constant: true },
      { line: 11, column: 22, methods: ['list'], constant: false },
    ]);
    expect(allowStatements(RULES)[1]!.condition).toBe("authed() && request.resource.data.keys().hasOnly(['text'])");
  });
});

describe('summarizeCoverage', () => {
  const report = {
    rules: { files: [{ content: RULES }] },
    report: [
      node(4, 32, [bool(true, 5), bool(false, 1)], [node(4, 32, [{ value: { mapValue: {} }, count: 5 }])]),
      node(
        7,
        21,
        [bool(true, 2), bool(false, 3)],
        [node(7, 21, [bool(true, 4)]), node(7, 33, [{ value: {}, count: 1 }])],
      ),
      node(8, 32, [bool(false, 4), { value: { undefined: { causeMessage: 'Property text is undefined' } }, count: 2 }]),
      node(11, 22),
    ],
  };

  it('counts expressions evaluated, and reports each allow not evaluated both ways by its line', () => {
    const summary = summarizeCoverage(report);
    expect(summary).toMatchObject({ expressions: 7, evaluated: 5, shortCircuitedOnly: 1 });
    expect(summary.constantAllows.map((statement) => statement.line)).toEqual([10]);
    expect(allowProblems(summary)).toEqual([
      "L8 allow create, update: if authed() && request.resource.data.keys().hasOnly(['text']): never true (true 0, false 4, 2 errors)",
      'L11 allow list: if authed(): never true or false (true 0, false 0)',
    ]);
    expect(describeCoverage(summary)).toBe(
      'Rule coverage: 5 of 7 rule expressions evaluated (71.4%), 1 more only short-circuited\n' +
        '1 of 3 allow conditions evaluated both true and false (33.3%); 1 constant (if true / if false) not counted',
    );
  });

  it('names an allow statement the report has no expression for', () => {
    const summary = summarizeCoverage({ ...report, report: report.report.slice(0, 3) });
    expect(allowProblems(summary)).toContain(
      'L11 allow list: if authed(): not in the coverage report (no expression at line 11, column 22)',
    );
  });

  it('passes when every allow condition was seen true and false', () => {
    const both = [bool(true, 1), bool(false, 1)];
    const summary = summarizeCoverage({
      ...report,
      report: [node(7, 21, both), node(8, 32, both), node(11, 22, both)],
    });
    expect(allowProblems(summary)).toEqual([]);
  });
});
