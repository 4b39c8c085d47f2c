// Database, process and visit counters → the admin stats call, the upload reports the dashboard polls, and the
// dashboard's real figures (visitors, health, recent activity) in place of the spec's fixed sample values.
import fs from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import { getDatabase } from "../../db/client.ts";
import { getEnv } from "../../db/env.ts";
import { listAuditEvents, type AuditRow } from "../../db/queries/admin-audit.ts";
import { getDatabaseSizeBytes, listDailyVisits, listDashboardReports, type VisitDay } from "../../db/queries/admin-dashboard.ts";
import { countUnreadContactMessages } from "../../db/queries/admin-messages.ts";
import { pingDatabase } from "../../db/queries/health.ts";
import { getSiteTotals } from "../../db/queries/home.ts";
import { listCategoryCounts } from "../../db/queries/public/categories.ts";
import { getDatabaseStats } from "../../db/queries/stats.ts";
import { getSearchEngine } from "../../search/index.ts";
import { flushPageVisits } from "./page-visits.server";

export const STATS_CATEGORY_LIMIT = 100;
export const DASHBOARD_TOP_CATEGORIES = 8;
export const DASHBOARD_REPORTS = 3;
export const UPLOAD_REPORTS_LIMIT = 20;

/** GET /api/admin/stats: the spec's totalBusinesses, totalCategories, categories[] plus the other real totals. */
export interface AdminStats {
  totalBusinesses: number;
  totalCategories: number;
  categories: Array<{ category: string; count: number }>;
  approvedBusinesses: number;
  testBusinesses: number;
  totalCountries: number;
  totalCities: number;
  /** Listings a visitor cannot place on the map or in a city page: fix with imports or the place repair. */
  placeGaps: { missingCountry: number; missingCity: number; missingCoordinates: number };
  searchEngine: SearchEngineStatus;
}

/**
 * Which engine answers searches: Meilisearch when configured and reachable, otherwise PostgreSQL (the fallback keeps
 * pages answering). `lastError` says why Meilisearch is not used.
 */
export interface SearchEngineStatus {
  configured: boolean;
  active: "meilisearch" | "postgres";
  healthy: boolean;
  lastError: string | null;
}

/** A Meilisearch that accepts connections but never answers must not hold the dashboard up. */
const SEARCH_HEALTH_TIMEOUT_MS = 3000;

export async function getSearchEngineStatus(): Promise<SearchEngineStatus> {
  if (!getEnv().MEILI_URL) return { configured: false, active: "postgres", healthy: true, lastError: null };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ ok: boolean; detail?: string }>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `Meilisearch did not answer within ${SEARCH_HEALTH_TIMEOUT_MS / 1000} s` }),
      SEARCH_HEALTH_TIMEOUT_MS,
    );
  });
  const health = await Promise.race([getSearchEngine().health(), timeout]).finally(() => clearTimeout(timer));
  return health.ok
    ? { configured: true, active: "meilisearch", healthy: true, lastError: null }
    : { configured: true, active: "postgres", healthy: false, lastError: health.detail ?? "Meilisearch is unreachable" };
}

export async function getAdminStats(categoryLimit = STATS_CATEGORY_LIMIT): Promise<AdminStats> {
  const handle = await getDatabase();
  const [stats, categories, searchEngine] = await Promise.all([
    getDatabaseStats(handle),
    listCategoryCounts(handle, undefined, categoryLimit),
    getSearchEngineStatus(),
  ]);
  return {
    totalBusinesses: stats.businesses,
    totalCategories: stats.categories,
    categories: categories.map((row) => ({ category: row.category, count: Number(row.count) })),
    approvedBusinesses: stats.approved,
    testBusinesses: stats.testData,
    totalCountries: stats.countries,
    totalCities: stats.cities,
    placeGaps: { missingCountry: stats.missingCountry, missingCity: stats.missingCity, missingCoordinates: stats.missingCoordinates },
    searchEngine,
  };
}

/** The spec's dashboard upload report, plus the run it belongs to. */
export interface UploadReport {
  runId: number;
  status: string;
  success: boolean;
  timestamp: string | null;
  summary: { fileName: string; fileSizeMB: number; processingTimeSeconds: number; totalRecords: number };
  results: { updated: number; skipped: number; updateRate: number; skipRate: number };
  duplicateAnalysis: {
    excelDuplicateCount: number;
    databaseDuplicateCount: number;
    newPlaceIdCount: number;
    uniquePlaceIds: number;
    totalDuplicateRecords: number;
    duplicateRate: number;
  };
}

const EMPTY_RESULTS: UploadReport["results"] = { updated: 0, skipped: 0, updateRate: 0, skipRate: 0 };
const EMPTY_DUPLICATES: UploadReport["duplicateAnalysis"] = {
  excelDuplicateCount: 0,
  databaseDuplicateCount: 0,
  newPlaceIdCount: 0,
  uniquePlaceIds: 0,
  totalDuplicateRecords: 0,
  duplicateRate: 0,
};

/** GET /api/admin/upload-reports: newest first; a run still going has no stored report yet and is left out. */
export async function listUploadReports(limit = UPLOAD_REPORTS_LIMIT): Promise<UploadReport[]> {
  const rows = await listDashboardReports(await getDatabase(), limit);
  return rows.flatMap((row) => {
    if (!row.report) return [];
    const report = row.report as Partial<UploadReport>;
    return [
      {
        runId: row.runId,
        status: row.status,
        success: report.success === true,
        timestamp: typeof report.timestamp === "string" ? report.timestamp : null,
        summary: { fileName: "", fileSizeMB: 0, processingTimeSeconds: 0, totalRecords: 0, ...report.summary },
        results: { ...EMPTY_RESULTS, ...report.results },
        duplicateAnalysis: { ...EMPTY_DUPLICATES, ...report.duplicateAnalysis },
      },
    ];
  });
}

export interface SystemHealth {
  database: { ok: boolean; driver: string; latencyMs: number | null; sizeBytes: number | null };
  process: { uptimeSeconds: number; rssBytes: number; heapUsedBytes: number; heapLimitBytes: number; memoryPercent: number; nodeVersion: string };
  /** The machine's memory: what every process uses, not this server's heap alone. */
  memory: { percent: number; usedBytes: number; totalBytes: number };
  /** `percent`: the whole machine busy (every process, every core); `processPercent`: this server's share of it. */
  cpu: { percent: number; processPercent: number; cores: number; loadAverage: number };
  disk: { percent: number | null; freeBytes: number | null; totalBytes: number | null };
}

/** Busy and total CPU time of every core since boot (ms), as the kernel counts it for all processes. */
function readMachineCpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

let lastCpuSample = { usage: process.cpuUsage(), at: process.hrtime.bigint(), machine: readMachineCpuTimes() };
let lastCpuPercent = { machine: 0, process: 0 };

/**
 * The machine's CPU use and this process's share of all cores since the previous sample (0–100). NOTE: the process's
 * share alone read 3 % while other processes kept 2 cores at load 8; a sample taken moments after the last one
 * (the kernel's counters move in 10 ms ticks) repeats the last figures rather than report noise.
 */
export function sampleCpuPercent(): { machine: number; process: number } {
  const now = process.hrtime.bigint();
  const elapsedMicros = Number(now - lastCpuSample.at) / 1000;
  if (elapsedMicros < 200_000) return lastCpuPercent;
  const usage = process.cpuUsage();
  const machine = readMachineCpuTimes();
  const usedMicros = usage.user - lastCpuSample.usage.user + (usage.system - lastCpuSample.usage.system);
  const busy = machine.busy - lastCpuSample.machine.busy;
  const total = machine.total - lastCpuSample.machine.total;
  lastCpuSample = { usage, at: now, machine };
  const cores = Math.max(1, os.availableParallelism());
  const round = (value: number) => Math.min(100, Math.max(0, Math.round(value * 1000) / 10));
  lastCpuPercent = { machine: total > 0 ? round(busy / total) : lastCpuPercent.machine, process: round(usedMicros / elapsedMicros / cores) };
  return lastCpuPercent;
}

function diskUsage(): SystemHealth["disk"] {
  try {
    const env = getEnv();
    const stats = fs.statfsSync(env.DATABASE_URL ? process.cwd() : fs.existsSync(env.DATA_DIR) ? env.DATA_DIR : process.cwd());
    const total = stats.blocks * stats.bsize;
    const free = stats.bavail * stats.bsize;
    return { totalBytes: total, freeBytes: free, percent: total > 0 ? Math.round(((total - free) / total) * 1000) / 10 : null };
  } catch {
    return { percent: null, freeBytes: null, totalBytes: null };
  }
}

export async function getSystemHealth(): Promise<SystemHealth> {
  const memory = process.memoryUsage();
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  const processInfo = {
    uptimeSeconds: Math.round(process.uptime()),
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    heapLimitBytes: heapLimit,
    memoryPercent: Math.round((memory.heapUsed / heapLimit) * 1000) / 10,
    nodeVersion: process.version,
  };
  const cores = os.availableParallelism();
  const sampled = sampleCpuPercent();
  const cpu = { percent: sampled.machine, processPercent: sampled.process, cores, loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 };
  const totalMemory = os.totalmem();
  const usedMemory = totalMemory - os.freemem();
  const machineMemory = {
    percent: totalMemory > 0 ? Math.round((usedMemory / totalMemory) * 1000) / 10 : 0,
    usedBytes: usedMemory,
    totalBytes: totalMemory,
  };
  try {
    const handle = await getDatabase();
    const [latency, size] = await Promise.all([pingDatabase(handle), getDatabaseSizeBytes(handle).catch(() => null)]);
    return {
      database: { ok: true, driver: handle.driver, latencyMs: Math.round(latency * 10) / 10, sizeBytes: size },
      process: processInfo,
      memory: machineMemory,
      cpu,
      disk: diskUsage(),
    };
  } catch {
    return {
      database: { ok: false, driver: getEnv().DATABASE_URL ? "postgres" : "pglite", latencyMs: null, sizeBytes: null },
      process: processInfo,
      memory: machineMemory,
      cpu,
      disk: diskUsage(),
    };
  }
}

export interface ActivityItem {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  rowCount: number | null;
  at: string;
}

function toActivity(row: AuditRow): ActivityItem {
  return { id: row.id, actor: row.actor, action: row.action, target: row.target, rowCount: row.rowCount, at: row.at.toISOString() };
}

export async function listRecentActivity(limit: number): Promise<ActivityItem[]> {
  return (await listAuditEvents(await getDatabase(), { limit })).map(toActivity);
}

export interface VisitorFigures {
  today: VisitDay;
  lastSevenDays: VisitDay[];
  weekPageViews: number;
}

export async function getVisitorFigures(now = new Date()): Promise<VisitorFigures> {
  await flushPageVisits().catch(() => undefined);
  const days = await listDailyVisits(await getDatabase(), now.toISOString().slice(0, 10), 7);
  const today = days.at(-1) ?? { day: now.toISOString().slice(0, 10), pageViews: 0, visitors: 0 };
  return { today, lastSevenDays: days, weekPageViews: days.reduce((sum, day) => sum + day.pageViews, 0) };
}

export async function getDashboard() {
  const [stats, reports, visitors, health, activity] = await Promise.all([
    getAdminStats(DASHBOARD_TOP_CATEGORIES),
    listUploadReports(DASHBOARD_REPORTS),
    getVisitorFigures(),
    getSystemHealth(),
    listRecentActivity(6),
  ]);
  return { stats, reports, visitors, health, activity };
}

/** The admin home: its status tiles and the latest actions. */
export async function getAdminHome() {
  const handle = await getDatabase();
  const [stats, unreadMessages, activity, reports] = await Promise.all([
    getDatabaseStats(handle),
    countUnreadContactMessages(handle),
    listRecentActivity(5),
    listUploadReports(1),
  ]);
  return {
    totals: {
      businesses: stats.businesses,
      approved: stats.approved,
      categories: stats.categories,
      countries: stats.countries,
      cities: stats.cities,
    },
    unreadMessages,
    lastImport: reports[0] ?? null,
    activity,
  };
}

/** Sidebar badges on every admin page: two cheap reads (precomputed totals, an indexed unread count). */
export async function getShellCounts(): Promise<{ businesses: number; unreadMessages: number }> {
  const handle = await getDatabase();
  const [totals, unreadMessages] = await Promise.all([getSiteTotals(handle), countUnreadContactMessages(handle)]);
  return { businesses: totals.businesses, unreadMessages };
}
