import fs from 'node:fs';
import path from 'node:path';

// PGlite admits one process per data directory and leaves no usable lock of its own (its
// postmaster.pid stays behind after a clean close). The server therefore records its pid next to
// the data; tools that open the embedded database (user:create) refuse while that process lives.

export function serverPidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live server holding `dataDir`, or null (no file, or a stale one). */
export function runningServerPid(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(serverPidFile(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return alive(pid) ? pid : null;
}

/**
 * Marks `dataDir` as held by this process (atomic: of two servers starting at the same instant
 * only one wins). Returns the release function, or the pid of the live process that holds it.
 */
export function holdDataDir(dataDir: string): { release: () => void } | { heldBy: number } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = serverPidFile(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return {
        release: () => {
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid))
              fs.rmSync(file, { force: true });
          } catch {
            // already gone
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = runningServerPid(dataDir);
      if (holder) return { heldBy: holder };
      // stale file of a process that died: take it over
      fs.rmSync(file, { force: true });
    }
  }
  const holder = runningServerPid(dataDir);
  return holder ? { heldBy: holder } : { heldBy: -1 };
}
