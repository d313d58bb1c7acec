// usage: node explain.mjs metric days [interval]
import pg from 'pg';
const { QueryMetric } =
  await import('../../services/statistics/dist/metrics/usecases/query-metric/query-metric.usecase.js');
const { MetricRepository } = await import('../../services/statistics/dist/metrics/metric.repository.js');
const [metric, days, interval = 'day'] = process.argv.slice(2);
let captured;
const svc = new QueryMetric(
  new MetricRepository({
    query: async (sql, params) => {
      captured = { sql, params };
      return [];
    },
    // the service runs its statements as named prepared statements on a pooled connection
    createQueryRunner: () => ({
      connect: async () => ({
        query: async ({ text, values }) => {
          captured = { sql: text, params: values };
          return { rows: [] };
        },
      }),
      release: async () => undefined,
    }),
  }),
  { SHOP_TIME_ZONE: 'Europe/Vienna' },
);
const f = new Date(Date.now() - Number(days) * 86_400_000);
f.setUTCMinutes(17);
await svc.aggregate(metric, f, new Date(), null, interval, process.env.RAW ? false : true);
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/shop_bench_statistics' });
await c.connect();
if (!process.env.RAW) await c.query('SET max_parallel_workers_per_gather = 0; SET jit = off');
const params = captured.params.map((p) => (Array.isArray(p) ? p : p));
const r = await c.query('EXPLAIN (ANALYZE, BUFFERS) ' + captured.sql, params);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
