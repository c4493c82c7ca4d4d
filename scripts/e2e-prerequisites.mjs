// Before the end-to-end tests: Debian's Chromium (never a downloaded browser), and ffmpeg, which
// the media pipeline prefers to the bundled copy. As root with apt-get, install what is missing
// (as .ci/run does); otherwise stop at once with one line naming the command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const missing = [];
if (!fs.existsSync(chromium)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH ${chromium} does not exist: point it at a Chromium binary, or unset it and run \`apt-get install -y chromium\`.`);
    process.exit(1);
  }
  missing.push('chromium');
}
if (!has('ffmpeg')) missing.push('ffmpeg');
if (missing.length === 0) process.exit(0);

const command = `apt-get install -y ${missing.join(' ')}`;
if (process.getuid?.() !== 0 || !has('apt-get')) {
  console.error(`The end-to-end tests need Debian's ${missing.join(' and ')}: run \`sudo ${command}\` (or set CHROMIUM_PATH), then npm test again.`);
  process.exit(1);
}
console.log(`Installing ${missing.join(' and ')} for the end-to-end tests: ${command}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
} catch {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}
