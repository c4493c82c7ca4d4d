import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { DASHBOARD_SECTIONS, DEFAULT_SECTION, type DashboardSection, type DashboardSectionId } from './sections';

/**
 * The open dashboard section lives in the address (?section=payments), so reload and the back
 * button keep it; My Music is the bare /dashboard.
 */
export function useDashboardSection(): [DashboardSection, (id: DashboardSectionId) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('section');
  const section =
    DASHBOARD_SECTIONS.find((candidate) => candidate.id === requested) ??
    DASHBOARD_SECTIONS.find((candidate) => candidate.id === DEFAULT_SECTION)!;
  const select = useCallback(
    (id: DashboardSectionId) => setSearchParams(id === DEFAULT_SECTION ? {} : { section: id }),
    [setSearchParams],
  );
  return [section, select];
}
