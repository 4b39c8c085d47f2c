// /admin/businesses: summary cards, name search, category filter, sorts, 20 per page, approve/delete per business,
// the danger zone (delete all, test data, slug fix) and the CSV export dialog; changes go through the admin API.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useConfirm } from "~/components/admin/business-confirm-dialog";
import { BusinessPagination } from "~/components/admin/business-pagination";
import { BusinessRow, type AdminBusinessItem } from "~/components/admin/business-row";
import { nextSort, SORT_LABELS, type SortOrder } from "~/components/admin/business-sort";
import { AdminToastProvider, useAdminToast } from "~/components/admin/business-toast";
import { ExportDialog } from "~/components/admin/export-dialog";
import { requireAdminPage } from "~/models/admin-auth.server";
import { getExportDialogOptions } from "~/models/admin-businesses-export.server";
import { ADMIN_SORT_KEYS, CATEGORY_FILTER_SIZE, getAdminBusinessList, listCategoryNames, readAdminBusinessesPageQuery } from "~/models/admin-businesses.server";
import { adminFetch } from "~/utils/admin-fetch";
import { formatInteger } from "~/utils/format";

export const meta: MetaFunction = () => [{ title: "İşletmeler · Yönetim" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const query = readAdminBusinessesPageQuery(new URL(request.url).searchParams);
  const [list, categories] = await Promise.all([getAdminBusinessList(query), listCategoryNames()]);
  return json(
    { query, list, categories: categories.slice(0, CATEGORY_FILTER_SIZE), sortKeys: [...ADMIN_SORT_KEYS], exportOptions: getExportDialogOptions() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function SummaryCard({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{formatInteger(value)}</p>
    </div>
  );
}

function BusinessesScreen() {
  const { query, list, categories, sortKeys, exportOptions } = useLoaderData<typeof loader>();
  const admin = useRouteLoaderData<{ csrfToken: string }>("routes/admin");
  const csrfToken = admin?.csrfToken ?? "";
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const toast = useAdminToast();
  const [confirmDialog, confirm] = useConfirm();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [bulkAction, setBulkAction] = useState<"all" | "test" | "slugs" | null>(null);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/businesses";

  const hrefWith = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    return `/admin/businesses?${next}`;
  };

  async function toggleApproval(business: AdminBusinessItem) {
    setBusyId(business.id);
    try {
      await adminFetch(`/api/admin/businesses/${business.id}/toggle-approval`, { method: "POST", csrfToken });
      toast({ title: "Business approval status updated.", variant: "success" });
      revalidator.revalidate();
    } catch {
      toast({ title: "Failed to update business approval status.", variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  async function deleteOne(business: AdminBusinessItem) {
    if (!(await confirm({ title: "İşletmeyi sil", description: `Are you sure you want to delete "${business.name}"?`, confirmLabel: "Sil" }))) return;
    setBusyId(business.id);
    try {
      await adminFetch(`/api/businesses/${business.id}`, { method: "DELETE", csrfToken });
      toast({ title: "Business Deleted", description: "Business has been deleted successfully", variant: "success" });
      revalidator.revalidate();
    } catch (error) {
      toast({ title: "Silme hatası", description: error instanceof Error ? error.message : String(error), variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  async function runBulk(kind: "all" | "test" | "slugs") {
    if (kind === "all") {
      const first = await confirm({ title: "Tüm işletmeleri sil", description: `Bu işlem ${formatInteger(list.allBusinesses)} işletmenin tamamını siler. Devam edilsin mi?`, confirmLabel: "Devam" });
      if (!first) return;
      const second = await confirm({ title: "Son onay", description: "Bu işlem geri alınamaz. Tüm işletmeler kalıcı olarak silinsin mi?", confirmLabel: "Hepsini sil" });
      if (!second) return;
    } else if (kind === "test") {
      if (!(await confirm({ title: "Test verilerini sil", description: `Test verisi olarak işaretli ${formatInteger(list.testData)} işletme silinecek. Emin misiniz?`, confirmLabel: "Test verilerini sil" }))) return;
    } else if (!(await confirm({ title: "URL'leri düzelt", description: "Uzun, zaman damgalı slug'lar kısa biçime çevrilir; eski adresler yeni adrese yönlenir. Devam edilsin mi?", confirmLabel: "URL'leri düzelt" }))) {
      return;
    }
    setBulkAction(kind);
    try {
      if (kind === "all") {
        const result = await adminFetch<{ message: string }>("/api/admin/businesses", { method: "DELETE", csrfToken });
        toast({ title: "Tüm işletmeler silindi", description: result.message, variant: "success" });
      } else if (kind === "test") {
        const result = await adminFetch<{ message: string; deletedCount: number }>("/api/admin/test-data", { method: "DELETE", csrfToken });
        toast({ title: "Test verileri silindi", description: result.message, variant: "success" });
      } else {
        const result = await adminFetch<{ message: string }>("/api/admin/fix-slugs", { method: "POST", csrfToken });
        toast({ title: "URL'ler düzeltildi", description: result.message, variant: "success" });
      }
      revalidator.revalidate();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      const title = kind === "all" ? "Failed to delete businesses" : kind === "test" ? "Test verileri silinemedi" : "URL'ler düzeltilemedi";
      toast({ title, description: detail, variant: "destructive" });
    } finally {
      setBulkAction(null);
    }
  }

  const field =
    "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

  return (
    <div className="mx-auto max-w-6xl space-y-6 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">İşletmeler</h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">İşletmeleri arayın, onaylayın, silin ve dışa aktarın.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/upload" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            Excel/CSV yükle
          </Link>
          <ExportDialog csrfToken={csrfToken} fields={exportOptions.fields} defaultFields={exportOptions.defaultFields} dateRanges={exportOptions.dateRanges} />
        </div>
      </div>

      <section aria-label="Özet" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Toplam işletme" value={list.allBusinesses} tone="text-slate-900 dark:text-white" />
        <SummaryCard label="Onaylı" value={list.approved} tone="text-emerald-700 dark:text-emerald-300" />
        <SummaryCard label="Bu sayfada" value={list.businesses.length} tone="text-brand-700 dark:text-brand-300" />
        <SummaryCard label="Kategori" value={list.categoryCount} tone="text-violet-700 dark:text-violet-300" />
      </section>

      <section aria-label="Filtreler" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-800">
        <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_16rem_auto]" role="search">
          <input type="hidden" name="sortBy" value={query.sortBy} />
          <input type="hidden" name="sortOrder" value={query.sortOrder} />
          <div>
            <label htmlFor="business-filter" className="sr-only">
              İşletme adı ara
            </label>
            <input id="business-filter" name="filter" type="search" defaultValue={query.filter} placeholder="İşletme adı ara…" className={field} />
          </div>
          <div>
            <label htmlFor="business-category" className="sr-only">
              Kategori
            </label>
            <select id="business-category" name="category" defaultValue={query.category} className={field} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
              <option value="">Tüm kategoriler</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white">
            Ara
          </button>
        </Form>
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label="Sıralama">
          <span className="text-sm text-slate-700 dark:text-slate-300">Sırala:</span>
          {sortKeys.map((key) => {
            const active = key === query.sortBy;
            const next = nextSort({ sortBy: query.sortBy as string, sortOrder: query.sortOrder as SortOrder }, key);
            return (
              <Link
                key={key}
                to={hrefWith({ sortBy: next.sortBy, sortOrder: next.sortOrder, page: null })}
                aria-current={active ? "true" : undefined}
                className={`rounded-full px-3 py-1 text-sm font-medium ${active ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100"}`}
                preventScrollReset
              >
                {SORT_LABELS[key] ?? key}
                {active ? <span aria-label={query.sortOrder === "asc" ? " (artan)" : " (azalan)"}>{query.sortOrder === "asc" ? " ↑" : " ↓"}</span> : null}
              </Link>
            );
          })}
        </div>
      </section>

      <section aria-label="İşletme listesi" aria-busy={loading} className="space-y-3">
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {loading ? "İşletmeler yükleniyor..." : `${formatInteger(list.total)} işletme · sayfa ${list.pagination.page} / ${Math.max(1, list.pagination.totalPages)}`}
        </p>
        {list.businesses.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300">İşletme bulunamadı</p>
        ) : (
          <ul className={`space-y-3 ${loading ? "opacity-60" : ""}`}>
            {list.businesses.map((business) => (
              <BusinessRow key={business.id} business={business} busy={busyId === business.id} onToggleApproval={toggleApproval} onDelete={deleteOne} />
            ))}
          </ul>
        )}
        <BusinessPagination page={list.pagination.page} totalPages={list.pagination.totalPages} hrefFor={(page) => hrefWith({ page })} />
      </section>

      <section aria-labelledby="danger-zone" className="rounded-xl border border-red-200 bg-red-50/60 p-4 dark:border-red-900 dark:bg-red-950/40">
        <h2 id="danger-zone" className="text-base font-semibold text-red-900 dark:text-red-100">
          Tehlikeli bölge
        </h2>
        <p className="mt-1 text-sm text-red-900/90 dark:text-red-100/90">Bu işlemler çok sayıda kaydı değiştirir; her biri onay ister ve denetim kaydına yazılır.</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" disabled={bulkAction !== null} onClick={() => runBulk("slugs")} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
            {bulkAction === "slugs" ? "URL'ler düzeltiliyor..." : "URL'leri düzelt"}
          </button>
          <button type="button" disabled={bulkAction !== null} onClick={() => runBulk("test")} className="rounded-md border border-amber-400 bg-white px-4 py-2 text-sm font-semibold text-amber-900 hover:bg-amber-50 disabled:opacity-60 dark:bg-slate-800 dark:text-amber-200">
            {bulkAction === "test" ? "Test verileri siliniyor..." : `Test verilerini sil (${formatInteger(list.testData)})`}
          </button>
          <button type="button" disabled={bulkAction !== null} onClick={() => runBulk("all")} className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
            {bulkAction === "all" ? "Siliniyor..." : "Tüm işletmeleri sil"}
          </button>
        </div>
      </section>
      {confirmDialog}
    </div>
  );
}

export default function AdminBusinessesPage() {
  return (
    <AdminToastProvider>
      <BusinessesScreen />
    </AdminToastProvider>
  );
}
