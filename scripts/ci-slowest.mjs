// Prints the slowest files of the test reports CI keeps (Playwright's and Vitest's JSON reporters),
// so each run says where its minutes went, and the end-to-end tests that passed only when retried
// (decision 084: CI retries a failed one once; a retry is reported, never hidden). Usage: node scripts/ci-slowest.mjs <report.json>...
import fs from 'node:fs';
import path from 'node:path';

const TOP = 10;

/** [file, seconds] of a Vitest JSON report (testResults) or a Playwright one (suites with specs). */
function fileDurations(report) {
  if (Array.isArray(report.testResults)) {
    return report.testResults.map((file) => [path.relative(process.cwd(), file.name), (file.endTime - file.startTime) / 1000]);
  }
  const totals = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
      totals.set(spec.file, (totals.get(spec.file) ?? 0) + ms / 1000);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...totals];
}

/** Titles of a Playwright report's tests that failed first and passed on a retry. */
function flakyTests(report) {
  const titles = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'flaky')) titles.push(`${spec.file}:${spec.line} ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: no report`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const rows = fileDurations(report).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log(`${file}: ${rows.length} files, ${total.toFixed(0)} s in all; the slowest:`);
  for (const [name, seconds] of rows.slice(0, TOP)) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  const flaky = flakyTests(report);
  if (flaky.length > 0) {
    console.log(`${file}: ${flaky.length} passed only when retried (flaky: fix them):`);
    for (const title of flaky) console.log(`  ${title}`);
  }
}
