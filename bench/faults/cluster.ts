import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';

/**
 * The pieces of a small deployment for `npm run test:faults` (issue 22): a private PostgreSQL
 * cluster, an s3rver bucket that can go away and come back, Sauti processes from `dist/`, and
 * Debian's nginx in front. Each can be stopped and started from outside, as an operator would.
 */

const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const NGINX = process.env.FAULTS_NGINX ?? '/usr/sbin/nginx';
const isRoot = process.getuid?.() === 0;

/** initdb refuses to run as root: the cluster then belongs to the system's postgres user. */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  // Not spawnSync: the load goes on while pg_ctl waits.
  const child = spawn(file, argv as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')}: ${output}`);
}

async function idOf(flag: '-u' | '-g'): Promise<string> {
  const child = spawn('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  return output.trim();
}

export class PrivatePostgres {
  readonly url: string;
  private readonly dir: string;

  constructor(
    root: string,
    readonly port: number,
  ) {
    this.dir = path.join(root, 'pg');
    this.url = `postgres://postgres@127.0.0.1:${port}/sauti`;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { mode: 0o700 });
    if (isRoot) fs.chownSync(this.dir, Number(await idOf('-u')), Number(await idOf('-g')));
    await asPostgres(path.join(PG_BIN, 'initdb'), ['-D', this.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await this.ctl('start');
    const admin = new pg.Client({ connectionString: this.url.replace(/\/sauti$/, '/postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE sauti');
    await admin.end();
  }

  /** What an operator's restart does: every connection cut, then the server back on the same port. */
  restart(): Promise<void> {
    return this.ctl('restart', ['-m', 'fast']);
  }

  stop(): Promise<void> {
    return this.ctl('stop', ['-m', 'immediate']);
  }

  private ctl(action: string, extra: string[] = []): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
    return asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', this.dir, '-l', path.join(this.dir, 'log'), '-w', '-o', options, action, ...extra]);
  }
}

/** An s3rver bucket kept on disk, so stopping it (the outage) loses nothing stored. */
export class Bucket {
  private server: S3rver | undefined;
  private readonly dir: string;
  readonly env: Record<string, string>;

  constructor(
    root: string,
    readonly port: number,
  ) {
    this.dir = path.join(root, 's3');
    fs.mkdirSync(this.dir);
    this.env = {
      S3_BUCKET: 'sauti-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
  }

  async start(): Promise<void> {
    this.server = new S3rver({ address: '127.0.0.1', port: this.port, directory: this.dir, silent: true, configureBuckets: [{ name: 'sauti-media', configs: [] }] });
    await this.server.run();
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }
}

export interface SautiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const MAIN = path.resolve(import.meta.dirname, '../../dist/server/main.js');

export function builtServerExists(): boolean {
  return fs.existsSync(MAIN);
}

/** `npm run serve` as one process of the deployment: its own PORT and DATA_DIR. */
export async function startSauti(name: string, port: number, dataDir: string, env: Record<string, string>): Promise<SautiProcess> {
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const process_ = { name, port, child, output: () => output, exited };
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/Sauti is running at/.test(output)) {
        child.stdout!.off('data', check);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`${name} exited with ${code} while starting:\n${output}`)));
    check();
  });
  return process_;
}

/** nginx in the foreground with the README's settings, in front of `ports`. */
export interface Nginx {
  child: ChildProcess;
  /** Takes the processes on `ports` out of the upstream (`down`), or puts every one back, and reloads. */
  setDown(ports: number[]): Promise<void>;
  stop(): Promise<void>;
  errors: () => string;
}

export async function startNginx(root: string, port: number, upstreams: number[]): Promise<Nginx> {
  const dir = path.join(root, 'nginx');
  fs.mkdirSync(dir);
  const log = path.join(dir, 'error.log');
  const proxied = `
        proxy_pass http://sauti;
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 3;
        proxy_connect_timeout 2s;
        client_max_body_size 50m;
        proxy_read_timeout 300s;`;
  const conf = (down: number[]) => `
${isRoot ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${log} warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    upstream sauti {
${upstreams.map((p) => `        server 127.0.0.1:${p} max_fails=1 fail_timeout=5s${down.includes(p) ? ' down' : ''};`).join('\n')}
        keepalive 32;
        # Shorter than SHUTDOWN_NOT_READY_SECONDS: nginx closes its idle connections to a draining
        # process itself before that process closes them under a request being sent.
        keepalive_timeout 2s;
    }
    server {
        listen 127.0.0.1:${port};
        location / {${proxied}
        }
        location /api/uploads {${proxied}
            proxy_request_buffering off;
        }
    }
}
`;
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf([]));
  const child = spawn(NGINX, ['-c', file, '-p', dir, '-e', log], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  // Listening once a connection is accepted.
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/robots.txt`);
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}${fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    errors: () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '') + stderr,
    async setDown(ports: number[]) {
      fs.writeFileSync(file, conf(ports));
      // A reload: new workers take the new upstream; the old ones finish their requests and close
      // their idle connections themselves (no race with a process closing them).
      child.kill('SIGHUP');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    },
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}
