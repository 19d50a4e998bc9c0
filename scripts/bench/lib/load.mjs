// Load helpers shared by the API benchmarks (run.mjs, start-command.mjs): autocannon with a browser's headers,
// CPU time per request read from /proc, and a raw GET that keeps the bytes as sent on the wire.
import http from 'node:http';
import fs from 'node:fs';
import autocannon from 'autocannon';

export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** CPU time (user + system, µs) a process has used so far, from /proc; null where there is none. */
export function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Runs a load against a process and adds the CPU time it spent per answered request. */
export async function measured(pid, run) {
  const before = cpuMicros(pid);
  const result = summarise(await run());
  const after = cpuMicros(pid);
  const cpuUsPerRequest = before === null || after === null || result.total === 0 ? null : Math.round((after - before) / result.total);
  return { ...result, cpuUsPerRequest };
}

/** What Chrome on Android sends with a fetch() from the web app: without Accept-Encoding nothing is ever compressed. */
export const BROWSER_HEADERS = {
  accept: 'application/json, text/plain, */*',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8',
  'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
};

export function load(url, scenario, token, shape = { connections: CONNECTIONS, duration: DURATION }) {
  let n = 0;
  const headers = { ...BROWSER_HEADERS, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return autocannon({
    url,
    ...shape,
    timeout: 30,
    requests: [
      {
        method: scenario.method,
        path: scenario.path,
        headers,
        ...(scenario.body ? { setupRequest: (req) => ({ ...req, body: JSON.stringify(scenario.body(n++)) }) } : {}),
      },
    ],
  });
}

export const summarise = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  total: r.requests.total,
  ok2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Waits until the server has worked off the previous load (a quick health answer), so runs do not overlap. */
export async function drain(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const t = performance.now();
    const res = await fetch(`${url}/api/health`).catch(() => null);
    await res?.arrayBuffer();
    if (res?.ok && performance.now() - t < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One GET as raw bytes (fetch would decompress): status, headers and the body exactly as sent on the wire. */
export function rawGet(url, pathname, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url + pathname, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
