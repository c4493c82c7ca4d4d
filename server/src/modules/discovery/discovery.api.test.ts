import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app';

describe("the landing page's lists before anything is featured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it.each([
    ['/api/featured-tracks?limit=12'],
    ['/api/featured-artists?limit=10'],
    ['/api/editors-picks?limit=12'],
    ['/api/editors-picks'],
  ])('%s answers an empty list, to anyone', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=51', 'limit must be at most 50'],
    ['limit=2.5', 'limit must be a whole number'],
    ['limit=lots', 'limit must be a whole number'],
  ])('refuses %s with a message', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/featured-tracks?${query}` });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });
});
