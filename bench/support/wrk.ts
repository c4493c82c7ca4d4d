import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atExit, cpuTimeOf, LOAD_CPU, SERVER_CPU, spawnPinned, stopProcess, waitForQuiet } from './processes';

export interface WrkResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Non-2xx/3xx answers, connection errors, timeouts: any makes the run invalid. */
  errors: number;
  /** CPU the measured server processes used per request, in microseconds. */
  serverCpuUsPerRequest: number;
  /** Busy share of each core during the run (0..1), from /proc/stat: is the load core saturated? */
  coreBusy: Record<string, number>;
}

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  script: 'ranges' | 'get';
  env?: Record<string, string>;
  headers?: Record<string, string>;
  /** Processes whose CPU time is charged to the requests (the server, or nginx's worker). */
  serverPids: number[];
  cpu?: string;
}

function coreTimes(): Map<string, { busy: number; total: number }> {
  const times = new Map<string, { busy: number; total: number }>();
  for (const line of fs.readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+) (.*)$/.exec(line);
    if (!match) continue;
    const values = match[2]!.trim().split(/\s+/).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    const idle = values[3]! + values[4]!;
    times.set(match[1]!, { busy: total - idle, total });
  }
  return times;
}

/** One wrk run (one thread, on the load core), parsed from the RESULT line its script prints. */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', path.join(import.meta.dirname, '..', 'wrk', `${options.script}.lua`)];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(options.url);
  const cpuBefore = options.serverPids.reduce((sum, pid) => sum + cpuTimeOf(pid), 0);
  const coresBefore = coreTimes();
  const child = spawnPinned(options.cpu ?? LOAD_CPU, 'wrk', args, { env: { ...process.env, ...options.env } });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const cpuAfter = options.serverPids.reduce((sum, pid) => sum + cpuTimeOf(pid), 0);
  const coresAfter = coreTimes();
  const line = /^RESULT (.*)$/m.exec(output)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}):\n${output}`);
  const value = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(line)?.[1]);
  const seconds = value('duration_us') / 1e6;
  const requests = value('requests');
  const coreBusy: Record<string, number> = {};
  for (const [core, after] of coresAfter) {
    const before = coresBefore.get(core)!;
    coreBusy[core] = (after.busy - before.busy) / Math.max(1, after.total - before.total);
  }
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    megabytesPerSecond: value('bytes') / 1e6 / seconds,
    p50Ms: value('p50_us') / 1000,
    p99Ms: value('p99_us') / 1000,
    maxMs: value('max_us') / 1000,
    errors: ['status_errors', 'connect_errors', 'read_errors', 'write_errors', 'timeouts'].reduce((sum, name) => sum + value(name), 0),
    serverCpuUsPerRequest: ((cpuAfter - cpuBefore) * 1000) / Math.max(1, requests),
    coreBusy,
  };
}

/** The middle of a few rounds' figures (the upper middle of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** A figure rounded for a report table. */
export const fixed = (value: number, digits = 0) => Number(value.toFixed(digits));

/** One wrk run as a row of a report's table. */
export function wrkRow(label: string, result: WrkResult): Record<string, unknown> {
  return {
    case: label,
    'req/s': fixed(result.requestsPerSecond),
    'p50 ms': fixed(result.p50Ms, 2),
    'p99 ms': fixed(result.p99Ms, 2),
    'server CPU µs/req': fixed(result.serverCpuUsPerRequest),
    errors: result.errors,
  };
}

export interface YardstickRound {
  minimal: WrkResult;
  sauti: WrkResult;
  /** Whether the machine was quiet before the round (waitForQuiet). */
  quiet: boolean;
}

/**
 * Sauti beside its yardstick, a minimal server on the same core: each warmed up for 3 s, then
 * `rounds` rounds, each waiting for a quiet machine and measuring the yardstick then Sauti.
 */
export async function yardstickRounds(
  rounds: number,
  get: (url: string, pid: number, seconds?: number) => Promise<WrkResult>,
  sauti: { url: string; pid: number },
  minimal: { url: string; pid: number },
): Promise<YardstickRound[]> {
  await get(sauti.url, sauti.pid, 3);
  await get(minimal.url, minimal.pid, 3);
  const results: YardstickRound[] = [];
  for (let round = 0; round < rounds; round++) {
    const { quiet } = await waitForQuiet();
    results.push({ minimal: await get(minimal.url, minimal.pid), sauti: await get(sauti.url, sauti.pid), quiet });
  }
  return results;
}

/**
 * The JSON budget's run (DESIGN.md), the same for every JSON bench: 16 keep-alive connections,
 * BENCH_ROUNDS rounds (3) of BENCH_SECONDS seconds (10), the yardstick listening on `port`.
 */
export function jsonYardstick(port: number) {
  return { port, rounds: Number(process.env.BENCH_ROUNDS ?? 3), seconds: Number(process.env.BENCH_SECONDS ?? 10), connections: 16 };
}

/**
 * A JSON GET of Sauti's beside its yardstick: the minimal Fastify server answering the same bytes
 * from memory (minimal-json-server.ts on `port`, on the server core), in yardstickRounds; with the
 * medians the JSON budget is judged by (DESIGN.md: the req/s ratio and Sauti's p99). The minimal
 * server is stopped and its body file removed after. `checkBytes` first makes sure the yardstick
 * answers exactly `body`.
 */
export async function againstMinimalJson(options: {
  name: string;
  body: Buffer;
  port: number;
  sauti: { url: string; pid: number };
  rounds: number;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  checkBytes?: boolean;
}): Promise<{ rounds: YardstickRound[]; ratio: number; p99: number }> {
  const bodyFile = path.join(os.tmpdir(), `sauti-bench-${options.name}-${process.pid}.json`);
  fs.writeFileSync(bodyFile, options.body);
  const removeBody = atExit(() => fs.rmSync(bodyFile, { force: true }));
  const minimal = spawnPinned(SERVER_CPU, process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'minimal-json-server.ts'), String(options.port), bodyFile], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
  });
  try {
    await once(minimal.stdout!, 'data');
    const minimalUrl = `http://127.0.0.1:${options.port}/api/tracks`;
    if (options.checkBytes && !Buffer.from(await (await fetch(minimalUrl)).arrayBuffer()).equals(options.body)) throw new Error('the minimal server does not answer the same bytes');
    const get = (url: string, pid: number, seconds = options.seconds) =>
      runWrk({ url, connections: options.connections, seconds, script: 'get', ...(options.headers ? { headers: options.headers } : {}), serverPids: [pid] });
    const rounds = await yardstickRounds(options.rounds, get, options.sauti, { url: minimalUrl, pid: minimal.pid! });
    return { rounds, ratio: median(rounds.map((r) => r.sauti.requestsPerSecond / r.minimal.requestsPerSecond)), p99: median(rounds.map((r) => r.sauti.p99Ms)) };
  } finally {
    await stopProcess(minimal);
    fs.rmSync(bodyFile, { force: true });
    removeBody();
  }
}
