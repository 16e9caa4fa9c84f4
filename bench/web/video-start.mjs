// What a phone downloads before a 60 s short starts playing. Makes a realistic 60 s 480p H.264 clip
// with ffmpeg (moov at the end, as phones write it), uploads it to the server (run from source with
// tsx on a throw-away data folder), then plays it in Debian's Chromium through a loopback proxy that
// stands in for a mobile link (paced, delayed, counting the bytes delivered): with autoplay, with
// play() called at once, and with <video preload="metadata"> left alone and then played; and the same
// for the untouched moov-at-the-end file, for comparison. About three minutes.
// Run: node bench/web/video-start.mjs   (needs ffmpeg and /usr/bin/chromium; binds to 127.0.0.1 only)
/* global document -- page functions run in Chromium */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, startServer } from '../lib/harness.mjs';

// A fair mobile link: 5 Mbit/s down, 40 ms each way; and a slow one: 1 Mbit/s, 150 ms each way.
const LINKS = [
  { name: '5 Mbit/s, 80 ms RTT', rate: 625_000, delayMs: 40 },
  { name: '1 Mbit/s, 300 ms RTT', rate: 125_000, delayMs: 150 },
];
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;

const work = mkdtempSync(path.join(tmpdir(), 'jamii-video-bench-'));
const clip = path.join(work, 'phone-60s.mp4');
let server;
try {
  // 854x480, 30 fps, a keyframe each second, ~1.2 Mbit/s video + 128 kbit/s AAC: what a mid-range
  // phone's "480p" setting or a messaging app's re-encode produces. Noise keeps the encoder honest.
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=30,noise=alls=12:allf=t'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100'],
    ...['-t', '60', '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '1200k', '-maxrate', '1500k', '-bufsize', '2400k', '-g', '30'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-shortest', clip],
  ]);
  const clipBytes = statSync(clip).size;
  const original = readFileSync(clip);
  console.log(
    `clip: 60 s 854x480 H.264/AAC, ${kb(clipBytes)}, moov at byte ${original.indexOf('moov') - 4} (end)`,
  );

  const dataDir = path.join(work, 'data');
  server = await startServer({ source: true, dataDir, env: { SEED_DEMO: 'off' } });
  const { url: base, port } = server;

  const signup = new FormData();
  const account = { username: 'videobench', password: 'Zebra-Crossing-2025!' };
  for (const [k, v] of Object.entries({
    ...account,
    name: 'Bench Runner',
    email: 'bench@jamiibench.co.ke',
    location: 'Nairobi',
    bio: '',
    confirmPassword: account.password,
  }))
    signup.append(k, v);
  const created = await fetch(`${base}/api/signup`, { method: 'POST', body: signup });
  if (!created.ok) throw new Error(`signup: ${created.status} ${await created.text()}`);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const { token } = await login.json();

  const form = new FormData();
  form.append('title', 'Sixty seconds in Nairobi');
  form.append('video', new Blob([original], { type: 'video/mp4' }), 'VID_0001.mp4');
  const t0 = performance.now();
  const uploaded = await fetch(`${base}/api/videos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const video = await uploaded.json();
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(video)}`);
  const storedFile = readFileSync(path.join(dataDir, video.video_url));
  const moovAt = storedFile.indexOf('moov') - 4;
  console.log(
    `upload: ${uploaded.status} in ${(performance.now() - t0).toFixed(0)} ms, kind ${video.kind}, ` +
      `${video.duration_seconds} s, ${kb(video.size_bytes)}, moov at byte ${moovAt}, ` +
      `moov size ${kb(storedFile.readUInt32BE(moovAt))}`,
  );
  // The untouched phone file, served the same way, for comparison.
  mkdirSync(path.join(dataDir, 'media', 'bench'), { recursive: true });
  copyFileSync(clip, path.join(dataDir, 'media', 'bench', 'original.mp4'));

  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
  try {
    for (const [label, url] of [
      ['stored (faststart)', video.video_url],
      ['original (moov at end)', '/media/bench/original.mp4'],
    ]) {
      for (const { name, ...network } of LINKS) {
        const result = await measure(browser, port, url, network);
        console.log(`\n${label}, ${name}:`);
        for (const line of result) console.log(`  ${line}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}

/**
 * A loopback proxy standing in for the mobile link: it paces what the server sends to `rate` bytes/s
 * with `delayMs` one-way delay and counts the bytes delivered to the browser. That count is what a
 * phone would pay for: the server's answer as it crossed the link, whatever Chromium later used.
 */
async function startLink({ target, rate, delayMs }) {
  const { createServer, connect } = await import('node:net');
  const link = { sent: 0, sockets: new Set() };
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    link.sockets.add(client).add(upstream);
    let releaseAt = 0;
    let queued = 0;
    // Read from the server only as fast as the link and the browser take it (TCP flow control).
    const flow = () => {
      if (queued > 64 * 1024 || client.writableNeedDrain) upstream.pause();
      else upstream.resume();
    };
    client.on('drain', flow);
    upstream.on('data', (chunk) => {
      const now = performance.now();
      releaseAt = Math.max(now + delayMs, releaseAt) + (chunk.length / rate) * 1000;
      queued += chunk.length;
      flow();
      setTimeout(() => {
        queued -= chunk.length;
        if (client.destroyed) return;
        // Counted once the kernel took it for the browser's socket, i.e. it crossed the link.
        client.write(chunk, (err) => {
          if (!err) link.sent += chunk.length;
        });
        flow();
      }, releaseAt - now);
    });
    client.on('data', (chunk) => setTimeout(() => upstream.destroyed || upstream.write(chunk), delayMs));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  link.port = server.address().port;
  link.close = () => {
    for (const s of link.sockets) s.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  return link;
}

/**
 * Two sessions on a fresh page of the app's origin: a player that starts at once (autoplay, as the
 * shorts feed does) until its first frame; and <video preload="metadata"> left alone, then played.
 */
async function measure(browser, serverPort, url, network) {
  const lines = [];
  const session = async (html, steps) => {
    const link = await startLink({ target: serverPort, ...network });
    const base = `http://127.0.0.1:${link.port}`;
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const ranges = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.includes('/media/'))
        ranges.push(e.request.headers.Range ?? e.request.headers.range ?? 'whole');
    });
    await page.goto(`${base}/api/health`);
    const before = link.sent;
    const started = performance.now();
    await page.setContent(html(`${base}${url}`));
    const snapshot = (what) =>
      lines.push(
        `${what} after ${(performance.now() - started).toFixed(0)} ms: ${kb(link.sent - before)} ` +
          `(requests: ${ranges.join(', ')})`,
      );
    await steps(page, snapshot);
    await context.close();
    await link.close();
  };
  const untilEvent = (page, name) =>
    page.evaluate(
      (event) =>
        new Promise((resolve, reject) => {
          const v = document.getElementById('v');
          if (event === 'playing' && !v.paused && v.readyState >= 3) return resolve();
          v.addEventListener(event, resolve, { once: true });
          v.addEventListener('error', () => reject(new Error('media error')), { once: true });
        }),
      name,
    );

  await session(
    (src) => `<video id="v" autoplay muted playsinline src="${src}"></video>`,
    async (page, snapshot) => {
      await untilEvent(page, 'playing');
      snapshot('autoplay: first frame playing');
      await page.waitForTimeout(5000);
      snapshot('autoplay: 5 s into playback');
    },
  );
  await session(
    (src) => `<video id="v" muted playsinline src="${src}"></video>`,
    async (page, snapshot) => {
      // play() at once starts at HAVE_FUTURE_DATA; the autoplay attribute waits for HAVE_ENOUGH_DATA.
      await Promise.all([
        untilEvent(page, 'playing'),
        page.evaluate(() => document.getElementById('v').play()),
      ]);
      snapshot('play() at once: first frame playing');
    },
  );
  await session(
    (src) => `<video id="v" preload="metadata" muted playsinline src="${src}"></video>`,
    async (page, snapshot) => {
      await page.waitForFunction(() => document.getElementById('v').readyState >= 1);
      snapshot('preload=metadata: metadata loaded');
      await page.waitForTimeout(3000);
      snapshot('preload=metadata: settled, not played');
      await Promise.all([
        untilEvent(page, 'playing'),
        page.evaluate(() => document.getElementById('v').play()),
      ]);
      snapshot('preload=metadata: first frame after play()');
    },
  );
  return lines;
}
