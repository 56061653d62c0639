/** `npm run dev`: the API server on :3000 (tsx watch) and Vite with hot reload proxying to it. */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, SERVE_CLIENT: 'false', PORT: process.env.PORT ?? '3000' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) { stop(); process.exit(code); } });
