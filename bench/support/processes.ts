import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * The two cores of the benchmark machine: the server under test (Sauti, nginx, the minimal
 * Fastify server) runs alone on one, every load generator and the runner itself on the other, so
 * a server's figures are not its client's. Override with BENCH_SERVER_CPU / BENCH_LOAD_CPU.
 */
export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
export const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';

const children = new Set<ChildProcess>();
const cleanups = new Set<() => void>();

function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Best effort: the process is exiting.
    }
  }
  cleanups.clear();
}
process.once('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Runs when the runner exits, however it exits (temporary folders, nginx). Synchronous work only. */
export function atExit(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

const finishers = new Set<() => Promise<void>>();

/** Graceful shutdown of something shared by several benchmarks (the catalogue server), run by the runner at the end. */
export function atFinish(finish: () => Promise<void>) {
  finishers.add(finish);
}

export async function finishAll() {
  for (const finish of finishers) await finish().catch((error: unknown) => console.error('clean-up failed:', error));
  finishers.clear();
}

/** A child process pinned to `cpu` (taskset execs the command, so the pid is the command's own); killed when the runner exits. */
export function spawnPinned(cpu: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn('taskset', ['-c', cpu, command, ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Every process started by `pid`, its children's children included. */
export function descendantsOf(pid: number): number[] {
  const found: number[] = [];
  const visit = (parent: number) => {
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      let children: string;
      try {
        children = fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

/** Stops with a clear message when a tool the benchmarks need is missing. */
export function requireTools(tools: Record<string, string>) {
  const missing = Object.entries(tools).filter(([tool]) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length > 0) {
    throw new Error(`Missing prerequisites: ${missing.map(([tool, hint]) => `${tool} (${hint})`).join(', ')}`);
  }
}

/** Puts the runner (all its threads) on the load core; its children inherit it. */
export function pinRunner() {
  if (os.availableParallelism() < 2) {
    console.warn('Fewer than 2 cores: server and load generators share them, figures are not comparable.');
    return;
  }
  spawnSync('taskset', ['-a', '-cp', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
}

/** Memory of a process from /proc/<pid>/status, in bytes: resident now (VmRSS) and its peak (VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

const GIB = 1024 ** 3;

/**
 * A process's resident memory split by where it lives, from /proc/<pid>/smaps, in bytes:
 * `wasm` is the embedded database's WebAssembly heap (PGlite), whose accessible part V8 maps
 * read-write right before the rest of its reservation (several GiB, inaccessible); `rest` is the
 * Node side (V8 heaps, malloc arenas holding Buffers, code). Only the WebAssembly heap never shrinks.
 */
export function memoryBreakdownOf(pid: number): { rss: number; wasm: number; rest: number } {
  const vmas: { start: number; end: number; access: boolean; rss: number }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) /.exec(line);
    if (head) vmas.push({ start: parseInt(head[1]!, 16), end: parseInt(head[2]!, 16), access: !head[3]!.startsWith('---'), rss: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && vmas.length > 0) vmas.at(-1)!.rss = Number(rss[1]) * 1024;
  }
  let rss = 0;
  let wasm = 0;
  vmas.forEach((vma, i) => {
    rss += vma.rss;
    const next = vmas[i + 1];
    // V8's pointer cage is 4 GiB in all; a WebAssembly memory reserves 8 GiB and more.
    if (vma.access && next && !next.access && next.start === vma.end && next.end - vma.start > 4 * GIB) wasm += vma.rss;
  });
  return { rss, wasm, rest: rss - wasm };
}

/** Resets a process's peak RSS (VmHWM) to its current RSS (Linux: clear_refs 5). */
export function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time a process has used so far (user + system, all threads), in milliseconds. */
export function cpuTimeOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at index 2 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function busyShare(before: { busy: number; total: number }, after: { busy: number; total: number }) {
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

/** Busy and total jiffies of all cores together, from /proc/stat. */
function machineTimes(): { busy: number; total: number } {
  const values = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - values[3]! - values[4]!, total };
}

/**
 * Waits until the machine is quiet (other people's test runs share it): the cores together busy
 * under `maxBusy` over a 2-second sample. Gives up after `maxWaitMs` and says so: a measurement on
 * a busy machine is still made, but flagged.
 */
export async function waitForQuiet(maxBusy = 0.15, maxWaitMs = Number(process.env.BENCH_QUIET_WAIT_S ?? 300) * 1000) {
  const started = Date.now();
  for (;;) {
    const before = machineTimes();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const busy = busyShare(before, machineTimes());
    const waitedS = Math.round((Date.now() - started) / 1000);
    if (busy <= maxBusy) return { quiet: true, busy, waitedS };
    if (Date.now() - started > maxWaitMs) {
      console.warn(`machine still busy (${Math.round(busy * 100)}%) after ${waitedS} s: measuring anyway`);
      return { quiet: false, busy, waitedS };
    }
  }
}

/** The 1-minute load average, recorded with every result: figures of a busy machine are not comparable. */
export function loadAverage(): number {
  return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

export interface MemoryDuring<T> {
  result: T;
  seconds: number;
  before: ReturnType<typeof memoryBreakdownOf>;
  after: ReturnType<typeof memoryBreakdownOf>;
  /** The highest RSS seen: sampled every 50 ms, and the kernel's own peak (VmHWM). */
  peakRss: number;
  /** The largest WebAssembly heap seen (sampled every 500 ms: a walk of every mapping). */
  maxWasm: number;
}

/** Runs `work` while watching the server's memory from a reset peak. */
export async function measureMemoryDuring<T>(pid: number, work: () => Promise<T>): Promise<MemoryDuring<T>> {
  const before = memoryBreakdownOf(pid);
  resetPeak(pid);
  let sampledPeak = before.rss;
  let maxWasm = before.wasm;
  let samples = 0;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
    if (++samples % 10 === 0) maxWasm = Math.max(maxWasm, memoryBreakdownOf(pid).wasm);
  }, 50);
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memoryBreakdownOf(pid);
  return { result, seconds, before, after, peakRss: Math.max(memoryOf(pid).peak, sampledPeak), maxWasm: Math.max(maxWasm, after.wasm) };
}

/** The memory columns of a benchmark of `count` concurrent uploads (MiB), and the growth per upload. */
export function uploadMemoryColumns(memory: MemoryDuring<unknown>, count: number) {
  const MIB = 1024 * 1024;
  const mib = (bytes: number) => Number((bytes / MIB).toFixed(1));
  const growth = memory.peakRss - memory.before.rss;
  return {
    growthPerUpload: growth / count,
    columns: {
      'RSS before MiB': mib(memory.before.rss),
      'of which DB WASM heap MiB': mib(memory.before.wasm),
      'RSS peak MiB': mib(memory.peakRss),
      'RSS after MiB': mib(memory.after.rss),
      'DB WASM heap growth MiB': mib(memory.maxWasm - memory.before.wasm),
      'Node side growth at end MiB': mib(memory.after.rest - memory.before.rest),
      'growth per upload MiB (target < 2)': Number((growth / count / MIB).toFixed(2)),
    },
  };
}
