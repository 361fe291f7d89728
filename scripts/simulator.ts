// Runs the NC ABC simulator on loopback (see simulator/server.ts):
//   tsx scripts/simulator.ts [--port 4010] [--seed 42] [--start ISO] [--history-days 17]
//                            [--realtime] [--speed N] [--tick-on-request] [--verbose]
//                            [--wake-markup documented|live|alternate] [--warehouse-markup documented|live|alternate]
//                            [--durham-markup documented|drift|alternate] [--greensboro-markup ...] [--abcgo-markup ...]
//                            [--auto-debuts[=DAYS]]
// Point NC_ABC_BASE_URL at the printed URL and every board source at it with BOARD_SOURCE_URLS (an ABC/GO
// board's at <URL>/abcgo/<board id>; the printed line has them all). SIGINT / SIGTERM stop it cleanly.
import { simulatorSourceUrls } from '../simulator/source-urls.ts';
import { BOARD_MARKUP_SETTINGS, FAULT_KINDS, MARKUP_SETTINGS, startSimulator, type BoardMarkupSetting, type MarkupSetting } from '../simulator/server.ts';

interface Args {
  port: number;
  seed: number;
  start?: string;
  historyDays?: number;
  realtime: boolean;
  speed: number;
  tickOnRequest: boolean;
  verbose: boolean;
  wakeMarkup: MarkupSetting;
  warehouseMarkup: MarkupSetting;
  durhamMarkup: BoardMarkupSetting;
  greensboroMarkup: BoardMarkupSetting;
  abcgoMarkup: BoardMarkupSetting;
  /** 0 = off; else one automatic debut about every N days. */
  autoDebutDays: number;
  habits: 'classic' | 'varied';
}

const USAGE = `usage: tsx scripts/simulator.ts [options]
  --port N                  TCP port on 127.0.0.1 (default 4010; 0 = any free port)
  --seed N                  seed of every random choice (default 42)
  --start ISO               simulated start time (default: now)
  --history-days N          days simulated before the start (default 17)
  --realtime                advance the simulated clock with the wall clock
  --speed N                 simulated ms per wall-clock ms in realtime mode (default 1)
  --tick-on-request         each data request first advances the world by 15 minutes
  --wake-markup M           Wake search markup: documented (default), live (the 2026-07-21 capture:
                            no spans in store lines, names in capitals, div.product-row) or alternate
                            (documented on even requests, live on odd ones)
  --warehouse-markup M      warehouse report markup: documented (default), live (no thead, no row ids,
                            styled cells, sizes like .75L) or alternate
  --durham-markup M         Durham pages: documented (default), drift ("In Stock ( 6 )" as plain text,
                            absolute links with dashed codes, only the stores holding it) or alternate
  --greensboro-markup M     Greensboro items: documented (default), drift (quantities as 2.0 and "2.0",
                            numeric itemids) or alternate
  --abcgo-markup M          ABC/GO answers: documented (default), drift (numeric Code, numbers as strings,
                            addresses in capitals) or alternate
  --auto-debuts[=DAYS]      seeded new products about every DAYS days (default 3): a new 5-digit code on
                            the warehouse report with a new or blank listing type, then on a few stores'
                            shelves, classified 1-3 days later; and weekly a catalog product printing a
                            blank or new listing type for a day
  --habits H                how boards spread shipments over their stores: classic (default) or varied
                            (rotation lists, a Saturday drop, tiers, business-day lags; issue 37)
  --verbose                 one line per request`;

function parseArgs(argv: string[]): Args {
  const args: Args = {
    port: 4010,
    seed: 42,
    realtime: false,
    speed: 1,
    tickOnRequest: false,
    verbose: false,
    wakeMarkup: 'documented',
    warehouseMarkup: 'documented',
    durhamMarkup: 'documented',
    greensboroMarkup: 'documented',
    abcgoMarkup: 'documented',
    autoDebutDays: 0,
    habits: 'classic',
  };
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
    const markup = <T extends string>(allowed: readonly T[] = MARKUP_SETTINGS as readonly string[] as readonly T[]): T => {
      const v = value();
      if (!(allowed as readonly string[]).includes(v)) throw new Error(`${flag} must be one of ${allowed.join(', ')}`);
      return v as T;
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
      case '--habits': {
        const v = value();
        if (v !== 'classic' && v !== 'varied') throw new Error('--habits must be classic or varied');
        args.habits = v;
        break;
      }
      case '--verbose':
        args.verbose = true;
        break;
      case '--wake-markup':
        args.wakeMarkup = markup();
        break;
      case '--warehouse-markup':
        args.warehouseMarkup = markup();
        break;
      case '--durham-markup':
        args.durhamMarkup = markup(BOARD_MARKUP_SETTINGS);
        break;
      case '--greensboro-markup':
        args.greensboroMarkup = markup(BOARD_MARKUP_SETTINGS);
        break;
      case '--abcgo-markup':
        args.abcgoMarkup = markup(BOARD_MARKUP_SETTINGS);
        break;
      case '--auto-debuts': {
        // An optional inline value only (--auto-debuts=2), so a following flag is never taken as its value.
        const days = inline === undefined ? 3 : Number(inline);
        if (!Number.isInteger(days) || days < 1) throw new Error('--auto-debuts=DAYS must be a whole number >= 1');
        args.autoDebutDays = days;
        break;
      }
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
    wakeMarkup: args.wakeMarkup,
    warehouseMarkup: args.warehouseMarkup,
    durhamMarkup: args.durhamMarkup,
    greensboroMarkup: args.greensboroMarkup,
    abcgoMarkup: args.abcgoMarkup,
    autoDebuts: args.autoDebutDays > 0 ? { everyDays: args.autoDebutDays } : false,
    habits: args.habits,
    log: args.verbose ? (line) => console.log(`simulator: ${line}`) : undefined,
  });
  const u = sim.url;
  console.log(
    [
      `simulator: listening on ${u} (seed ${args.seed}, simulated now ${sim.world.now().toISOString()}` +
        `${args.realtime ? `, realtime x${args.speed}` : ', clock moves only when told'}; ready in ${Date.now() - started} ms)`,
      `  markup: Wake ${args.wakeMarkup}, warehouse ${args.warehouseMarkup}, Durham ${args.durhamMarkup}, Greensboro ${args.greensboroMarkup}, ABC/GO ${args.abcgoMarkup}; ` +
        `automatic debuts ${args.autoDebutDays ? `every ~${args.autoDebutDays} days` : 'off'}; ${args.habits} habits`,
      `  NC_ABC_BASE_URL=${u}`,
      `  NC_ABC_WEBSITE_URL=${u}`,
      `  BOARD_SOURCE_URLS=${simulatorSourceUrls(u)}`,
      `  data:    POST ${u}/search-results (productSearch=...)`,
      `           GET  ${u}/wp-admin/admin-ajax.php?action=store_search&lat=35.7796&lng=-78.6382&max_results=100&search_radius=500&autoload=1`,
      `           GET  ${u}/StoresBoards/Stocks   POST (ReportDate=M/D/YYYY&BrandName=)`,
      `           GET  ${u}/Search/StockShippedData`,
      `           GET  ${u}/Pricing/ExportData   GET ${u}/local-abc-boards/public-allocated-and-limited-distribution-list/open`,
      `           GET  ${u}/search?q=...   GET ${u}/products/27090                      (Durham)`,
      `           GET  ${u}/api/items?q=...&limit=50&offset=0   GET ${u}/scs/services/Location.Service.ss?page=1&results_per_page=20   (Greensboro)`,
      `           POST ${u}/abcgo/135/api/inventory/search {"filter"}   POST ${u}/abcgo/135/api/inventory/details {"code"}   (ABC/GO, X-Requested-With: XMLHttpRequest)`,
      `  control: GET  ${u}/__sim/state`,
      `           POST ${u}/__sim/advance  {"minutes"|"hours"|"days": n} or {"to": ISO}`,
      `           POST ${u}/__sim/fault    {"path": "/StoresBoards/Stocks", "kind": "${FAULT_KINDS.join('|')}", "count": n, "plus": ["27090"]}`,
      `           GET  ${u}/__sim/deliveries?date=YYYY-MM-DD&board=179`,
      `           POST ${u}/__sim/markup   {"wake"?: "${MARKUP_SETTINGS.join('|')}", "warehouse"?: ..., "durham"?: "${BOARD_MARKUP_SETTINGS.join('|')}", "greensboro"?: ..., "abcgo"?: ...}`,
      `           POST ${u}/__sim/respell  {"storeNumber": n, "address": "..." | null, "boardId"?: 78}`,
      `           POST ${u}/__sim/debut    {"plu", "name", "listingTypeLabel", "retailPrice", "sizeMl", "releaseAt", "stores": [{"storeNumber", "quantity", "boardId"?}], ...}`,
      `           GET  ${u}/__sim/debuts   POST ${u}/__sim/relabel   POST ${u}/__sim/delist   GET ${u}/__sim/stock?plu=27090,...&board=179`,
      `           POST ${u}/__sim/greensboro-location  {"internalid": 125, "name": "Store 19", "address1": "...", "city": "..."} or {"internalid": 125, "remove": true}`,
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
