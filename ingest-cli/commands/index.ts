// Registers every command on the program; one file per command group, each exporting `register(program)`.
import type { Command } from "commander";
import { register as registerAdmin } from "./admin.ts";
import { register as registerBackup } from "./backup.ts";
import { register as registerBench } from "./bench.ts";
import { register as registerDatabase } from "./database.ts";
import { register as registerExport } from "./export.ts";
import { register as registerGenerate } from "./generate.ts";
import { register as registerImport } from "./import.ts";
import { register as registerMaintenance } from "./maintenance.ts";
import { register as registerReindex } from "./reindex.ts";
import { register as registerRepairPlaces } from "./repair-places.ts";
import { register as registerSitemap } from "./sitemap.ts";
import { register as registerStart } from "./start.ts";
import { register as registerTrash } from "./trash.ts";

const registrations: Array<(program: Command) => void> = [
  registerImport,
  registerExport,
  registerSitemap,
  registerMaintenance,
  registerRepairPlaces,
  registerTrash,
  registerBackup,
  registerReindex,
  registerDatabase,
  registerAdmin,
  registerGenerate,
  registerStart,
  registerBench,
];

export function registerCommands(program: Command): void {
  for (const register of registrations) register(program);
}
