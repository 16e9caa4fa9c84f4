// `npm run dev`: the server with reload on change, and Vite's dev server (with its proxy to the API).
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@jamii/server'], { cwd: root, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@jamii/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exit(code ?? 0);
  }),
);
