// Runs the NC ABC simulator on loopback (see lib/simulator/server.ts):
//   tsx scripts/simulator.ts [--port 4010] [--seed 42] [--start ISO] [--history-days 17]
//                            [--realtime] [--speed N] [--tick-on-request] [--verbose]
// Point WAKE_BASE_URL and NC_ABC_BASE_URL at the printed URL. SIGINT / SIGTERM stop it cleanly.
import { startSimulator } from '../lib/simulator/server.ts';

interface Args {
  port: number;
  seed: number;
  start?: string;
  historyDays?: number;
  realtime: boolean;
  speed: number;
  tickOnRequest: boolean;
  verbose: boolean;
}

const USAGE =
  'usage: tsx scripts/simulator.ts [--port 4010] [--seed 42] [--start ISO] [--history-days N] [--realtime] [--speed N] [--tick-on-request] [--verbose]';

function parseArgs(argv: string[]): Args {
  const args: Args = { port: 4010, seed: 42, realtime: false, speed: 1, tickOnRequest: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const number = (min: number) => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < min) throw new Error(`${flag} must be a number >= ${min}`);
      return n;
    };
    switch (flag) {
      case '--port':
        args.port = Math.floor(number(0));
        break;
      case '--seed':
        args.seed = Math.floor(number(0));
        break;
      case '--start': {
        const v = value();
        if (!Number.isFinite(Date.parse(v))) throw new Error('--start must be an ISO date-time');
        args.start = v;
        break;
      }
      case '--history-days':
        args.historyDays = Math.floor(number(0));
        break;
      case '--realtime':
        args.realtime = true;
        break;
      case '--speed':
        args.speed = number(Number.MIN_VALUE);
        break;
      case '--tick-on-request':
        args.tickOnRequest = true;
        break;
      case '--verbose':
        args.verbose = true;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}`);
    }
  }
  return args;
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const started = Date.now();
  const sim = await startSimulator({
    port: args.port,
    seed: args.seed,
    start: args.start,
    historyDays: args.historyDays,
    realtime: args.realtime,
    speed: args.speed,
    tickOnRequest: args.tickOnRequest,
    log: args.verbose ? (line) => console.log(`simulator: ${line}`) : undefined,
  });
  const u = sim.url;
  console.log(
    [
      `simulator: listening on ${u} (seed ${args.seed}, simulated now ${sim.world.now().toISOString()}` +
        `${args.realtime ? `, realtime x${args.speed}` : ', clock moves only when told'}; ready in ${Date.now() - started} ms)`,
      `  WAKE_BASE_URL=${u} NC_ABC_BASE_URL=${u}`,
      `  data:    POST ${u}/search-results (productSearch=...)`,
      `           GET  ${u}/wp-admin/admin-ajax.php?action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1`,
      `           GET  ${u}/StoresBoards/Stocks   POST (ReportDate=M/D/YYYY&BrandName=)`,
      `           GET  ${u}/Search/StockShippedData`,
      `  control: GET  ${u}/__sim/state`,
      `           POST ${u}/__sim/advance  {"minutes"|"hours"|"days": n} or {"to": ISO}`,
      `           POST ${u}/__sim/fault    {"path": "/StoresBoards/Stocks", "kind": "timeout|http500|bad-html|truncated-json|refuse|none", "count": n}`,
      `           GET  ${u}/__sim/deliveries?date=YYYY-MM-DD`,
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`simulator: ${signal}, stopping`);
    sim.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
