import fp from 'fastify-plugin';
import { searchRoutes } from './search.routes';
import { SearchService } from './search.service';

/** Issue 17: GET /api/search, /api/genres, /api/genres/{slug}/tracks (docs/decisions/037). */
export const searchPlugin = fp(
  async (app) => {
    const service = new SearchService(() => app.database.db);
    await app.register(async (scope) => searchRoutes(scope, service));
  },
  { name: 'search', dependencies: ['database'] },
);
