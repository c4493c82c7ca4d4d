import { describe, expect, it } from 'vitest';
import {
  GENERATED_MARK,
  generatedPart,
  indexRows,
  parseRecord,
  readmeText,
  recordProblems,
} from '../../scripts/decisions-index.mjs';

// The index of docs/decisions/README.md (issue 37, item 6): records are read, never rewritten.

const older = `# 081. The API suite on PostgreSQL runs the storage tests on S3 alone

- Date: 2026-11-27
- Status: accepted (CI time; DEVELOPERS' target of 30 minutes). Adds to the CI layout the README
  describes (the API suite twice: embedded, then PostgreSQL beside the end-to-end step).
- Later: [091](091-ci-in-two-lanes.md) runs the API suite once (on PostgreSQL in CI) with both
  storage backends; its slowest-files list stays.

## Context
- Date: 1999-01-01 is body text, not the header.
`;

const newer = `# 091. npm test in two lanes

- Date: 2026-12-07
- Status: accepted (CI time, issue 37 item 5). Supersedes 081's "the API suite twice, the storage
  tests on S3 alone on PostgreSQL" and the layout of \`.ci/run\` that 081 and 084 describe (084's
  one retry stays).

## Context
`;

describe('decisions index', () => {
  it('reads a multi-line Status and a Later line, and stops at the first section', () => {
    const record = parseRecord('081-postgresql-api-suite-on-s3-and-ci-timings.md', older);
    expect(record).toMatchObject({
      number: 81,
      title: 'The API suite on PostgreSQL runs the storage tests on S3 alone',
      date: '2026-11-27',
      later: [91],
      refs: [],
      problems: [],
    });
    expect(record.status).toBe(
      "accepted (CI time; DEVELOPERS' target of 30 minutes). Adds to the CI layout the README describes (the API suite twice: embedded, then PostgreSQL beside the end-to-end step).",
    );
  });

  it('finds a later record that supersedes by a bare number, and ignores numbers in quotes and asides', () => {
    expect(parseRecord('091-ci-in-two-lanes.md', newer).refs).toEqual([
      { number: 81, kind: 'changes' },
      { number: 81, kind: 'changes' },
      { number: 84, kind: 'changes' },
    ]);
    const status = (text: string) => parseRecord('040-x.md', `# 040. X\n- Date: 2026-11-26\n- Status: ${text}\n`).refs;
    // "009" bare; "123 KB" is a size, not a record; "(which superseded 035's ...)" is an aside.
    expect(status('accepted; supersedes the F8 sentence of 009')).toEqual([{ number: 9, kind: 'changes' }]);
    expect(status("accepted; supersedes the 123 KB allowance of [038](038-x.md) (which superseded 035's 122 KB).")).toEqual([
      { number: 38, kind: 'changes' },
    ]);
    expect(status('accepted; adds to decision 029, which it does not change. 030\'s answers stand')).toEqual([
      { number: 29, kind: 'extends' },
    ]);
    expect(status('accepted; the empty lists are superseded by [028](028-discovery.md) (the "Today" rule stands)')).toEqual([
      { number: 28, kind: 'changed-by' },
    ]);
  });

  it('lists the changes of a record from both directions, sorted, with "superseded in part"', () => {
    const records = [
      parseRecord('091-ci-in-two-lanes.md', newer),
      parseRecord('009-web-app-choices.md', '# 009. Web app\n- Date: 2026-11-22\n- Status: accepted\n'),
      parseRecord('081-postgresql-api-suite-on-s3-and-ci-timings.md', older),
      parseRecord('084-accessibility-walk.md', '# 084. Walk\n- Date: 2026-11-27\n- Status: accepted. Adds to 081 (CI prints where its\n  minutes go).\n'),
      parseRecord('022-foundation-fixes.md', '# 022. Fixes\n- Date: 2026-11-25\n- Status: accepted; supersedes the F8 sentence of 009\n'),
      parseRecord('036-faults.md', '# 036. Faults\n- Date: 2026-11-26\n- Status: accepted; adds to 022 (lock)\n'),
    ];
    const rows = indexRows(records);
    const summary = rows.map((row) => [row.number, row.shortStatus, row.changedBy.map((record) => record.number)]);
    expect(summary).toEqual([
      [9, 'accepted, superseded in part', [22]],
      [22, 'accepted', [36]],
      [36, 'accepted', []],
      [81, 'accepted, superseded in part', [84, 91]],
      [84, 'accepted, superseded in part', [91]],
      [91, 'accepted', []],
    ]);
    const part = generatedPart(records);
    expect(part).toContain('| [081](081-postgresql-api-suite-on-s3-and-ci-timings.md) | The API suite on PostgreSQL runs the storage tests on S3 alone | 2026-11-27 | accepted, superseded in part | [084](084-accessibility-walk.md), [091](091-ci-in-two-lanes.md) |');
    expect(part).toContain('| [091](091-ci-in-two-lanes.md) | npm test in two lanes | 2026-12-07 | accepted | |');
    expect(part).toContain('Numbers never used: 001, 002,');
    // The hand-written part above the mark is kept; the generated part is replaced whole.
    const readme = readmeText(records, `# Intro by hand\n\n${GENERATED_MARK}\nstale table\n`);
    expect(readme).toBe(`# Intro by hand\n\n${part}`);
  });

  it('--check refuses a record without a Date or Status after 090, tolerates the older ones, and refuses a shared number', () => {
    const noDate = parseRecord('092-new.md', '# 092. New\n- Status: accepted\n');
    expect(noDate.problems).toEqual(['lacks a "- Date: YYYY-MM-DD" line']);
    expect(recordProblems([noDate])).toEqual(['docs/decisions/092-new.md: lacks a "- Date: YYYY-MM-DD" line']);

    const oldColon = parseRecord('029-old.md', '# 029: Old\n- Date: 2026-11-25\n- Status: accepted\n');
    expect(oldColon.problems).toEqual(['heading "# 029:" should be "# 029."']);
    expect(recordProblems([oldColon])).toEqual([]);

    const noStatus = parseRecord('093-x.md', '# 093. X\n- Date: 2026-12-08\n');
    expect(recordProblems([noStatus])).toEqual(['docs/decisions/093-x.md: lacks a "- Status: ..." line']);

    const twins = [parseRecord('094-a.md', '# 094. A\n- Date: 2026-12-08\n- Status: accepted\n'), parseRecord('094-b.md', '# 094. B\n- Date: 2026-12-08\n- Status: accepted\n')];
    expect(recordProblems(twins)).toEqual(['docs/decisions: 094-a.md and 094-b.md share the number 094']);
  });
});
