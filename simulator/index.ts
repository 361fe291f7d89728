// The NC ABC simulator: a deterministic, evolving world (world.ts, shelves.ts), its pages in the documented
// formats (render.ts for Wake and NC ABC, render-boards.ts for Durham, Greensboro and ABC/GO), error pages
// (pages.ts) and a loopback HTTP server with control endpoints (server.ts). See README.md here.
export { SimWorld, diffStock, EXAMPLE_RESPELLING } from './world.ts';
export type {
  DebutInfo,
  DebutSpec,
  DebutStoreSpec,
  DeliveryItem,
  DeliveryRecord,
  ExtractRecord,
  NextDelivery,
  RelabelSpec,
  ShipmentsExtract,
  SimCounters,
  SimWorldOptions,
  StockChange,
  StockSnapshot,
  WarehouseReportData,
  WarehouseReportRow,
} from './world.ts';
export { startSimulator, BOARD_MARKUP_SETTINGS, DATA_PATHS, FAULT_KINDS, MARKUP_SETTINGS, dataPathOf } from './server.ts';
export type {
  BoardMarkupSetting,
  BoardMarkupState,
  FaultKind,
  FaultState,
  MarkupSetting,
  MarkupState,
  ProductAnswer,
  ProductSaid,
  RunningSimulator,
  SimulatorOptions,
} from './server.ts';
export {
  renderAbcgoDetails,
  renderAbcgoSearch,
  renderDurhamProduct,
  renderDurhamSearch,
  renderGreensboroItems,
  renderGreensboroLocator,
  BOARD_MARKUPS,
  DURHAM_SEARCH_LIMIT,
} from './render-boards.ts';
export type { BoardMarkup, BoardRenderOptions } from './render-boards.ts';
export {
  renderShipmentsExtract,
  renderStoreLocator,
  renderWakeSearch,
  renderWarehouseReport,
  MARKUPS,
  WAREHOUSE_COLUMNS,
  SEARCH_LIMIT,
} from './render.ts';
export type { Markup, WakeRenderOptions, WarehouseRenderOptions } from './render.ts';
export { ERROR_PAGE_KINDS, errorPage } from './pages.ts';
export type { ErrorPage, ErrorPageKind } from './pages.ts';
export { loadSimDataset, GREENSBORO_LOCATIONS } from './dataset.ts';
export type { GreensboroLocationSpec, SimBoard, SimDataset, SimOtherBoard, SimProduct, SimStore } from './dataset.ts';
export type { ShelfCounters } from './shelves.ts';
