import { describe, expect, it } from 'vitest';
import { isDevelopmentHost, publicProfileLink } from './profile-link';

const at = (url: string) => {
  const { origin, host, hostname } = new URL(url);
  return { origin, host, hostname };
};

describe('publicProfileLink (spec section 2)', () => {
  it('is {origin}/profile/{slug} on localhost and development hosts', () => {
    expect(publicProfileLink('Amani Wa Muziki', at('http://localhost:5000/dashboard'))).toBe(
      'http://localhost:5000/profile/amaniwamuziki',
    );
    expect(publicProfileLink('DJ K-Boy!', at('http://127.0.0.1:5123'))).toBe('http://127.0.0.1:5123/profile/djkboy');
    expect(publicProfileLink('Zoë', at('http://sauti.localhost'))).toBe('http://sauti.localhost/profile/zoë');
  });

  it('is {host}/{slug} elsewhere', () => {
    expect(publicProfileLink('Amani Wa Muziki', at('https://sauti.co.ke/dashboard'))).toBe('sauti.co.ke/amaniwamuziki');
    expect(publicProfileLink('Amani', at('https://music.example.com:8443'))).toBe('music.example.com:8443/amani');
  });

  it('keeps /profile/{slug} for a name taken before its word was reserved (decision 042)', () => {
    expect(publicProfileLink('Embed', at('https://sauti.co.ke/dashboard'))).toBe('sauti.co.ke/profile/embed');
    expect(publicProfileLink('Redeem', at('http://localhost:5000'))).toBe('http://localhost:5000/profile/redeem');
  });

  it('knows development hosts', () => {
    expect(['localhost', '127.0.0.1', '[::1]', 'app.localhost', 'studio.local'].every(isDevelopmentHost)).toBe(true);
    expect(['sauti.co.ke', 'localhost.example.com'].some(isDevelopmentHost)).toBe(false);
  });
});
