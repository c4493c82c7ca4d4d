import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * Reads `?token=` once and then takes it out of the address bar (and so out of the browser
 * history): verification and reset tokens are single-use secrets. Later renders keep the token
 * read first.
 */
export function useOneTimeToken(): string | null {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [token] = useState(() => {
    const value = new URLSearchParams(search).get('token');
    return value && value.trim() !== '' ? value.trim() : null;
  });
  const stripped = useRef(false);
  useEffect(() => {
    if (token === null || stripped.current) return;
    stripped.current = true;
    navigate(location, { replace: true });
  }, [token, location, navigate]);
  return token;
}
