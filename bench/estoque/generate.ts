// Creates and loads the stock benchmark database (see dataset.ts) without measuring anything.
//   npx tsx bench/estoque/generate.ts [--scale 1] [--regenerate]
import { argValue, openBenchDatabase } from './db.ts';

const { database } = await openBenchDatabase({
  scale: Number(argValue('scale') ?? '1'),
  regenerate: process.argv.includes('--regenerate'),
  poolSize: 1,
});
await database.close();
