// The NC ABC simulator: a deterministic, evolving world (world.ts), its pages in the documented formats
// (render.ts) and a loopback HTTP server with control endpoints (server.ts). See README.md here.
export { SimWorld } from './world.ts';
export type { DeliveryItem, DeliveryRecord, ExtractRecord, NextDelivery, ShipmentsExtract, SimCounters, SimWorldOptions, WarehouseReportData } from './world.ts';
export { startSimulator, DATA_PATHS, FAULT_KINDS } from './server.ts';
export type { FaultKind, FaultState, RunningSimulator, SimulatorOptions } from './server.ts';
export { renderShipmentsExtract, renderStoreLocator, renderWakeSearch, renderWarehouseReport, WAREHOUSE_COLUMNS, SEARCH_LIMIT } from './render.ts';
export { loadSimDataset } from './dataset.ts';
export type { SimBoard, SimDataset, SimProduct, SimStore } from './dataset.ts';
