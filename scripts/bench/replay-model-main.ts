// npx tsx scripts/bench/replay-model-main.ts [--days 365] [--warm 60] [--seed 42]: replayModel (replay-model.ts), its
// result as one line of JSON on stdout.
import { replayModel } from './replay-model.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
process.stdout.write(`${JSON.stringify(replayModel({ seed: arg('--seed', 42), warmDays: arg('--warm', 60), days: arg('--days', 365) }))}\n`);
