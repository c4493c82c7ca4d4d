/**
 * The JSON API against its budget (DESIGN.md): GET /api/tracks of a signed-in artist with 40
 * tracks, over 16 keep-alive connections, against a minimal Fastify server answering the same
 * bytes from memory; alternating rounds. Targets: requests/s >= 0.25x the minimal server's,
 * p99 <= 50 ms.
 */
import { sharedCatalogue, TRACK_COUNT } from './support/catalogue';
import { loadAverage } from './support/processes';
import { againstMinimalJson, fixed, jsonYardstick, median, wrkRow } from './support/wrk';
import { report } from './lib';

const MINIMAL_PORT = 5143;
const YARDSTICK = jsonYardstick(MINIMAL_PORT);

export async function run() {
  const { server, artist } = await sharedCatalogue();
  const response = await fetch(`${server.url}/api/tracks`, { headers: { cookie: artist.cookie } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || (JSON.parse(body.toString()) as unknown[]).length !== TRACK_COUNT) throw new Error('unexpected GET /api/tracks answer');
  const sauti = { url: `${server.url}/api/tracks`, pid: server.pid };
  const { rounds, ratio, p99 } = await againstMinimalJson({ name: 'tracks', body, sauti, headers: { cookie: artist.cookie }, checkBytes: true, ...YARDSTICK });
  const rows = rounds.flatMap((r, i) => {
    const label = `round ${i + 1}${r.quiet ? '' : ' (busy machine)'}`;
    return [wrkRow(`${label}: minimal Fastify`, r.minimal), wrkRow(`${label}: Sauti`, r.sauti)];
  });
  const summary = {
    'minimal req/s': fixed(median(rounds.map((r) => r.minimal.requestsPerSecond))),
    'Sauti req/s': fixed(median(rounds.map((r) => r.sauti.requestsPerSecond))),
    'req/s ratio (target >= 0.25)': fixed(ratio, 2),
    'Sauti p99 ms (target <= 50)': fixed(p99, 2),
  };
  rows.push({ case: 'median of rounds', ...summary });
  report('json-api', rows, [
    `GET /api/tracks (${TRACK_COUNT} tracks, ${body.length} bytes), ${YARDSTICK.connections} connections, ${YARDSTICK.rounds} rounds of ${YARDSTICK.seconds} s`,
    `targets: req/s ratio ${ratio.toFixed(2)} (>= 0.25), p99 ${p99.toFixed(1)} ms (<= 50)`,
    `errors: ${rounds.reduce((sum, r) => sum + r.minimal.errors + r.sauti.errors, 0)}; rounds on a quiet machine: ${rounds.filter((r) => r.quiet).length} of ${YARDSTICK.rounds}; load average at the end: ${loadAverage()}`,
  ]);
  console.table([summary]);
}
