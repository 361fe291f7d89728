// npx tsx bench/replay-model-main.ts [--days 365] [--warm 60] [--seed 42] [--world classic|varied|both]:
// replayModel (replay-model.ts) on each world asked for (default classic), each result as one line of JSON on stdout.
import { replayModel } from './replay-model.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const i = process.argv.indexOf('--world');
const world = i >= 0 ? process.argv[i + 1] : 'classic';
if (!['classic', 'varied', 'both'].includes(world)) {
  console.error(`replay-model: --world takes classic, varied or both (not ${world})`);
  process.exit(2);
}
for (const w of world === 'both' ? (['classic', 'varied'] as const) : [world as 'classic' | 'varied']) {
  process.stdout.write(`${JSON.stringify(replayModel({ seed: arg('--seed', 42), warmDays: arg('--warm', 60), days: arg('--days', 365), world: w }))}\n`);
}
