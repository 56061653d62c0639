/** `npm run dev`: the API server (tsx watch) and Vite with hot reload proxying /api and /socket to it. */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, SERVE_CLIENT: 'false', PORT: port } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${port}` } }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  });
}
