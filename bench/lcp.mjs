// LCP of the first screens on a throttled phone (issue 13 and 17): Chromium at 375 px, DevTools'
// "Slow 4G" network (562.5 ms latency, 1.47 Mbps down, 0.6 Mbps up) and the CPU 4× slower, cold
// cache, the median of five loads per route. Needs `npm run build` first; starts the built server on
// the embedded database with its demo content. `node bench/lcp.mjs [--runs 5] [--width 375]`.
import { launchChromium, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 5);
const WIDTH = option('width', 375);
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (607.5 * 1024) / 8,
};
const ROUTES = ['/', '/login', '/feed', '/jobs'];

// Runs in the page before its scripts: keeps the latest LCP candidate and the layout shifts.
const OBSERVE = `
  window.__lcp = 0; window.__cls = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
`;

const median = (values) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// A new embedded database takes 13–30 s to start on a busy machine, more at a load average of 30.
const server = await startServer({ readyTimeoutMs: 180_000 });
const browser = await launchChromium();
try {
  // A member for the signed-in screens (the feed), made once; each load is a new, cold context.
  const username = `lcp${Date.now() % 1e8}`;
  const password = 'Mvua-Nyingi-2025!';
  const form = new FormData();
  for (const [k, v] of Object.entries({
    username,
    name: 'Zawadi Wairimu',
    email: `${username}@jamii-bench.co.ke`,
    password,
    confirmPassword: password,
  }))
    form.set(k, v);
  const signup = await fetch(`${server.url}/api/signup`, { method: 'POST', body: form });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify({ username, password }),
  });
  const session = await login.json();

  const rows = [];
  for (const route of ROUTES) {
    const lcps = [];
    const shifts = [];
    const scripts = [];
    const chains = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: 740 } });
      if (route === '/feed' || route === '/jobs') {
        await context.addInitScript(
          ({ token, user }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('user', JSON.stringify(user));
          },
          { token: session.token, user: session.user },
        );
      }
      await context.addInitScript(OBSERVE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // The longest chain of script requests each sent only after the one before had arrived: a
      // script's depth is one more than the deepest script that finished loading before it was asked
      // for (the page's own tags are depth 1). Module preload keeps this short.
      const sent = new Map();
      const finished = new Map();
      cdp.on('Network.requestWillBeSent', ({ requestId, type, timestamp }) => {
        if (type === 'Script' && !sent.has(requestId)) sent.set(requestId, timestamp);
      });
      cdp.on('Network.loadingFinished', ({ requestId, timestamp }) => finished.set(requestId, timestamp));
      await page.goto(server.url + route, { waitUntil: 'networkidle', timeout: 90_000 });
      // Chromium reports the LCP entry a moment after the paint; a load without one is left out.
      await page.waitForFunction('window.__lcp > 0', null, { timeout: 10_000 }).catch(() => undefined);
      const lcp = await page.evaluate('window.__lcp');
      if (lcp > 0) lcps.push(lcp);
      shifts.push(await page.evaluate('window.__cls'));
      const depth = new Map();
      for (const [id, at] of [...sent].sort((x, y) => x[1] - y[1])) {
        let before = 0;
        for (const [other, d] of depth)
          if ((finished.get(other) ?? Infinity) <= at) before = Math.max(before, d);
        depth.set(id, before + 1);
      }
      scripts.push(sent.size);
      chains.push(Math.max(0, ...depth.values()));
      await context.close();
    }
    rows.push({
      route,
      'LCP median (ms)': Math.round(median(lcps)),
      'LCP runs (ms)': lcps.map(Math.round).join(' '),
      CLS: median(shifts).toFixed(3),
      scripts: median(scripts),
      'script chain': median(chains),
    });
  }
  console.log(`LCP at ${WIDTH} px, Slow 4G, CPU 4× slower, median of ${RUNS} cold loads`);
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}
