import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Prisma's own schema parser, without Prisma's internals package: the `prisma` CLI ships the parser as
// WebAssembly (node_modules/prisma/build/prisma_schema_build_bg.wasm, the same module `prisma generate`
// uses to produce the DMMF). Its JavaScript glue is bundled inside the CLI and not importable, so the few
// lines of wasm-bindgen glue it needs are reproduced here. Used by the schema-matches-migrations test.
//
// Should a Prisma upgrade change the module's imports or calling convention, loading fails with an error
// naming what changed (see `instantiate`), never with a silently empty result.

/** The subset of Prisma's DMMF datamodel that the schema checks use. */
export interface DmmfDatamodel {
  models: DmmfModel[];
  enums: DmmfEnum[];
  indexes: DmmfIndex[];
}

export interface DmmfModel {
  name: string;
  dbName: string | null;
  schema: string | null;
  fields: DmmfField[];
  primaryKey: { name: string | null; fields: string[] } | null;
  uniqueFields: string[][];
  uniqueIndexes: { name: string | null; fields: string[] }[];
  /** The model's `///` comment lines. */
  documentation?: string;
}

export type DmmfDefault =
  | string
  | number
  | boolean
  | { name: string; args: unknown[] }
  | (string | number | boolean)[];

export interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUnique: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: DmmfDefault;
  nativeType?: [string, string[]] | null;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

export interface DmmfEnum {
  name: string;
  dbName: string | null;
  values: { name: string; dbName: string | null }[];
}

export interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  isDefinedOnField: boolean;
  dbName?: string;
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc'; length?: number; operatorClass?: string }[];
}

interface SchemaWasm {
  memory: WebAssembly.Memory;
  get_dmmf(ptr: number, len: number): [number, number, number, number];
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, len: number, align: number): void;
  __wbindgen_externrefs: WebAssembly.Table;
  __externref_table_dealloc(index: number): void;
  __wbindgen_start(): void;
}

let wasm: SchemaWasm | undefined;
let lastPanic: string | undefined;

function wasmPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'prisma_schema_build_bg.wasm');
}

function instantiate(): SchemaWasm {
  const file = wasmPath();
  const wasmModule = new WebAssembly.Module(readFileSync(file));
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });
  const text = (ptr: number, len: number) =>
    decoder.decode(new Uint8Array(exports.memory.buffer).subarray(ptr >>> 0, (ptr >>> 0) + len));

  // wasm-bindgen names its imports with a hash suffix that changes between builds; match on the stem.
  const shims: [string, (...args: number[]) => unknown][] = [
    ['__wbg_Error_', (ptr, len) => new Error(text(ptr, len))],
    [
      '__wbg___wbindgen_throw_',
      (ptr, len) => {
        throw new Error(text(ptr, len));
      },
    ],
    ['__wbg_set_message_', (ptr, len) => void (lastPanic = text(ptr, len))],
    [
      '__wbindgen_init_externref_table',
      () => {
        const table = exports.__wbindgen_externrefs;
        const offset = table.grow(4);
        table.set(0, undefined);
        table.set(offset + 0, undefined);
        table.set(offset + 1, null);
        table.set(offset + 2, true);
        table.set(offset + 3, false);
      },
    ],
  ];
  const imports: Record<string, Record<string, (...args: number[]) => unknown>> = {};
  for (const wanted of WebAssembly.Module.imports(wasmModule)) {
    const shim = shims.find(([stem]) => wanted.name.startsWith(stem));
    if (!shim) {
      throw new Error(
        `${file} imports ${wanted.module}.${wanted.name}, which testing/prisma-schema.ts does not provide. ` +
          "Prisma's schema wasm changed: compare with the glue bundled in node_modules/prisma/build/cli.js.",
      );
    }
    (imports[wanted.module] ??= {})[wanted.name] = shim[1];
  }
  const exports = new WebAssembly.Instance(wasmModule, imports).exports as unknown as SchemaWasm;
  if (typeof exports.get_dmmf !== 'function') throw new Error(`${file} has no get_dmmf export`);
  exports.__wbindgen_start();
  return exports;
}

/** Prisma's DMMF for a schema, as `prisma generate` computes it. Throws Prisma's validation errors. */
export function getDmmf(schema: string, fileName = 'schema.prisma'): { datamodel: DmmfDatamodel } {
  wasm ??= instantiate();
  const input = new TextEncoder().encode(JSON.stringify({ prismaSchema: [[fileName, schema]], noColor: true }));
  const ptr = wasm.__wbindgen_malloc(input.length, 1) >>> 0;
  new Uint8Array(wasm.memory.buffer).set(input, ptr);
  let result: [number, number, number, number];
  try {
    result = wasm.get_dmmf(ptr, input.length);
  } catch (error) {
    wasm = undefined; // a panicked wasm instance is unusable
    throw new Error(`Prisma's schema parser panicked: ${lastPanic ?? (error as Error).message}`);
  }
  if (!Array.isArray(result) || result.length !== 4) {
    throw new Error("Unexpected return value from Prisma's get_dmmf: the wasm calling convention changed");
  }
  const [outPtr, outLen, errIndex, failed] = result;
  if (failed) {
    const error = wasm.__wbindgen_externrefs.get(errIndex) as Error;
    wasm.__externref_table_dealloc(errIndex);
    let message = error.message;
    try {
      message = (JSON.parse(message) as { message: string }).message;
    } catch {
      // not JSON: keep as is
    }
    throw new Error(`prisma schema is invalid:\n${message}`);
  }
  try {
    const json = new TextDecoder().decode(new Uint8Array(wasm.memory.buffer).subarray(outPtr, outPtr + outLen));
    return JSON.parse(json) as { datamodel: DmmfDatamodel };
  } finally {
    wasm.__wbindgen_free(outPtr, outLen, 1);
  }
}
