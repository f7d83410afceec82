// npm run dev: the API server in watch mode on :3001 and the Vite dev server on :5173 (proxying /api and
// /auth/v1 to it). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const env = {
  ...process.env,
  PORT: process.env.API_PORT ?? '3001',
  SITE_URL: process.env.SITE_URL ?? 'http://localhost:5173',
  // the same ./data as npm start (the server workspace runs from apps/server)
  DATA_DIR: path.resolve(process.env.DATA_DIR ?? 'data'),
};
const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@erp/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', '@erp/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${env.PORT}` },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
