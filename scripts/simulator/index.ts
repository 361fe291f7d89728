// The NC ABC simulator: a deterministic, evolving world (world.ts), its pages in the documented formats
// (render.ts), error pages (pages.ts) and a loopback HTTP server with control endpoints (server.ts). See README.md here.
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
export { startSimulator, DATA_PATHS, FAULT_KINDS, MARKUP_SETTINGS } from './server.ts';
export type { FaultKind, FaultState, MarkupSetting, MarkupState, RunningSimulator, SimulatorOptions } from './server.ts';
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
export { loadSimDataset } from './dataset.ts';
export type { SimBoard, SimDataset, SimOtherBoard, SimProduct, SimStore } from './dataset.ts';
export type { ShelfCounters } from './shelves.ts';
