import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({}, '/srv/sauti');
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:5000',
      dataDir: path.resolve('/srv/sauti', 'data'),
      databaseUrl: undefined,
      s3: undefined,
      smtpUrl: undefined,
      production: false,
      trustProxy: false,
      paystack: { secretKey: undefined, publicKey: undefined, apiUrl: 'https://api.paystack.co' },
    });
  });

  it('follows PORT in the default public URL and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://sauti.co.ke/' }).publicUrl).toBe('https://sauti.co.ke');
  });

  it('reads S3 settings when a bucket is named', () => {
    const config = loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' });
    expect(config.s3).toEqual({ bucket: 'media', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true, accessKeyId: 'k', secretAccessKey: 's' });
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be between 1 and 65535'],
    [{ PORT: '0' }, 'Invalid configuration: PORT must be between 1 and 65535'],
    [{ PORT: ' ' }, 'Invalid configuration: PORT must be a port number'],
    [{ PORT: '0x10' }, 'Invalid configuration: PORT must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://'],
    [{ PUBLIC_URL: 'sauti.co.ke' }, 'Invalid configuration: PUBLIC_URL must be a URL starting with http:// or https://'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ NODE_ENV: 'staging' }, 'Invalid configuration: NODE_ENV must be development, production or test'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false'],
    [{ TOTP_ENCRYPTION_KEY: 'short' }, 'Invalid configuration: TOTP_ENCRYPTION_KEY must be 32 bytes'],
    [{ TOTP_ENCRYPTION_KEY: 'ab'.repeat(31) }, 'Invalid configuration: TOTP_ENCRYPTION_KEY must be 32 bytes'],
    [{ NODE_ENV: 'production' }, 'Invalid configuration: TOTP_ENCRYPTION_KEY is required in production'],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the TOTP encryption key as 64 hex digits or base64 (decision 059), none outside production', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString('hex') }).totpEncryptionKey).toEqual(key);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: key.toString('base64'), NODE_ENV: 'production' }).totpEncryptionKey).toEqual(key);
    expect(loadConfig({}).totpEncryptionKey).toBeUndefined();
  });

  it('never echoes a bad value, which may be a secret', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db' })).toThrow(/^(?!.*hunter2)/);
  });
});
