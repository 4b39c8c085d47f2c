// A static legal page (title, last-updated date, sections) → a readable article with a table of contents that
// links to each section; the prose styles live here so all four pages typeset alike.
import type { ReactNode } from "react";
import { LEGAL_LAST_UPDATED, LEGAL_LAST_UPDATED_ISO } from "./site-facts";

export interface LegalSection {
  /** Fragment id, stable so links like /privacy-policy#user-rights keep working. */
  id: string;
  title: string;
  content: ReactNode;
}

/** Element styles for the section bodies (no typography plugin in this build). */
const PROSE =
  "text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_table]:w-full [&_table]:text-left [&_table]:text-sm [&_td]:border-t [&_td]:border-slate-200 [&_td]:py-2 [&_td]:pr-4 [&_th]:py-2 [&_th]:pr-4 [&_th]:font-semibold [&_th]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/** A small data table that scrolls sideways inside itself on narrow phones instead of widening the page. */
export function LegalTable({ columns, rows }: { columns: string[]; rows: ReactNode[][] }) {
  return (
    // Focusable so keyboard users can scroll it too.
    <div className="-mx-1 mt-4 overflow-x-auto px-1" tabIndex={0} role="group" aria-label={`Table: ${columns.join(", ")}`}>
      {/* Three columns squeezed to a phone's width read as a word per line: keep them wide and let them scroll. */}
      <table className={columns.length > 2 ? "min-w-[34rem]" : undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableOfContents({ sections, className }: { sections: LegalSection[]; className?: string }) {
  return (
    <ol className={`space-y-1 text-sm ${className ?? ""}`}>
      {sections.map((section, index) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900">
            <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{index + 1}.</span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalPage({
  title,
  eyebrow = "Legal",
  summary,
  sections,
}: {
  title: string;
  eyebrow?: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED_ISO}>{LEGAL_LAST_UPDATED}</time>
          </p>
          <div className="mt-5 max-w-3xl text-lg leading-8 text-slate-700">{summary}</div>
        </div>
      </header>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-14">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <details className="card group p-4 lg:hidden">
            <summary className="cursor-pointer list-none text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              On this page <span className="text-slate-500 group-open:hidden">({sections.length} sections)</span>
            </summary>
            <TableOfContents sections={sections} className="mt-3" />
          </details>
          <div className="hidden lg:block">
            <p className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">On this page</p>
            <TableOfContents sections={sections} className="mt-3" />
          </div>
        </nav>
        <article className="card min-w-0 max-w-3xl p-6 sm:p-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className={`scroll-mt-24 ${index > 0 ? "mt-10 border-t border-slate-100 pt-10" : ""}`}
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
                {index + 1}. {section.title}
              </h2>
              <div className={PROSE}>{section.content}</div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
