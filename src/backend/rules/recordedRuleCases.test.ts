// The allowed rule cases of the app's own writes (issue 22 item 2): src/test/appWriteScenario.ts runs the
// app's real operations on recording backends; the cases are kept in recordedRuleCases.json, which
// ruleCases.ts adds to the table so both runners replay them. This test records them again and
// fails when they differ from the file: a change to the app's writes shows up as a diff to review.
//
//   RECORD_RULE_CASES=1 npx jest src/backend/rules/recordedRuleCases.test.ts   (writes the file)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { recordAppWrites } from '../../test/appWriteScenario';

const FILE = path.resolve(__dirname, 'recordedRuleCases.json');
const RECORD = process.env.RECORD_RULE_CASES === '1';

describe("the app's writes as rule cases", () => {
  it(
    RECORD ? 'records recordedRuleCases.json' : 'match recordedRuleCases.json',
    async () => {
      const cases = await recordAppWrites();
      const json = `${JSON.stringify(cases, null, 2)}\n`;
      if (RECORD) {
        writeFileSync(FILE, json);
        return;
      }
      const committed = readFileSync(FILE, 'utf8');
      if (json !== committed) {
        // the diff, case by case
        expect({
          note: "the app's writes changed: re-record with RECORD_RULE_CASES=1 npx jest src/backend/rules/recordedRuleCases.test.ts and review the diff",
          cases: JSON.parse(json) as unknown,
        }).toEqual({
          note: 'the committed recordedRuleCases.json',
          cases: JSON.parse(committed) as unknown,
        });
      }
    },
    60_000,
  );
});
