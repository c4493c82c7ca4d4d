import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { atExit, SERVER_CPU, spawnPinned, stopProcess } from './processes';

export interface Nginx {
  url: string;
  /** Master and worker: their CPU time is what serving costs. */
  pids: number[];
  stop(): Promise<void>;
}

/** A folder for one nginx (its config, logs, pid and temp files), removed at stop or exit. */
function nginxFolder(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = atExit(() => fs.rmSync(dir, { recursive: true, force: true }));
  const temp = path.join(dir, 'tmp');
  fs.mkdirSync(temp);
  // The worker runs as nobody: the folders must be readable to it.
  fs.chmodSync(dir, 0o755);
  return { dir, temp, removeDir };
}

/** One worker process, in the foreground, every file it writes inside `dir`; `http` is the http block's own lines. */
function nginxConf(dir: string, temp: string, workerConnections: number, http: string): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
${http}
  access_log ${dir}/access.log;
  client_body_temp_path ${temp};
  proxy_temp_path ${temp};
  fastcgi_temp_path ${temp};
  uwsgi_temp_path ${temp};
  scgi_temp_path ${temp};
`;
}

/**
 * Starts nginx on `conf` pinned to the server core, and waits until `isUp(url)` (an answer that is
 * ours: another server on the port must not pass for it), at most 10 s.
 */
async function launchNginx(
  folder: ReturnType<typeof nginxFolder>,
  port: number,
  conf: string,
  isUp: (url: string) => Promise<boolean>,
): Promise<{ master: ChildProcess; url: string; stop(): Promise<void> }> {
  const { dir, removeDir } = folder;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const master = spawnPinned(SERVER_CPU, 'nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  master.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (master.exitCode !== null) throw new Error(`nginx exited (is port ${port} taken?): ${stderr}`);
    if (await isUp(url).catch(() => false)) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    master,
    url,
    async stop() {
      await stopProcess(master, 'SIGQUIT', 5_000);
      fs.rmSync(dir, { recursive: true, force: true });
      removeDir();
    },
  };
}

/**
 * Debian's nginx (nginx-light) serving one folder, configured as Debian ships it (sendfile,
 * tcp_nopush, an access log, default keep-alive limits) but with one worker process, pinned to
 * the server core like the servers it is compared with.
 */
export async function startNginx(port: number, files: Record<string, string>): Promise<Nginx> {
  const folder = nginxFolder('sauti-bench-nginx-');
  const root = path.join(folder.dir, 'root');
  fs.mkdirSync(root);
  for (const [name, source] of Object.entries(files)) {
    fs.copyFileSync(source, path.join(root, name));
    fs.chmodSync(path.join(root, name), 0o644);
  }
  const conf = `${nginxConf(
    folder.dir,
    folder.temp,
    768,
    `  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;`,
  )}  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`;
  const probe = Object.keys(files)[0];
  // Our file, not just any answer.
  const { master, url, stop } = await launchNginx(folder, port, conf, async (base) => (await fetch(`${base}/${probe}`, { method: 'HEAD' })).status === 200);
  const workers = fs
    .readFileSync(`/proc/${master.pid}/task/${master.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return { url, pids: [master.pid!, ...workers], stop };
}

/**
 * Debian's nginx as the balancer in front of several Sauti processes (round robin, keep-alive to
 * the upstreams), passing the client's address on as a proxy does: `X-Forwarded-For` with the
 * address it saw appended (the servers run with TRUST_PROXY=1 and take the client's, the first).
 */
export async function startProxyNginx(port: number, upstreams: string[]): Promise<Nginx> {
  const folder = nginxFolder('sauti-bench-proxy-');
  const conf = `${nginxConf(folder.dir, folder.temp, 4096, '  include /etc/nginx/mime.types;')}  upstream sauti {
${upstreams.map((upstream) => `    server ${upstream.replace(/^http:\/\//, '')};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://sauti;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
  const { master, url, stop } = await launchNginx(folder, port, conf, async (base) => (await fetch(`${base}/api/health`)).status === 200);
  return { url, pids: [master.pid!], stop };
}
