/** Finding music: search as one types, genres and their tracks (issue 17). */
export { searchPlugin } from './search.plugin';
