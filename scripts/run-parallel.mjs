// Runs npm scripts at once and fails if any fails: `node scripts/run-parallel.mjs lint typecheck`.
// Each is single-threaded (ESLint, tsc), so on a 2-core machine two side by side take about as long
// as the longer one instead of both in turn. Each script's output is kept and printed whole when it
// ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n--- npm run ${script}: ${status} after ${seconds}s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
