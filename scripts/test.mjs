// npm test: every suite, in two lanes side by side (decision 091). One lane is mostly processor
// work (lint and type-check, the unit tests, the API suite); the other is the build and the
// end-to-end run, whose browsers and servers spend much of their time waiting on media jobs, timers
// and the network, then, with DATABASE_URL, the multi-process suite and the database's own API
// tests on the embedded database. On a 2-core machine the first fills the
// time the second waits. The end-to-end run starts once lint and type-check have passed (its
// servers' start is slow beside them, and a red check makes the run moot). Within a lane the steps
// run in order and stop at the first failure; the other lane runs to its end, so one run shows
// every failure. Each line is prefixed with its lane; the durations of every step come at the end.
//
// DATABASE_URL names the PostgreSQL server for the API and multi-process suites (CI sets it); the
// unit tests and the end-to-end run never see it (the e2e servers are embedded unless E2E_DATABASE_URL).
// With CI set, each suite's JSON report goes to .tmp/ci/ for scripts/ci-slowest.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const started = Date.now();
const ci = Boolean(process.env.CI);
const databaseUrl = process.env.DATABASE_URL;
if (ci) fs.mkdirSync('.tmp/ci', { recursive: true });

const vitestReport = (name) => (ci ? ['--', '--reporter=default', '--reporter=json', `--outputFile.json=.tmp/ci/${name}-results.json`] : []);
const script = (name, ...args) => [npm, 'run', '--silent', name, ...args];

/**
 * With the suite on PostgreSQL, the API tests of the database's own behaviour run on the embedded
 * database too (a laptop's): its SQL functions, the search's folding, discovery's trending, the
 * job queue's locking, starting on an empty DATA_DIR. The end-to-end run is on the embedded
 * database throughout.
 */
const EMBEDDED_DATABASE_FILES = [
  'server/src/db',
  'server/src/main.api.test.ts',
  'server/src/modules/search',
  'server/src/modules/discovery',
  'server/src/modules/jobs',
];

/** Each step: a label, its command, whether DATABASE_URL is passed on, and a step it waits for. */
const lanes = [
  {
    name: 'unit',
    steps: [
      { label: 'check', command: script('check') },
      { label: 'test:unit', command: script('test:unit', ...vitestReport('unit')) },
      { label: 'test:api', command: script('test:api', ...vitestReport('api')), database: true },
    ],
  },
  {
    name: 'e2e',
    steps: [
      { label: 'e2e prerequisites', command: ['node', 'scripts/e2e-prerequisites.mjs'] },
      { label: 'build', command: script('build') },
      { label: 'playwright', command: [npx, 'playwright', 'test'], after: 'check' },
      // After the end-to-end run, which ends first (CI of 2026-12-07: 1,255 s beside 1,466 s).
      ...(databaseUrl
        ? [
            { label: 'test:multi', command: script('test:multi', ...vitestReport('multi')), database: true },
            { label: 'test:api, embedded', command: script('test:api', '--', ...EMBEDDED_DATABASE_FILES) },
          ]
        : []),
    ],
  },
];

const seconds = (ms) => `${Math.round(ms / 1000)}s`;
const timings = [];
/** label -> whether that step passed, settled when it ends (false when it never runs). */
const outcomes = new Map();
for (const lane of lanes) {
  for (const step of lane.steps) {
    let settle;
    const outcome = new Promise((resolve) => (settle = resolve));
    outcomes.set(step.label, { outcome, settle });
  }
}

function run(lane, step) {
  const env = { ...process.env };
  if (!step.database) delete env.DATABASE_URL;
  const stepStarted = Date.now();
  const prefix = `[${lane.name}] `;
  process.stdout.write(`${prefix}=== ${step.label} (at ${seconds(stepStarted - started)})\n`);
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    // Whole lines only, each with its lane's prefix, so the two lanes' output never mixes mid-line.
    const forward = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        if (lines.length) out.write(lines.map((line) => prefix + line).join('\n') + '\n');
      });
      stream.on('end', () => rest && out.write(prefix + rest + '\n'));
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('error', (error) => process.stderr.write(`${prefix}${error.message}\n`));
    child.on('close', (code, signal) => {
      const took = Date.now() - stepStarted;
      const passed = code === 0;
      timings.push({ lane: lane.name, label: step.label, took, passed });
      process.stdout.write(`${prefix}=== ${step.label}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(took)}\n`);
      resolve(passed);
    });
  });
}

async function runLane(lane) {
  let passed = true;
  for (const step of lane.steps) {
    if (passed && step.after && !(await outcomes.get(step.after).outcome)) {
      process.stdout.write(`[${lane.name}] === ${step.label}: not run (${step.after} failed)\n`);
      passed = false;
    }
    if (passed) passed = await run(lane, step);
    outcomes.get(step.label).settle(passed);
  }
  return passed;
}

const results = await Promise.all(lanes.map(runLane));

process.stdout.write(`\nnpm test took ${seconds(Date.now() - started)}:\n`);
for (const { lane, label, took, passed } of timings) {
  process.stdout.write(`  ${lane.padEnd(5)} ${label.padEnd(20)} ${seconds(took).padStart(6)}${passed ? '' : '  FAILED'}\n`);
}
process.exit(results.every(Boolean) ? 0 : 1);
