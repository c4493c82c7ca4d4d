import path from 'node:path';
import { z } from 'zod';

/** Everything the server needs to know about its surroundings, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  paystack: { secretKey: string | undefined; publicKey: string | undefined; apiUrl: string };
  ffmpegPath: string | undefined;
  production: boolean;
  /** Trust X-Forwarded-* from a reverse proxy (rate limits need the client's address). */
  trustProxy: boolean;
  /** On SIGTERM, requests get this long to finish; then uploads are cut (nothing half-stored) and connections closed. */
  shutdownGraceMs: number;
  /** On SIGTERM, how long GET /api/health answers 503 (while everything else is served) before the process stops listening. */
  shutdownNotReadyMs: number;
  /** Serve the built web app from this folder (absent in API-only test builds). */
  webDir: string | undefined;
  /** AES-256-GCM key of operators' TOTP secrets (decision 059); required in production, else a fixed development key is used. */
  totpEncryptionKey: Buffer | undefined;
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`)
      .optional(),
  );
/** A whole number of seconds, at most `max`, written with no more digits than `max` has. */
const wholeSeconds = (max: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), 'must be a whole number of seconds')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));
const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);

const envSchema = z.object({
  // Digits only: " " or "0x10" must not become a port, and 0 (any free port) would put a dead
  // address into every e-mailed link.
  PORT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number')
      .transform(Number)
      .pipe(z.number().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'))
      .default(5000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_REGION: optionalString,
  S3_FORCE_PATH_STYLE: booleanFlag,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Sauti <no-reply@sauti.local>')),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_API_URL: z.preprocess(
    emptyToUndefined,
    optionalUrl(['http:', 'https:']).transform((value) => value ?? 'https://api.paystack.co'),
  ),
  FFMPEG_PATH: optionalString,
  // 32 random bytes, as 64 hex digits or base64 (openssl rand -hex 32).
  TOTP_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => (/^[0-9a-f]{64}$/i.test(value.trim()) ? Buffer.from(value.trim(), 'hex') : Buffer.from(value.trim(), 'base64')))
      .refine((key) => key.length === 32, 'must be 32 bytes, as 64 hex digits or base64 (openssl rand -hex 32)')
      .optional(),
  ),
  TRUST_PROXY: booleanFlag,
  SHUTDOWN_GRACE_SECONDS: z.preprocess(emptyToUndefined, wholeSeconds(3600).default(20)),
  SHUTDOWN_NOT_READY_SECONDS: z.preprocess(emptyToUndefined, wholeSeconds(600).optional()),
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  ),
});

export class ConfigError extends Error {}

/**
 * Parses the environment; a bad value throws a ConfigError whose message is one line naming the
 * variable. The value itself is never echoed: it may be a secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration: TOTP_ENCRYPTION_KEY is required in production (32 random bytes: openssl rand -hex 32)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, apiUrl: e.PAYSTACK_API_URL.replace(/\/+$/, '') },
    ffmpegPath: e.FFMPEG_PATH,
    production: e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    // Tests start and stop servers all day: they ask for a not-ready period when they test one.
    shutdownNotReadyMs: (e.SHUTDOWN_NOT_READY_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    webDir: undefined,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
  };
}
