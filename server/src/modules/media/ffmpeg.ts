import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface FfmpegBinary {
  path: string;
  /** Where it came from, for the startup line. */
  source: 'FFMPEG_PATH' | 'system' | 'bundled';
  version: string;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The binary inside @ffmpeg-installer. npm 11 does not run its postinstall, which is what would
 * have set the executable bit: set it here, or run a copy from DATA_DIR/bin when node_modules is
 * read-only.
 */
function bundled(dataDir: string): string | undefined {
  let binary: string;
  try {
    const require = createRequire(import.meta.url);
    binary = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
  if (isExecutable(binary)) return binary;
  try {
    fs.chmodSync(binary, 0o755);
    if (isExecutable(binary)) return binary;
  } catch {
    // read-only install: fall through to a private copy
  }
  const copy = path.join(dataDir, 'bin', 'ffmpeg');
  try {
    if (!isExecutable(copy) || fs.statSync(copy).size !== fs.statSync(binary).size) {
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      fs.copyFileSync(binary, `${copy}.partial`);
      fs.chmodSync(`${copy}.partial`, 0o755);
      fs.renameSync(`${copy}.partial`, copy);
    }
    return copy;
  } catch {
    return undefined;
  }
}

export class FfmpegMissingError extends Error {}

/**
 * FFMPEG_PATH if set; else the system's ffmpeg on the PATH (a maintained build that gets security
 * updates, and it decodes untrusted uploads); else the one npm installed with the project.
 */
export async function locateFfmpeg(configured: string | undefined, dataDir: string): Promise<FfmpegBinary> {
  let found: Omit<FfmpegBinary, 'version'> | undefined;
  if (configured) {
    if (!isExecutable(configured)) throw new FfmpegMissingError(`FFMPEG_PATH ${configured} is not an executable file.`);
    found = { path: configured, source: 'FFMPEG_PATH' };
  } else {
    const system = onPath('ffmpeg');
    const packaged = system ? undefined : bundled(dataDir);
    if (system) found = { path: system, source: 'system' };
    else if (packaged) found = { path: packaged, source: 'bundled' };
  }
  if (!found) throw new FfmpegMissingError('No ffmpeg found: install one (apt-get install ffmpeg) or set FFMPEG_PATH.');
  const result = await runProcess(found.path, ['-hide_banner', '-version'], { timeoutMs: 15_000 });
  if (result.code !== 0) throw new FfmpegMissingError(`${found.path} -version failed (exit ${result.code}).`);
  const version = /ffmpeg version (\S+)/.exec(result.stdout)?.[1] ?? 'unknown';
  return { ...found, version };
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const OUTPUT_LIMIT = 256 * 1024;

/**
 * Runs a program with a deadline: on timeout or abort it is killed (SIGKILL) and the result says
 * so. Output is kept up to a bound: ffmpeg can print a line per damaged frame.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += chunk;
    });
    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.once('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** At most `limit` tasks at once; the rest wait their turn (ffmpeg and libvips work on a 2-core machine). */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
