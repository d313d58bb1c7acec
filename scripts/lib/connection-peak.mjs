// Run beside the test suite (scripts/test.mjs): says which max_connections Postgres has, samples how many
// connections it holds, and prints the peak when stopped (SIGTERM). The suite must pass at Postgres' default of 100
// with an `npm start` stack beside it (ARCHITECTURE.md "Database pools"); CI's log shows what it really took.
import pg from 'pg';

const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = '/postgres';
const client = new pg.Client({ connectionString: url.toString(), application_name: 'connection-peak' });
await client.connect();
const max = (await client.query('SHOW max_connections')).rows[0].max_connections;
console.log(`› Postgres max_connections: ${max}`);
let peak = 0;
let sampling = Promise.resolve();
const timer = setInterval(() => {
  sampling = client
    .query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'`)
    .then(({ rows }) => void (peak = Math.max(peak, rows[0].n)))
    .catch(() => undefined);
}, 500);
process.once('SIGTERM', async () => {
  clearInterval(timer);
  await sampling;
  console.log(`› Postgres connections during the run: at most ${peak} of max_connections ${max}`);
  await client.end();
  process.exit(0);
});
